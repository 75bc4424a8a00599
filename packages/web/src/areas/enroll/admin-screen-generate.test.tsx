import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Enroll } from '@tegang/domain';
import i18n from '../../i18n';
import { PermissionsProvider } from '../../components/crud';
import { SCREEN_STATE_KEY } from '../../components/crud/screen-state';
import { viewport } from '../../test-viewport';
import EnrollPage from './admin-screen';

/**
 * 重新生成报名表 on the enrolment screen (POST /candidate/enroll/generateApply, key
 * candidate:enroll:generate): greyed with its reason until rows are chosen, a confirm with the count,
 * the result in a toast; absent without the key. The list's reads are a fetch stub; the encrypted call
 * itself is replaced (the server side has its own tests on PostgreSQL).
 */
vi.mock('../../admin/session', () => ({
  useSession: () => ({
    info: { user: { provinceCode: '520000', cityCode: null, countyCode: null }, roles: [], permissions: [] },
    menu: [],
  }),
}));
const generate = vi.hoisted(() =>
  vi.fn((idList: number[]) =>
    Promise.resolve({ code: 200, msg: '操作成功', data: { count: idList.length } }),
  ),
);
vi.mock('./admin-api', async (original) => ({
  ...(await original<typeof import('./admin-api')>()),
  generateEnrollForms: generate,
}));

const row = (id: number, name: string): Enroll =>
  ({
    id,
    name,
    auditStatus: '0',
    version: id,
    planYear: '2026',
    planName: '特岗计划',
    planId: 1,
    idCard: `52010219980307${String(id).padStart(3, '0')}X`,
    phone: '13900000000',
    createStatus: '1',
    isDownload: '0',
    pdfDownloadNum: 0,
    createTime: '2026-06-01T08:00:00.000Z',
    updateTime: '2026-06-01T08:00:00.000Z',
  }) as unknown as Enroll;
const ROWS = [row(1, '张一'), row(2, '张二'), row(3, '张三')];
vi.stubGlobal(
  'fetch',
  vi.fn((input: string) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const data = path.endsWith('/candidate/enroll/page')
      ? { records: ROWS, total: 3, current: 1, size: 10 }
      : [];
    return Promise.resolve(new Response(JSON.stringify({ code: 200, msg: '', data })));
  }),
);

function mount(permissions: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <PermissionsProvider permissions={permissions}>
          <EnrollPage />
        </PermissionsProvider>
      </App>
    </QueryClientProvider>,
  );
}
async function choose(...names: string[]) {
  const table = await screen.findByTestId('enroll');
  for (const name of names) {
    const cell = await within(table).findByText(name);
    fireEvent.click(within(cell.closest('tr')!).getByRole('checkbox'));
  }
}

beforeAll(() => viewport(1440));
beforeEach(() => sessionStorage.removeItem(SCREEN_STATE_KEY));
afterEach(async () => {
  vi.clearAllMocks();
  await i18n.changeLanguage('zh');
});

describe('regenerating enrolment forms (generateApply)', () => {
  it('is greyed with its reason until rows are chosen, confirms the count and says the result', async () => {
    await i18n.changeLanguage('zh');
    mount(['candidate:enroll:list', 'candidate:enroll:generate']);
    const button = await screen.findByTestId('enroll-generate');
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('enroll-generate-reason').getAttribute('data-disabled-reason')).toBe(
      '请先在列表中勾选报名记录',
    );
    await choose('张一', '张三');
    await waitFor(() => expect(screen.getByTestId('enroll-generate').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('enroll-generate'));
    expect(
      await screen.findByText('为所选 2 条报名重新生成报名表（PDF）？考生下载到的将是新生成的报名表。'),
    ).toBeTruthy();
    expect(generate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('enroll-generate-ok'));
    expect(await screen.findByText('已重新生成 2 份报名表')).toBeTruthy();
    expect(generate).toHaveBeenCalledWith([1, 3]);
  }, 60_000);

  it('says in English how many were not regenerated', async () => {
    await i18n.changeLanguage('en');
    generate.mockImplementationOnce(() => Promise.resolve({ code: 200, msg: 'Success', data: { count: 1 } }));
    mount(['candidate:enroll:list', 'candidate:enroll:generate']);
    await choose('张一', '张二');
    fireEvent.click(await screen.findByTestId('enroll-generate'));
    fireEvent.click(await screen.findByTestId('enroll-generate-ok'));
    expect(
      await screen.findByText('1 enrolment forms regenerated; 1 were not (deleted, or outside your region)'),
    ).toBeTruthy();
  }, 60_000);

  it('is not offered without the generate key', async () => {
    mount(['candidate:enroll:list']);
    await within(await screen.findByTestId('enroll')).findByText('张一');
    expect(screen.queryByTestId('enroll-generate')).toBeNull();
  }, 60_000);
});
