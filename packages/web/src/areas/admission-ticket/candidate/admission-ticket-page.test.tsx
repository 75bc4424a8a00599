import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { formatDateTime, type CandidateTicket, type MyEnroll } from '@tegang/domain';
import { planFrom } from '../../../candidate/test-plan';
import AdmissionTicket from './admission-ticket-page';

/**
 * /web/admission_ticket (spec §2): the §2 reminder, the ticket's fields, the download through a
 * single-use link (directly, or in WeChat in a new page with guidance), the server's reason outside
 * the window; an earlier plan's ticket by `?planId=` inside that plan's own window. The server is a
 * mocked fetch.
 */
const DAY = 86_400_000;
const plan = {
  id: 7,
  name: '2026年特岗教师招聘',
  customerServicePhone: '0851-12345678',
  ticketPrintStartTime: new Date(Date.now() - DAY).toISOString(),
  ticketPrintEndTime: new Date(Date.now() + DAY).toISOString(),
};
const state = vi.hoisted(() => ({ current: {} as Record<string, unknown> }));
vi.mock('../../../candidate/state', async (actual) => ({
  ...(await actual<typeof import('../../../candidate/state')>()),
  useCandidate: () => state.current,
}));

const ticket: CandidateTicket = {
  id: 11,
  planId: 7,
  name: '王小明',
  card: '520102199001010011',
  phone: '13900000001',
  enrollCounty: '南明区',
  academicSession: '2',
  subject: '03',
  admissionNumber: '2026520102010101',
  examDate: '2026-12-20',
  examTime: '09:00-11:30',
  examPlace: '贵阳一中考点',
  examAddress: '贵阳市南明区某路 1 号',
  examRoomNumber: '01',
  seatNumber: '07',
  examinationRoomNotice: '考前 30 分钟入场。\n禁止携带手机。',
  ticketFileDownloadNum: 0,
  ticketFileUrl: '',
};
const LINK = '/api/admissionTicket/downloadTicketFile/11?token=abc';

/** Answers of the mocked server by path; the ticket's count grows once the link was handed out. */
let downloads = 0;
type Answer = { code: number; msg: string; data: unknown };
const distributed = (): Answer => ({
  code: 200,
  msg: '',
  data: { ...ticket, ticketFileDownloadNum: downloads },
});
let ticketAnswer = distributed;
const BLOB_URL = 'blob:http://localhost/ticket-11';
const PDF = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
/** The link's answer: the PDF as an attachment, or the server's refusal as JSON. */
const pdfAnswer = () => ({
  status: 200,
  headers: new Headers({
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="_.pdf"; filename*=UTF-8''${encodeURIComponent('准考证-王小明.pdf')}`,
  }),
  blob: async () => PDF,
  json: async () => Promise.reject(new Error('not JSON')),
});
let linkAnswer: () => unknown = pdfAnswer;
/** Her applications: an earlier plan 5 inside its print window (planFrom(-25)), plan 6 purged. */
const earlier = (id: number, purged = false): MyEnroll => ({
  plan: { ...planFrom(-25), id, name: `202${id}年特岗教师招聘计划`, year: `202${id}`, status: '2', purged },
  enrollId: 50 + id,
  serialNo: null,
  auditStatus: '1',
  auditReason: null,
  ticket: purged ? null : '1',
  result: null,
});
const fetchMock = vi.fn(async (url: string) => {
  let body: unknown;
  if (url === LINK) return linkAnswer();
  if (url.startsWith('/api/admissionTicket/getAdmissionTicketByPlanId/7')) body = ticketAnswer();
  else if (url.startsWith('/api/admissionTicket/getAdmissionTicketByPlanId/5'))
    body = { code: 200, msg: '', data: { ...ticket, planId: 5, admissionNumber: '2025520102010199' } };
  else if (url.startsWith('/api/enroll/listMyEnroll'))
    body = { code: 200, msg: '', data: [earlier(5), earlier(6, true)] };
  else if (url.startsWith('/api/admissionTicket/downloadToken/11')) {
    downloads++;
    body = { code: 200, msg: '', data: { url: LINK } };
  } else if (url.startsWith('/admin/dictItem/listDictItem/recruit_learning_period'))
    body = { code: 200, msg: '', data: [{ value: '2', label: '初中' }] };
  else if (url.startsWith('/admin/dictItem/listDictItem/recruit_subject'))
    body = { code: 200, msg: '', data: [{ value: '03', label: '数学' }] };
  else body = { code: 404, msg: 'not found', data: null };
  return { status: 200, json: async () => body };
});

function renderPage(enrollStatus = '1', entry = '/web/admission_ticket', frontPlan: object = plan) {
  state.current = {
    loading: false,
    failed: false,
    message: '',
    planId: 7,
    enrollStatus,
    plan: frontPlan,
    refresh: () => Promise.resolve(),
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <App>
          <AdmissionTicket />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const text = (id: string) => screen.getByTestId(id).textContent ?? '';
const ticketCalls = () =>
  fetchMock.mock.calls.filter(([url]) => url.includes('getAdmissionTicketByPlanId')).length;

describe('candidate admission ticket page', { timeout: 15_000 }, () => {
  beforeEach(() => {
    downloads = 0;
    ticketAnswer = distributed;
    linkAnswer = pdfAnswer;
    fetchMock.mockClear();
    URL.createObjectURL = vi.fn(() => BLOB_URL);
    URL.revokeObjectURL = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the reminder, the ticket fields, and downloads the PDF directly with the count', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
    renderPage();
    const reminder = await screen.findByTestId('ticket-reminder');
    expect(reminder.textContent).toContain('Chrome 或 Edge');
    expect(reminder.textContent).toContain('2B 铅笔、橡皮和黑色签字笔');

    await screen.findByTestId('ticket-view');
    const fields = text('ticket-fields');
    for (const value of [
      '王小明',
      '520102199001010011',
      '2026520102010101',
      '南明区',
      '2026-12-20',
      '09:00-11:30',
      '贵阳一中考点',
      '贵阳市南明区某路 1 号',
      '01',
      '07',
    ])
      expect(fields).toContain(value);
    await waitFor(() => expect(text('ticket-fields')).toContain('初中')); // dictionary labels
    expect(text('ticket-fields')).toContain('数学');
    expect(text('ticket-notice')).toContain('禁止携带手机');
    expect(text('ticket-window')).toBe(
      `准考证打印时间：${formatDateTime(plan.ticketPrintStartTime)} 至 ${formatDateTime(plan.ticketPrintEndTime)}`,
    );
    expect(text('ticket-download-count')).toBe('已下载 0 次');

    fireEvent.click(screen.getByTestId('ticket-download'));
    await waitFor(() => expect(clicked).toEqual([`${BLOB_URL} 准考证-王小明.pdf`]));
    expect(fetchMock.mock.calls.filter(([url]) => url === LINK)).toHaveLength(1); // the link, once
    expect(URL.createObjectURL).toHaveBeenCalledWith(PDF);
    expect(screen.queryByTestId('ticket-wechat-guide')).toBeNull();
    expect(screen.queryByTestId('ticket-download-refused')).toBeNull();
    await waitFor(() => expect(text('ticket-download-count')).toBe('已下载 1 次'), { timeout: 4000 });
  });

  it("shows a refused download's message on the page and saves nothing", async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    linkAnswer = () => ({
      status: 409,
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => ({ code: 409, msg: '照片文件缺失，请联系招聘单位', data: null }),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('ticket-download'));
    const refused = await screen.findByTestId('ticket-download-refused');
    expect(refused.textContent).toContain('照片文件缺失，请联系招聘单位');
    expect(refused.textContent).not.toContain('{');
    expect(clicked).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(URL.createObjectURL).not.toHaveBeenCalled();

    linkAnswer = () => ({
      status: 503,
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => ({ code: 503, msg: '文件存储暂时不可用，请稍后再试', data: null }),
    });
    fireEvent.click(screen.getByTestId('ticket-download'));
    await waitFor(() => expect(text('ticket-download-refused')).toContain('文件存储暂时不可用，请稍后再试'));
    expect(clicked).not.toHaveBeenCalled();
  });

  it('in WeChat opens the link in a new page and explains how to go on in a browser', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/8.0.47',
    );
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    renderPage();
    fireEvent.click(await screen.findByTestId('ticket-download'));
    const guide = await screen.findByTestId('ticket-wechat-guide');
    expect(open).toHaveBeenCalledWith(LINK, '_blank');
    expect(save).not.toHaveBeenCalled();
    expect(guide.textContent).toContain('点击右上角 ··· 选择在浏览器中打开');
    expect(screen.getByTestId('ticket-service-phone').getAttribute('href')).toBe('tel:0851-12345678');
    expect(screen.queryByTestId('ticket-wechat-link')).toBeNull(); // the new page opened
  });

  it('in WeChat with the new page blocked offers the link to tap', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) MicroMessenger/8.0.47');
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage();
    fireEvent.click(await screen.findByTestId('ticket-download'));
    const link = await screen.findByTestId('ticket-wechat-link');
    expect(link.getAttribute('href')).toBe(LINK);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(text('ticket-wechat-guide')).toContain('选择在浏览器中打开');
  });

  it("outside the window or before distribution shows the server's reason and the window", async () => {
    ticketAnswer = () => ({ code: 404, msg: '准考证尚未发放', data: null });
    renderPage();
    expect(await screen.findByTestId('ticket-closed')).toBeTruthy();
    expect(text('ticket-closed')).toBe('准考证尚未发放');
    expect(text('ticket-window')).toContain('准考证打印时间');
    expect(screen.queryByTestId('ticket-download')).toBeNull();
    cleanup();

    ticketAnswer = () => ({ code: 400, msg: '准考证打印将于 2026-12-01 09:00 开放', data: null });
    renderPage();
    expect((await screen.findByTestId('ticket-closed')).textContent).toBe(
      '准考证打印将于 2026-12-01 09:00 开放',
    );
  });

  it('says there is no ticket without an application, and asks nothing', async () => {
    renderPage('0');
    expect((await screen.findByTestId('ticket-not-applied')).textContent).toBe(
      '您未报名本次招聘，没有准考证',
    );
    expect(ticketCalls()).toBe(0);
  });

  it("shows an earlier plan's ticket by ?planId inside that plan's own window, naming the plan", async () => {
    // The front-site plan's print window is over; plan 5's is open.
    renderPage('0', '/web/admission_ticket?planId=5', planFrom(-45));
    expect(await screen.findByTestId('ticket-view')).toBeTruthy();
    expect(text('ticket-admission-number')).toBe('2025520102010199');
    expect(text('plan-banner')).toContain('往期招聘计划：2025年特岗教师招聘计划（2025年）');
    expect(text('ticket-plan')).toBe('2025年特岗教师招聘计划');
    expect(document.title).toContain('准考证下载 · 2025年特岗教师招聘计划');
    expect(fetchMock.mock.calls.some(([url]) => url.includes('getAdmissionTicketByPlanId/7'))).toBe(false);
  });

  it('says a purged plan has no ticket and an unknown plan id is not hers, asking for neither', async () => {
    renderPage('1', '/web/admission_ticket?planId=6');
    expect((await screen.findByTestId('plan-purged')).textContent).toBe('该计划的个人信息已按保存期限删除');
    cleanup();
    renderPage('1', '/web/admission_ticket?planId=99');
    expect((await screen.findByTestId('plan-unknown')).textContent).toBe('没有找到您在该招聘计划的报名');
    cleanup();
    renderPage('1', '/web/admission_ticket?planId=abc');
    expect(await screen.findByTestId('plan-unknown')).toBeTruthy();
    expect(ticketCalls()).toBe(0);
  });
});
