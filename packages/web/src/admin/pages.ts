import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The console's screens by route (spec §2 "Back-office routes": a menu leaf maps to its path + '/index').
 * Each is its own chunk (React.lazy), so the login page stays light. A menu item whose page is not
 * here yet leads to /404.
 */
export interface PageDef {
  path: string;
  /** Title key when the menu does not name the page. */
  titleKey: string;
  Component: LazyExoticComponent<ComponentType>;
}

export const HOME_PATH = '/wel/index';

export const PAGES: PageDef[] = [
  { path: HOME_PATH, titleKey: 'admin.home', Component: lazy(() => import('./pages/home')) },
  {
    path: '/recruit/recruitPlan/index',
    titleKey: 'admin.plan.title',
    Component: lazy(() => import('./pages/recruit-plan')),
  },
  {
    path: '/candidate/enroll/index',
    titleKey: 'admin.enroll.title',
    Component: lazy(() => import('./pages/enroll')),
  },
  {
    path: '/system/user/index',
    titleKey: 'sys.user.title',
    Component: lazy(() => import('./pages/system/user')),
  },
  {
    path: '/system/role/index',
    titleKey: 'sys.role.title',
    Component: lazy(() => import('./pages/system/role')),
  },
  {
    path: '/system/menu/index',
    titleKey: 'sys.menu.title',
    Component: lazy(() => import('./pages/system/menu')),
  },
  {
    path: '/system/department/index',
    titleKey: 'sys.dept.title',
    Component: lazy(() => import('./pages/system/department')),
  },
  {
    path: '/system/region/index',
    titleKey: 'sys.region.title',
    Component: lazy(() => import('./pages/system/region')),
  },
  {
    path: '/system/dict/index',
    titleKey: 'sys.dict.title',
    Component: lazy(() => import('./pages/system/dict')),
  },
  {
    path: '/monitor/operlog/index',
    titleKey: 'mon.operlog.title',
    Component: lazy(() => import('./pages/monitor/operlog')),
  },
  {
    path: '/monitor/loginlog/index',
    titleKey: 'mon.loginlog.title',
    Component: lazy(() => import('./pages/monitor/loginlog')),
  },
  {
    path: '/monitor/online/index',
    titleKey: 'mon.online.title',
    Component: lazy(() => import('./pages/monitor/online')),
  },
];

/** Pages reachable without a token (spec §2 "Open routes"; /lock comes with the lock screen). */
export const OPEN_PATHS = new Set(['/login', '/404', '/403', '/500']);
