import {
  AUDIT_STATUS,
  CANDIDATE_ACTION_PATHS,
  candidateStage,
  resultsOpen,
  ticketPrintOpen,
  type CandidateActionKey,
  type CandidateStage,
  type MyEnroll,
} from '@tegang/domain';
import { planPath } from '../../../candidate/page-plan';

/**
 * One application of 我的报名 and of the home card's earlier plans, as the screens show it: her stage
 * in the plan (domain candidateStage on the item's plan, enrolment, ticket and result) and the pages
 * she may open for it, each addressed to the plan (`?planId=`). Pure: no I/O.
 */

/** The pages of one application: the form, the ticket, the results, and editing (the front-site plan). */
export type MyEnrollActionKey = 'form' | 'ticket' | 'result' | 'edit';

export interface MyEnrollAction {
  key: MyEnrollActionKey;
  path: string;
  /** The stage's next action (candidateStage nextAction): the primary button. */
  primary: boolean;
}

export interface MyEnrollView {
  item: MyEnroll;
  /** Her stage in the plan; null once the plan's personal data was deleted (purged). */
  stage: CandidateStage | null;
  /** What she may open now, in this order: edit, form, ticket, result; none once purged. */
  actions: MyEnrollAction[];
  /** The plan is the front-site state's (the open plan, else her latest closed one). */
  current: boolean;
}

/** Which of the page's actions carries each next action of the stage. */
const PRIMARY_OF: Record<CandidateActionKey, MyEnrollActionKey> = {
  apply: 'edit',
  editEnroll: 'edit',
  downloadForm: 'form',
  downloadTicket: 'ticket',
  queryResult: 'result',
  viewResult: 'result',
};

/**
 * The view of `item` at `now`; `frontPlanId` is the front-site state's plan. Rules: a purged plan has
 * no stage and no actions; otherwise the form always; the ticket inside the plan's print window and
 * the results from its score-query start on, both unless the audit rejected the application (as the
 * stage offers them); editing only for the front-site plan while the stage offers it (/web/enroll is
 * that plan's page).
 */
export function myEnrollView(item: MyEnroll, now: Date, frontPlanId: number | null): MyEnrollView {
  const current = item.plan.id === frontPlanId;
  if (item.plan.purged) return { item, stage: null, actions: [], current };
  const stage = candidateStage({
    plan: item.plan,
    enroll: { auditStatus: item.auditStatus, auditReason: item.auditReason },
    ticket: item.ticket,
    result: item.result,
    now,
  });
  const id = item.plan.id;
  const rejected = item.auditStatus === AUDIT_STATUS.rejected;
  const primary = stage.nextAction ? PRIMARY_OF[stage.nextAction.key] : null;
  const keys: [MyEnrollActionKey, string, boolean][] = [
    ['edit', CANDIDATE_ACTION_PATHS.editEnroll, current && primary === 'edit'],
    ['form', planPath(CANDIDATE_ACTION_PATHS.downloadForm, id), true],
    [
      'ticket',
      planPath(CANDIDATE_ACTION_PATHS.downloadTicket, id),
      !rejected && ticketPrintOpen(item.plan, now),
    ],
    ['result', planPath(CANDIDATE_ACTION_PATHS.viewResult, id), !rejected && resultsOpen(item.plan, now)],
  ];
  return {
    item,
    stage,
    current,
    actions: keys.flatMap(([key, path, shown]) => (shown ? [{ key, path, primary: key === primary }] : [])),
  };
}

/**
 * The earlier plans that still concern her, for the home card: not the front-site plan, not purged,
 * and with something to do or read now (the stage's next action: results open or published, a ticket
 * to print), newest first as listed.
 */
export function earlierPlansOfConcern(
  items: readonly MyEnroll[],
  now: Date,
  frontPlanId: number | null,
): MyEnrollView[] {
  return items
    .map((item) => myEnrollView(item, now, frontPlanId))
    .filter((v) => !v.current && v.stage?.nextAction && v.actions.some((a) => a.primary));
}
