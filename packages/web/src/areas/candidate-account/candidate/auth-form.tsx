import { useState, type ReactNode } from 'react';
import { Button, Form, Input, type FormInstance } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PASSWORD_MAX,
  PHONE_LENGTH,
  checkNewPasswordLength,
  checkPasswordStrength,
  checkPhone,
  type MessageKey,
} from '@tegang/domain';
import type { SmsKind } from '../api';
import { required } from '../../../components/rules';
import { showFormError } from '../../../candidate/errors';
import { ruleOf, confirmPasswordRule, revalidateErrored } from '../../../candidate/rules';
import { SmsCodeInput } from './sms-code-input';

/**
 * The parts the open account pages (register, password and user-name recovery) share: the form with
 * its submit button and footer link, the phone + SMS code pair and the new password + confirmation.
 */

/** A submit handler with its busy flag; a failure lands on the form's fields (or a toast). */
export function useAuthSubmit<V>(form: FormInstance<V>, action: (values: V) => Promise<unknown>) {
  const [submitting, setSubmitting] = useState(false);
  const submit = async (values: V) => {
    setSubmitting(true);
    try {
      await action(values);
    } catch (error) {
      showFormError(form, error);
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, submit };
}

/** A vertical form validated on blur (fixed fields re-checked on change), a full-width submit, a footer link. */
export function AuthForm<V>({
  form,
  onSubmit,
  submitting,
  submitLabel,
  submitTestId,
  footer,
  scrollToFirstError,
  children,
}: {
  form: FormInstance<V>;
  onSubmit: (values: V) => Promise<void>;
  submitting: boolean;
  submitLabel: string;
  submitTestId: string;
  footer: { to: string; label: string };
  scrollToFirstError?: boolean;
  children: ReactNode;
}) {
  return (
    <Form<V>
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      onValuesChange={(changed) => revalidateErrored(form, changed)}
      onFinish={(v) => void onSubmit(v)}
      scrollToFirstError={scrollToFirstError}
    >
      {children}
      <Form.Item style={{ marginTop: 8 }}>
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={submitting}
          data-testid={submitTestId}
        >
          {submitLabel}
        </Button>
      </Form.Item>
      <div style={{ textAlign: 'center', marginBottom: 16 }}>
        <Link to={footer.to}>{footer.label}</Link>
      </div>
    </Form>
  );
}

/** The phone (field `telephone`) and the SMS code of `kind` sent to it. */
export function PhoneCodeFields({ form, kind }: { form: FormInstance; kind: SmsKind }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="telephone" label={t('field.telephone')} required rules={[ruleOf(checkPhone)]}>
        <Input
          inputMode="tel"
          autoComplete="tel"
          maxLength={PHONE_LENGTH}
          placeholder={t('field.telephone')}
        />
      </Form.Item>
      <SmsCodeInput form={form} kind={kind} />
    </>
  );
}

/**
 * A new password (strength rule; field `name`) and its confirmation (field `confirmPsw`). An empty
 * password answers '{label}不能为空' with `labelledRequired`, else the first rule's own message;
 * `lengthFirst` checks the length before the strength (password change).
 */
export function NewPasswordFields({
  name = 'password',
  labelKey,
  labelledRequired = false,
  lengthFirst = false,
  placeholders = true,
}: {
  name?: 'password' | 'newPsw';
  labelKey: 'field.password' | 'field.newPsw';
  labelledRequired?: boolean;
  lengthFirst?: boolean;
  placeholders?: boolean;
}) {
  const { t } = useTranslation();
  const rules = [
    ...(labelledRequired ? [required(labelKey)] : []),
    ...(lengthFirst ? [ruleOf(checkNewPasswordLength)] : []),
    ruleOf(checkPasswordStrength),
  ];
  return (
    <>
      <Form.Item name={name} label={t(labelKey)} required validateFirst rules={rules}>
        <Input.Password
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          placeholder={placeholders ? t(labelKey) : undefined}
        />
      </Form.Item>
      <Form.Item
        name="confirmPsw"
        label={t('field.confirmPsw')}
        required
        dependencies={[name]}
        rules={[confirmPasswordRule(name)]}
      >
        <Input.Password
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          placeholder={placeholders ? t('field.confirmPsw') : undefined}
        />
      </Form.Item>
    </>
  );
}

/** A required text field checked by a domain rule ('{label}不能为空' first, then the rule's message). */
export function CheckedField({
  name,
  labelKey,
  check,
  maxLength,
  autoComplete,
  placeholder = true,
  extra,
}: {
  name: string;
  labelKey: MessageKey;
  check: (value: unknown) => MessageKey | null;
  maxLength: number;
  autoComplete: string;
  placeholder?: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t(labelKey)}
      required
      validateFirst
      rules={[required(labelKey), ruleOf(check)]}
      extra={extra}
    >
      <Input
        autoComplete={autoComplete}
        maxLength={maxLength}
        placeholder={placeholder ? t(labelKey) : undefined}
      />
    </Form.Item>
  );
}
