import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App, Button, Form, Input, Modal, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getLockState, lockSession } from '../api';
import { ApiError } from '../../api/request';
import { useSession } from '../session';
import { setLocked } from './lock-store';
import { maxLengthOf, lockSchema } from '@tegang/domain';

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
  const [form] = Form.useForm<{ password: string }>();
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
      setOpen(false);
      form.resetFields();
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
      <Modal
        open={open}
        title={t('admin.lock.setTitle')}
        width={Math.min(650, window.innerWidth - 32)}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'lock-set-ok' }}
        onCancel={() => setOpen(false)}
        // An invalid password field shows its message; the rejection is not an error to log.
        onOk={() =>
          void form
            .validateFields()
            .then((v) => lock(v.password))
            .catch(() => undefined)
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} onFinish={(v) => void lock(v.password)}>
          <Form.Item
            name="password"
            label={t('field.lockPassword')}
            rules={[{ required: true, whitespace: true, message: t('auth.lock.passwordRequired') }]}
          >
            <Input.Password
              autoFocus
              autoComplete="new-password"
              data-testid="lock-set-password"
              maxLength={maxLengthOf(lockSchema.shape.password)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
