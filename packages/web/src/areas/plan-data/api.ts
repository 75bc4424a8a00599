import type {
  PlanDataPayload,
  ApiResult,
  DemandOption,
  Page,
  PageQuery,
  PlanData,
  PlanDataQuery,
  PlanDataStatus,
  PlanOption,
} from '@tegang/domain';
import { http, requestEnvelope } from '../../api/request';

export type { PlanDataPayload };

/** Recruit plan data in the back office (spec §7 "/recruit/recruitPlanData"). */

/** The list request: search fields and paging. */
export type PlanDataListQuery = PlanDataQuery & PageQuery;

export const pagePlanData = (query: PlanDataListQuery) =>
  http.get<Page<PlanData>>('/recruit/recruitPlanData/page', { ...query });

export const getPlanData = (id: number) => http.get<PlanData>(`/recruit/recruitPlanData/${id}`);

export const createPlanData = (payload: PlanDataPayload): Promise<ApiResult<number>> =>
  requestEnvelope('POST', '/recruit/recruitPlanData', { data: payload, encrypted: true });

export const updatePlanData = (payload: PlanDataPayload & { id: number }): Promise<ApiResult<number>> =>
  requestEnvelope('PUT', '/recruit/recruitPlanData', { data: payload, encrypted: true });

export const deletePlanData = (id: number): Promise<ApiResult<null>> =>
  requestEnvelope('DELETE', `/recruit/recruitPlanData/${id}`);

export const deletePlanDataMany = (idList: number[]): Promise<ApiResult<null>> =>
  requestEnvelope('DELETE', '/recruit/recruitPlanData/deleteByIds', { data: { idList } });

/** Status options [{value, label (zh), labelEn}]. */
export const planDataStatusOptions = () =>
  http.get<DemandOption[]>('/recruit/recruitPlanData/getRecruitPlanDataStatus');

/** Toggles active ⇄ inactive; data is the new status. */
export const togglePlanDataStatus = (id: number): Promise<ApiResult<PlanDataStatus>> =>
  requestEnvelope('POST', `/recruit/recruitPlanData/updateStatus/${id}`);

export const listPlanOptions = () => http.get<PlanOption[]>('/recruit/recruitPlan/listRecruitPlan');

/** POST /recruit/recruitPlanData/exportToken: a single-use link to the xlsx of the filtered list. */
export const planDataExportLink = (filters: Record<string, unknown>) =>
  http.post<{ url: string }>('/recruit/recruitPlanData/exportToken', filters);
