import { useState } from 'react';
import { Button, Form, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forgetUserName } from '../api';
import { AuthCard } from '../../../candidate/components/auth-card';
import { usePageTitle } from '../../../candidate/hooks';
import { AuthForm, PhoneCodeFields, useAuthSubmit } from './auth-form';

interface ForgetUserNameForm {
  telephone: string;
  code: string;
}

/** /web/forget_username: an FNCode code to the phone, then the user name is shown. */
export default function ForgetUserName() {
  const { t } = useTranslation();
  usePageTitle(t('web.forgetUserName.title'));
  const [form] = Form.useForm<ForgetUserNameForm>();
  const navigate = useNavigate();
  const [userName, setUserName] = useState<string | null>(null);
  const { submitting, submit } = useAuthSubmit(form, async ({ telephone, code }: ForgetUserNameForm) => {
    setUserName((await forgetUserName({ telephone: telephone.trim(), code: code.trim() })).userName);
  });

  return (
    <AuthCard title={t('web.forgetUserName.title')} testId="forget-username-card">
      {userName ? (
        <Result
          status="success"
          title={t('web.forgetUserName.result')}
          subTitle={
            <Typography.Text strong copyable style={{ fontSize: 20 }} data-testid="recovered-username">
              {userName}
            </Typography.Text>
          }
          extra={
            <Button type="primary" onClick={() => navigate('/web/login', { state: { userName } })}>
              {t('web.forgetUserName.login')}
            </Button>
          }
        />
      ) : (
        <AuthForm
          form={form}
          onSubmit={submit}
          submitting={submitting}
          submitLabel={t('web.forgetUserName.submit')}
          submitTestId="forget-username-submit"
          footer={{ to: '/web/login', label: t('web.auth.backToLogin') }}
        >
          <PhoneCodeFields form={form} kind="forgetUserName" />
        </AuthForm>
      )}
    </AuthCard>
  );
}
