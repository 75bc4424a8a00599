import { lazy, Suspense, useEffect, useState } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  useNavigate,
  type RouteObject,
} from 'react-router';
import { App as AntApp, Button, ConfigProvider, Result, Spin } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, handlers } from '../api/request';
import i18n from '../i18n';
import { HOME_PATH, OPEN_PATHS, PAGES } from './pages';
import { ErrorPage, RouteError } from './pages/error-page';
import { LoginPage } from './pages/login';
import { session, useSession } from './session';
import { ui } from './ui';

/** Default colour (spec §9 "Default theme 'default', default colour #409EFF"). */
export const PRIMARY_COLOR = '#409EFF';

const Shell = lazy(() => import('./layout/shell'));

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }}>
      <Spin size="large" />
    </div>
  );
}

/**
 * Loads user info and menu before a guarded page; when the server refuses, the session is cleared and
 * the user goes to /login (spec §2). A network failure (no answer) keeps the token and offers a retry.
 */
function SessionLoader() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [offline, setOffline] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    session.load().catch((error: unknown) => {
      if (!live) return;
      if (error instanceof ApiError && error.code === 0) {
        setOffline(error.message || t('common.networkError'));
        return;
      }
      session.clear();
      navigate(loginPath(pathname + search), { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate, pathname, search, attempt, t]);
  if (offline)
    return (
      <Result
        status="warning"
        title={t('common.networkError')}
        subTitle={offline}
        extra={
          <Button
            type="primary"
            onClick={() => {
              setOffline(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('admin.retry')}
          </Button>
        }
      />
    );
  return <PageLoading />;
}

function loginPath(from: string): string {
  return from === '/' || from === HOME_PATH || from.startsWith('/login')
    ? '/login'
    : `/login?redirect=${encodeURIComponent(from)}`;
}

/**
 * The back-office route guard (spec §2 "Route guards"): with a token /login goes to /; without one only
 * open pages are reachable, else /login; user info is loaded before the first guarded page.
 */
function Guard() {
  const { pathname, search } = useLocation();
  const { info } = useSession();
  const token = session.hasToken();
  const open = OPEN_PATHS.has(pathname);
  if (pathname === '/login' && token) return <Navigate to="/" replace />;
  if (!open && !token) return <Navigate to={loginPath(pathname + search)} replace />;
  if (!open && !info) return <SessionLoader />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

const routes: RouteObject[] = [
  {
    element: <Guard />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/403', element: <ErrorPage status="403" /> },
      { path: '/404', element: <ErrorPage status="404" /> },
      { path: '/500', element: <ErrorPage status="500" /> },
      {
        path: '/',
        element: <Shell />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to={HOME_PATH} replace /> },
          ...PAGES.map(({ path, Component }) => ({ path, element: <Component /> })),
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

let reloginOpen = false;
/** 401 on an admin call (spec §4, §8): one prompt titled 系统提示 with a single 'relogin' button. */
handlers.unauthorized.admin = (error) => {
  // While the session is being loaded the guard handles a failure (→ /login).
  if (!session.get().info || reloginOpen) return;
  reloginOpen = true;
  const t = i18n.t.bind(i18n);
  ui.modal.warning({
    title: t('common.systemTip'),
    content: error.message || t('auth.expired'),
    okText: t('admin.relogin'),
    okButtonProps: { 'data-testid': 'relogin' },
    closable: false,
    keyboard: false,
    maskClosable: false,
    onOk: () => {
      session.clear();
      window.location.reload();
    },
  });
};
/** 403 → /403 (spec §8). */
handlers.forbidden = () => void router.navigate('/403');

/** Binds the contextual message/modal of <App> for code outside components. */
function UiBinder() {
  const { modal, message } = AntApp.useApp();
  useEffect(() => {
    ui.modal = modal;
    ui.message = message;
  }, [modal, message]);
  return null;
}

/** Providers: antd locale (zhCN / enUS with the UI language), theme colour, queries, the router. */
export function AdminApp() {
  const { i18n: current } = useTranslation();
  const en = current.language === 'en';
  dayjs.locale(en ? 'en' : 'zh-cn');
  return (
    <ConfigProvider locale={en ? enUS : zhCN} theme={{ token: { colorPrimary: PRIMARY_COLOR } }}>
      <AntApp>
        <UiBinder />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
