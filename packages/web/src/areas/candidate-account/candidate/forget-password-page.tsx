import { Form, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forgetPassword } from '../api';
import { AuthCard } from '../../../candidate/components/auth-card';
import { usePageTitle } from '../../../candidate/hooks';
import { AuthForm, NewPasswordFields, PhoneCodeFields, useAuthSubmit } from './auth-form';

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
  const { submitting, submit } = useAuthSubmit(
    form,
    async ({ telephone, code, password }: ForgetPasswordForm) => {
      await forgetPassword({ telephone: telephone.trim(), code: code.trim(), password });
      message.success(t('auth.passwordReset'));
      navigate('/web/login', { replace: true });
    },
  );

  return (
    <AuthCard title={t('web.forgetPassword.title')} testId="forget-password-card">
      <AuthForm
        form={form}
        onSubmit={submit}
        submitting={submitting}
        submitLabel={t('web.forgetPassword.submit')}
        submitTestId="forget-password-submit"
        footer={{ to: '/web/login', label: t('web.auth.backToLogin') }}
      >
        <PhoneCodeFields form={form} kind="forgetPassword" />
        <NewPasswordFields labelKey="field.newPsw" />
      </AuthForm>
    </AuthCard>
  );
}
