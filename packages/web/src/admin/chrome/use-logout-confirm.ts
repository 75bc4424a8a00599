import { useNavigate } from 'react-router';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logout } from '../api';
import { session } from '../session';

/**
 * The console's logout (spec §4 "Logout"): a confirmation (退出系统, 是否继续?), then the session ended
 * on the server (a failure there still logs out here), the cached answers dropped and the login page
 * shown. Used by the user menu and by the lock screen.
 */
export function useLogoutConfirm(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  return () =>
    void modal.confirm({
      title: t('common.systemTip'),
      content: t('admin.logout.confirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'logout-ok' },
      onOk: async () => {
        await logout().catch(() => undefined);
        session.clear({ quiet: true });
        queryClient.clear();
        navigate('/login', { replace: true });
      },
    });
}
