import { lazy } from 'react';
import { Navigate, Outlet, createBrowserRouter, useLocation } from 'react-router';
import { isLoggedIn } from './session';
import { OpenLayout } from './layout/OpenLayout';
import { CandidateLayout } from './layout/CandidateLayout';
import { NotFound } from './pages/NotFound';

/**
 * The /web routes (spec §2 "Front site", "Route guards"). Open pages: login, register and the two
 * recoveries; with a token /web/login goes to /web. Every other /web page needs the front-site token,
 * else /web/login. /web → /web/user_info; unknown /web/* → the 404 view. Each page is its own chunk.
 */
const Login = lazy(() => import('./pages/Login'));
const Register = lazy(() => import('./pages/Register'));
const ForgetPassword = lazy(() => import('./pages/ForgetPassword'));
const ForgetUserName = lazy(() => import('./pages/ForgetUserName'));
const UserInfo = lazy(() => import('./pages/UserInfo'));
const EditPassword = lazy(() => import('./pages/EditPassword'));
const Enroll = lazy(() => import('./pages/Enroll'));
const NotEnroll = lazy(() => import('./pages/NotEnroll'));
const EnrollTable = lazy(() => import('./pages/EnrollTable'));
const ServerCenter = lazy(() => import('./pages/ServerCenter'));
const AdmissionTicket = lazy(() => import('./pages/AdmissionTicket'));
const RecruitInfo = lazy(() => import('./pages/RecruitInfo'));

export const LOGIN_PATH = '/web/login';
export const HOME_PATH = '/web/user_info';

/** Without a token only the open pages: remember where the candidate wanted to go. */
function RequireLogin() {
  const location = useLocation();
  if (!isLoggedIn()) return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname }} />;
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
          { path: 'register', element: <Register /> },
          { path: 'forget_password', element: <ForgetPassword /> },
          { path: 'forget_username', element: <ForgetUserName /> },
        ],
      },
      {
        element: <RequireLogin />,
        children: [
          {
            element: <CandidateLayout />,
            children: [
              { index: true, element: <Navigate to={HOME_PATH} replace /> },
              { path: 'user_info', element: <UserInfo /> },
              { path: 'edit_password', element: <EditPassword /> },
              { path: 'enroll', element: <Enroll /> },
              { path: 'not_enroll', element: <NotEnroll /> },
              { path: 'enroll_table', element: <EnrollTable /> },
              { path: 'server_center', element: <ServerCenter /> },
              { path: 'admission_ticket', element: <AdmissionTicket /> },
              { path: 'recruit_info', element: <RecruitInfo /> },
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
