import { useState } from 'react';
import { Button, Form, Input, Result, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { checkPhone } from '@tegang/domain';
import { forgetUserName } from '../../api/candidate';
import { AuthCard } from '../components/AuthCard';
import { SmsCodeInput } from '../components/SmsCodeInput';
import { showFormError } from '../errors';
import { usePageTitle } from '../hooks';
import { ruleOf, revalidateErrored } from '../rules';

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
  const [submitting, setSubmitting] = useState(false);
  const [userName, setUserName] = useState<string | null>(null);

  const submit = async ({ telephone, code }: ForgetUserNameForm) => {
    setSubmitting(true);
    try {
      setUserName((await forgetUserName({ telephone: telephone.trim(), code: code.trim() })).userName);
    } catch (error) {
      showFormError(form, error);
    } finally {
      setSubmitting(false);
    }
  };

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
        <Form<ForgetUserNameForm>
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          onValuesChange={(changed) => revalidateErrored(form, changed)}
          onFinish={(v) => void submit(v)}
        >
          <Form.Item name="telephone" label={t('field.telephone')} required rules={[ruleOf(checkPhone)]}>
            <Input inputMode="tel" autoComplete="tel" maxLength={11} placeholder={t('field.telephone')} />
          </Form.Item>
          <SmsCodeInput form={form} kind="forgetUserName" />
          <Form.Item style={{ marginTop: 8 }}>
            <Button
              type="primary"
              htmlType="submit"
              block
              size="large"
              loading={submitting}
              data-testid="forget-username-submit"
            >
              {t('web.forgetUserName.submit')}
            </Button>
          </Form.Item>
          <div style={{ textAlign: 'center', marginBottom: 16 }}>
            <Link to="/web/login">{t('web.auth.backToLogin')}</Link>
          </div>
        </Form>
      )}
    </AuthCard>
  );
}
