import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { CANDIDATE_MENU_GROUPS, CANDIDATE_PAGES, candidateMenu, type CandidatePageState } from './pages';
import { router } from './router';
import { planFrom } from './test-plan';

/**
 * CANDIDATE_PAGES drives the signed-in /web routes and the sidebar's menu (spec §2 "Front site",
 * "Candidate layout"); the paths are those the e2e journeys and bookmarks open.
 */
const SIGNED_IN_PATHS = [
  'user_info',
  'notice',
  'edit_password',
  'enroll',
  'not_enroll',
  'my_enroll',
  'enroll_table',
  'admission_ticket',
  'recruit_info',
  'server_center',
];

/** The routes inside the signed-in frame: /web → the guard → the layout's children. */
function signedInRoutes(): RouteObject[] {
  const web = router.routes.find((r) => r.path === '/web')!;
  const guard = web.children!.find((r) => r.path === undefined && r.children?.[0]?.children)!;
  return guard.children![0]!.children!;
}

const NOW = new Date();
const menuPaths = (state: CandidatePageState, now = NOW) =>
  CANDIDATE_MENU_GROUPS.map((g) => candidateMenu(g.key, state, now).map((entry) => entry.path));

describe('CANDIDATE_PAGES', () => {
  it('keeps the signed-in paths, each routed once inside the frame, with the index and the 404', () => {
    expect(CANDIDATE_PAGES.map((p) => p.path)).toEqual(SIGNED_IN_PATHS);
    const routes = signedInRoutes();
    expect(routes[0]!.index).toBe(true);
    expect(routes.slice(1, -1).map((r) => r.path)).toEqual(SIGNED_IN_PATHS);
    expect(routes.at(-1)!.path).toBe('*');
  });

  it('keeps the open pages outside the guard', () => {
    const web = router.routes.find((r) => r.path === '/web')!;
    const open = web.children!.find((r) => r.children?.some((c) => c.path === 'login'))!;
    expect(open.children!.map((r) => r.path)).toEqual([
      'login',
      'register',
      'forget_password',
      'forget_username',
      'lock',
    ]);
  });

  it('lists the menu by group in table order, the enrolment form and its refusal only routed', () => {
    expect(CANDIDATE_MENU_GROUPS.map((g) => g.key)).toEqual(['personal', 'recruit', 'help']);
    expect(menuPaths({ plan: null, enrollStatus: '0' })).toEqual([
      ['/web/user_info', '/web/notice', '/web/edit_password'],
      ['/web/my_enroll', '/web/enroll_table'],
      ['/web/server_center'],
    ]);
  });

  it('lists the ticket inside the print window for an applicant only', () => {
    const plan = planFrom(-25);
    expect(menuPaths({ plan, enrollStatus: '1' })[1]).toEqual([
      '/web/my_enroll',
      '/web/enroll_table',
      '/web/admission_ticket',
    ]);
    expect(menuPaths({ plan, enrollStatus: '0' })[1]).toEqual(['/web/my_enroll', '/web/enroll_table']);
  });

  it('lists the result from the score-query start on, for everyone', () => {
    // During the exam: the print window is over and the results not open yet.
    expect(menuPaths({ plan: planFrom(-35), enrollStatus: '1' })[1]).toEqual([
      '/web/my_enroll',
      '/web/enroll_table',
    ]);
    expect(menuPaths({ plan: planFrom(-45), enrollStatus: '0' })[1]).toEqual([
      '/web/my_enroll',
      '/web/enroll_table',
      '/web/recruit_info',
    ]);
  });
});
