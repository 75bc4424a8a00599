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
];

/** Pages reachable without a token (spec §2 "Open routes"; /lock comes with the lock screen). */
export const OPEN_PATHS = new Set(['/login', '/404', '/403', '/500']);
