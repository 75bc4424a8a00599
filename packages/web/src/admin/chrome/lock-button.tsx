import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App, Button, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getLockState, lockSession } from '../api';
import { ApiError } from '../../api/request';
import { useSession } from '../session';
import { setLocked } from './lock-store';
import { LockPasswordDialog } from '../../components/lock-password-dialog';

export const LOCK_STATE_QUERY = ['lockState'] as const;

/**
 * The lock button (spec §4 "Lock"): without a lock password a dialog sets one (锁屏密码不能为空),
 * then POST /auth/lock and /lock; with one it locks at once.
 */
export function LockButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { info } = useSession();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const state = useQuery({
    queryKey: LOCK_STATE_QUERY,
    queryFn: () => getLockState().catch(() => null),
  });

  const lock = async (password?: string) => {
    setBusy(true);
    try {
      await lockSession(password);
      setLocked({
        name: info?.user.nickName || info?.user.userName || '',
        avatar: info?.user.avatar ?? null,
        from: pathname,
      });
      setOpen(false); // the dialog empties its field as it closes
      void state.refetch();
      navigate('/lock', { replace: true });
    } catch (e) {
      void message.error(e instanceof ApiError || e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const onClick = () => {
    if (state.data?.hasPassword) void lock();
    else setOpen(true);
  };

  return (
    <>
      <Tooltip title={t('admin.bar.lock')}>
        <Button
          type="text"
          icon={<LockOutlined />}
          aria-label={t('admin.bar.lock')}
          data-testid="lock-button"
          loading={busy && !open}
          onClick={onClick}
          style={{ color: 'inherit' }}
        />
      </Tooltip>
      <LockPasswordDialog
        open={open}
        title={t('admin.lock.setTitle')}
        testIdPrefix="lock"
        busy={busy}
        width={Math.min(650, window.innerWidth - 32)}
        onCancel={() => setOpen(false)}
        onSubmit={lock}
      />
    </>
  );
}
