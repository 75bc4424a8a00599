import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { StageCard } from '../../areas/candidate-account/candidate/stage-card';
import { CandidateLayout } from './candidate-layout';
import { planFrom } from '../test-plan';

/**
 * The sidebar's red status (spec §2) and the home card read one stage: a rejected candidate sees
 * 审核未通过 in both, a pending one 待审核, never the bare 已报名 of the apply flag.
 */
vi.mock('../state', async (original) => ({
  ...(await original<typeof import('../state')>()),
  CandidateProvider: ({ children }: { children: React.ReactNode }) => children,
  useCandidate: () => ({
    loading: false,
    failed: false,
    canCandidate: true,
    message: '',
    enrollStatus: '1',
    planId: 7,
    userInfo: { id: 3, realName: '王小明' },
    plan: planFrom(-5), // inside its online enrolment
    refresh: () => Promise.resolve(),
  }),
}));

let enrolment: { auditStatus: string; auditReason: string | null };
const fetchMock = vi.fn(async (url: string) => ({
  status: 200,
  json: async () =>
    url.startsWith('/api/enroll/getEnrollByPlanId/7')
      ? { code: 200, msg: '', data: { id: 11, planId: 7, ...enrolment } }
      : { code: 404, msg: 'not found', data: null },
}));

function renderHome() {
  const router = createMemoryRouter(
    [{ element: <CandidateLayout />, children: [{ path: '/web/user_info', element: <StageCard /> }] }],
    { initialEntries: ['/web/user_info'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

/** The sidebar's status: jsdom is a phone, so it is in the drawer behind the menu button. */
async function sidebarStatus(): Promise<string> {
  fireEvent.click(screen.getByTestId('menu-toggle'));
  const sidebar = await screen.findByTestId('sidebar');
  return within(sidebar).getByTestId('enroll-status').textContent ?? '';
}

describe('one candidate status on every part of the site', { timeout: 15_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a rejected candidate sees 审核未通过 in the drawer and on the card, with one enrolment read', async () => {
    enrolment = { auditStatus: '2', auditReason: '照片不清晰' };
    fetchMock.mockClear();
    renderHome();
    expect((await screen.findByTestId('stage-state')).textContent).toBe('审核未通过');
    expect(await sidebarStatus()).toBe('审核未通过');
    expect(fetchMock.mock.calls.filter(([url]) => url.includes('getEnrollByPlanId')).length).toBe(1);
  });

  it('a pending candidate sees 待审核 in both', async () => {
    enrolment = { auditStatus: '0', auditReason: null };
    renderHome();
    expect((await screen.findByTestId('stage-state')).textContent).toBe('待审核');
    expect(await sidebarStatus()).toBe('待审核');
  });
});
