import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { APPLY_FLAG, type CandidatePlan, type MyEnroll, type PlanTimeline } from '@tegang/domain';
import { listMyEnroll } from '../areas/enroll/api';
import { candidateKeys, useCandidate } from './state';

/**
 * The plan a candidate page is about: the form, ticket and result pages (/web/enroll_table,
 * /web/admission_ticket, /web/recruit_info) take `?planId=<id>` for any plan she applied to and
 * otherwise mean the front-site state's plan (spec §3 planId: the open plan, else her latest closed
 * one), so an earlier plan's pages stay reachable through that plan's own windows whatever plan is
 * open now. An earlier plan is read from her applications (GET /api/enroll/listMyEnroll, the cache of
 * candidateKeys.myEnroll that 我的报名 and the home card share); the server still checks every read
 * (her own rows, the plan's windows).
 */

/** What the pages read of a plan: its name, year, timeline and customer-service phone. */
export type PagePlanInfo = Pick<CandidatePlan, 'id' | 'name' | 'year' | 'customerServicePhone'> &
  PlanTimeline;

export interface PagePlan {
  /** The plan's id; null without one (no plan at all, or a `?planId` that is not one of hers). */
  planId: number | null;
  plan: PagePlanInfo | null;
  /** She applied to the plan. */
  applied: boolean;
  /** Inside the plan's online enrolment window (only the front-site plan can be): apply or edit. */
  canCandidate: boolean;
  /** The server's word on the front-site plan (when enrolment opens or that it ended); '' otherwise. */
  message: string;
  /** The page is about another plan than the front-site state's (an earlier one). */
  earlier: boolean;
  /** The plan's personal data was deleted at the end of its retention period: no form, ticket or result. */
  purged: boolean;
  /** `?planId` names no plan she applied to (or is not an id): nothing to show but the way back. */
  unknown: boolean;
  loading: boolean;
  failed: boolean;
  /** Loads the state and her applications again. */
  refresh: () => void;
}

/** A `?planId` value: a positive integer id, null when absent, NaN when it is not an id. */
export function parsePlanId(value: string | null): number | null {
  if (value === null || value === '') return null;
  return /^[1-9]\d{0,15}$/.test(value) ? Number(value) : NaN;
}

/** `path` addressed to plan `planId` (`/web/recruit_info?planId=7`). */
export const planPath = (path: string, planId: number) => `${path}?planId=${planId}`;

/**
 * Her applications across plans, newest plan first (candidateKeys.myEnroll). `enabled` false leaves
 * the call out (a page that does not need it).
 */
export function useMyEnrollList(enabled = true) {
  return useQuery<MyEnroll[]>({
    queryKey: candidateKeys.myEnroll,
    queryFn: listMyEnroll,
    enabled,
    // Audit decisions, tickets and results change it; a minute's staleness only delays them, and the
    // state's refresh (after applying or editing) reloads it.
    staleTime: 60_000,
  });
}

/** The plan of the page being shown (see the top of this file); only inside CandidateProvider and a router. */
export function usePagePlan(): PagePlan {
  const state = useCandidate();
  const [params] = useSearchParams();
  const asked = parsePlanId(params.get('planId'));
  const own = asked === null || asked === state.planId;
  const list = useMyEnrollList();
  const refresh = () => {
    void state.refresh();
    void list.refetch();
  };
  if (own) {
    const planId = state.planId;
    const purged = list.data?.find((e) => e.plan.id === planId)?.plan.purged ?? false;
    return {
      planId,
      plan: state.plan,
      applied: planId !== null && state.enrollStatus === APPLY_FLAG.applied,
      canCandidate: state.canCandidate,
      message: state.message,
      earlier: false,
      purged,
      unknown: false,
      loading: state.loading,
      failed: state.failed,
      refresh,
    };
  }
  const item = list.data?.find((e) => e.plan.id === asked);
  return {
    planId: item?.plan.id ?? null,
    plan: item?.plan ?? null,
    applied: item !== undefined,
    canCandidate: false,
    message: '',
    earlier: true,
    purged: item?.plan.purged ?? false,
    unknown: list.isSuccess && item === undefined,
    loading: state.loading || list.isPending,
    failed: state.failed || list.isError,
    refresh,
  };
}
