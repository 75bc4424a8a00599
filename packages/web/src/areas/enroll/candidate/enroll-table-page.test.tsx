import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MyEnroll } from '@tegang/domain';
import { planFrom } from '../../../candidate/test-plan';
import { getEnrollByPlanId } from '../api';
import EnrollTable from './enroll-table-page';

/**
 * /web/enroll_table: the enrolment form is fetched through its single-use link before anything is
 * saved, so a refused download (409 photo missing, 503 storage) shows the server's message on the
 * page instead of its JSON in a bare browser page (docs/security.md "Object storage"). An earlier
 * plan's form is reached by `?planId=`, named with its plan and year.
 */
vi.mock('../../../candidate/state', async (actual) => ({
  ...(await actual<typeof import('../../../candidate/state')>()),
  useCandidate: () => ({
    loading: false,
    failed: false,
    canCandidate: false,
    message: '',
    planId: 7,
    enrollStatus: '1',
    plan: { id: 7, name: '2026年特岗教师招聘' },
    refresh: () => Promise.resolve(),
  }),
}));
vi.mock('../../../api/reference', () => ({ listDictItems: () => Promise.resolve([]) }));
vi.mock('../api', async (actual) => ({
  ...(await actual<typeof import('../api')>()),
  getEnrollByPlanId: vi.fn((planId: number) =>
    Promise.resolve({
      id: planId === 5 ? 55 : 21,
      planId,
      name: '王小明',
      idCard: '520102199001010011',
      phone: '13900000001',
      serialNo: planId === 5 ? '202552010200001' : null,
      auditStatus: planId === 5 ? '1' : '0',
    }),
  ),
  getEnrollDownloadLink: () => Promise.resolve({ url: LINK }),
  listMyEnroll: () => Promise.resolve(MINE),
}));

/** Her applications: the front-site plan 7, an earlier plan 5, and plan 6 whose data was deleted. */
const item = (id: number, name: string, purged = false): MyEnroll => ({
  plan: { ...planFrom(-400), id, name, year: name.slice(0, 4), status: '2', purged },
  enrollId: 50 + id,
  serialNo: null,
  auditStatus: '1',
  auditReason: null,
  ticket: null,
  result: null,
});
const MINE: MyEnroll[] = [item(5, '2025年特岗教师招聘计划'), item(6, '2024年特岗教师招聘计划', true)];

const LINK = '/api/enroll/downloadEnrollFile/21?token=abc';
const BLOB_URL = 'blob:http://localhost/enroll-21';
const PDF = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
const FILE_NAME = '2026年特岗教师招聘报名表-王小明.pdf';
const refusal = (status: number, msg: string) => ({
  status,
  headers: new Headers({ 'content-type': 'application/json' }),
  json: async () => ({ code: status, msg, data: null }),
});
let linkAnswer: () => unknown;
const fetchMock = vi.fn(async (url: string) => {
  if (url === LINK) return linkAnswer();
  return { status: 404, headers: new Headers(), json: async () => ({ code: 404, msg: 'not found' }) };
});

function renderPage(entry = '/web/enroll_table') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <App>
          <EnrollTable />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the enrolment form download', { timeout: 15_000 }, () => {
  let clicked: string[];
  let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
  beforeEach(() => {
    clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
    assign = vi.fn<(url: string | URL) => void>();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    URL.createObjectURL = vi.fn(() => BLOB_URL);
    URL.revokeObjectURL = vi.fn();
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves the PDF under its own name when the link answers 200, staying on the page', async () => {
    linkAnswer = () => ({
      status: 200,
      headers: new Headers({
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="_.pdf"; filename*=UTF-8''${encodeURIComponent(FILE_NAME)}`,
      }),
      blob: async () => PDF,
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('enroll-download'));
    await waitFor(() => expect(clicked).toEqual([`${BLOB_URL} ${FILE_NAME}`]));
    expect(URL.createObjectURL).toHaveBeenCalledWith(PDF);
    expect(fetchMock.mock.calls.filter(([url]) => url === LINK)).toHaveLength(1); // the token, used once
    expect(assign).not.toHaveBeenCalled();
    expect(screen.queryByTestId('enroll-download-refused')).toBeNull();
  });

  it("shows a 409's message on the page, saves nothing and does not navigate", async () => {
    linkAnswer = () => refusal(409, '照片文件缺失，请重新上传照片后再下载');
    renderPage();
    fireEvent.click(await screen.findByTestId('enroll-download'));
    const refused = await screen.findByTestId('enroll-download-refused');
    expect(refused.textContent).toContain('照片文件缺失，请重新上传照片后再下载');
    expect(refused.textContent).not.toContain('"msg"');
    expect(clicked).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('shows a storage outage (503) likewise, and a general message for an answer without one', async () => {
    linkAnswer = () => refusal(503, '文件存储暂时不可用，请稍后再试');
    renderPage();
    fireEvent.click(await screen.findByTestId('enroll-download'));
    expect((await screen.findByTestId('enroll-download-refused')).textContent).toContain(
      '文件存储暂时不可用，请稍后再试',
    );
    linkAnswer = () => ({
      status: 502,
      headers: new Headers({ 'content-type': 'text/html' }),
      json: async () => Promise.reject(new Error('not JSON')),
    });
    fireEvent.click(screen.getByTestId('enroll-download'));
    await waitFor(() =>
      expect(screen.getByTestId('enroll-download-refused').textContent).toContain('文件下载失败，请稍后再试'),
    );
    expect(clicked).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('in WeChat opens the form in a new page and says how to go on in a browser (as the ticket page)', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/8.0.47',
    );
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    renderPage();
    fireEvent.click(await screen.findByTestId('enroll-download'));
    const guide = await screen.findByTestId('enroll-wechat-guide');
    expect(open).toHaveBeenCalledWith(LINK, '_blank');
    expect(guide.textContent).toContain('微信内不能直接下载文件');
    expect(guide.textContent).toContain('点击右上角 ··· 选择在浏览器中打开，登录后再下载报名表');
    expect(screen.queryByTestId('enroll-wechat-link')).toBeNull(); // the new page opened
    expect(fetchMock).not.toHaveBeenCalled(); // the single-use link is left to the new page
    expect(clicked).toEqual([]);
  });

  it('in WeChat with the new page blocked offers the link to tap', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) MicroMessenger/8.0.47');
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage();
    fireEvent.click(await screen.findByTestId('enroll-download'));
    const link = await screen.findByTestId('enroll-wechat-link');
    expect(link.getAttribute('href')).toBe(LINK);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toBe('报名表没有打开？点此在新页面打开');
  });

  it("shows an earlier plan's form by ?planId with its plan and year, its 报名序号, and no editing", async () => {
    renderPage('/web/enroll_table?planId=5');
    expect(await screen.findByTestId('enroll-download')).toBeTruthy();
    expect(vi.mocked(getEnrollByPlanId)).toHaveBeenLastCalledWith(5);
    expect(screen.getByTestId('plan-banner').textContent).toContain(
      '往期招聘计划：2025年特岗教师招聘计划（2025年）',
    );
    expect(screen.getByTestId('enroll-table-plan').textContent).toBe('2025年特岗教师招聘计划');
    expect(screen.getByTestId('enroll-table').textContent).toContain('202552010200001');
    expect(screen.queryByRole('button', { name: /查看我的报名/ })).toBeNull();
    expect(document.title).toContain('下载报名表 · 2025年特岗教师招聘计划');
  });

  it('says a purged plan has no form to read, and asks nothing', async () => {
    vi.mocked(getEnrollByPlanId).mockClear();
    renderPage('/web/enroll_table?planId=6');
    expect((await screen.findByTestId('plan-purged')).textContent).toBe('该计划的个人信息已按保存期限删除');
    expect(screen.queryByTestId('enroll-download')).toBeNull();
    expect(vi.mocked(getEnrollByPlanId)).not.toHaveBeenCalled();
  });
});
