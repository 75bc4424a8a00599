import { Form, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ID_CARD_LENGTH,
  REAL_NAME_MAX,
  USER_NAME_MAX,
  checkIdCard,
  checkRealName,
  checkUserName,
} from '@tegang/domain';
import { register, type RegisterInput } from '../api';
import { AuthCard } from '../../../candidate/components/auth-card';
import { usePageTitle } from '../../../candidate/hooks';
import { AuthForm, CheckedField, NewPasswordFields, PhoneCodeFields, useAuthSubmit } from './auth-form';

type RegisterForm = RegisterInput & { confirmPsw: string };

/** /web/register: account, identity and phone with its SMS code (POST /api/register, encrypted). */
export default function Register() {
  const { t } = useTranslation();
  usePageTitle(t('web.register.title'));
  const [form] = Form.useForm<RegisterForm>();
  const navigate = useNavigate();
  const { submitting, submit } = useAuthSubmit(form, async ({ confirmPsw: _c, ...values }: RegisterForm) => {
    await register({
      ...values,
      userName: values.userName.trim(),
      realName: values.realName.trim(),
      idCard: values.idCard.trim().toUpperCase(),
      telephone: values.telephone.trim(),
      code: values.code.trim(),
    });
    message.success(t('auth.registered'));
    navigate('/web/login', { replace: true, state: { userName: values.userName.trim() } });
  });

  return (
    <AuthCard title={t('web.register.title')} testId="register-card">
      <AuthForm
        form={form}
        onSubmit={submit}
        submitting={submitting}
        submitLabel={t('web.register.submit')}
        submitTestId="register-submit"
        footer={{ to: '/web/login', label: t('web.auth.hasAccount') }}
        scrollToFirstError
      >
        <CheckedField
          name="userName"
          labelKey="field.userName"
          check={checkUserName}
          maxLength={USER_NAME_MAX}
          autoComplete="username"
        />
        <NewPasswordFields labelKey="field.password" labelledRequired />
        <CheckedField
          name="realName"
          labelKey="field.realName"
          check={checkRealName}
          maxLength={REAL_NAME_MAX}
          autoComplete="name"
        />
        <CheckedField
          name="idCard"
          labelKey="field.idCard"
          check={checkIdCard}
          maxLength={ID_CARD_LENGTH}
          autoComplete="off"
          extra={t('web.register.idCardHint')}
        />
        <PhoneCodeFields form={form} kind="register" />
      </AuthForm>
    </AuthCard>
  );
}
