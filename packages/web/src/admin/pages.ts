import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ALL_SCREENS, screenRoute, type ScreenPath } from '@tegang/domain';

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

/**
 * The component of every screen of packages/domain SCREENS, by menu path: a screen without a
 * component, or a component for a path that is not a screen, fails the type check.
 */
const SCREEN_COMPONENTS: Record<ScreenPath, LazyExoticComponent<ComponentType>> = {
  '/wel/dashboard': lazy(() => import('../areas/dashboard/admin-screen')),
  '/recruit/recruitPlan': lazy(() => import('../areas/recruit-plan/admin-screen')),
  '/recruit/recruitPlanData': lazy(() => import('../areas/plan-data/admin-screen')),
  '/recruit/educationPlan': lazy(() => import('../areas/education-plan/admin-screen')),
  '/recruit/instruction': lazy(() => import('../areas/instruction/admin-screen')),
  '/candidate/enroll': lazy(() => import('../areas/enroll/admin-screen')),
  '/candidate/enrollCompare': lazy(() => import('../areas/enroll-compare/admin-screen')),
  '/candidate/registeredPersonnel': lazy(() => import('../areas/candidate-user/registered-personnel-screen')),
  '/candidate/candidateUserState': lazy(() => import('../areas/candidate-user/user-state-screen')),
  '/candidate/admissionTicket': lazy(() => import('../areas/admission-ticket/admin-screen')),
  '/candidate/admissionResults': lazy(() => import('../areas/admission-result/admin-screen')),
  '/system/user': lazy(() => import('../areas/system/user/admin-screen')),
  '/system/role': lazy(() => import('../areas/system/role/admin-screen')),
  '/system/menu': lazy(() => import('../areas/system/menu/admin-screen')),
  '/system/department': lazy(() => import('../areas/system/department/admin-screen')),
  '/system/region': lazy(() => import('../areas/system/region/admin-screen')),
  '/system/dict': lazy(() => import('../areas/system/dict/admin-screen')),
  '/monitor/operlog': lazy(() => import('../areas/monitor/operlog/admin-screen')),
  '/monitor/loginlog': lazy(() => import('../areas/monitor/loginlog/admin-screen')),
  '/monitor/online': lazy(() => import('../areas/monitor/online/admin-screen')),
};

/** The home page, then the SCREENS in table order, titled by their menu label. */
export const PAGES: PageDef[] = [
  { path: HOME_PATH, titleKey: 'admin.home', Component: lazy(() => import('./pages/home')) },
  ...ALL_SCREENS.map((screen) => ({
    path: screenRoute(screen.path),
    titleKey: screen.labelKey,
    Component: SCREEN_COMPONENTS[screen.path],
  })),
];

/** Pages reachable without a token (spec §2 "Open routes"; /lock comes with the lock screen). */
export const OPEN_PATHS = new Set(['/login', '/404', '/403', '/500']);
