import { Suspense, useCallback, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Spin } from 'antd';
import { HomeOutlined, UserOutlined } from '@ant-design/icons';
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { PermissionsProvider } from '../../components/crud';
import { ErrorBoundary } from '../chrome/error-boundary';
import { CHROME_PAGES } from '../chrome/pages';
import { PasswordDialog } from '../chrome/password-dialog';
import { useScreenClass } from '../chrome/screen';
import { SettingsDrawer } from '../chrome/settings-drawer';
import { TabBar } from '../chrome/tab-bar';
import { layoutToken, THEMES, useThemeColor, useThemeName } from '../chrome/themes';
import { DEFAULT_LOGO, useSystemName, useWebsite } from '../../areas/website/use-website';
import { localizedCopyright } from './copyright';
import { READABLE_TOKENS } from '../../components/contrast';
import { HOME_PATH, PAGES } from '../pages';
import { useSession } from '../session';
import { usePageTitle } from '../title';
import { isExternal, menuHref, menuRoutes, menuTitleOf } from './menu';
import { HeaderActions, HeaderLeft, UserMenu } from './shell-parts';
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
          <HeaderLeft
            collapsed={collapsed}
            onCollapse={setCollapsed}
            screen={screen}
            color={theme.headerText}
          />
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
          <HeaderActions
            key="actions"
            screen={screen}
            color={theme.headerText}
            isAdmin={isAdmin}
            onSettings={() => setSettingsOpen(true)}
          />,
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
          render: (_props, dom) => <UserMenu onPassword={() => setPasswordOpen(true)}>{dom}</UserMenu>,
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
