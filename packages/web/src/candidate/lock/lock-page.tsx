import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { App, Avatar, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isLoggedIn, logout } from '../session';
import { WEB_LOCK_PATH, unlockWeb, useWebLock } from './lock-store';
import { PRIMARY } from '../theme-colors';

const HOME = '/web/user_info';

/**
 * /web/lock, the front site's lock page (spec §2 "Route guards", §4 "Lock"), as the console's /lock:
 * the candidate's name, the lock password (required), 解锁 back to the page the candidate locked, and
 * a logout link. Without a token it is the login page; unlocked, the home.
 */
export default function WebLockPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const lock = useWebLock();
  const [busy, setBusy] = useState(false);

  if (!isLoggedIn()) return <Navigate to="/web/login" replace />;
  if (!lock.locked) return <Navigate to={HOME} replace />;

  const leave = async () => {
    await logout();
    navigate('/web/login', { replace: true });
  };

  const unlock = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      const from = lock.from && lock.from !== WEB_LOCK_PATH ? lock.from : HOME;
      const outcome = await unlockWeb(password);
      if (outcome === 'unlocked') navigate(from, { replace: true });
      else if (outcome === 'wrong') void message.error(t('web.lock.wrong'));
      else {
        void message.error(t('web.lock.ended'));
        await leave();
      }
    } finally {
      setBusy(false);
    }
  };

  const quit = () =>
    modal.confirm({
      title: t('common.systemTip'),
      content: t('web.logout.confirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'web-lock-logout-ok' },
      onOk: leave,
    });

  return (
    <Card data-testid="web-lock-page">
      <div style={{ textAlign: 'center', marginBottom: 16 }}>
        <Avatar size={64} icon={<UserOutlined />} style={{ background: PRIMARY }} />
        <Typography.Title level={2} style={{ margin: '12px 0 0', fontSize: 18 }} data-testid="web-lock-user">
          {lock.name}
        </Typography.Title>
        <Typography.Text type="secondary">
          <LockOutlined /> {t('web.lock.title')}
        </Typography.Text>
      </div>
      <Form layout="vertical" onFinish={(v: { password: string }) => void unlock(v)}>
        <Form.Item
          name="password"
          label={t('web.lock.enter')}
          rules={[{ required: true, message: t('auth.lock.passwordRequired') }]}
        >
          <Input.Password autoFocus autoComplete="current-password" data-testid="web-unlock-password" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={busy}
          icon={<UnlockOutlined />}
          data-testid="web-unlock-submit"
        >
          {t('web.lock.unlock')}
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Button type="link" onClick={quit} data-testid="web-lock-logout">
          {t('web.lock.logoutLink')}
        </Button>
      </div>
    </Card>
  );
}
