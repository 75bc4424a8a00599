import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime, type RetentionJobView, type RetentionView } from '@tegang/domain';
import i18n from '../../i18n';
import { RetentionDialog } from './retention-dialog';

const COUNTS = {
  enrolments: 1200,
  tickets: 1100,
  results: 300,
  comparisons: 40,
  importProblems: 6,
  files: 3500,
  accounts: 800,
};
const viewOf = (over: Partial<RetentionView>): RetentionView => ({
  planId: 3,
  retentionYears: 3,
  listPublishedEndTime: '2026-08-31T15:59:00.000Z',
  expiresAt: '2029-08-31T15:59:00.000Z',
  due: true,
  purgeTime: null,
  counts: COUNTS,
  lastJobId: null,
  ...over,
});
const DONE: RetentionJobView = {
  status: '2',
  percent: 100,
  attempts: 1,
  planId: 3,
  total: 6946,
  processed: 6946,
  message: '已完成',
  counts: COUNTS,
};

/** What the mocked server answers. */
const server = vi.hoisted(() => ({ view: null as unknown as RetentionView }));
const runRetention = vi.fn((_planId: number) =>
  Promise.resolve({ code: 200, msg: '已开始删除', data: { jobId: 9 } }),
);
vi.mock('./retention-api', () => ({
  getRetention: () => Promise.resolve(server.view),
  getRetentionJob: () => Promise.resolve(DONE),
  runRetention: (planId: number) => runRetention(planId),
}));
vi.mock('../../admin/session', () => ({ useSession: () => ({ info: null, menu: [] }) }));

beforeAll(() => i18n.changeLanguage('zh'));
afterEach(cleanup);

const open = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <RetentionDialog plan={{ id: 3, name: '2026年特岗计划' }} onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );

describe('RetentionDialog', () => {
  it('shows the period, its end and what a run would change, and runs it after a confirmation', async () => {
    server.view = viewOf({});
    open();
    expect((await screen.findByTestId('retention-expires')).textContent).toBe('2029-08-31 23:59');
    expect(screen.getByText('拟签约名单公示结束后 3 年')).toBeTruthy();
    expect(screen.getByTestId('retention-state').textContent).toBe('已期满，待删除');
    expect(screen.getByTestId('retention-count-enrolments').textContent).toBe('1200');
    expect(screen.getByTestId('retention-count-files').textContent).toBe('3500');
    expect(screen.getByTestId('retention-count-accounts').textContent).toBe('800');
    fireEvent.click(screen.getByTestId('retention-run'));
    expect(
      await screen.findByText(
        '将删除招聘计划“2026年特岗计划”考生的个人信息（1200 条报名记录、3500 个文件、800 个考生账号等），删除后无法恢复。确认立即删除吗？',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('retention-run-ok'));
    await waitFor(() => expect(runRetention).toHaveBeenCalledWith(3));
    expect((await screen.findByTestId('retention-job-message')).textContent).toBe(
      '已完成：已处理 6946 / 6946',
    );
    expect(screen.getByText('已处理')).toBeTruthy();
    // The first render of the modal and its confirmation takes seconds on a busy test machine.
  }, 30_000);

  it('inside the period: says when it may run, and the button stays off', async () => {
    server.view = viewOf({ due: false, expiresAt: '2031-08-31T15:59:00.000Z' });
    open();
    expect((await screen.findByTestId('retention-state')).textContent).toBe('保存中');
    expect(screen.getByTestId('retention-why').textContent).toBe(
      '保存期满（2031-08-31 23:59）后才能删除，届时系统会自动执行',
    );
    expect((screen.getByTestId('retention-run') as HTMLButtonElement).disabled).toBe(true);
  });

  it('once purged: shows when, and offers no run', async () => {
    const purgeTime = '2029-09-01T02:00:00.000Z';
    server.view = viewOf({ due: false, purgeTime, counts: { ...COUNTS, enrolments: 0 } });
    open();
    expect((await screen.findByTestId('retention-purge-time')).textContent).toBe(formatDateTime(purgeTime));
    expect(screen.getByTestId('retention-state').textContent).toBe('已删除');
    expect(screen.getByText('本计划考生的个人信息已于 2029-09-01 10:00 删除，统计数字保留。')).toBeTruthy();
    expect(screen.queryByTestId('retention-run')).toBeNull();
    expect(screen.queryByTestId('retention-counts')).toBeNull();
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    server.view = viewOf({});
    open();
    expect((await screen.findByTestId('retention-state')).textContent).toBe('Period over, to be deleted');
    expect(screen.getByText('Delete now')).toBeTruthy();
    await i18n.changeLanguage('zh');
  });
});
