import { Suspense, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { App, Dropdown, Spin } from 'antd';
import { HomeOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logout } from '../../api/admin-auth';
import { PermissionsProvider } from '../../components/crud';
import { LangSwitch } from '../lang-switch';
import { HOME_PATH, PAGES } from '../pages';
import { session, useSession } from '../session';
import { usePageTitle } from '../title';
import { isExternal, menuRoutes, menuTitleOf } from './menu';

/** Screens narrower than this start with the sidebar collapsed (spec §9 size class 2 starts at 992). */
const COLLAPSE_BELOW = 992;

/**
 * The console shell (spec §2 "Back-office chrome", kept simple for now): a collapsible sidebar built
 * from the user's menu, a top bar with the language switch and the user's dropdown (home, logout),
 * the page title '{page}——{system name}'. Tabs, themes, lock and the error log come next.
 */
export default function Shell() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const { info, menu } = useSession();
  const [collapsed, setCollapsed] = useState(() => window.innerWidth < COLLAPSE_BELOW);

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

  const page = PAGES.find((p) => p.path === pathname);
  const pageTitle =
    pathname === HOME_PATH
      ? t('admin.home')
      : (menuTitleOf(menu, pathname, i18n.language) ?? (page ? t(page.titleKey) : null));
  usePageTitle(pageTitle);

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

  return (
    <PermissionsProvider permissions={info?.permissions ?? []}>
      <ProLayout
        layout="mix"
        splitMenus={false}
        fixSiderbar
        fixedHeader
        siderWidth={208}
        title={t('admin.systemName')}
        logo="/favicon.svg"
        route={route}
        location={{ pathname }}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        menu={{ locale: false }}
        onMenuHeaderClick={() => navigate(HOME_PATH)}
        token={{
          header: { heightLayoutHeader: 56 },
          pageContainer: { paddingBlockPageContainerContent: 16, paddingInlinePageContainerContent: 16 },
        }}
        menuItemRender={(item, dom) =>
          isExternal(item.path) ? (
            <a href={item.path} target="_blank" rel="noopener noreferrer">
              {dom}
            </a>
          ) : (
            <Link to={item.path ?? HOME_PATH} data-testid={`menu-${item.path}`}>
              {dom}
            </Link>
          )
        }
        actionsRender={() => [<LangSwitch key="lang" />]}
        avatarProps={{
          icon: <UserOutlined />,
          src: info?.user.avatar || undefined,
          size: 'small',
          title: <span data-testid="user-nickname">{nickName}</span>,
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
                  { type: 'divider' },
                  {
                    key: 'logout',
                    icon: <LogoutOutlined />,
                    label: <span data-testid="user-menu-logout">{t('common.logout')}</span>,
                  },
                ],
                onClick: ({ key }) => (key === 'home' ? navigate(HOME_PATH) : confirmLogout()),
              }}
            >
              <span data-testid="user-menu" aria-label={t('admin.userMenu')} style={{ cursor: 'pointer' }}>
                {dom}
              </span>
            </Dropdown>
          ),
        }}
      >
        <Suspense
          fallback={
            <div style={{ display: 'flex', justifyContent: 'center', padding: 64 }}>
              <Spin size="large" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </ProLayout>
    </PermissionsProvider>
  );
}
