import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@tegang/domain';
import i18n from '../../i18n';
import { PermissionsProvider } from '../../components/crud';
import { NOTICE_TARGET, NoticeButton } from './notice-button';

/**
 * Spec §3 "User session": the top bar's notice control (enrolments waiting for audit) is hidden when
 * the session's supervision flag is true, shown when it is false (the default).
 */
vi.mock('../../areas/enroll/admin-api', () => ({
  enrollStatistics: () => Promise.resolve({ audit: { pending: 3, passed: 1, rejected: 0 } }),
}));
const user = vi.hoisted(() => ({ current: {} as Partial<AdminUser> }));
vi.mock('../session', () => ({
  useSession: () => ({ info: { user: user.current, roles: [], permissions: ['*'] }, menu: [] }),
}));

function mount(permissions = ['*']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>
          <PermissionsProvider permissions={permissions}>
            <NoticeButton />
          </PermissionsProvider>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => i18n.changeLanguage('zh'));

describe('the notice control (spec §3 "User session" supervision flag)', () => {
  it('shows the pending audits to an account whose supervision flag is false, linking to the enrolments', async () => {
    user.current = { supervision: false };
    await i18n.changeLanguage('zh');
    mount();
    const button = await screen.findByTestId('notice-button');
    expect(await screen.findByText('3')).toBeTruthy();
    // its name holds the number it shows (label in name)
    expect(button.getAttribute('aria-label')).toBe('通知 3');
    fireEvent.click(button);
    const link = await screen.findByTestId('notice-pending');
    expect(link.textContent).toBe('3 份报名待审核');
    expect(link.getAttribute('href')).toBe(NOTICE_TARGET);
  });

  it('says it in English too', async () => {
    user.current = { supervision: false };
    await i18n.changeLanguage('en');
    mount();
    fireEvent.click(await screen.findByTestId('notice-button'));
    expect((await screen.findByTestId('notice-pending')).textContent).toBe('Enrolments waiting for audit: 3');
  });

  it('is not shown when the supervision flag is true', async () => {
    user.current = { supervision: true };
    mount();
    expect(screen.queryByTestId('notice-button')).toBeNull();
  });

  it('is not shown without the dashboard key whose counts it reads', async () => {
    user.current = { supervision: false };
    mount(['system:user:list']);
    expect(screen.queryByTestId('notice-button')).toBeNull();
  });
});
