import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { SmsCodeInput } from './sms-code-input';

// The server's answer to "send a code" (the API call is the only thing replaced here).
const sent: string[] = [];
vi.mock('../api', () => ({
  sendSmsCode: (_kind: string, telephone: string) => {
    sent.push(telephone);
    return Promise.resolve('验证码已发送');
  },
}));

beforeAll(() => i18n.changeLanguage('zh'));

function ForgetForm() {
  const [form] = Form.useForm();
  return (
    <Form form={form}>
      <Form.Item name="telephone" rules={[{ required: true }]}>
        <Input data-testid="phone" />
      </Form.Item>
      <SmsCodeInput form={form} kind="forgetPassword" />
    </Form>
  );
}

describe('the SMS countdown of the forgot-password form', () => {
  it('ends when the phone number is corrected, so the right number gets its code at once', async () => {
    render(<ForgetForm />);
    const button = () => screen.getByTestId('sms-send') as HTMLButtonElement;
    fireEvent.change(screen.getByTestId('phone'), { target: { value: '13900000001' } });
    await act(async () => {
      fireEvent.click(button());
    });
    await waitFor(() => expect(button().disabled).toBe(true));
    expect(sent).toEqual(['13900000001']);

    // The same number typed again (spaces trimmed) keeps the countdown.
    fireEvent.change(screen.getByTestId('phone'), { target: { value: '13900000001 ' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(button().disabled).toBe(true);

    fireEvent.change(screen.getByTestId('phone'), { target: { value: '13900000002' } });
    await waitFor(() => expect(button().disabled).toBe(false));
    await act(async () => {
      fireEvent.click(button());
    });
    await waitFor(() => expect(sent).toEqual(['13900000001', '13900000002']));
    expect(button().disabled).toBe(true);
  });
});
