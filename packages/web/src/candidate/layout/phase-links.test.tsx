import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App, message } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { formatDateTime, type CandidatePlan } from '@tegang/domain';
import { CandidateLayout } from './candidate-layout';
import { planFrom } from '../test-plan';

/**
 * The menu links the admission ticket inside the print window (for a candidate who applied) and the
 * result from the score-query start on (CANDIDATE_PAGES' `visible`), and the sidebar shows the plan's
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

function renderMenu(plan: CandidatePlan | null, enrollStatus = '1') {
  state.current = { ...state.current, plan, enrollStatus };
  const router = createMemoryRouter(
    [
      {
        element: <CandidateLayout />,
        children: [
          { path: '/web/user_info', element: <div /> },
          { path: '/web/admission_ticket', element: <div data-testid="ticket-page" /> },
          { path: '/web/recruit_info', element: <div data-testid="result-page" /> },
        ],
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
    await screen.findByTestId('ticket-page');
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
    await screen.findByTestId('result-page');
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
