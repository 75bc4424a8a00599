import { useEffect, useState } from 'react';
import { Button, Form, Input, Space, message, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { SMS_RESEND_S, checkSmsCode, SMS_CODE_LENGTH } from '@tegang/domain';
import { sendSmsCode, type SmsKind } from '../api';
import { ruleOf } from '../../../candidate/rules';

/**
 * The SMS code field with its "get code" button: the button checks the phone field first, asks the
 * server for a code of `kind`, then counts down SMS_RESEND_S (60 s) before it can be used again.
 * The countdown belongs to the number the code went to: correcting the phone number ends it, so the
 * right number can get its code at once (the server limits each number on its own).
 */
export function SmsCodeInput({
  form,
  kind,
  phoneField = 'telephone',
  name = 'code',
}: {
  form: FormInstance;
  kind: SmsKind;
  phoneField?: string;
  name?: string;
}) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const phone = Form.useWatch(phoneField, form) as string | undefined;

  useEffect(() => {
    if (sentTo === null || (phone ?? '').trim() === sentTo) return;
    setSentTo(null);
    setLeft(0);
  }, [phone, sentTo]);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    let telephone: string;
    try {
      telephone = (await form.validateFields([phoneField]))[phoneField] as string;
    } catch {
      return; // the phone field shows why
    }
    setSending(true);
    try {
      const msg = await sendSmsCode(kind, telephone.trim());
      message.success(msg || t('sms.sent'));
      setSentTo(telephone.trim());
      setLeft(SMS_RESEND_S);
    } catch {
      // request() showed the server's reason (already registered, too frequent …)
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item label={t('field.code')} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={name} noStyle rules={[ruleOf(checkSmsCode)]}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            placeholder={t('field.code')}
            aria-label={t('field.code')}
          />
        </Form.Item>
        <Button data-testid="sms-send" onClick={() => void send()} loading={sending} disabled={left > 0}>
          {left > 0 ? t('web.sms.resend', { seconds: left }) : t('web.sms.send')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
