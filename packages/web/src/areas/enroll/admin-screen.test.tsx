import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Enroll } from '@tegang/domain';
import i18n from '../../i18n';
import { PermissionsProvider } from '../../components/crud';
import { SCREEN_STATE_KEY } from '../../components/crud/screen-state';
import { viewport } from '../../test-viewport';
import { clearToken, setToken } from '../../api/tokens';
import EnrollPage from './admin-screen';

/**
 * The reviewer's workbench: pass and reject inside the detail with next/previous pending,
 * batch pass with the count in the confirm, page sizes 10/20/50/100, and the filters kept when the
 * screen is left for another console tab and opened again. The server is a fetch stub answering the
 * calls the screen makes (the server side has its own tests on PostgreSQL).
 */
vi.mock('../../admin/session', () => ({
  useSession: () => ({
    info: {
      user: { provinceCode: '520000', cityCode: null, countyCode: null },
      roles: ['admin'],
      permissions: ['*'],
    },
    menu: [],
  }),
}));

const row = (id: number, name: string, auditStatus: string): Enroll =>
  ({
    id,
    name,
    auditStatus,
    auditReason: null,
    auditTime: null,
    version: id * 10,
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
const ROWS = [row(1, '张一', '0'), row(2, '张二', '0'), row(3, '张三', '1')];

/** 张一's photo at the console's address; its answer is held until a test lets it through. */
const PHOTO_URL = '/candidate/enroll/photo/1/AAAAAAAAAAAAAAAAAAAAAA.jpg';
function deferred() {
  let resolve!: (answer: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}
let photoAnswer = deferred();

const calls: { url: string; method: string; body?: unknown; headers?: HeadersInit }[] = [];
/** The pendingNeighbour answers by 'id:direction': an id (not wrapped), or the whole answer. */
const neighbours: Record<string, number | { id: number | null; wrapped: boolean }> = {};
function answer(data: unknown, msg = '') {
  return Promise.resolve(new Response(JSON.stringify({ code: 200, msg, data })));
}
const fetchMock = vi.fn((input: string, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
  calls.push({ url: url.pathname + url.search, method: init?.method ?? 'GET', body, headers: init?.headers });
  const path = url.pathname;
  if (path.endsWith('/candidate/enroll/page'))
    return answer({ records: ROWS, total: 3, current: 1, size: Number(url.searchParams.get('size')) });
  if (path.endsWith('/candidate/enroll/getAuditStatus'))
    return answer([
      { value: '0', label: '待审核' },
      { value: '1', label: '审核通过' },
      { value: '2', label: '审核不通过' },
    ]);
  if (path.endsWith('/candidate/enroll/pendingNeighbour')) {
    const next = neighbours[`${url.searchParams.get('id')}:${url.searchParams.get('direction')}`];
    return answer(
      typeof next === 'number' ? { id: next, wrapped: false } : (next ?? { id: null, wrapped: false }),
    );
  }
  if (path.includes('/candidate/enroll/auditHistory/'))
    return answer(
      // the history as the server keeps it: 张一's pass once it was made, then its undo
      path.endsWith('/1') && auditCalls().length
        ? [
            ...(calls.some((c) => c.url.endsWith('/audit/undo'))
              ? [{ time: '2026-06-02T08:01:00.000Z', reviewer: 'admin', decision: 'undone', reason: null }]
              : []),
            { time: '2026-06-02T08:00:00.000Z', reviewer: 'admin', decision: '1', reason: null },
          ]
        : [],
    );
  if (path.endsWith('/candidate/enroll/audit/undo')) return answer({ version: 12 }, '已撤销审核通过');
  if (path.endsWith('/candidate/enroll/audit'))
    return answer({ count: (body as { idList: number[] }).idList.length }, '审核完成');
  if (path.startsWith('/candidate/enroll/photo/')) return photoAnswer.promise;
  const detail = /\/candidate\/enroll\/(\d+)$/.exec(path);
  if (detail) {
    const id = Number(detail[1]);
    return answer({ ...ROWS.find((r) => r.id === id), pictureUrl: id === 1 ? PHOTO_URL : null });
  }
  return answer([]);
});
vi.stubGlobal('fetch', fetchMock);

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <PermissionsProvider permissions={['*']}>
          <EnrollPage />
        </PermissionsProvider>
      </App>
    </QueryClientProvider>,
  );
}
const pageCalls = () => calls.filter((c) => c.url.includes('/candidate/enroll/page'));
const auditCalls = () => calls.filter((c) => c.url.endsWith('/candidate/enroll/audit'));
const detailBody = () => screen.getByTestId('enroll-detail');
/** The detail's photo item (its content beside the 照片 label). */
const photoCell = () =>
  within(detailBody()).getByText(i18n.t('field.picture')).closest('.ant-descriptions-item-label')!
    .nextElementSibling as HTMLElement;

beforeAll(async () => {
  viewport(1440);
  await i18n.changeLanguage('zh');
});
beforeEach(() => {
  calls.length = 0;
  photoAnswer = deferred();
  URL.createObjectURL = vi.fn(() => 'blob:enroll-photo');
  URL.revokeObjectURL = vi.fn();
  for (const key of Object.keys(neighbours)) delete neighbours[key];
  sessionStorage.removeItem(SCREEN_STATE_KEY);
});
afterEach(() => vi.clearAllMocks());

async function openDetail(name: string) {
  const table = await screen.findByTestId('enroll');
  const cell = await within(table).findByText(name);
  fireEvent.click(within(cell.closest('tr')!).getByTestId('enroll-view'));
  await waitFor(() => expect(within(detailBody()).getAllByText(name).length).toBeGreaterThan(0));
}

describe('the reviewer’s workbench', () => {
  it('passes in the detail as read and moves on to the next pending record', async () => {
    neighbours['1:next'] = 2;
    mount();
    await openDetail('张一');
    fireEvent.click(screen.getByTestId('enroll-detail-pass'));
    await waitFor(() => expect(auditCalls()).toHaveLength(1));
    expect(auditCalls()[0]!.body).toEqual({ idList: [1], versions: [10], auditStatus: '1' });
    // the next pending record of the list's filters fills the same dialog
    await waitFor(() => expect(within(detailBody()).getAllByText('张二').length).toBeGreaterThan(0));
    const step = calls.find((c) => c.url.includes('pendingNeighbour'))!;
    expect(step.url).toContain('id=1');
    expect(step.url).toContain('direction=next');

    // 撤销 in the notice takes the pass back as the pass left it (version read + 1) and shows 张一 again,
    // its history read anew
    const undo = await screen.findByTestId('enroll-undo-pass');
    expect(screen.getByText('“张一”的报名已审核通过')).toBeTruthy();
    fireEvent.click(undo);
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/audit/undo'))).toHaveLength(1));
    expect(calls.find((c) => c.url.endsWith('/audit/undo'))!.body).toEqual({ id: 1, version: 11 });
    await waitFor(() => expect(within(detailBody()).getAllByText('张一').length).toBeGreaterThan(0));
    const history = within(detailBody()).getByTestId('enroll-audit-history');
    await waitFor(() => expect(history.textContent).toContain('撤销通过'));
  }, 60_000);

  it("shows the photo read with the administrator's token as a blob: URL, a spinner meanwhile, '-' when none", async () => {
    setToken('admin', 'adm-token');
    neighbours['1:next'] = 2;
    try {
      mount();
      await openDetail('张一');
      // the detail answers the photo's address, not the photo: it is read on its own
      expect(await within(detailBody()).findByTestId('enroll-detail-photo-loading')).toBeTruthy();
      const read = calls.find((c) => c.url === PHOTO_URL)!;
      expect((read.headers as Record<string, string>).Authorization).toBe('Bearer adm-token');
      photoAnswer.resolve(
        new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } }),
      );
      const img = await within(detailBody()).findByRole('img', { name: '张一' });
      expect(img.getAttribute('src')).toBe('blob:enroll-photo');
      expect(within(detailBody()).queryByTestId('enroll-detail-photo-loading')).toBeNull();
      // 张二 has no photo: '-' and no read
      fireEvent.click(screen.getByTestId('enroll-detail-next'));
      await waitFor(() => expect(within(detailBody()).getAllByText('张二').length).toBeGreaterThan(0));
      await waitFor(() => expect(within(detailBody()).queryByRole('img', { name: '张一' })).toBeNull());
      expect(within(detailBody()).queryByTestId('enroll-detail-photo-loading')).toBeNull();
      expect(photoCell().textContent).toBe('-');
      expect(calls.filter((c) => c.url.startsWith('/candidate/enroll/photo/'))).toHaveLength(1);
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:enroll-photo');
    } finally {
      clearToken('admin');
    }
  }, 60_000);

  it('says so in the detail when the photo cannot be read', async () => {
    mount();
    await openDetail('张一');
    photoAnswer.resolve(
      new Response(JSON.stringify({ code: 404, msg: '资源不存在', data: null }), { status: 404 }),
    );
    expect(await within(detailBody()).findByText('照片读取失败')).toBeTruthy();
  }, 60_000);

  it('steps to the previous pending record, comes round the list, and says when no other is pending', async () => {
    neighbours['2:prev'] = 1;
    neighbours['1:prev'] = { id: 2, wrapped: true };
    mount();
    await openDetail('张二');
    fireEvent.click(screen.getByTestId('enroll-detail-prev'));
    await waitFor(() => expect(within(detailBody()).getAllByText('张一').length).toBeGreaterThan(0));
    // past the top of the list: from its end, and a note says so
    fireEvent.click(screen.getByTestId('enroll-detail-prev'));
    expect(await screen.findByText('已到列表开头，从列表末尾继续')).toBeTruthy();
    await waitFor(() => expect(within(detailBody()).getAllByText('张二').length).toBeGreaterThan(0));
    // none other pending in the whole list
    neighbours['2:prev'] = { id: null, wrapped: false };
    fireEvent.click(screen.getByTestId('enroll-detail-prev'));
    expect(await screen.findByText('列表中没有其他待审核的报名了')).toBeTruthy();
    expect(within(detailBody()).getAllByText('张二').length).toBeGreaterThan(0);
  }, 60_000);

  it('rejects in the detail with a reason, then moves on', async () => {
    neighbours['1:next'] = 2;
    mount();
    await openDetail('张一');
    fireEvent.click(screen.getByTestId('enroll-detail-reject'));
    fireEvent.change(await screen.findByTestId('enroll-reject-reason'), { target: { value: '照片不清晰' } });
    fireEvent.click(screen.getByTestId('enroll-reject-ok'));
    await waitFor(() => expect(auditCalls()).toHaveLength(1));
    expect(auditCalls()[0]!.body).toEqual({
      idList: [1],
      versions: [10],
      auditStatus: '2',
      auditReason: '照片不清晰',
    });
    await waitFor(() => expect(within(detailBody()).getAllByText('张二').length).toBeGreaterThan(0));
  }, 60_000);

  it('confirms a batch pass with the count, and offers 10/20/50/100 rows a page', async () => {
    mount();
    const table = await screen.findByTestId('enroll');
    for (const name of ['张一', '张二']) {
      const cell = await within(table).findByText(name);
      fireEvent.click(within(cell.closest('tr')!).getByRole('checkbox'));
    }
    fireEvent.click(screen.getByTestId('enroll-batch-pass'));
    expect(await screen.findByText('通过所选 2 条报名？')).toBeTruthy();
    fireEvent.click(screen.getByTestId('enroll-pass-ok'));
    await waitFor(() => expect(auditCalls()).toHaveLength(1));
    expect(auditCalls()[0]!.body).toEqual({ idList: [1, 2], versions: [10, 20], auditStatus: '1' });

    const sizer = table.querySelector('.ant-pagination-options .ant-select-selector')!;
    fireEvent.mouseDown(sizer);
    const options = await screen.findAllByText(/^\d+ 条\/页$/);
    expect(options.map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['10 条/页', '20 条/页', '50 条/页', '100 条/页']),
    );
    expect(options.some((o) => o.textContent === '30 条/页')).toBe(false);
  }, 60_000);

  it('keeps the filters when the screen is left and opened again, until 重置', async () => {
    const first = mount();
    fireEvent.change(await screen.findByTestId('enroll-search-name'), { target: { value: '张' } });
    fireEvent.click(screen.getByTestId('enroll-search-submit'));
    await waitFor(() => expect(pageCalls().some((c) => c.url.includes('name=%E5%BC%A0'))).toBe(true));
    first.unmount(); // another console tab
    calls.length = 0;
    mount();
    await waitFor(() => expect(pageCalls().length).toBeGreaterThan(0));
    expect(pageCalls()[0]!.url).toContain('name=%E5%BC%A0');
    expect((screen.getByTestId('enroll-search-name') as HTMLInputElement).value).toBe('张');
    // 重置 empties the kept filter
    calls.length = 0;
    await act(async () => {
      fireEvent.click(screen.getByTestId('enroll-search-reset'));
    });
    await waitFor(() => expect(pageCalls().length).toBeGreaterThan(0));
    expect(pageCalls().at(-1)!.url).not.toContain('name=');
    expect((screen.getByTestId('enroll-search-name') as HTMLInputElement).value).toBe('');
  }, 60_000);

  it('fixes the audit status (with a rejection’s reason) and the actions on the right at 1440 px, and no column on a 375 px phone, where the toolbar wraps', async () => {
    const fixedHeaders = async () => {
      const table = await screen.findByTestId('enroll');
      await within(table).findByText('张一');
      return [...table.querySelectorAll('thead th.ant-table-cell-fix-right')].map((th) => th.textContent);
    };
    const wide = mount();
    expect(await fixedHeaders()).toEqual(['审核状态', '操作']);
    // the columns a reviewer checks a row by come first: name, ID number, phone, county, subject
    const headers = [...screen.getByTestId('enroll').querySelectorAll('thead th')].map(
      (th) => th.textContent,
    );
    expect(headers.slice(headers.indexOf('姓名'), headers.indexOf('姓名') + 5)).toEqual([
      '姓名',
      '身份证号',
      '手机号码',
      '报考县',
      '报考学科',
    ]);
    wide.unmount();
    viewport(375);
    try {
      mount();
      // fixed columns would fill the phone's table box and leave the data a sliver: the row scrolls as one
      expect(await fixedHeaders()).toEqual([]);
      // …and the toolbar's five buttons wrap instead of running off the right edge
      const toolbar = screen.getByTestId('enroll-toolbar');
      expect(toolbar.style.flexWrap).toBe('wrap');
      expect(within(toolbar).getByTestId('enroll-batch-pass')).toBeTruthy();
      expect(within(toolbar).getByTestId('enroll-export')).toBeTruthy();
    } finally {
      viewport(1440);
    }
  }, 60_000);
});
