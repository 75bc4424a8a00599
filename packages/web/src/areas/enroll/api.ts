import type {
  DemandRegion,
  CandidateEnroll,
  CandidatePlan,
  CanCandidate,
  DemandOption,
  MyEnroll,
  SubjectDemandOption,
} from '@tegang/domain';
import { http, request } from '../../api/request';

export type { DemandRegion };

/**
 * The candidate's application (spec §7 "Candidate application"): whether and where they may apply,
 * the enrolment notice, the demand-driven choices of the form, the application itself and the
 * download of the enrolment form.
 */

export type { CandidateEnroll, CandidatePlan, CanCandidate, MyEnroll };
export const checkCanCandidate = () => http.get<CanCandidate>('/api/recruitPlan/checkCanCandidate');

/** GET /api/apply/{planId}: APPLY_FLAG.applied when the candidate has applied to the plan. */
export const getApplyFlag = (planId: number) => http.get<string>(`/api/apply/${planId}`);

/** GET /api/instruction/getEnrollNotice/{planId}: the notice as sanitised HTML. */
export const getEnrollNotice = (planId: number) =>
  http.get<{ context: string } | null>(`/api/instruction/getEnrollNotice/${planId}`, undefined, {
    silent: true,
  });

/** The candidate's own enrolment with the address of its photo (pictureUrl); null when none. */
export const getEnrollByPlanId = (planId: number) =>
  http.get<CandidateEnroll | null>(`/api/enroll/getEnrollByPlanId/${planId}`);

/**
 * GET /api/enroll/listMyEnroll: the candidate's applications across plans, newest plan first, each
 * with its plan's timeline, ticket state (inside the print window) and result (from the score query).
 */
export const listMyEnroll = () => http.get<MyEnroll[]>('/api/enroll/listMyEnroll');

/** Plan categories open to an education (only those with demand in the plan). */
export const getCategoriesByEducation = (planId: number, education: string) =>
  http.get<DemandOption[]>(`/api/recruitPlanData/getCategoryByEducation/${encodeURIComponent(education)}`, {
    planId,
  });
/** City → county tree of a category. */
export const getRegionsByCategory = (planId: number, category: string) =>
  http.get<DemandRegion[]>('/api/recruitPlanData/getRecruitPlanDataRegionByCategory', { planId, category });
/** Learning periods with demand in a county. */
export const getLearningPeriodsByRegion = (planId: number, category: string, countyCode: string) =>
  http.get<DemandOption[]>('/api/recruitPlanData/getRecruitPlanDataLearningPeriodByRegion', {
    planId,
    category,
    countyCode,
  });
/** Subjects with demand in a county and learning period. */
export const getSubjectsByLearningPeriod = (
  planId: number,
  category: string,
  countyCode: string,
  learningPeriod: string,
) =>
  http.get<SubjectDemandOption[]>('/api/recruitPlanData/getRecruitPlanDataSubjectByLearningPeriod', {
    planId,
    category,
    countyCode,
    learningPeriod,
  });

/**
 * POST /api/apply (new) or PUT /api/apply (edit; the photo is optional): multipart form fields plus
 * the photo `updateImg`. Silent: a 400 carries data.errors [{field, label, message}] for the form.
 */
export const submitApply = (formData: FormData, edit: boolean) =>
  request<unknown>(edit ? 'PUT' : 'POST', '/api/apply', { data: formData, silent: true });

/** GET /api/enroll/downloadToken/{id}: a short-lived single-use link to the enrolment form PDF. */
export const getEnrollDownloadLink = (enrollId: number) =>
  http.get<{ url: string }>(`/api/enroll/downloadToken/${enrollId}`);
