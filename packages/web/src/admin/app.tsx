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
import { getLockState } from './api';
import { ApiError, handlers } from '../api/request';
import i18n from '../i18n';
import { installErrorLog } from './chrome/error-log';
import { clearLock, setLocked, useLock } from './chrome/lock-store';
import { CHROME_PAGES } from './chrome/pages';
import { resetTabs } from './chrome/tabs-store';
import { DEFAULT_COLOR, siderMenuTheme, THEMES, useThemeColor, useThemeName } from './chrome/themes';
import { READABLE_TAG_TOKENS, readableThemeToken } from '../components/contrast';
import { HOME_PATH, OPEN_PATHS, PAGES } from './pages';
import { ErrorPage, RouteError } from './pages/error-page';
import { LoginPage } from './pages/login';
import { session, useSession } from './session';
import { ui } from './ui';

/** Default colour (spec §9 "Default theme 'default', default colour #409EFF"). */
export const PRIMARY_COLOR = DEFAULT_COLOR;
export const LOCK_PATH = '/lock';

const LockPage = lazy(() => import('./pages/lock'));

// Uncaught errors go into the local error log (spec §3 "Local error log entry", §8).
installErrorLog();

/** A 403 answer that says the session is locked (spec §4 "Lock"; the server's 'auth.locked'). */
function isLockedAnswer(error: ApiError): boolean {
  if (error.code !== 403) return false;
  const zh = i18n.t('auth.locked', { lng: 'zh' });
  const en = i18n.t('auth.locked', { lng: 'en' });
  return error.message === zh || error.message === en || error.data === 'auth.locked';
}

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
    session.load().catch(async (error: unknown) => {
      if (!live) return;
      if (error instanceof ApiError && error.code === 0) {
        setOffline(error.message || t('common.networkError'));
        return;
      }
      // A locked session refuses getInfo with 403: it goes to the lock screen, not to /login.
      if (error instanceof ApiError && error.code === 403) {
        const state = await getLockState().catch(() => null);
        if (state?.locked || isLockedAnswer(error)) {
          setLocked({ from: pathname + search });
          navigate(LOCK_PATH, { replace: true });
          return;
        }
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
 * The back-office route guard (spec §2 "Route guards"): with a token /login goes to / and a locked
 * session goes to /lock; without one only open pages are reachable, else /login; user info is loaded
 * before the first guarded page.
 */
function Guard() {
  const { pathname, search } = useLocation();
  const { info } = useSession();
  const { locked } = useLock();
  const token = session.hasToken();
  const open = OPEN_PATHS.has(pathname) || pathname === LOCK_PATH;
  const atLogin = pathname === '/login' && !token;
  useEffect(() => {
    // The login page shows only when logged out: logging in starts without tags and lock (spec §4).
    if (atLogin) {
      resetTabs();
      clearLock();
    }
  }, [atLogin]);
  if (pathname === LOCK_PATH) {
    if (!token) return <Navigate to="/login" replace />;
    if (!locked) return <Navigate to="/" replace />;
  } else if (token && locked && !open) return <Navigate to={LOCK_PATH} replace />;
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
      { path: LOCK_PATH, element: <LockPage /> },
      {
        path: '/',
        element: <Shell />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to={HOME_PATH} replace /> },
          ...[...PAGES, ...CHROME_PAGES].map(({ path, Component }) => ({ path, element: <Component /> })),
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
/** 403 → /403 (spec §8); a locked session → /lock (spec §2 "Route guards"). */
handlers.forbidden = (error) => {
  if (isLockedAnswer(error)) {
    const { info } = session.get();
    setLocked({
      name: info?.user.nickName || info?.user.userName || undefined,
      avatar: info?.user.avatar ?? null,
    });
    void router.navigate(LOCK_PATH, { replace: true });
    return;
  }
  void router.navigate('/403');
};

/** Binds the contextual message/modal of <App> for code outside components. */
function UiBinder() {
  const { modal, message } = AntApp.useApp();
  useEffect(() => {
    ui.modal = modal;
    ui.message = message;
  }, [modal, message]);
  return null;
}

/**
 * Providers: antd locale (zhCN / enUS with the UI language), theme colour (localStorage; used in a shade
 * dark enough for 4.5:1 text contrast, as #409EFF itself is 2.8:1 on white; the console theme's
 * sider group colour, siderMenuTheme; tag text READABLE_TAG_TOKENS), queries, the router.
 */
export function AdminApp() {
  const { i18n: current } = useTranslation();
  const en = current.language === 'en';
  const color = useThemeColor();
  const themeName = useThemeName();
  dayjs.locale(en ? 'en' : 'zh-cn');
  return (
    <ConfigProvider
      locale={en ? enUS : zhCN}
      theme={{
        token: readableThemeToken(color || PRIMARY_COLOR),
        components: {
          ...siderMenuTheme(THEMES[themeName] ?? THEMES.default!).components,
          Tag: READABLE_TAG_TOKENS,
        },
      }}
    >
      <AntApp>
        <UiBinder />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
