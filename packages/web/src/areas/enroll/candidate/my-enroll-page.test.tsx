import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { MyEnroll } from '@tegang/domain';
import { planFrom } from '../../../candidate/test-plan';
import { viewport } from '../../../test-viewport';
import MyEnrollPage from './my-enroll-page';

/**
 * /web/my_enroll: every plan she applied to, newest first, each with its state, 报名序号 and the
 * pages of that plan at `?planId=`; the empty, loading-failed and purged states. The server is a
 * mocked fetch.
 */
const state = vi.hoisted(() => ({ current: {} as Record<string, unknown> }));
vi.mock('../../../candidate/state', async (actual) => ({
  ...(await actual<typeof import('../../../candidate/state')>()),
  useCandidate: () => state.current,
}));

const application = (
  id: number,
  name: string,
  startDays: number,
  fields: Partial<MyEnroll> = {},
  purged = false,
): MyEnroll => ({
  plan: {
    ...planFrom(startDays),
    id,
    name,
    year: name.slice(0, 4),
    status: id === 9 ? '1' : '2',
    purged,
  },
  enrollId: 50 + id,
  serialNo: null,
  auditStatus: '1',
  auditReason: null,
  ticket: null,
  result: null,
  ...fields,
});
const MINE: MyEnroll[] = [
  application(9, '2026年特岗教师招聘计划', -5, { auditStatus: '0', serialNo: '202652010200007' }),
  application(5, '2025年特岗教师招聘计划', -400, {
    serialNo: '202552010200001',
    result: { admissionStatus: '1', officeSchool: '南明区第一小学' },
  }),
  application(3, '2023年特岗教师招聘计划', -1200, {}, true),
];

type Answer = { code: number; msg: string; data: unknown };
let listAnswer: () => Answer;
const fetchMock = vi.fn(async (url: string) => {
  const body: Answer = url.startsWith('/api/enroll/listMyEnroll')
    ? listAnswer()
    : { code: 404, msg: 'not found', data: null };
  return { status: 200, json: async () => body };
});

/** Shows where a button led: the path and query. */
function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderPage({ canCandidate = false } = {}) {
  state.current = {
    loading: false,
    failed: false,
    canCandidate,
    message: '',
    planId: 9,
    enrollStatus: '1',
    plan: null,
    refresh: () => Promise.resolve(),
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/web/my_enroll', element: <MyEnrollPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/web/my_enroll'] },
  );
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

const items = () => screen.getAllByTestId('my-enroll-item');
const itemOf = (planId: number) => items().find((e) => e.dataset.planId === String(planId))!;

describe('我的报名', { timeout: 15_000 }, () => {
  beforeEach(() => {
    viewport(375);
    listAnswer = () => ({ code: 200, msg: '', data: MINE });
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists every plan newest first with its state, 报名序号 and the plan of each action', async () => {
    renderPage();
    await screen.findByTestId('my-enroll-list');
    expect(items().map((e) => e.dataset.planId)).toEqual(['9', '5', '3']);
    expect(document.title).toContain('我的报名');

    const current = within(itemOf(9));
    expect(current.getByTestId('my-enroll-plan').textContent).toBe('2026年特岗教师招聘计划');
    expect(current.getByTestId('my-enroll-current').textContent).toBe('当前计划');
    expect(current.getByTestId('my-enroll-state').textContent).toBe('待审核');
    expect(current.getByTestId('my-enroll-serial').textContent).toBe('202652010200007');
    expect(current.queryByTestId('my-enroll-ticket')).toBeNull();

    const earlier = within(itemOf(5));
    expect(earlier.getByTestId('my-enroll-state').textContent).toBe('已录取');
    expect(earlier.getByTestId('my-enroll-school').textContent).toBe('南明区第一小学');
    expect(earlier.getByText('2025年')).toBeTruthy();
    expect(earlier.queryByTestId('my-enroll-current')).toBeNull();
    expect(earlier.getByTestId('my-enroll-result').className).toContain('ant-btn-primary');
    fireEvent.click(earlier.getByTestId('my-enroll-form'));
    expect((await screen.findByTestId('where')).textContent).toBe('/web/enroll_table?planId=5');
  });

  it('leads to the results of an earlier plan by its id', async () => {
    renderPage();
    await screen.findByTestId('my-enroll-list');
    fireEvent.click(within(itemOf(5)).getByTestId('my-enroll-result'));
    expect((await screen.findByTestId('where')).textContent).toBe('/web/recruit_info?planId=5');
  });

  it('says a purged plan was deleted and offers nothing for it', async () => {
    renderPage();
    await screen.findByTestId('my-enroll-list');
    const purged = within(itemOf(3));
    expect(purged.getByTestId('my-enroll-purged').textContent).toContain('该计划的个人信息已按保存期限删除');
    expect(purged.getByTestId('my-enroll-state').textContent).toBe('已删除');
    expect(purged.queryAllByRole('button')).toHaveLength(0);
    expect(purged.queryByTestId('my-enroll-serial')?.textContent).toBe('待生成');
  });

  it('lays the cards out one a row on a phone (xs 24) and two a row from lg (12)', async () => {
    renderPage();
    await screen.findByTestId('my-enroll-list');
    for (const item of items()) expect(item.parentElement!.className).toMatch(/ant-col-xs-24/);
    for (const item of items()) expect(item.parentElement!.className).toMatch(/ant-col-lg-12/);
  });

  it('says she never applied, offering to apply while enrolment is open', async () => {
    listAnswer = () => ({ code: 200, msg: '', data: [] });
    renderPage({ canCandidate: true });
    expect((await screen.findByTestId('my-enroll-empty')).textContent).toBe('您还没有报名过招聘计划');
    fireEvent.click(screen.getByRole('button', { name: /立即报名/ }));
    expect((await screen.findByTestId('where')).textContent).toBe('/web/enroll');
  });

  it('shows a failed load with a retry that reads again', async () => {
    listAnswer = () => ({ code: 500, msg: '服务器错误', data: null });
    renderPage();
    const retry = await screen.findByRole('button', { name: /重\s*试/ });
    listAnswer = () => ({ code: 200, msg: '', data: MINE });
    fireEvent.click(retry);
    await screen.findByTestId('my-enroll-list');
    await waitFor(() => expect(items()).toHaveLength(3));
  });
});
