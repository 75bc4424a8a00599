import type { CandidateResult } from '@tegang/domain';
import { http } from '../../api/request';

/** The candidate's admission result (spec §7 "Admission results"). */

export type { CandidateResult };

/**
 * GET /api/admissionResults/getAdmissionResultsByPlanId/{planId}: the candidate's own result.
 * Silent; errors (ApiError): 400 'result.window.notOpen' before the plan's scoreQueryStartTime (the
 * message says when), 404 'result.none' when no result was imported for the candidate.
 */
export const getResultByPlanId = (planId: number) =>
  http.get<CandidateResult>(`/api/admissionResults/getAdmissionResultsByPlanId/${planId}`, undefined, {
    silent: true,
  });

/** An option of an open code list ({value, label}, label in the caller's language). */
export interface CodeOption {
  value: string;
  label: string;
}

/**
 * GET /candidate/admissionResults/getAdmissionStatus (open): the admission status codes with their
 * labels; an open list (new codes may appear). Silent: the page falls back to status.admission.*.
 */
export const getAdmissionStatusOptions = () =>
  http.get<CodeOption[]>('/candidate/admissionResults/getAdmissionStatus', undefined, { silent: true });
