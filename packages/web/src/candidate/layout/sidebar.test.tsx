import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App, message } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { formatDateTime, type CandidatePlan } from '@tegang/domain';
import { CandidateLayout } from './candidate-layout';
import { planFrom } from '../test-plan';
import { CANDIDATE_PAGES, candidatePagePath } from '../pages';

/**
 * The sidebar (the drawer on a phone) lists CANDIDATE_PAGES by group with their catalogue labels and
 * each entry opens its page; it links the admission ticket inside the print window (for a candidate
 * who applied) and the result from the score-query start on (their `visible`), and shows the plan's
 * current phase (spec §2 "Candidate layout").
 */
const state = vi.hoisted(() => ({
  current: {
    loading: false,
    failed: false,
    canCandidate: false,
    message: '',
    enrollStatus: '1',
    planId: 7 as number | null,
    userInfo: { id: 3, realName: '王小明' },
    plan: null as unknown,
    refresh: () => Promise.resolve(),
  },
}));
vi.mock('../state', async (original) => ({
  ...(await original<typeof import('../state')>()),
  CandidateProvider: ({ children }: { children: React.ReactNode }) => children,
  useCandidate: () => state.current,
}));

function renderMenu(plan: CandidatePlan | null, enrollStatus = '1', loading = false) {
  state.current = { ...state.current, plan, enrollStatus, loading };
  const router = createMemoryRouter(
    [
      {
        element: <CandidateLayout />,
        children: CANDIDATE_PAGES.map((page) => ({
          path: candidatePagePath(page),
          element: <div data-testid={`page-${page.path}`} />,
        })),
      },
    ],
    { initialEntries: ['/web/user_info'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByTestId('menu-toggle')); // jsdom is a phone: the menu is a drawer
  return router;
}

const text = (id: string) => screen.getByTestId(id).textContent;

// The first render of the whole layout is slow on a loaded machine (antd's menu and drawer).
describe('candidate menu by the plan timeline', { timeout: 15_000 }, () => {
  afterEach(cleanup);

  it('links neither page during the audit, and shows the phase until its end', async () => {
    const plan = planFrom(-15);
    renderMenu(plan);
    expect(await screen.findByTestId('plan-phase-name')).toBeTruthy();
    expect(text('plan-phase-name')).toBe('现场审核');
    expect(text('plan-phase-until')).toBe(`截至 ${formatDateTime(plan.auditEndTime)}`);
    expect(screen.queryByTestId('menu-admission-ticket')).toBeNull();
    expect(screen.queryByTestId('menu-recruit-info')).toBeNull();
  });

  it('links the ticket inside the print window for an applicant, not the result', async () => {
    renderMenu(planFrom(-25));
    expect(text('plan-phase-name')).toBe('准考证打印');
    expect(screen.queryByTestId('menu-recruit-info')).toBeNull();
    fireEvent.click(screen.getByTestId('menu-admission-ticket'));
    await screen.findByTestId('page-admission_ticket');
  });

  it('does not link the ticket for a candidate who did not apply', () => {
    renderMenu(planFrom(-25), '0');
    expect(screen.queryByTestId('menu-admission-ticket')).toBeNull();
  });

  it('links the result from the score-query start on, and no longer the closed ticket window', async () => {
    renderMenu(planFrom(-45));
    expect(text('plan-phase-name')).toBe('成绩查询');
    expect(screen.queryByTestId('menu-admission-ticket')).toBeNull();
    fireEvent.click(screen.getByTestId('menu-recruit-info'));
    await screen.findByTestId('page-recruit_info');
    cleanup();
    renderMenu(planFrom(-75)); // long after: still linked
    expect(screen.getByTestId('menu-recruit-info')).toBeTruthy();
  });

  it('before enrolment says which stage comes and when', () => {
    const plan = planFrom(5);
    renderMenu(plan);
    expect(text('plan-phase-name')).toBe('报名未开始');
    expect(text('plan-phase-until')).toBe(`网上报名将于 ${formatDateTime(plan.enrollStartTime)} 开始`);
  });

  it('shows no phase and no links without a plan', () => {
    renderMenu(null);
    expect(screen.queryByTestId('plan-phase')).toBeNull();
    expect(screen.queryByTestId('menu-admission-ticket')).toBeNull();
    expect(screen.queryByTestId('menu-recruit-info')).toBeNull();
  });

  it('warns that enrolment ended only to those who did not apply', () => {
    const ENDED = '网上报名已于 2026-11-01 18:00 结束';
    const warning = vi.spyOn(message, 'warning').mockImplementation(() => (() => {}) as never);
    state.current = { ...state.current, message: ENDED };
    renderMenu(planFrom(-25), '1');
    expect(warning).not.toHaveBeenCalled();
    cleanup();
    renderMenu(planFrom(-25), '0');
    expect(warning).toHaveBeenCalledWith(expect.objectContaining({ content: ENDED, duration: 10 }));
    state.current = { ...state.current, message: '' };
    warning.mockRestore();
  });
});

/** The group titles and entries of the open drawer's menu, in order. */
const menuTexts = () =>
  [...screen.getByTestId('sidebar').querySelectorAll('.ant-menu-item-group-title, .ant-menu-item')].map(
    (el) => el.textContent?.trim(),
  );

describe('candidate menu from CANDIDATE_PAGES', { timeout: 15_000 }, () => {
  afterEach(cleanup);

  it('lists the groups and labels in table order, and each entry opens its page', async () => {
    const router = renderMenu(null, '0');
    expect(menuTexts()).toEqual([
      '个人资料',
      '用户信息',
      '消息通知',
      '修改密码',
      '招聘管理',
      '我的报名',
      '下载报名表',
      '服务与帮助',
      '服务中心',
    ]);
    fireEvent.click(within(screen.getByTestId('sidebar')).getByText('修改密码'));
    await screen.findByTestId('page-edit_password');
    expect(router.state.location.pathname).toBe('/web/edit_password');
    fireEvent.click(screen.getByTestId('menu-toggle'));
    fireEvent.click(within(screen.getByTestId('sidebar')).getByText('下载报名表'));
    await screen.findByTestId('page-enroll_table');
  });

  it('adds the pages whose visibility holds, in their place', () => {
    renderMenu({ ...planFrom(-25), customerServicePhone: '0851-12345678' });
    expect(menuTexts()).toEqual([
      '个人资料',
      '用户信息',
      '消息通知',
      '修改密码',
      '招聘管理',
      '我的报名',
      '下载报名表',
      '准考证下载',
      '服务与帮助',
      '服务中心',
      '客服电话 0851-12345678',
    ]);
  });

  it('keeps the plan-dependent pages out while the state loads', () => {
    renderMenu(planFrom(-25), '1', true);
    expect(screen.queryByTestId('menu-admission-ticket')).toBeNull();
  });
});
