import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Avatar, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unlockSession } from '../api';
import { ApiError } from '../../api/request';
import { clearLock, useLock } from '../chrome/lock-store';
import { LOCK_STATE_QUERY } from '../chrome/lock-button';
import { useLogoutConfirm } from '../chrome/use-logout-confirm';
import { useSystemName } from '../../areas/website/use-website';
import { LangSwitch } from '../lang-switch';
import { HOME_PATH } from '../pages';
import { session } from '../session';
import { usePageTitle } from '../title';

/** /lock (spec §2, §4 "Lock"): the user, a password field checked by POST /auth/unlock, a logout link. */
export default function LockPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lock = useLock();
  const systemName = useSystemName();
  const [busy, setBusy] = useState(false);
  usePageTitle(t('admin.lock.title'));

  const unlock = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      await unlockSession(password);
      const from = lock.from && lock.from !== '/lock' ? lock.from : HOME_PATH;
      clearLock();
      void queryClient.invalidateQueries({ queryKey: LOCK_STATE_QUERY });
      navigate(from, { replace: true });
    } catch (e) {
      void message.error(e instanceof ApiError || e instanceof Error ? e.message : String(e));
      // Too many wrong attempts end the session (the server answers 401).
      if (e instanceof ApiError && e.code === 401) {
        session.clear({ quiet: true });
        navigate('/login', { replace: true });
      }
    } finally {
      setBusy(false);
    }
  };

  const quit = useLogoutConfirm();

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        background: 'linear-gradient(135deg, #1f2d3d 0%, #324157 100%)',
      }}
    >
      <div style={{ position: 'absolute', top: 12, right: 16, color: '#fff' }}>
        <LangSwitch light />
      </div>
      <Typography.Title level={3} style={{ color: '#fff', textAlign: 'center', marginBottom: 24 }}>
        {systemName}
      </Typography.Title>
      <Card style={{ width: '100%', maxWidth: 380 }} data-testid="lock-page">
        <div style={{ textAlign: 'center', marginBottom: 16 }}>
          <Avatar size={72} src={lock.avatar || undefined} icon={<UserOutlined />} />
          <Typography.Title level={5} style={{ margin: '12px 0 0' }} data-testid="lock-user">
            {lock.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            <LockOutlined /> {t('admin.lock.title')}
          </Typography.Text>
        </div>
        <Form layout="vertical" onFinish={(v: { password: string }) => void unlock(v)}>
          <Form.Item
            name="password"
            label={t('admin.lock.enter')}
            rules={[{ required: true, message: t('auth.lock.passwordRequired') }]}
          >
            <Input.Password autoFocus autoComplete="current-password" data-testid="unlock-password" />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={busy}
            icon={<UnlockOutlined />}
            data-testid="unlock-submit"
          >
            {t('admin.lock.unlock')}
          </Button>
        </Form>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Button type="link" onClick={quit} data-testid="lock-logout">
            {t('admin.lock.logoutLink')}
          </Button>
        </div>
      </Card>
    </div>
  );
}
