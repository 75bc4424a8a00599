import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS, type AdmissionTicket, type PlanOption } from '@tegang/domain';
import i18n from '../../i18n';
import { PermissionsProvider } from '../../components/crud';
import AdmissionTicketScreen from './admin-screen';
import { viewport } from '../../test-viewport';

const ROW: AdmissionTicket = {
  id: 1,
  planId: 3,
  planYear: '2027',
  planName: '2027年特岗计划',
  enrollId: 11,
  name: '张三',
  idCard: '520102199001011234',
  phone: '13800000000',
  enrollCounty: '南明区',
  countyCode: '520102',
  academicSession: '01',
  subject: '01',
  admissionNumber: '20275201020100101',
  examDate: '2027-06-20',
  examTime: '09:00-11:30',
  examPlace: '贵阳一中',
  examAddress: '贵阳市南明区',
  examRoomNumber: '001',
  seatNumber: '01',
  examinationRoomNotice: '请提前30分钟入场',
  status: '0',
  ticketCreateStatus: '0',
  ticketFileDownloadNum: 0,
  isDownload: '0',
  createTime: '2027-06-01T00:00:00.000Z',
  updateTime: '2027-06-01T00:00:00.000Z',
};
const PLANS: PlanOption[] = [{ id: 3, name: '2027年特岗计划', year: '2027', status: '1', smsNotify: true }];

const pageTickets = vi.fn((_q: unknown) =>
  Promise.resolve({ records: [ROW], total: 1, current: 1, size: 10 }),
);
vi.mock('./admin-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./admin-api')>()),
  pageTickets: (q: unknown) => pageTickets(q),
  getTicket: () => Promise.resolve(ROW),
  ticketStatusOptions: () =>
    Promise.resolve([
      { value: '0', label: '未发放' },
      { value: '1', label: '已发放' },
    ]),
}));
vi.mock('../recruit-plan/api', () => ({ listPlanOptions: () => Promise.resolve(PLANS) }));
vi.mock('../../api/reference', () => ({
  listDictItems: (type: string) =>
    Promise.resolve(
      type === 'recruit_subject'
        ? [{ value: '01', label: '语文', labelEn: 'Chinese', isDefault: 'N', sort: 1 }]
        : [],
    ),
}));
// The signed-in administrator's region (none loaded: the server decides, every button shows).
const sessionUser = vi.hoisted(() => ({ current: null as Record<string, string | null> | null }));
vi.mock('../../admin/session', () => ({
  useSession: () => ({
    info: sessionUser.current ? { user: sessionUser.current, roles: [], permissions: ['*'] } : null,
    menu: [],
  }),
}));
// The region scope tree of the search's cascader.
vi.stubGlobal(
  'fetch',
  vi.fn(() => Promise.resolve(new Response(JSON.stringify({ code: 200, msg: '', data: [] })))),
);

function mount(permissions: string[] = Object.values(PERMISSIONS.admissionTicket)) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <PermissionsProvider permissions={permissions}>
          <AdmissionTicketScreen />
        </PermissionsProvider>
      </App>
    </QueryClientProvider>,
  );
}

// strings and jsdom's missing browser parts: src/test-setup.ts
beforeAll(() => i18n.changeLanguage('zh'));
afterEach(() => {
  vi.clearAllMocks();
});

describe('admission tickets screen', () => {
  it.each([
    ['a 1280 px screen', 1280],
    ['a phone', 375],
  ])(
    'renders its list, toolbar and row actions on %s',
    async (_label, width) => {
      viewport(width);
      const errors = vi.spyOn(console, 'error');
      mount();
      const table = await screen.findByTestId('ticket');
      await within(table).findByText('20275201020100101');
      expect(pageTickets).toHaveBeenCalled();
      for (const title of [
        '准考证号',
        '考试日期',
        '考点名称',
        '考场号',
        '座位号',
        '发放状态',
        '准考证生成状态',
      ])
        expect(within(table).getAllByText(title).length).toBeGreaterThan(0);
      for (const id of [
        'ticket-add',
        'ticket-batch-delete',
        'ticket-distribute',
        'ticket-arrange',
        'ticket-generate',
        'import-open',
        'ticket-export',
      ])
        expect(screen.getByTestId(id)).toBeTruthy();
      expect(screen.getByTestId('ticket-preview-1')).toBeTruthy();
      expect(screen.getByTestId('ticket-distribute-1')).toBeTruthy();
      // the import goes to a plan: off until one is chosen in the search
      expect((screen.getByTestId('import-open') as HTMLButtonElement).disabled).toBe(true);
      expect(errors.mock.calls.filter((c) => String(c[0]).includes('Error'))).toEqual([]);
      errors.mockRestore();
    },
    30_000,
  );

  it('shows only what the keys allow', async () => {
    viewport(1280);
    mount([PERMISSIONS.admissionTicket.list]);
    await within(await screen.findByTestId('ticket')).findByText('20275201020100101');
    for (const id of [
      'ticket-add',
      'ticket-distribute',
      'ticket-arrange',
      'ticket-generate',
      'import-open',
      'ticket-export',
      'ticket-preview-1',
      'ticket-edit',
      'ticket-delete',
    ])
      expect(screen.queryByTestId(id)).toBeNull();
  }, 30_000);

  it('keeps the arrangement to province accounts: disabled with the reason for a county one', async () => {
    viewport(1280);
    sessionUser.current = { provinceCode: '520000', cityCode: '520100', countyCode: '520102' };
    try {
      mount();
      await within(await screen.findByTestId('ticket')).findByText('20275201020100101');
      const arrange = screen.getByTestId('ticket-arrange') as HTMLButtonElement;
      expect(arrange.disabled).toBe(true);
      fireEvent.mouseEnter(arrange.parentElement!);
      expect(await screen.findByText('仅省级账号可以修改考场编排及其设置')).toBeTruthy();
    } finally {
      sessionUser.current = null;
    }
  }, 30_000);

  it('says why each greyed action is greyed: no plan chosen, no rows ticked', async () => {
    viewport(1280);
    mount();
    await within(await screen.findByTestId('ticket')).findByText('20275201020100101');
    const importButton = screen.getByTestId('import-open') as HTMLButtonElement;
    fireEvent.mouseEnter(importButton.parentElement!);
    expect(await screen.findByText('请先在搜索条件中选择招聘计划')).toBeTruthy();

    fireEvent.click(screen.getByTestId('ticket-generate'));
    const planItem = await screen.findByText('生成计划中未生成的准考证');
    expect(planItem.closest('[data-disabled-reason]')!.getAttribute('data-disabled-reason')).toBe(
      '请先在搜索条件中选择招聘计划',
    );
    const selectedItem = screen.getByText('生成选中的准考证（0）');
    fireEvent.mouseEnter(selectedItem);
    expect(await screen.findByText('请先在列表中勾选准考证')).toBeTruthy();

    fireEvent.click(screen.getByTestId('ticket-distribute'));
    for (const label of ['发放计划的全部准考证', '取消发放计划的全部准考证'])
      expect(
        (await screen.findByText(label))
          .closest('[data-disabled-reason]')!
          .getAttribute('data-disabled-reason'),
      ).toBe('请先在搜索条件中选择招聘计划');
  }, 30_000);

  it('checks the exam fields of the edit form on blur', async () => {
    viewport(1280);
    mount();
    await within(await screen.findByTestId('ticket')).findByText('20275201020100101');
    fireEvent.click(screen.getByTestId('ticket-edit'));
    const form = await screen.findByTestId('ticket-form');
    const input = within(form).getByTestId('ticket-field-seatNumber') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('01'));
    expect(within(form).getByTestId('ticket-form-candidate').textContent).toContain('张三');
    await act(async () => {
      fireEvent.change(input, { target: { value: '' } });
      fireEvent.blur(input);
    });
    expect(await within(form).findByText('座位号不能为空')).toBeTruthy();
  }, 30_000);
});
