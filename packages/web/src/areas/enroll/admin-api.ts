import type {
  ApiResult,
  CodeOption,
  Enroll,
  EnrollAuditInput,
  EnrollDetail,
  EnrollFilters,
  EnrollNeighbour,
  EnrollStatistics,
  Page,
  PageQuery,
} from '@tegang/domain';
import { ApiError, http, requestEnvelope } from '../../api/request';

/** Enrolment records in the back office (spec §7 "Enrolment", §2 "Enrolment records"). */

export type { EnrollDetail, EnrollFilters };

export const pageEnrolls = (query: EnrollFilters & PageQuery) =>
  http.get<Page<Enroll>>('/candidate/enroll/page', { ...query });

export const getEnroll = (id: number) => http.get<EnrollDetail>(`/candidate/enroll/${id}`);

/** PUT /candidate/enroll (encrypted): the list is read-only except the phone. */
export const updateEnrollPhone = (input: { id: number; phone: string }): Promise<ApiResult<unknown>> =>
  requestEnvelope('PUT', '/candidate/enroll', { data: input, encrypted: true });

export const deleteEnroll = (id: number): Promise<ApiResult<null>> =>
  requestEnvelope('DELETE', `/candidate/enroll/${id}`);

export const deleteEnrolls = (idList: number[]): Promise<ApiResult<null>> =>
  requestEnvelope('DELETE', '/candidate/enroll/deleteByIds', { data: { idList } });

export const enrollCreateStatusOptions = () =>
  http.get<CodeOption[]>('/candidate/enroll/getEnrollCreateStatus');

/** GET /candidate/enroll/getAuditStatus: the audit status options. */
export const enrollAuditStatusOptions = () => http.get<CodeOption[]>('/candidate/enroll/getAuditStatus');

/** The records an audit decides on, as the reviewer read them: their ids and versions, in one order. */
export const auditedAsRead = (rows: Pick<Enroll, 'id' | 'version'>[]) => ({
  idList: rows.map((r) => r.id),
  versions: rows.map((r) => r.version),
});

/**
 * POST /candidate/enroll/audit: pass or reject applications (a rejection with its reason) as read
 * (`versions`); answers {count}. A record changed since it was read answers 409 naming it (the request
 * client shows the message): `onChanged` is called then, so the screen reloads what the reviewer sees.
 */
export async function auditEnrolls(
  input: EnrollAuditInput,
  onChanged?: () => void,
): Promise<ApiResult<{ count: number }>> {
  try {
    return await requestEnvelope('POST', '/candidate/enroll/audit', { data: input });
  } catch (error) {
    if (error instanceof ApiError && error.code === 409) onChanged?.();
    throw error;
  }
}

/**
 * POST /candidate/enroll/generateApply (encrypted {idList}, at most GENERATE_APPLY_MAX ids; key
 * PERMISSIONS.enroll.generate): renders the enrolment-form PDFs of the records anew; data {count},
 * the records regenerated (those outside the caller's region are skipped).
 */
export const generateEnrollForms = (idList: number[]): Promise<ApiResult<{ count: number }>> =>
  requestEnvelope('POST', '/candidate/enroll/generateApply', { data: { idList }, encrypted: true });

/** The most records one generateApply call takes (the server's limit). */
export const GENERATE_APPLY_MAX = 200;

/** POST /candidate/enroll/exportToken: a single-use link to the xlsx of the filtered list. */
export const enrollExportLink = (filters: EnrollFilters) =>
  http.post<{ url: string }>('/candidate/enroll/exportToken', filters);

/** GET /candidate/enroll/statistics: the dashboard's counts in the caller's region. */
export const enrollStatistics = (planId?: number) =>
  http.get<EnrollStatistics>('/candidate/enroll/statistics', planId ? { planId } : undefined);

/** One decision of an application's audit history (newest first): ISO time, reviewer, '1'|'2', reason. */
export interface AuditHistoryEntry {
  time: string;
  reviewer: string | null;
  decision: string;
  reason: string | null;
}

/** GET /candidate/enroll/auditHistory/{id}: every decision on the enrolment, newest first (from the trail). */
export const enrollAuditHistory = (id: number) =>
  http.get<AuditHistoryEntry[]>(`/candidate/enroll/auditHistory/${id}`);

/**
 * GET /candidate/enroll/pendingNeighbour: {id, wrapped} of the pending enrolment after ('next') or
 * before ('prev') `id` in the list the `filters` give (their audit status is replaced by pending),
 * coming round from the other end of the list when none is left that way (`wrapped`); id null when no
 * other enrolment of the list is pending.
 */
export const pendingNeighbour = (filters: EnrollFilters, id: number, direction: 'next' | 'prev') =>
  http.get<EnrollNeighbour>('/candidate/enroll/pendingNeighbour', { ...filters, id, direction });

/**
 * POST /candidate/enroll/audit/undo: takes back the caller's own pass of enrolment `id` within
 * AUDIT_UNDO_SECONDS, `version` being the version the pass gave it (the version read + 1); answers
 * {version} (the new one) with msg 'enroll.audit.undone'. 409 'enroll.audit.undoUnavailable' when the
 * enrolment changed since or the window has passed (the request client shows the message).
 */
export const undoAuditPass = (id: number, version: number): Promise<ApiResult<{ version: number }>> =>
  requestEnvelope('POST', '/candidate/enroll/audit/undo', { data: { id, version } });
