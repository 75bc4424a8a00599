import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { formatDateTime, type CandidateNotice } from '@tegang/domain';
import i18n from '../../../i18n';
import NoticePage from './notice-page';
import { NoticeBell } from './notice-bell';
import { readSeen } from '../unread';

/**
 * /web/notice and the header's bell: the candidate's notices newest first with their texts, times and
 * links; the 新 marks and the badge count what is newer than her last visit (localStorage per account);
 * empty, loading and failed states. The server is a mocked fetch.
 */
const DAY = 86_400_000;
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const state = vi.hoisted(() => ({ current: { userInfo: { id: 42 } } as Record<string, unknown> }));
vi.mock('../../../candidate/state', () => ({
  useCandidate: () => state.current,
  candidateKeys: { myEnroll: ['candidate', 'myEnroll'] },
}));

const NOTICES: CandidateNotice[] = [
  {
    key: '9-rejected',
    kind: 'rejected',
    planId: 7,
    planName: '2027年特岗教师招聘',
    time: iso(-1),
    reason: '学历证书照片模糊',
    deadline: iso(5),
  },
  {
    key: '3-resultsOpen',
    kind: 'resultsOpen',
    planId: 5,
    planName: '2026年特岗教师招聘',
    time: iso(-3),
    reason: null,
    deadline: iso(30),
  },
  {
    key: '3-ticketReady',
    kind: 'ticketReady',
    planId: 5,
    planName: '2026年特岗教师招聘',
    time: iso(-20),
    reason: null,
    deadline: iso(2),
  },
  {
    key: '3-passed',
    kind: 'passed',
    planId: 5,
    planName: '2026年特岗教师招聘',
    time: iso(-40),
    reason: null,
    deadline: null,
  },
];

type Answer = { status: number; body: { code: number; msg: string; data: unknown } };
let answer: () => Answer;
const fetchMock = vi.fn(async (url: string) => {
  const a: Answer = url.startsWith('/api/notice/list')
    ? answer()
    : { status: 200, body: { code: 404, msg: 'not found', data: null } };
  return { status: a.status, json: async () => a.body };
});

function renderPage(withBell = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/web/notice']}>
        <App>
          {withBell && <NoticeBell />}
          <NoticePage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(() => i18n.changeLanguage('zh'));
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  window.localStorage.clear();
  answer = () => ({ status: 200, body: { code: 200, msg: '', data: NOTICES } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const items = () => screen.getAllByTestId('notice-item');

describe('NoticePage', { timeout: 20_000 }, () => {
  it('lists her notices newest first, each with its text, time and the page that acts on it', async () => {
    renderPage();
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(items().map((i) => i.getAttribute('data-kind'))).toEqual([
      'rejected',
      'resultsOpen',
      'ticketReady',
      'passed',
    ]);
    const [rejected, results, ticket, passed] = items();
    expect(rejected!.textContent).toContain('资格审核未通过');
    expect(rejected!.textContent).toContain(
      `您报名的“2027年特岗教师招聘”资格审核未通过，请于 ${formatDateTime(NOTICES[0]!.deadline!)} 前修改报名信息后重新提交。`,
    );
    expect(within(rejected!).getByTestId('notice-reason').textContent).toBe('审核意见：学历证书照片模糊');
    expect(rejected!.textContent).toContain(formatDateTime(NOTICES[0]!.time));
    expect(within(rejected!).getByTestId('notice-action-rejected').getAttribute('href')).toBe('/web/enroll');
    // An earlier plan's pages are addressed by plan.
    expect(within(results!).getByTestId('notice-action-resultsOpen').getAttribute('href')).toBe(
      '/web/recruit_info?planId=5',
    );
    expect(ticket!.textContent).toContain(`请于 ${formatDateTime(NOTICES[2]!.deadline!)} 前下载并打印`);
    expect(within(ticket!).getByTestId('notice-action-ticketReady').getAttribute('href')).toBe(
      '/web/admission_ticket?planId=5',
    );
    expect(within(passed!).getByTestId('notice-action-passed').getAttribute('href')).toBe(
      '/web/enroll_table?planId=5',
    );
  });

  it('says a rejection can no longer be corrected once enrolment has closed, without a link', async () => {
    answer = () => ({
      status: 200,
      body: { code: 200, msg: '', data: [{ ...NOTICES[0]!, deadline: iso(-1) }] },
    });
    renderPage();
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]!.textContent).toContain('报名已于');
    expect(items()[0]!.textContent).toContain('不能再修改');
    expect(screen.queryByTestId('notice-action-rejected')).toBeNull();
  });

  it('marks what is newer than her last visit, and the bell’s count clears once she has opened the list', async () => {
    // Her last visit was 10 days ago: the rejection and the results are new.
    window.localStorage.setItem('tegang-notice-seen:42', iso(-10));
    renderPage(true);
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(items().map((i) => i.getAttribute('data-unread'))).toEqual(['true', 'true', null, null]);
    expect(within(items()[0]!).getByText('新')).toBeTruthy();
    // The visit is recorded, and the bell says there is nothing unread.
    await waitFor(() => expect(readSeen(42)! >= NOTICES[0]!.time).toBe(true));
    await waitFor(() =>
      expect(screen.getByTestId('notice-bell').getAttribute('aria-label')).toBe('消息通知'),
    );
    // Another account of this browser has its own record.
    expect(readSeen(43)).toBeNull();
  });

  it('counts her unseen notices on the bell before she opens the list', async () => {
    window.localStorage.setItem('tegang-notice-seen:42', iso(-10));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <NoticeBell />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('notice-bell').getAttribute('aria-label')).toBe('消息通知，2 条未读'),
    );
    expect(screen.getByTestId('notice-badge').textContent).toContain('2');
  });

  it('shows an empty state, and a failed load with a retry', async () => {
    answer = () => ({ status: 200, body: { code: 200, msg: '', data: [] } });
    renderPage();
    expect((await screen.findByTestId('notice-empty')).textContent).toContain('暂无消息');
    cleanup();

    answer = () => ({ status: 200, body: { code: 500, msg: '服务器开小差了', data: null } });
    renderPage();
    expect(await screen.findByText('服务器开小差了')).toBeTruthy();
    answer = () => ({ status: 200, body: { code: 200, msg: '', data: NOTICES.slice(0, 1) } });
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(items()).toHaveLength(1));
  });
});
