import type { MessageKey } from './i18n';
import { AUDIT_STATUS } from './enroll';
import { TICKET_STATUS } from './admission-ticket';
import { ADMISSION_STATUS } from './admission-result';
import {
  PLAN_PHASES,
  planPhase,
  resultsOpen,
  ticketPrintOpen,
  type PlanPhase,
  type PlanPhaseName,
  type PlanTimeline,
} from './recruit-plan';
import { windowState } from './time';

/**
 * Where a candidate stands in a recruit plan and what to do next: the candidate home (the plan's
 * timeline with the candidate's own state on it), computed from the plan's timeline, the
 * candidate's own enrolment and admission ticket, and the clock. Pure: no I/O.
 */

/**
 * The candidate's own state (catalogue `home.state.<state>`):
 * - notApplied: no application, online enrolment not over yet (before or inside the window);
 * - closed: no application and online enrolment is over;
 * - pending: applied, waiting for the on-site audit;
 * - rejected: the audit rejected the application (with its reason); correctable until enrolment ends;
 * - passed: the audit passed, no ticket to download now;
 * - ticketReady: inside the ticket print window with a distributed ticket;
 * - resultsOpen: applied and not rejected, from the score-query start on, no admission result yet;
 * - admitted / notAdmitted: the plan's results are published and the candidate's says 录取 / 未录取
 *   (ADMISSION_STATUS);
 * - resultPublished: the candidate's result is published with another status (待定 or a code of the
 *   server's open list): "录取结果可查询".
 */
export type CandidateStageState =
  | 'notApplied'
  | 'closed'
  | 'pending'
  | 'rejected'
  | 'passed'
  | 'ticketReady'
  | 'resultsOpen'
  | 'admitted'
  | 'notAdmitted'
  | 'resultPublished';

/** The next action's catalogue key is `home.action.<key>`; `path` is the candidate site's page. */
export type CandidateActionKey =
  'apply' | 'editEnroll' | 'downloadForm' | 'downloadTicket' | 'queryResult' | 'viewResult';

/** The candidate pages an action leads to (packages/web candidate router). */
export const CANDIDATE_ACTION_PATHS: Record<CandidateActionKey, string> = {
  apply: '/web/enroll',
  editEnroll: '/web/enroll',
  downloadForm: '/web/enroll_table',
  downloadTicket: '/web/admission_ticket',
  queryResult: '/web/recruit_info',
  viewResult: '/web/recruit_info',
};

/** One stage of the plan's timeline as the candidate sees it: over, running now, or still to come. */
export interface CandidateTimelineStep {
  phase: PlanPhaseName;
  /** ISO 8601 instants of the stage's range [start, end). */
  start: string;
  end: string;
  state: 'done' | 'current' | 'later';
}

/** A message of the catalogue with its params (times are ISO 8601: the screen formats them). */
export interface StageMessage {
  key: MessageKey;
  params: Record<string, string>;
}

export interface CandidateStage {
  /** The plan's phase now (planPhase). */
  phase: PlanPhase;
  state: CandidateStageState;
  /** The audit's rejection reason (state 'rejected' only; '' when the reviewer gave none). */
  reason?: string;
  /** What the state means now, with the date that matters (a deadline or an opening). */
  note: StageMessage | null;
  /** The one thing to do next, as a primary button; null when there is nothing to do now. */
  nextAction: { key: CandidateActionKey; path: string } | null;
  /** The eight stages of PLAN_PHASES in order. */
  timeline: CandidateTimelineStep[];
}

export interface CandidateStageInput {
  /** The plan's timeline (ISO 8601 instants; CandidatePlan or RecruitPlan). */
  plan: PlanTimeline;
  /**
   * The candidate's enrolment in the plan (GET /api/enroll/getEnrollByPlanId): its audit status
   * (AUDIT_STATUS) and reason; null when the candidate has not applied.
   */
  enroll: { auditStatus: string; auditReason?: string | null } | null;
  /**
   * The candidate's admission ticket: TICKET_STATUS.distributed when the candidate's ticket call
   * answered a ticket, TICKET_STATUS.pending when it answered none distributed (404); null or
   * omitted when not known (outside the print window the server does not say).
   */
  ticket?: string | null;
  /**
   * The candidate's admission result when the result read (GET
   * /api/admissionResults/getAdmissionResultsByPlanId/{planId}) answered one: its admissionStatus
   * (ADMISSION_STATUS or another code of the open list). null or omitted: none published (404) or
   * not known; read only from the score-query start on.
   */
  result?: { admissionStatus: string } | null;
  now?: Date;
}

const action = (key: CandidateActionKey) => ({ key, path: CANDIDATE_ACTION_PATHS[key] });
const msg = (key: MessageKey, params: Record<string, string> = {}): StageMessage => ({ key, params });

/**
 * The candidate's stage in `plan` at `now` (default: the current time). The plan's windows are
 * half-open [start, end) as in planPhase and windowState. Rules:
 * a rejected application shows its reason and "修改报名" until online enrolment ends, then only the
 * reason; a pending or passed one offers the enrolment form until the ticket print window, the ticket
 * inside it (state ticketReady once it is distributed), and from the score-query start on the
 * result (state resultsOpen, also for a pending one; once the candidate's result is published
 * admitted / notAdmitted / resultPublished, with 查看录取结果). Never throws; missing times count as
 * never.
 */
export function candidateStage({
  plan,
  enroll,
  ticket = null,
  result = null,
  now = new Date(),
}: CandidateStageInput): CandidateStage {
  const phase = planPhase(plan, now);
  const t = now.getTime();
  const timeline: CandidateTimelineStep[] = PLAN_PHASES.map(([name, start, end]) => ({
    phase: name,
    start: plan[start],
    end: plan[end],
    state:
      t >= new Date(plan[end]).getTime()
        ? 'done'
        : t >= new Date(plan[start]).getTime()
          ? 'current'
          : 'later',
  }));
  const base = { phase, timeline };
  const enrolment = windowState(plan.enrollStartTime, plan.enrollEndTime, now);

  if (!enroll) {
    if (enrolment === 'after')
      return {
        ...base,
        state: 'closed',
        note: msg('home.note.closed', { time: plan.enrollEndTime }),
        nextAction: null,
      };
    return enrolment === 'open'
      ? {
          ...base,
          state: 'notApplied',
          note: msg('home.note.applyUntil', { time: plan.enrollEndTime }),
          nextAction: action('apply'),
        }
      : {
          ...base,
          state: 'notApplied',
          note: msg('home.note.applyFrom', { time: plan.enrollStartTime }),
          nextAction: null,
        };
  }

  if (enroll.auditStatus === AUDIT_STATUS.rejected) {
    const reason = enroll.auditReason ?? '';
    return enrolment === 'after'
      ? {
          ...base,
          state: 'rejected',
          reason,
          note: msg('home.note.rejectedClosed', { time: plan.enrollEndTime }),
          nextAction: null,
        }
      : {
          ...base,
          state: 'rejected',
          reason,
          note: msg('home.note.fixUntil', { time: plan.enrollEndTime }),
          nextAction: action('editEnroll'),
        };
  }

  if (resultsOpen(plan, now) && result) {
    const status =
      result.admissionStatus === ADMISSION_STATUS.admitted
        ? 'admitted'
        : result.admissionStatus === ADMISSION_STATUS.notAdmitted
          ? 'notAdmitted'
          : 'resultPublished';
    return {
      ...base,
      state: status,
      note: msg('home.note.resultPublished'),
      nextAction: action('viewResult'),
    };
  }
  if (resultsOpen(plan, now))
    return {
      ...base,
      state: 'resultsOpen',
      note: msg('home.note.results'),
      nextAction: action('queryResult'),
    };

  const state = enroll.auditStatus === AUDIT_STATUS.passed ? 'passed' : 'pending';
  if (ticket === TICKET_STATUS.distributed && ticketPrintOpen(plan, now))
    return {
      ...base,
      state: 'ticketReady',
      note: msg('home.note.ticketUntil', { time: plan.ticketPrintEndTime }),
      nextAction: action('downloadTicket'),
    };

  const print = windowState(plan.ticketPrintStartTime, plan.ticketPrintEndTime, now);
  if (print === 'before')
    return {
      ...base,
      state,
      note:
        state === 'pending'
          ? msg('home.note.pending', { time: plan.auditEndTime })
          : msg('home.note.ticketFrom', { time: plan.ticketPrintStartTime }),
      nextAction: action('downloadForm'),
    };
  if (print === 'open')
    // Not distributed yet (or not known): the ticket page says why and when.
    return ticket === TICKET_STATUS.pending
      ? {
          ...base,
          state,
          note: msg('home.note.ticketNotYet', { time: plan.ticketPrintEndTime }),
          nextAction: null,
        }
      : {
          ...base,
          state,
          note: msg('home.note.ticketUntil', { time: plan.ticketPrintEndTime }),
          nextAction: action('downloadTicket'),
        };
  // Between the ticket window and the score query: the exam.
  return {
    ...base,
    state,
    note: msg('home.note.resultsFrom', { time: plan.scoreQueryStartTime }),
    nextAction: null,
  };
}
