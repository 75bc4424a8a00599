import { useQuery } from '@tanstack/react-query';
import {
  APPLY_FLAG,
  AUDIT_STATUS,
  TICKET_STATUS,
  candidateStage,
  resultsOpen,
  ticketPrintOpen,
  type CandidateEnroll,
  type CandidateStage,
} from '@tegang/domain';
import { ApiError } from '../api/request';
import { getEnrollByPlanId } from '../areas/enroll/api';
import { getTicketByPlanId } from '../areas/admission-ticket/api';
import { getResultByPlanId } from '../areas/admission-result/api';
import { useNow } from './layout/plan-phase';
import { candidateKeys, useCandidate } from './state';

/**
 * Whether the candidate's ticket is distributed (TICKET_STATUS), asked only inside the print window
 * of an application that was not rejected (outside it the server refuses with 400 and says nothing):
 * a ticket → distributed, 404 → pending (none distributed yet), anything else → null (not known).
 */
function useTicketStatus(planId: number | null, ask: boolean): { status: string | null; pending: boolean } {
  const ticket = useQuery({
    queryKey: candidateKeys.ticket(planId),
    queryFn: () => getTicketByPlanId(planId!),
    enabled: ask && planId !== null,
    retry: false,
  });
  if (!ask) return { status: null, pending: false };
  if (ticket.isSuccess) return { status: TICKET_STATUS.distributed, pending: false };
  if (ticket.isError)
    return {
      status: ticket.error instanceof ApiError && ticket.error.code === 404 ? TICKET_STATUS.pending : null,
      pending: false,
    };
  return { status: null, pending: true };
}

/**
 * The candidate's admission result, asked from the score-query start on for an application that was
 * not rejected (before it the server refuses with 400): the result, or null for 404 (none published)
 * and any other answer. Shares its cache with /web/recruit_info (candidateKeys.result).
 */
function useResult(
  planId: number | null,
  ask: boolean,
): { result: { admissionStatus: string } | null; pending: boolean } {
  const read = useQuery({
    queryKey: candidateKeys.result(planId),
    queryFn: () => getResultByPlanId(planId!),
    enabled: ask && planId !== null,
    retry: false,
  });
  if (!ask) return { result: null, pending: false };
  return { result: read.data ?? null, pending: read.isPending };
}

/** The candidate's stage as the whole site reads it (useCandidateStage). */
export interface CandidateStageView {
  /** The stage (domain candidateStage); null while loading, on a failed read or without a plan. */
  stage: CandidateStage | null;
  /** The candidate's enrolment (audit status and reason); null when not applied or not read yet. */
  enroll: CandidateEnroll | null;
  /** True until every read the stage needs has answered. */
  loading: boolean;
  /** The enrolment read failed (the front-site state's own failure is CandidateState.failed). */
  failed: boolean;
  /** Reads the enrolment again. */
  retry: () => void;
  now: Date;
}

/**
 * The one place the candidate site computes where the candidate stands (domain candidateStage): the
 * home card, the sidebar's red status and the phone's drawer all read this, so a rejected candidate
 * sees 审核未通过 everywhere and a pending one 待审核. Reads what the front-site state already has
 * (plan, apply flag) plus the enrolment read-back GET /api/enroll/getEnrollByPlanId/{planId} (audit
 * status and reason; shared with the enrolment pages through candidateKeys.enroll), inside the
 * print window the ticket, and from the score-query start on the admission result. Only inside CandidateProvider.
 */
export function useCandidateStage(): CandidateStageView {
  const state = useCandidate();
  const now = useNow();
  const plan = state.plan;
  const applied = state.enrollStatus === APPLY_FLAG.applied && state.planId !== null;
  const enrollRead = useQuery({
    queryKey: candidateKeys.enroll(state.planId),
    queryFn: () => getEnrollByPlanId(state.planId!),
    enabled: applied,
    // The sidebar (and the drawer, mounted when opened) and the card share one read; saving the
    // form invalidates the key, so a minute's staleness only delays a reviewer's decision.
    staleTime: 60_000,
  });
  const enroll = applied ? (enrollRead.data ?? null) : null;
  const askTicket =
    plan !== null &&
    enroll !== null &&
    enroll.auditStatus !== AUDIT_STATUS.rejected &&
    ticketPrintOpen(plan, now);
  const ticket = useTicketStatus(state.planId, askTicket);
  const askResult =
    plan !== null &&
    enroll !== null &&
    enroll.auditStatus !== AUDIT_STATUS.rejected &&
    resultsOpen(plan, now);
  const result = useResult(state.planId, askResult);

  const loading = state.loading || (applied && enrollRead.isPending) || ticket.pending || result.pending;
  const failed = applied && enrollRead.isError;
  const stage =
    loading || failed || state.failed || !plan || state.planId === null
      ? null
      : candidateStage({ plan, enroll, ticket: ticket.status, result: result.result, now });
  return { stage, enroll, loading, failed, retry: () => void enrollRead.refetch(), now };
}
