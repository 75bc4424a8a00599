import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { captchaRequired, getCaptcha, login, type Captcha } from '../api';
import { setToken } from '../../api/tokens';
import { required } from '../../components/rules';
import { LangSwitch } from '../lang-switch';
import { HOME_PATH } from '../pages';
import { usePageTitle } from '../title';
import { maxLengthOf, loginSchema } from '@tegang/domain';

interface LoginValues {
  userName: string;
  password: string;
  captcha?: string;
}

/** Only a path of this site is a target after login (no open redirect). */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login')
    ? value
    : HOME_PATH;
}

/** The captcha image: click to fetch another (`onRefresh`); a note when it could not be fetched. */
function CaptchaButton(props: { captcha: Captcha | null; failed: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  const { captcha } = props;
  return (
    <button
      type="button"
      onClick={props.onRefresh}
      title={t(props.failed ? 'admin.login.captchaFailed' : 'admin.login.refreshCaptcha')}
      aria-label={t('admin.login.refreshCaptcha')}
      data-testid="login-captcha-img"
      style={{
        width: 120,
        height: 40,
        flex: 'none',
        padding: 0,
        border: '1px solid #d9d9d9',
        borderRadius: 8,
        background: '#f2f4f7',
        cursor: 'pointer',
        overflow: 'hidden',
      }}
    >
      {captcha?.img ? (
        <img src={captcha.img} alt={t('field.captcha')} style={{ width: '100%', height: '100%' }} />
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('admin.login.captchaFailed')}
        </Typography.Text>
      )}
    </button>
  );
}

/**
 * Back-office login (spec §2 /login, §7 "Admin auth"): user name, password and, when the server asks
 * for one, an image captcha (click to refresh). The captcha shows when captchas are on, and also when
 * captchas are off but a login answered data.captchaRequired (two failures of the account): the
 * page then asks for a forced one from then on. The credentials are sent encrypted; the answer is
 * the token.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaError, setCaptchaError] = useState(false);
  /** The server asked for a captcha although captchas are off: always fetch a forced one. */
  const [forced, setForced] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  usePageTitle(t('admin.login.title'));

  const refreshCaptcha = useCallback(() => {
    setCaptchaError(false);
    getCaptcha(forced)
      .then(setCaptcha)
      .catch(() => setCaptchaError(true));
  }, [forced]);
  useEffect(refreshCaptcha, [refreshCaptcha]);

  const submit = async (values: LoginValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const token = await login({
        userName: values.userName.trim(),
        password: values.password,
        captcha: values.captcha?.trim() ?? '',
        uuid: captcha?.uuid ?? '',
        enableCaptcha: !!captcha?.enabled,
      });
      setToken('admin', token);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      setError((e as Error).message);
      form.setFieldValue('captcha', '');
      // A forced captcha is fetched by the effect once `forced` turns on.
      if (captchaRequired(e) && !captcha?.enabled && !forced) setForced(true);
      else if (captcha?.enabled) refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(135deg, #1f4e8c 0%, #409EFF 55%, #7cc0ff 100%)',
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '12px 16px', color: '#fff' }}>
        <LangSwitch light />
      </div>
      <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
        <Card style={{ width: '100%', maxWidth: 400, boxShadow: '0 12px 32px rgba(0,0,0,0.18)' }}>
          <div style={{ textAlign: 'center', marginBottom: 24 }}>
            <img src="/favicon.svg" alt="" width={48} height={48} />
            <Typography.Title level={3} style={{ margin: '12px 0 4px' }} data-testid="login-title">
              {t('admin.systemName')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('admin.login.subtitle')}</Typography.Text>
          </div>
          {error && (
            <Alert
              type="error"
              showIcon
              message={error}
              style={{ marginBottom: 16 }}
              data-testid="login-error"
              role="alert"
            />
          )}
          <Form<LoginValues> form={form} size="large" onFinish={submit} autoComplete="on">
            <Form.Item name="userName" rules={[required('field.userName')]}>
              <Input
                prefix={<UserOutlined />}
                placeholder={t('admin.login.userName')}
                aria-label={t('field.userName')}
                autoComplete="username"
                data-testid="login-username"
              />
            </Form.Item>
            <Form.Item name="password" rules={[required('field.password')]}>
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('admin.login.password')}
                aria-label={t('field.password')}
                autoComplete="current-password"
                data-testid="login-password"
              />
            </Form.Item>
            {(captcha?.enabled || captchaError) && (
              <Form.Item required>
                <div style={{ display: 'flex', gap: 8 }}>
                  <Form.Item
                    name="captcha"
                    noStyle
                    rules={[required('field.captcha', 'rule.captcha.required')]}
                  >
                    <Input
                      prefix={<SafetyOutlined />}
                      placeholder={t('admin.login.captcha')}
                      aria-label={t('field.captcha')}
                      autoComplete="off"
                      maxLength={maxLengthOf(loginSchema.shape.captcha)}
                      data-testid="login-captcha"
                    />
                  </Form.Item>
                  <CaptchaButton captcha={captcha} failed={captchaError} onRefresh={refreshCaptcha} />
                </div>
              </Form.Item>
            )}
            <Form.Item style={{ marginBottom: 0 }}>
              <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
                {t('admin.login.submit')}
              </Button>
            </Form.Item>
          </Form>
        </Card>
      </div>
    </div>
  );
}
