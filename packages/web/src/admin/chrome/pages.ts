import { lazy } from 'react';
import type { PageDef } from '../pages';

/** The console's own pages outside the menu (spec §2 "Back-office routes"). */
export const CHROME_PAGES: PageDef[] = [
  {
    path: '/wel/dashboard',
    titleKey: 'admin.dashboard.title',
    Component: lazy(() => import('../../areas/dashboard/admin-screen')),
  },
  { path: '/info/index', titleKey: 'admin.info.title', Component: lazy(() => import('../pages/info')) },
  {
    path: '/info/setting',
    titleKey: 'admin.setting.title',
    Component: lazy(() => import('../pages/setting')),
  },
  {
    path: '/myiframe/*',
    titleKey: 'admin.iframe.title',
    Component: lazy(() => import('../pages/iframe')),
  },
];
