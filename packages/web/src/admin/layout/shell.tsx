import { Suspense, useCallback, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { App, Button, Dropdown, Spin, Tooltip } from 'antd';
import {
  HomeOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logout } from '../api';
import { PermissionsProvider } from '../../components/crud';
import { ErrorBoundary } from '../chrome/error-boundary';
import { ErrorLogButton } from '../chrome/error-log-button';
import { LockButton } from '../chrome/lock-button';
import { NoticeButton } from '../chrome/notice-button';
import { CHROME_PAGES } from '../chrome/pages';
import { PasswordDialog } from '../chrome/password-dialog';
import { useScreenClass } from '../chrome/screen';
import { SettingsDrawer } from '../chrome/settings-drawer';
import { TabBar } from '../chrome/tab-bar';
import { layoutToken, THEMES, useThemeColor, useThemeName } from '../chrome/themes';
import { FullscreenButton, MenuSearch, ThemePicker } from '../chrome/toolbar';
import { DEFAULT_LOGO, useSystemName, useWebsite } from '../../areas/website/use-website';
import { localizedCopyright } from './copyright';
import { READABLE_TOKENS } from '../../components/contrast';
import { LangSwitch } from '../lang-switch';
import { HOME_PATH, PAGES } from '../pages';
import { session, useSession } from '../session';
import { usePageTitle } from '../title';
import { isExternal, menuHref, menuRoutes, menuTitleOf } from './menu';
import { YES } from '@tegang/domain';

/**
 * The console shell (spec §2 "Back-office chrome"): a sidebar from the user's menu; a top bar with
 * menu collapse, menu search, theme colour and named themes, error log, lock, language, full screen,
 * the website settings (admins) and the user's dropdown; the tab bar; the copyright footer; the page
 * title '{page}——{system name}'.
 */
export default function Shell() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const { info, menu } = useSession();
  const screen = useScreenClass();
  const [collapsed, setCollapsed] = useState(() => window.innerWidth < 992);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const site = useWebsite();
  const systemName = useSystemName();
  const themeName = useThemeName();
  const color = useThemeColor();
  const theme = THEMES[themeName] ?? THEMES.default!;
  const isAdmin = info?.roles.includes('admin') ?? false;

  const route = useMemo<MenuDataItem>(
    () => ({
      path: '/',
      children: [
        { key: 'home', path: HOME_PATH, name: t('admin.home'), icon: <HomeOutlined /> },
        ...menuRoutes(menu, i18n.language),
      ],
    }),
    [menu, i18n.language, t],
  );

  const titleOf = useCallback(
    (path: string) => {
      if (path === HOME_PATH) return t('admin.home');
      const page = [...PAGES, ...CHROME_PAGES].find((p) => p.path === path);
      return menuTitleOf(menu, path, i18n.language) ?? (page ? t(page.titleKey) : path);
    },
    [menu, i18n.language, t],
  );
  usePageTitle(titleOf(pathname));

  const confirmLogout = () =>
    modal.confirm({
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

  const nickName = info?.user.nickName || info?.user.userName || '';
  const showCopyright = site.showCopyright === YES && !!site.copyright;

  return (
    <PermissionsProvider permissions={info?.permissions ?? []}>
      <ProLayout
        layout="mix"
        splitMenus={false}
        fixSiderbar
        fixedHeader
        siderWidth={208}
        title={screen < 2 ? false : systemName}
        logo={site.showLogo === YES ? site.logo || DEFAULT_LOGO : false}
        route={route}
        location={{ pathname }}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        collapsedButtonRender={false}
        menu={{ locale: false }}
        onMenuHeaderClick={() => navigate(HOME_PATH)}
        token={layoutToken(theme, color)}
        headerContentRender={() => (
          <div
            style={{ display: 'flex', alignItems: 'center', gap: 8, height: '100%', color: theme.headerText }}
          >
            <Tooltip title={t(collapsed ? 'admin.bar.expand' : 'admin.bar.collapse')}>
              <Button
                type="text"
                aria-label={t(collapsed ? 'admin.bar.expand' : 'admin.bar.collapse')}
                data-testid="menu-collapse"
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={() => setCollapsed(!collapsed)}
                style={{ color: 'inherit' }}
              />
            </Tooltip>
            {screen >= 1 && <MenuSearch width={screen >= 2 ? 200 : 140} />}
          </div>
        )}
        menuItemRender={(item, dom) =>
          isExternal(item.path) ? (
            <a href={item.path} target="_blank" rel="noopener noreferrer">
              {dom}
            </a>
          ) : (
            <Link to={menuHref(item) ?? HOME_PATH} data-testid={`menu-${item.path}`}>
              {dom}
            </Link>
          )
        }
        actionsRender={() => [
          <div key="actions" style={{ display: 'flex', alignItems: 'center', color: theme.headerText }}>
            {screen >= 2 && <ThemePicker />}
            <NoticeButton color={theme.headerText} />
            <ErrorLogButton color={theme.headerText} />
            <LockButton />
            <LangSwitch light />
            {screen >= 2 && <FullscreenButton />}
            {isAdmin && (
              <Tooltip title={t('admin.bar.settings')}>
                <Button
                  type="text"
                  icon={<SettingOutlined />}
                  aria-label={t('admin.bar.settings')}
                  data-testid="settings-open"
                  onClick={() => setSettingsOpen(true)}
                  style={{ color: 'inherit' }}
                />
              </Tooltip>
            )}
          </div>,
        ]}
        avatarProps={{
          icon: <UserOutlined />,
          src: info?.user.avatar || undefined,
          size: 'small',
          title:
            screen >= 1 ? (
              <span
                data-testid="user-nickname"
                style={{
                  color: theme.headerText,
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  display: 'inline-block',
                  maxWidth: screen >= 2 ? 160 : 72,
                  verticalAlign: 'middle',
                }}
              >
                {nickName}
              </span>
            ) : undefined,
          render: (_props, dom) => (
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
                  else if (key === 'password') setPasswordOpen(true);
                  else confirmLogout();
                },
              }}
            >
              <span data-testid="user-menu" aria-label={t('admin.userMenu')} style={{ cursor: 'pointer' }}>
                {dom}
              </span>
            </Dropdown>
          ),
        }}
        footerRender={() =>
          showCopyright ? (
            <div
              data-testid="copyright"
              style={{
                textAlign: 'center',
                padding: '12px 16px',
                color: READABLE_TOKENS.colorTextTertiary,
                fontSize: 12,
              }}
            >
              {localizedCopyright(site.copyright ?? '', i18n.language, site)}
            </div>
          ) : null
        }
      >
        <div style={{ margin: '-16px -16px 16px' }}>
          <TabBar titleOf={titleOf} />
        </div>
        <ErrorBoundary resetKey={pathname}>
          <Suspense
            fallback={
              <div style={{ display: 'flex', justifyContent: 'center', padding: 64 }}>
                <Spin size="large" />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </ProLayout>
      <PasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      {isAdmin && <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />}
    </PermissionsProvider>
  );
}
