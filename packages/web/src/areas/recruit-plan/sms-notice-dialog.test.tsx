import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  formatDateTime,
  type Page,
  type SmsNoticeFailure,
  type SmsNoticeJobView,
  type SmsNoticePlanView,
} from '@tegang/domain';
import i18n from '../../i18n';
import { SmsNoticeDialog } from './sms-notice-dialog';

const VIEW: SmsNoticePlanView = {
  planId: 3,
  enabled: true,
  counts: [
    { event: 'rejected', sent: 4, failed: 0, retrying: 0, sending: 0, pending: 0 },
    { event: 'ticketReady', sent: 120, failed: 0, retrying: 0, sending: 1, pending: 0 },
    { event: 'resultsOpen', sent: 0, failed: 0, retrying: 0, sending: 0, pending: 130 },
  ],
  lastJobId: 5,
};
const job = (over: Partial<SmsNoticeJobView>): SmsNoticeJobView => ({
  status: '2',
  total: 0,
  sent: 0,
  failed: 0,
  percent: 100,
  attempts: 1,
  message: '',
  ...over,
});

/** What the mocked server answers (reset before each test). */
const server = vi.hoisted(() => ({
  view: null as unknown as SmsNoticePlanView,
  jobs: new Map<number, SmsNoticeJobView[]>(),
  failures: null as unknown as Page<SmsNoticeFailure>,
}));
const sendPlanNotice = vi.fn((_planId: number, _event: string) =>
  Promise.resolve({ code: 200, msg: '', data: { jobId: 9, total: 130 } }),
);
const setPlanNotices = vi.fn((_planId: number, enabled: boolean) => {
  server.view = { ...server.view, enabled };
  return Promise.resolve({
    code: 200,
    msg: '保存成功',
    data: {
      ...server.view,
      catchUp: enabled
        ? {
            jobId: 11,
            total: 3,
            events: [
              { event: 'rejected' as const, count: 2 },
              { event: 'ticketReady' as const, count: 1 },
            ],
          }
        : null,
    },
  });
});
const pageNoticeFailures = vi.fn((_planId: number, _q: { current: number; size: number }) =>
  Promise.resolve(server.failures),
);
vi.mock('./sms-notice-api', () => ({
  getPlanNotices: () => Promise.resolve(server.view),
  // Each poll takes the job's next answer; the last one stays.
  getNoticeJob: (id: number) => {
    const answers = server.jobs.get(id) ?? [];
    return Promise.resolve(answers.length > 1 ? answers.shift()! : answers[0]!);
  },
  getNoticeTemplates: () => Promise.resolve([]),
  setPlanNotices: (planId: number, on: boolean) => setPlanNotices(planId, on),
  saveNoticeTemplates: vi.fn(),
  sendPlanNotice: (planId: number, event: string) => sendPlanNotice(planId, event),
  pageNoticeFailures: (planId: number, q: { current: number; size: number }) => pageNoticeFailures(planId, q),
}));
vi.mock('../../admin/session', () => ({ useSession: () => ({ info: null, menu: [] }) }));

beforeAll(() => i18n.changeLanguage('zh'));
beforeEach(() => {
  server.view = VIEW;
  server.jobs = new Map([
    [5, [job({ total: 5, sent: 4, failed: 1, message: '发送完成：成功 4 条，失败 1 条' })]],
    [
      9,
      [
        job({ status: '1', total: 130, sent: 60, failed: 1, percent: 47, message: '正在发送' }),
        job({ total: 130, sent: 128, failed: 2, message: '发送完成：成功 128 条，失败 2 条' }),
      ],
    ],
    [11, [job({ total: 3, sent: 3, message: '发送完成：成功 3 条，失败 0 条' })]],
  ]);
  server.failures = { records: [], total: 0, current: 1, size: 10 };
  vi.clearAllMocks();
});
afterEach(cleanup);

function renderDialog() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <SmsNoticeDialog plan={{ id: 3, name: '2027年特岗计划' }} can={() => false} onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );
}

/** The status lines on screen (there must be one at most). */
const lines = () => screen.queryAllByTestId('sms-notice-job-line').map((l) => l.textContent);

describe('SmsNoticeDialog', { timeout: 20_000 }, () => {
  it('shows one status line: the newest job’s, then the new send’s from its start to its end', async () => {
    renderDialog();
    const table = await screen.findByTestId('sms-notice-counts');
    await waitFor(() => expect(within(table).getByText('准考证已发放')).toBeTruthy());
    expect(within(table).getByText('120')).toBeTruthy();
    expect(within(table).getByText('130')).toBeTruthy();
    // The plan's newest job, said once (its message already carries the counts).
    await waitFor(() => expect(lines()).toEqual(['最近一次发送：发送完成：成功 4 条，失败 1 条']));
    // Nothing waits for the rejection notice: its send is greyed.
    expect((screen.getByTestId('sms-notice-send-rejected') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('sms-notice-send-resultsOpen'));
    expect(await screen.findByText('将向 130 名考生发送“成绩已可查询”短信，确认发送吗？')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sms-notice-send-ok'));
    await waitFor(() => expect(sendPlanNotice).toHaveBeenCalledWith(3, 'resultsOpen'));
    // At once the new job's line, never the last job's result.
    await waitFor(() => expect(lines()[0]).toMatch(/^发送“成绩已可查询”：/));
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).not.toContain('成功 4 条');
    await waitFor(() => expect(lines()).toEqual(['发送“成绩已可查询”：发送完成：成功 128 条，失败 2 条']), {
      timeout: 8000,
    });
    expect(screen.getByTestId('sms-notice-job').getAttribute('data-job-id')).toBe('9');
    // Without the template key there is no templates tab; with no failure, no failures table.
    expect(screen.queryByText('短信模板')).toBeNull();
    expect(screen.queryByTestId('sms-notice-failures')).toBeNull();
  });

  it('warns while notices are off, and turning them on follows the catch-up job', async () => {
    server.view = { ...VIEW, enabled: false, lastJobId: null };
    renderDialog();
    expect((await screen.findByTestId('sms-notice-off')).textContent).toContain(
      '审核未通过、准考证发放时考生不会收到短信',
    );
    expect(lines()).toEqual([]);
    fireEvent.click(screen.getByTestId('sms-notice-switch'));
    await waitFor(() => expect(setPlanNotices).toHaveBeenCalledWith(3, true));
    await waitFor(() => expect(lines()).toEqual(['开启后补发：发送完成：成功 3 条，失败 0 条']));
    await waitFor(() => expect(screen.queryByTestId('sms-notice-off')).toBeNull());
  });

  it('lists the failures with the provider’s error, the sends tried and the next try, a page at a time', async () => {
    const next = '2027-03-01T02:05:00.000Z';
    server.view = {
      ...VIEW,
      counts: VIEW.counts.map((c) => (c.event === 'rejected' ? { ...c, failed: 12, retrying: 1 } : c)),
    };
    const row = (id: number, over: Partial<SmsNoticeFailure> = {}): SmsNoticeFailure => ({
      id,
      enrollId: 100 + id,
      name: `考生${id}`,
      phone: '139****1234',
      enrollCounty: '南明区',
      event: 'rejected',
      attempts: 5,
      error: 'isv.BUSINESS_LIMIT_CONTROL: 触发号码天级流控',
      lastAttemptTime: next,
      nextAttemptTime: null,
      ...over,
    });
    server.failures = {
      records: [
        row(1, { attempts: 2, nextAttemptTime: next }),
        ...Array.from({ length: 9 }, (_, i) => row(i + 2)),
      ],
      total: 12,
      current: 1,
      size: 10,
    };
    renderDialog();
    const failures = await screen.findByTestId('sms-notice-failures');
    await waitFor(() => expect(within(failures).getByText('考生1')).toBeTruthy());
    expect(screen.getByTestId('sms-notice-failed-rejected').textContent).toBe('12（1 条待重试）');
    const first = within(failures).getByText('考生1').closest('tr')!;
    expect(first.textContent).toContain('139****1234');
    expect(first.textContent).toContain('2/5');
    expect(first.textContent).toContain('isv.BUSINESS_LIMIT_CONTROL: 触发号码天级流控');
    expect(first.textContent).toContain(formatDateTime(next));
    const last = within(failures).getByText('考生2').closest('tr')!;
    expect(last.textContent).toContain('5/5');
    expect(last.textContent).toContain('不再重试');
    expect(within(failures).getByText('共 12 条')).toBeTruthy();
    expect(pageNoticeFailures).toHaveBeenLastCalledWith(3, { current: 1, size: 10 });
    fireEvent.click(within(failures).getByTitle('2'));
    await waitFor(() => expect(pageNoticeFailures).toHaveBeenLastCalledWith(3, { current: 2, size: 10 }));
  });
});
