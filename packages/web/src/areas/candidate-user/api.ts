import type {
  ApiResult,
  CandidateAccount,
  CandidateUserQuery,
  Page,
  PageQuery,
  RegisteredPersonnelQuery,
} from '@tegang/domain';
import { http, requestEnvelope } from '../../api/request';

/**
 * Candidate accounts in the back office (spec §2 "Registered personnel", "Candidate user state list"):
 * the two lists (ID numbers masked), the detail, the phone edit, deletion and the state change.
 */

export type { CandidateAccount };
/** The state list request: search fields and paging. */
export type CandidateStateQuery = CandidateUserQuery & PageQuery;
/** The registered-personnel list request: search fields (with the region applied to) and paging. */
export type PersonnelQuery = RegisteredPersonnelQuery & PageQuery;

/** GET /candidate/candidateUser/page. */
export const pageCandidateStates = (query: CandidateStateQuery) =>
  http.get<Page<CandidateAccount>>('/candidate/candidateUser/page', { ...query });

/** GET /candidate/candidateUser/getUserState: [{value, label}] in the caller's language. */
export const candidateStateOptions = () =>
  http.get<{ value: string; label: string }[]>('/candidate/candidateUser/getUserState');

/** POST /candidate/candidateUser/updateState/{id}: {state, reason} (reason required to disable). */
export const updateCandidateState = (id: number, state: string, reason?: string): Promise<ApiResult<null>> =>
  requestEnvelope('POST', `/candidate/candidateUser/updateState/${id}`, { data: { state, reason } });

/** GET /candidate/registeredPersonnel/page. */
export const pagePersonnel = (query: PersonnelQuery) =>
  http.get<Page<CandidateAccount>>('/candidate/registeredPersonnel/page', { ...query });

/** GET /candidate/registeredPersonnel/{id}: with the whole ID number. */
export const getPersonnel = (id: number) =>
  http.get<CandidateAccount>(`/candidate/registeredPersonnel/${id}`);

/** PUT /candidate/registeredPersonnel (encrypted): the phone only. */
export const updatePersonnelPhone = (payload: {
  id: number;
  telephone: string;
}): Promise<ApiResult<number>> =>
  requestEnvelope('PUT', '/candidate/registeredPersonnel', { data: payload, encrypted: true });

/** DELETE /candidate/registeredPersonnel/{id}: refused (409) once the candidate has applied. */
export const deletePersonnel = (id: number): Promise<ApiResult<null>> =>
  requestEnvelope('DELETE', `/candidate/registeredPersonnel/${id}`);

/** DELETE /candidate/registeredPersonnel/deleteByIds {idList}: all or nothing. */
export const deletePersonnelMany = (idList: number[]): Promise<ApiResult<null>> =>
  requestEnvelope('DELETE', '/candidate/registeredPersonnel/deleteByIds', { data: { idList } });
