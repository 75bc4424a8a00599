import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, createBrowserRouter, useLocation } from 'react-router';
import { isLoggedIn } from './session';
import { OpenLayout } from './layout/open-layout';
import { PlainLoading } from './components/plain-loading';
import { WEB_LOCK_PATH, useWebLock } from './lock/lock-store';
import { CANDIDATE_PAGES } from './pages';

/**
 * The /web routes (spec §2 "Front site", "Route guards"). Open pages: login, register and the two
 * recoveries; with a token /web/login goes to /web. Every other /web page needs the front-site token,
 * else /web/login; a locked session goes to /web/lock (the front site's lock page; the console's is
 * /lock, another entry). /web → /web/user_info; the signed-in pages are CANDIDATE_PAGES (pages.ts,
 * which drives the menu too); unknown /web/* → the 404 view. Each page is its own chunk. Every page but the login (plain elements, the first page a phone loads) is drawn inside
 * antd's providers (`withAntd`), a chunk of their own.
 */
const Login = lazy(() => import('../areas/candidate-account/candidate/login-page'));
const Register = lazy(() => import('../areas/candidate-account/candidate/register-page'));
const ForgetPassword = lazy(() => import('../areas/candidate-account/candidate/forget-password-page'));
const ForgetUserName = lazy(() => import('../areas/candidate-account/candidate/forget-user-name-page'));
const Lock = lazy(() => import('./lock/lock-page'));
// The signed-in frame (menu, drawer, the candidate's state) is not needed by the open pages.
const CandidateLayout = lazy(() =>
  import('./layout/candidate-layout').then((m) => ({ default: m.CandidateLayout })),
);
const NotFound = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFound })));
const AntdShell = lazy(() => import('./antd-shell'));

/** `page` inside antd's theme, locale, App context and the query cache, loaded with it. */
function withAntd(page: ReactNode) {
  return (
    <Suspense fallback={<PlainLoading />}>
      <AntdShell>{page}</AntdShell>
    </Suspense>
  );
}

export const LOGIN_PATH = '/web/login';
export const HOME_PATH = '/web/user_info';

/**
 * Without a token only the open pages: remember where the candidate wanted to go. With one, a locked
 * session goes to the lock page (spec §2 "Route guards"), which returns to the page after unlocking.
 */
function RequireLogin() {
  const location = useLocation();
  const { locked } = useWebLock();
  if (!isLoggedIn()) return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname }} />;
  if (locked) return <Navigate to={WEB_LOCK_PATH} replace />;
  return <Outlet />;
}

/** With a token, /web/login goes to /web. */
function LoginRoute() {
  return isLoggedIn() ? <Navigate to="/web" replace /> : <Login />;
}

export const router = createBrowserRouter([
  {
    path: '/web',
    children: [
      {
        element: <OpenLayout />,
        children: [
          { path: 'login', element: <LoginRoute /> },
          { path: 'register', element: withAntd(<Register />) },
          { path: 'forget_password', element: withAntd(<ForgetPassword />) },
          { path: 'forget_username', element: withAntd(<ForgetUserName />) },
          { path: 'lock', element: withAntd(<Lock />) },
        ],
      },
      {
        element: <RequireLogin />,
        children: [
          {
            element: withAntd(<CandidateLayout />),
            children: [
              { index: true, element: <Navigate to={HOME_PATH} replace /> },
              ...CANDIDATE_PAGES.map(({ path, Component }) => ({ path, element: <Component /> })),
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
  // Outside /web (only reachable through the dev server): the candidate site starts at its login.
  { path: '*', element: <Navigate to={LOGIN_PATH} replace /> },
]);
