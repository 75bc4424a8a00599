import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import i18n from '../../../i18n';
import { ApiError } from '../../../api/request';
import Login from './login-page';

/** The HTTP calls of the page (the server's side is covered by the server's auth tests and the e2e journeys). */
const api = vi.hoisted(() => ({
  getCaptcha: vi.fn(),
  login: vi.fn(),
}));
vi.mock('../api', async (original) => ({
  ...(await original<typeof import('../api')>()),
  getCaptcha: api.getCaptcha,
  login: api.login,
}));

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/web/login', element: <Login /> },
      { path: '/web/*', element: <div data-testid="signed-in" /> },
    ],
    { initialEntries: ['/web/login'] },
  );
  render(<RouterProvider router={router} />);
}

/** The plain login form (docs/decisions.md "A login page without antd"): the domain's rules, zh and en. */
describe('the candidate login page', () => {
  beforeEach(() => {
    api.getCaptcha.mockReset().mockResolvedValue({ enabled: false, uuid: '', img: '' });
    api.login.mockReset();
  });
  afterEach(async () => {
    cleanup();
    await act(() => i18n.changeLanguage('zh'));
  });

  it('shows the required messages on an empty submit, focuses the first, follows the language', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByTestId('login-submit'));

    expect(screen.getByText('请输入用户名或手机号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    const userName = screen.getByLabelText('用户名 / 手机号');
    expect(document.activeElement).toBe(userName);
    expect(userName.getAttribute('aria-invalid')).toBe('true');
    expect(api.login).not.toHaveBeenCalled();

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('Please enter your user name or phone number')).toBeTruthy();

    // A field in error is checked again on every change.
    await user.type(userName, 'a');
    expect(screen.queryByText('Please enter your user name or phone number')).toBeNull();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
  });

  it('asks for the captcha when the server shows one, sends it with its uuid, and puts a field error under it', async () => {
    api.getCaptcha.mockResolvedValue({ enabled: true, uuid: 'u-1', img: 'data:image/png;base64,' });
    api.login.mockRejectedValueOnce(
      new ApiError(400, '验证码错误', {
        errors: [{ field: 'captcha', label: '验证码', message: '验证码错误' }],
      }),
    );
    const user = userEvent.setup();
    renderLogin();
    const captcha = await screen.findByLabelText('验证码');
    expect(captcha.getAttribute('maxlength')).toBe('10');

    await user.type(screen.getByLabelText('用户名 / 手机号'), ' zhang ');
    await user.type(screen.getByLabelText('密码'), 'Abc123!x');
    await user.click(screen.getByTestId('login-submit'));
    expect(screen.getByText('请输入图形验证码')).toBeTruthy();
    expect(api.login).not.toHaveBeenCalled();

    await user.type(captcha, 'ab12');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() =>
      expect(api.login).toHaveBeenCalledWith({
        userName: 'zhang',
        password: 'Abc123!x',
        captcha: 'ab12',
        uuid: 'u-1',
      }),
    );
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    // A captcha is single-use: the page fetched a new one.
    await waitFor(() => expect(api.getCaptcha).toHaveBeenCalledTimes(2));

    api.login.mockResolvedValueOnce('token');
    await user.type(screen.getByLabelText('验证码'), 'cd34');
    await user.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('signed-in');
  });
});
