import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { UNLOCK_MAX_FAILURES } from '@tegang/domain';
import { getToken, setToken } from '../../api/tokens';
import { router } from '../router';
import { queryClient } from '../query-client';
import { WEB_LOCK_KEY, clearWebLock } from './lock-store';

/**
 * Spec §2 "Route guards" on the front site: a locked session goes to the lock page from every logged-in
 * page, and unlocking returns to the page it was locked on; §4 "Lock": the first lock sets the lock
 * password (required), later ones lock at once; too many wrong passwords end the session. The real
 * candidate router; the server answers every call with a 404 (the pages' content does not matter).
 */
// The whole site renders on a loaded machine: its lazy pages and antd's dialogs take their time.
configure({ asyncUtilTimeout: 10_000 });

const fetchMock = vi.fn(async () => ({
  status: 200,
  json: async () => ({ code: 404, msg: '', data: null }),
}));

function renderSite(path: string) {
  void router.navigate(path, { replace: true });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

const at = () => router.state.location.pathname;
/**
 * The lock button: jsdom is a phone, so it is in the menu drawer's footer. The first look waits for
 * the page's and the drawer's lazy modules, which vitest transforms on first import: beside the
 * whole suite on two cores that took more than 10 s. The drawer closes when the path changes, so a
 * navigation that lands after the click closes it again: the menu is opened until the button shows
 * (opening an open drawer changes nothing).
 */
async function lockButton(): Promise<HTMLElement> {
  const firstLoad = { timeout: 30_000 };
  await screen.findByTestId('menu-toggle', {}, firstLoad);
  return waitFor(() => {
    const button = screen.queryByTestId('web-lock-button');
    if (button) return button;
    fireEvent.click(screen.getByTestId('menu-toggle'));
    throw new Error('the menu drawer shows no lock button yet');
  }, firstLoad);
}
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

describe('the front site lock', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setToken('candidate', 'front-token');
  });
  afterEach(() => {
    cleanup();
    clearWebLock();
    vi.unstubAllGlobals();
  });

  it('sets the password on the first lock, guards every page, and unlocking returns to the page', async () => {
    renderSite('/web/enroll_table');
    fireEvent.click(await lockButton());
    fireEvent.click(await screen.findByTestId('web-lock-set-ok'));
    expect(await screen.findByText('锁屏密码不能为空')).toBeTruthy();
    type('web-lock-set-password', 'Lock-1');
    fireEvent.click(screen.getByTestId('web-lock-set-ok'));
    await screen.findByTestId('web-lock-page');
    expect(at()).toBe('/web/lock');
    // The stored lock has a digest, never the password.
    expect(sessionStorage.getItem(WEB_LOCK_KEY)).not.toContain('Lock-1');

    // Every logged-in page goes to the lock page while locked.
    await act(() => router.navigate('/web/user_info'));
    await waitFor(() => expect(at()).toBe('/web/lock'));

    type('web-unlock-password', 'wrong');
    fireEvent.click(screen.getByTestId('web-unlock-submit'));
    expect(await screen.findByText('锁屏密码错误')).toBeTruthy();
    expect(at()).toBe('/web/lock');

    type('web-unlock-password', 'Lock-1');
    fireEvent.click(screen.getByTestId('web-unlock-submit'));
    await waitFor(() => expect(at()).toBe('/web/enroll_table'));

    // The password is kept: the next lock is at once, without the dialog.
    fireEvent.click(await lockButton());
    await screen.findByTestId('web-lock-page');
    expect(screen.queryByTestId('web-lock-set-password')).toBeNull();
  });

  it(`ends the session after ${UNLOCK_MAX_FAILURES} wrong passwords; unlocked, the lock page is the home`, async () => {
    renderSite('/web/user_info');
    fireEvent.click(await lockButton());
    type('web-lock-set-password', 'Lock-1');
    fireEvent.click(await screen.findByTestId('web-lock-set-ok'));
    await screen.findByTestId('web-lock-page');
    const failures = () =>
      (JSON.parse(sessionStorage.getItem(WEB_LOCK_KEY) ?? '{}') as { failures?: number }).failures;
    for (let i = 1; i < UNLOCK_MAX_FAILURES; i++) {
      type('web-unlock-password', `wrong${i}`);
      fireEvent.click(screen.getByTestId('web-unlock-submit'));
      await waitFor(() => expect(failures()).toBe(i));
      await waitFor(() => expect(screen.getByTestId('web-unlock-submit').className).not.toContain('loading'));
    }
    type('web-unlock-password', 'wrong-last');
    fireEvent.click(screen.getByTestId('web-unlock-submit'));
    await waitFor(() => expect(at()).toBe('/web/login'));
    expect(getToken('candidate')).toBeNull();
    expect(sessionStorage.getItem(WEB_LOCK_KEY)).toBeNull();

    // Logged in again and not locked, /web/lock is the home.
    setToken('candidate', 'front-token');
    await act(() => router.navigate('/web/lock'));
    await waitFor(() => expect(at()).toBe('/web/user_info'));
  });
});
