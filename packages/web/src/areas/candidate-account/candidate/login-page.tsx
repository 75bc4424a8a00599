import { useEffect, useState } from 'react';
import { Button, Form, Input, Space, Spin, message } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { captchaRequired, getCaptcha, login, type Captcha } from '../api';
import { AuthCard } from '../../../candidate/components/auth-card';
import { showFormError } from '../../../candidate/errors';
import { requiredMessage, revalidateErrored } from '../../../candidate/rules';
import { usePageTitle } from '../../../candidate/hooks';
import { startSession } from '../../../candidate/session';
import { maxLengthOf, loginSchema } from '@tegang/domain';

interface LoginForm {
  userName: string;
  password: string;
  captcha?: string;
}

/**
 * /web/login: user name or phone, password, and the image captcha when the server has it on, or
 * when a login answered data.captchaRequired (two failures of the account, captchas off): from then
 * on the page fetches a forced captcha.
 */
export default function Login() {
  const { t } = useTranslation();
  usePageTitle(t('web.login.title'));
  const [form] = Form.useForm<LoginForm>();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as { from?: string; userName?: string };
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaLoading, setCaptchaLoading] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  /** The server asked for a captcha although captchas are off. */
  const [forced, setForced] = useState(false);

  const refreshCaptcha = async (force = forced) => {
    setCaptchaLoading(true);
    try {
      setCaptcha(await getCaptcha(force));
      form.setFieldValue('captcha', '');
    } catch {
      setCaptcha(null);
    } finally {
      setCaptchaLoading(false);
    }
  };
  useEffect(() => {
    void refreshCaptcha();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once on opening the page
  }, []);

  const submit = async (values: LoginForm) => {
    setSubmitting(true);
    try {
      const token = await login({
        userName: values.userName.trim(),
        password: values.password,
        ...(captcha?.enabled ? { captcha: values.captcha?.trim(), uuid: captcha.uuid } : {}),
      });
      startSession(token);
      message.success(t('web.login.success'));
      const from =
        state.from && state.from.startsWith('/web/') && state.from !== '/web/login' ? state.from : '/web';
      navigate(from, { replace: true });
    } catch (error) {
      showFormError(form, error);
      const needed = captchaRequired(error);
      if (needed && !forced) setForced(true);
      if (captcha?.enabled || needed) void refreshCaptcha(forced || needed); // a captcha is single-use
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('web.login.title')} testId="login-card">
      <Form<LoginForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ userName: state.userName ?? '' }}
        onValuesChange={(changed) => revalidateErrored(form, changed)}
        onFinish={(v) => void submit(v)}
        size="large"
      >
        <Form.Item
          name="userName"
          label={t('web.login.account')}
          rules={[requiredMessage('web.login.account.required')]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" placeholder={t('web.login.account')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('field.password')}
          rules={[requiredMessage('web.login.password.required')]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            placeholder={t('field.password')}
          />
        </Form.Item>
        {captcha?.enabled && (
          <Form.Item label={t('field.captcha')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="captcha" noStyle rules={[requiredMessage('rule.captcha.required')]}>
                <Input
                  prefix={<SafetyOutlined />}
                  maxLength={maxLengthOf(loginSchema.shape.captcha)}
                  autoComplete="off"
                  placeholder={t('field.captcha')}
                  aria-label={t('field.captcha')}
                />
              </Form.Item>
              <Button
                onClick={() => void refreshCaptcha()}
                title={t('web.login.captcha.refresh')}
                aria-label={t('web.login.captcha.refresh')}
                data-testid="captcha-refresh"
                style={{ padding: 0, width: 120, overflow: 'hidden' }}
              >
                {captchaLoading ? (
                  <Spin size="small" />
                ) : (
                  <img
                    src={captcha.img}
                    alt={t('field.captcha')}
                    data-testid="captcha-img"
                    style={{ height: 38 }}
                  />
                )}
              </Button>
            </Space.Compact>
          </Form.Item>
        )}
        <Form.Item style={{ marginTop: 8 }}>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
            {t('web.login.submit')}
          </Button>
        </Form.Item>
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 8,
            marginBottom: 16,
          }}
        >
          <Link to="/web/register">{t('web.login.toRegister')}</Link>
          <Space size={16}>
            <Link to="/web/forget_password">{t('web.login.forgetPassword')}</Link>
            <Link to="/web/forget_username">{t('web.login.forgetUserName')}</Link>
          </Space>
        </div>
      </Form>
    </AuthCard>
  );
}
