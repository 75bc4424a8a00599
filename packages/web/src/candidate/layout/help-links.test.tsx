import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { CandidateLayout } from './candidate-layout';
import { OpenLayout } from './open-layout';

/** The service centre and the customer-service phone are linked from the menu and the login page. */
vi.mock('../state', async (original) => ({
  ...(await original<typeof import('../state')>()),
  CandidateProvider: ({ children }: { children: React.ReactNode }) => children,
  useCandidate: () => ({
    loading: false,
    failed: false,
    canCandidate: true,
    message: '',
    enrollStatus: '0',
    userInfo: { id: 3, realName: '王小明' },
    plan: { customerServicePhone: '0851-12345678' },
    refresh: () => Promise.resolve(),
  }),
}));
vi.mock('../../areas/website/use-website', () => ({
  useWebsite: () => ({ customerServicePhone: '0851-87654321' }),
}));
// The open frame reads the website setting with a plain call (it is drawn before the query cache loads).
vi.mock('./service-phone', () => ({ useServicePhone: () => '0851-87654321' }));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/web/login', element: <OpenLayout />, children: [{ index: true, element: <div /> }] },
      {
        element: <CandidateLayout />,
        children: [
          { path: '/web/user_info', element: <div /> },
          { path: '/web/server_center', element: <div data-testid="server-center-page" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

// The first render of the whole layout is slow on a loaded machine (antd's menu and drawer).
describe('service links', { timeout: 15_000 }, () => {
  afterEach(cleanup);

  it('are in the candidate menu: the service centre page and a tel: link', async () => {
    renderAt('/web/user_info');
    fireEvent.click(screen.getByTestId('menu-toggle')); // jsdom is a phone: the menu is a drawer
    expect((await screen.findByTestId('menu-service-phone')).getAttribute('href')).toBe('tel:0851-12345678');
    fireEvent.click(screen.getByTestId('menu-server-center'));
    await screen.findByTestId('server-center-page');
  });

  it('are on the login page', () => {
    renderAt('/web/login');
    expect(screen.getByTestId('login-server-center').getAttribute('href')).toBe('/web/server_center');
    expect(screen.getByTestId('login-service-phone').getAttribute('href')).toBe('tel:0851-87654321');
  });
});
