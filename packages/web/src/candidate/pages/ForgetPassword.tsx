import { useState } from 'react';
import { Button, Form, Input, message } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { checkPasswordStrength, checkPhone } from '@tegang/domain';
import { forgetPassword } from '../../api/candidate';
import { AuthCard } from '../components/AuthCard';
import { SmsCodeInput } from '../components/SmsCodeInput';
import { showFormError } from '../errors';
import { usePageTitle } from '../hooks';
import { ruleOf, confirmPasswordRule, revalidateErrored } from '../rules';

interface ForgetPasswordForm {
  telephone: string;
  code: string;
  password: string;
  confirmPsw: string;
}

/** /web/forget_password: an FPCode code to the phone, then a new password (encrypted). */
export default function ForgetPassword() {
  const { t } = useTranslation();
  usePageTitle(t('web.forgetPassword.title'));
  const [form] = Form.useForm<ForgetPasswordForm>();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ telephone, code, password }: ForgetPasswordForm) => {
    setSubmitting(true);
    try {
      await forgetPassword({ telephone: telephone.trim(), code: code.trim(), password });
      message.success(t('auth.passwordReset'));
      navigate('/web/login', { replace: true });
    } catch (error) {
      showFormError(form, error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('web.forgetPassword.title')} testId="forget-password-card">
      <Form<ForgetPasswordForm>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        onValuesChange={(changed) => revalidateErrored(form, changed)}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="telephone" label={t('field.telephone')} required rules={[ruleOf(checkPhone)]}>
          <Input inputMode="tel" autoComplete="tel" maxLength={11} placeholder={t('field.telephone')} />
        </Form.Item>
        <SmsCodeInput form={form} kind="forgetPassword" />
        <Form.Item name="password" label={t('field.newPsw')} required rules={[ruleOf(checkPasswordStrength)]}>
          <Input.Password autoComplete="new-password" maxLength={20} placeholder={t('field.newPsw')} />
        </Form.Item>
        <Form.Item
          name="confirmPsw"
          label={t('field.confirmPsw')}
          required
          dependencies={['password']}
          rules={[confirmPasswordRule('password')]}
        >
          <Input.Password autoComplete="new-password" maxLength={20} placeholder={t('field.confirmPsw')} />
        </Form.Item>
        <Form.Item style={{ marginTop: 8 }}>
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={submitting}
            data-testid="forget-password-submit"
          >
            {t('web.forgetPassword.submit')}
          </Button>
        </Form.Item>
        <div style={{ textAlign: 'center', marginBottom: 16 }}>
          <Link to="/web/login">{t('web.auth.backToLogin')}</Link>
        </div>
      </Form>
    </AuthCard>
  );
}
