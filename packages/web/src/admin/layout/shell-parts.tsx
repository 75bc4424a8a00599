import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dropdown, Tooltip } from 'antd';
import {
  HomeOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ErrorLogButton } from '../chrome/error-log-button';
import { LockButton } from '../chrome/lock-button';
import { useLogoutConfirm } from '../chrome/use-logout-confirm';
import { NoticeButton } from '../chrome/notice-button';
import { FullscreenButton, MenuSearch, ThemePicker } from '../chrome/toolbar';
import { LangSwitch } from '../lang-switch';
import { HOME_PATH } from '../pages';

/**
 * The parts of the console shell's top bar (spec §2 "Back-office chrome"): the menu collapse and
 * search, the actions on the right, and the user's dropdown.
 */

/** The left of the top bar: menu collapse (with its tooltip) and, on wider screens, menu search. */
export function HeaderLeft(props: {
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
  /** The screen class: 0 phone, 1 tablet, 2 desktop. */
  screen: number;
  color: string;
}) {
  const { t } = useTranslation();
  const { collapsed, screen } = props;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, height: '100%', color: props.color }}>
      <Tooltip title={t(collapsed ? 'admin.bar.expand' : 'admin.bar.collapse')}>
        <Button
          type="text"
          aria-label={t(collapsed ? 'admin.bar.expand' : 'admin.bar.collapse')}
          data-testid="menu-collapse"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => props.onCollapse(!collapsed)}
          style={{ color: 'inherit' }}
        />
      </Tooltip>
      {screen >= 1 && <MenuSearch width={screen >= 2 ? 200 : 140} />}
    </div>
  );
}

/**
 * The right of the top bar: theme colour (desktop), notices, error log, lock, language, full screen
 * (desktop) and, for admins, the website settings (`onSettings`).
 */
export function HeaderActions(props: {
  screen: number;
  color: string;
  isAdmin: boolean;
  onSettings: () => void;
}) {
  const { t } = useTranslation();
  const { screen } = props;
  return (
    <div style={{ display: 'flex', alignItems: 'center', color: props.color }}>
      {screen >= 2 && <ThemePicker />}
      <NoticeButton color={props.color} />
      <ErrorLogButton color={props.color} />
      <LockButton />
      <LangSwitch light />
      {screen >= 2 && <FullscreenButton />}
      {props.isAdmin && (
        <Tooltip title={t('admin.bar.settings')}>
          <Button
            type="text"
            icon={<SettingOutlined />}
            aria-label={t('admin.bar.settings')}
            data-testid="settings-open"
            onClick={props.onSettings}
            style={{ color: 'inherit' }}
          />
        </Tooltip>
      )}
    </div>
  );
}

/**
 * The user's dropdown over the avatar (`children`): home, personal info, change password
 * (`onPassword`), and log out after a confirmation (the session and the query cache are cleared).
 */
export function UserMenu(props: { children: ReactNode; onPassword: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirmLogout = useLogoutConfirm();

  return (
    <Dropdown
      trigger={['click', 'hover']}
      menu={{
        items: [
          {
            key: 'home',
            icon: <HomeOutlined />,
            label: <span data-testid="user-menu-home">{t('admin.home')}</span>,
          },
          {
            key: 'info',
            icon: <UserOutlined />,
            label: <span data-testid="user-menu-info">{t('admin.user.info')}</span>,
          },
          {
            key: 'password',
            icon: <KeyOutlined />,
            label: <span data-testid="user-menu-password">{t('admin.user.password')}</span>,
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: <span data-testid="user-menu-logout">{t('common.logout')}</span>,
          },
        ],
        onClick: ({ key }) => {
          if (key === 'home') navigate(HOME_PATH);
          else if (key === 'info') navigate('/info/index');
          else if (key === 'password') props.onPassword();
          else confirmLogout();
        },
      }}
    >
      <span data-testid="user-menu" aria-label={t('admin.userMenu')} style={{ cursor: 'pointer' }}>
        {props.children}
      </span>
    </Dropdown>
  );
}
