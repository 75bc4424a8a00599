import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { MemoryRouter } from 'react-router';
import i18n from '../../../i18n';
import { AuthForm, NewPasswordFields, PhoneCodeFields } from './auth-form';

type Values = { telephone: string; code: string; password: string; confirmPsw: string };

function ResetPassword({ onSubmit }: { onSubmit: (v: Values) => Promise<void> }) {
  const [form] = Form.useForm<Values>();
  return (
    <MemoryRouter>
      <AuthForm
        form={form}
        onSubmit={onSubmit}
        submitting={false}
        submitLabel="重置密码"
        submitTestId="submit"
        footer={{ to: '/web/login', label: '返回登录' }}
      >
        <PhoneCodeFields form={form} kind="forgetPassword" />
        <NewPasswordFields labelKey="field.newPsw" />
      </AuthForm>
    </MemoryRouter>
  );
}

describe('the shared parts of the open account pages', () => {
  afterEach(cleanup);

  it('shows the phone and password rules on the fields and does not submit', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(<ResetPassword onSubmit={onSubmit} />);

    await user.type(screen.getByPlaceholderText(i18n.t('field.telephone')), '12345');
    await user.type(screen.getByPlaceholderText(i18n.t('field.newPsw')), 'Abc123!x');
    await user.type(screen.getByPlaceholderText(i18n.t('field.confirmPsw')), 'Abc123!y');
    await user.click(screen.getByTestId('submit'));

    expect(await screen.findByText(i18n.t('rule.phone.length'))).toBeTruthy();
    expect(await screen.findByText(i18n.t('rule.confirmPsw.mismatch'))).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: '返回登录' }).getAttribute('href')).toBe('/web/login');
  });

  it('submits the phone, the code and the new password once they are valid', async () => {
    const onSubmit = vi.fn((_v: Values) => Promise.resolve());
    const user = userEvent.setup();
    render(<ResetPassword onSubmit={onSubmit} />);

    await user.type(screen.getByPlaceholderText(i18n.t('field.telephone')), '13900000001');
    await user.type(screen.getByRole('textbox', { name: i18n.t('field.code') }), '123456');
    await user.type(screen.getByPlaceholderText(i18n.t('field.newPsw')), 'Abc123!x');
    await user.type(screen.getByPlaceholderText(i18n.t('field.confirmPsw')), 'Abc123!x');
    await user.click(screen.getByTestId('submit'));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      telephone: '13900000001',
      code: '123456',
      password: 'Abc123!x',
    });
  });
});
