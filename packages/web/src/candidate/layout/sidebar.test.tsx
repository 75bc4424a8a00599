import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { CANDIDATE_PAGES, candidatePagePath } from '../pages';
import { planFrom } from '../test-plan';
import { CandidateLayout } from './candidate-layout';

/**
 * The sidebar (the drawer on a phone) lists CANDIDATE_PAGES by group with their catalogue labels,
 * and each entry opens its page (spec §2 "Candidate layout").
 */
const state = vi.hoisted(() => ({
  current: {
    loading: false,
    failed: false,
    canCandidate: true,
    message: '',
    enrollStatus: '0',
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

function renderMenu(patch: Partial<typeof state.current>) {
  state.current = { ...state.current, ...patch };
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

/** The group titles and entries of the open drawer's menu, in order. */
const menuTexts = () =>
  [...screen.getByTestId('sidebar').querySelectorAll('.ant-menu-item-group-title, .ant-menu-item')].map(
    (el) => el.textContent?.trim(),
  );

// The first render of the whole layout is slow on a loaded machine (antd's menu and drawer).
describe('candidate sidebar from CANDIDATE_PAGES', { timeout: 15_000 }, () => {
  afterEach(cleanup);

  it('lists the groups and labels in table order, and each entry opens its page', async () => {
    const router = renderMenu({ plan: null, enrollStatus: '0' });
    expect(menuTexts()).toEqual([
      '个人资料',
      '用户信息',
      '修改密码',
      '招聘管理',
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
    renderMenu({ plan: { ...planFrom(-25), customerServicePhone: '0851-12345678' }, enrollStatus: '1' });
    expect(menuTexts()).toEqual([
      '个人资料',
      '用户信息',
      '修改密码',
      '招聘管理',
      '下载报名表',
      '准考证下载',
      '服务与帮助',
      '服务中心',
      '客服电话 0851-12345678',
    ]);
  });

  it('keeps the plan-dependent pages out while the state loads', () => {
    renderMenu({ plan: planFrom(-25), enrollStatus: '1', loading: true });
    expect(screen.queryByTestId('menu-admission-ticket')).toBeNull();
  });
});
