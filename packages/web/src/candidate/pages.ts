import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { APPLY_FLAG, resultsOpen, ticketPrintOpen } from '@tegang/domain';
import type { CandidateState } from './state';
import type { CandidateStringKey } from './strings';
import type { CandidateMenuIcon } from './layout/menu-icons';

/**
 * The signed-in candidate pages (spec §2 "Front site", "Candidate layout"): one table that drives both
 * the /web routes (router.tsx, each page its own chunk) and the sidebar's menu (the drawer on a phone;
 * layout/candidate-layout.tsx), so a page and its menu entry cannot drift apart.
 *
 * A page with a `menu` is listed in its menu group, in table order, while `visible` says so (always
 * when absent); a page without one is routed only and reached from another page (the enrolment form
 * from the home card). Every page is routed whether or not the menu shows it: a bookmark still opens
 * it, and the page's own call answers what the candidate may see.
 *
 * Adding a page: its component under src/areas/<area>/candidate, one row here (plus its catalogue
 * label in strings.ts and, for a new icon, one entry in layout/menu-icons.ts). docs/architecture.md
 * "Which area to copy" lists the steps.
 */

/** The sidebar's groups in their order (spec §2's menu, plus the help group). */
export const CANDIDATE_MENU_GROUPS = [
  { key: 'personal', labelKey: 'web.menu.personal' },
  { key: 'recruit', labelKey: 'web.menu.recruit' },
  { key: 'help', labelKey: 'web.menu.help' },
] as const satisfies readonly { key: string; labelKey: CandidateStringKey }[];

export type CandidateMenuGroup = (typeof CANDIDATE_MENU_GROUPS)[number]['key'];

/** What a menu entry's visibility reads: the front-site state's plan and apply flag. */
export type CandidatePageState = Pick<CandidateState, 'plan' | 'enrollStatus'>;

/** A page's entry in the sidebar. */
export interface CandidateMenuEntry {
  readonly group: CandidateMenuGroup;
  /** Catalogue key of the menu label (zh and en). */
  readonly labelKey: CandidateStringKey;
  /** An icon of layout/menu-icons.ts (a name, so that the router's chunk carries no icons). */
  readonly icon: CandidateMenuIcon;
  /** data-testid of the label, for the pages the e2e journeys open from the menu. */
  readonly testId?: string;
  /** Whether the menu lists the page for this state at `now`; absent: always. */
  readonly visible?: (state: CandidatePageState, now: Date) => boolean;
}

/** A signed-in candidate page: its route, its lazily loaded component and its menu entry. */
export interface CandidatePageDef {
  /** The route under /web: 'user_info' → /web/user_info. */
  readonly path: string;
  readonly Component: LazyExoticComponent<ComponentType>;
  /** The menu entry; null: routed only. */
  readonly menu: CandidateMenuEntry | null;
}

/** The signed-in pages in menu order (see the top of this file); paths are those bookmarks and e2e open. */
export const CANDIDATE_PAGES: readonly CandidatePageDef[] = [
  {
    path: 'user_info',
    Component: lazy(() => import('../areas/candidate-account/candidate/user-info-page')),
    menu: { group: 'personal', labelKey: 'web.menu.userInfo', icon: 'IdcardOutlined' },
  },
  {
    // The candidate's notices across her plans (the SMS events, whether or not an SMS reached her).
    path: 'notice',
    Component: lazy(() => import('../areas/sms-notice/candidate/notice-page')),
    menu: { group: 'personal', labelKey: 'web.menu.notices', icon: 'BellOutlined', testId: 'menu-notice' },
  },
  {
    path: 'edit_password',
    Component: lazy(() => import('../areas/candidate-account/candidate/edit-password-page')),
    menu: { group: 'personal', labelKey: 'web.menu.editPassword', icon: 'LockOutlined' },
  },
  {
    path: 'enroll',
    Component: lazy(() => import('../areas/enroll/candidate/enroll-page')),
    menu: null,
  },
  {
    path: 'not_enroll',
    Component: lazy(() => import('../areas/enroll/candidate/not-enroll-page')),
    menu: null,
  },
  {
    // Every plan she applied to, newest first, with each plan's pages (their own windows).
    path: 'my_enroll',
    Component: lazy(() => import('../areas/enroll/candidate/my-enroll-page')),
    menu: {
      group: 'recruit',
      labelKey: 'web.menu.myEnroll',
      icon: 'SolutionOutlined',
      testId: 'menu-my-enroll',
    },
  },
  {
    path: 'enroll_table',
    Component: lazy(() => import('../areas/enroll/candidate/enroll-table-page')),
    menu: { group: 'recruit', labelKey: 'web.menu.enrollTable', icon: 'DownloadOutlined' },
  },
  {
    // Spec §2 hides the ticket page from the menu; it is listed while it can answer: inside the
    // plan's print window, for a candidate who applied.
    path: 'admission_ticket',
    Component: lazy(() => import('../areas/admission-ticket/candidate/admission-ticket-page')),
    menu: {
      group: 'recruit',
      labelKey: 'web.menu.admissionTicket',
      icon: 'FileTextOutlined',
      testId: 'menu-admission-ticket',
      visible: ({ plan, enrollStatus }, now) =>
        plan !== null && enrollStatus === APPLY_FLAG.applied && ticketPrintOpen(plan, now),
    },
  },
  {
    // Spec §2 hides the result page from the menu; it is listed from the plan's score-query start on.
    path: 'recruit_info',
    Component: lazy(() => import('../areas/admission-result/candidate/recruit-info-page')),
    menu: {
      group: 'recruit',
      labelKey: 'web.menu.recruitInfo',
      icon: 'TrophyOutlined',
      testId: 'menu-recruit-info',
      visible: ({ plan }, now) => plan !== null && resultsOpen(plan, now),
    },
  },
  {
    path: 'server_center',
    Component: lazy(() => import('../areas/recruit-plan/candidate/server-center-page')),
    menu: {
      group: 'help',
      labelKey: 'web.menu.serverCenter',
      icon: 'CustomerServiceOutlined',
      testId: 'menu-server-center',
    },
  },
];

/** The full path of a candidate page: '/web/' + path. */
export const candidatePagePath = (page: Pick<CandidatePageDef, 'path'>) => `/web/${page.path}`;

/**
 * The menu entries of `group` for `state` at `now`, in table order, with their full paths. While the
 * state loads pass `plan: null`: the pages that depend on the plan stay out until it answers.
 */
export function candidateMenu(
  group: CandidateMenuGroup,
  state: CandidatePageState,
  now: Date,
): (CandidateMenuEntry & { path: string })[] {
  return CANDIDATE_PAGES.flatMap((page) =>
    page.menu && page.menu.group === group && (page.menu.visible?.(state, now) ?? true)
      ? [{ ...page.menu, path: candidatePagePath(page) }]
      : [],
  );
}
