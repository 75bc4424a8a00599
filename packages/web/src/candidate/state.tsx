import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CandidateInfo } from '@tegang/domain';
import { getCandidateInfo } from '../areas/candidate-account/api';
import { checkCanCandidate, getApplyFlag, type CandidatePlan } from '../areas/enroll/api';
import { APPLY_FLAG } from '@tegang/domain';

/**
 * The front-site state of spec §3: canCandidate, planId, enrollStatus, message, limitBirth (with the
 * per-education birthLimits) and the candidate's userInfo, loaded when the logged-in layout opens and
 * shared by its pages. planId is the open plan whenever one is open (applied to or not); with none
 * open, the latest closed plan the candidate applied to (the application stays readable and its form
 * downloadable), else null. Her other plans are addressed by id (candidate/page-plan.ts).
 */
export interface CandidateState {
  canCandidate: boolean;
  planId: number | null;
  /** '1' enrolled (GET /api/apply/{planId} answered '1'), '0' not enrolled or no plan open. */
  enrollStatus: (typeof APPLY_FLAG)[keyof typeof APPLY_FLAG];
  message: string;
  limitBirth: string | null;
  /** The plan's age limits per education (education code → YYYY-MM-DD); {} when none. */
  birthLimits: Record<string, string>;
  plan: CandidatePlan | null;
  userInfo: CandidateInfo | null;
  /** True until the plan check, the user info and the apply flag have answered. */
  loading: boolean;
  /** True when the plan check or the user info failed. */
  failed: boolean;
  /** Loads everything again (after applying, editing personal info …). */
  refresh: () => Promise<void>;
}

const Ctx = createContext<CandidateState | null>(null);

export const candidateKeys = {
  all: ['candidate'] as const,
  can: ['candidate', 'checkCanCandidate'] as const,
  info: ['candidate', 'info'] as const,
  flag: (planId: number | null) => ['candidate', 'applyFlag', planId] as const,
  enroll: (planId: number | null) => ['candidate', 'enroll', planId] as const,
  ticket: (planId: number | null) => ['candidate', 'home', 'ticket', planId] as const,
  /** The admission result; the same key as /web/recruit_info's own read, so one cache. */
  result: (planId: number | null) => ['candidate', 'admissionResult', planId] as const,
  /** Her applications across plans (我的报名, the home card's earlier plans, plan-addressed pages). */
  myEnroll: ['candidate', 'myEnroll'] as const,
};

export function CandidateProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const can = useQuery({ queryKey: candidateKeys.can, queryFn: checkCanCandidate });
  const info = useQuery({ queryKey: candidateKeys.info, queryFn: getCandidateInfo });
  const planId = can.data?.planId ?? null;
  const flag = useQuery({
    queryKey: candidateKeys.flag(planId),
    queryFn: () => getApplyFlag(planId!),
    enabled: planId !== null,
  });

  const value = useMemo<CandidateState>(
    () => ({
      canCandidate: Boolean(can.data?.canCandidate),
      planId,
      enrollStatus:
        planId !== null && String(flag.data) === APPLY_FLAG.applied ? APPLY_FLAG.applied : APPLY_FLAG.none,
      message: can.data?.message ?? '',
      limitBirth: can.data?.limitBirth ?? null,
      birthLimits: can.data?.birthLimits ?? {},
      plan: can.data?.plan ?? null,
      userInfo: info.data ?? null,
      loading: can.isPending || info.isPending || (planId !== null && flag.isPending),
      failed: can.isError || info.isError,
      refresh: () => client.invalidateQueries({ queryKey: candidateKeys.all }),
    }),
    [
      can.data,
      can.isPending,
      can.isError,
      info.data,
      info.isPending,
      info.isError,
      flag.data,
      flag.isPending,
      planId,
      client,
    ],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** The front-site state; only inside the logged-in layout. */
export function useCandidate(): CandidateState {
  const state = useContext(Ctx);
  if (!state) throw new Error('useCandidate outside CandidateProvider');
  return state;
}
