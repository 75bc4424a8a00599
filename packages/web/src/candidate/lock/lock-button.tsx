import { useState, type CSSProperties } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LockPasswordDialog } from '../../components/lock-password-dialog';
import { WEB_LOCK_PATH, canLock, hasLockPassword, lockWeb } from './lock-store';

/**
 * The header's lock button of the front site, as the console's (spec §4 "Lock"): without a lock
 * password a dialog sets one (required: 锁屏密码不能为空), otherwise it locks at once; then the lock page.
 * In the header on a computer, in the menu drawer's footer on a phone. Not shown where the browser
 * gives no Web Crypto (a page served over plain HTTP).
 */
export function WebLockButton({ name, style }: { name: string; style: CSSProperties }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  if (!canLock()) return null;

  const lock = async (password?: string) => {
    await lockWeb(pathname + search, name, password);
    setOpen(false);
    navigate(WEB_LOCK_PATH, { replace: true });
  };

  return (
    <>
      <Button
        type="text"
        icon={<LockOutlined />}
        aria-label={t('web.lock.button')}
        data-testid="web-lock-button"
        onClick={() => (hasLockPassword() ? void lock() : setOpen(true))}
        style={style}
      >
        {t('web.lock.button')}
      </Button>
      <LockPasswordDialog
        open={open}
        title={t('web.lock.setTitle')}
        testIdPrefix="web-lock"
        onCancel={() => setOpen(false)}
        onSubmit={lock}
      />
    </>
  );
}
