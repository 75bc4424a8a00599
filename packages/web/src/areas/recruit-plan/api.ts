import type {
  ApiResult,
  CodeOption,
  Page,
  PageQuery,
  PlanOption,
  RecruitPlan,
  RecruitPlanQuery,
} from '@tegang/domain';
import { http, requestEnvelope } from '../../api/request';

/** Recruit plans in the back office (spec §7 "Recruit plan"). */

/** The plan list request: search fields and paging. */
export type PlanQuery = RecruitPlanQuery & PageQuery;
export type { CodeOption, PlanOption };

/** The plan payload of POST/PUT: times ISO 8601, year 'YYYY', limitBirth 'YYYY-MM-DD'. */
export type PlanPayload = Omit<RecruitPlan, 'id' | 'status' | 'purgeTime' | 'createTime' | 'updateTime'> & {
  id?: number;
};

export const pagePlans = (query: PlanQuery) =>
  http.get<Page<RecruitPlan>>('/recruit/recruitPlan/page', { ...query });

export const getPlan = (id: number) => http.get<RecruitPlan>(`/recruit/recruitPlan/${id}`);

export const createPlan = (plan: PlanPayload): Promise<ApiResult<number>> =>
  requestEnvelope('POST', '/recruit/recruitPlan', { data: plan, encrypted: true });

export const updatePlan = (plan: PlanPayload & { id: number }): Promise<ApiResult<number>> =>
  requestEnvelope('PUT', '/recruit/recruitPlan', { data: plan, encrypted: true });

export const deletePlan = (id: number): Promise<ApiResult<null>> =>
  requestEnvelope('DELETE', `/recruit/recruitPlan/${id}`);

export const deletePlans = (idList: number[]): Promise<ApiResult<null>> =>
  requestEnvelope('DELETE', '/recruit/recruitPlan/deleteByIds', { data: { idList } });

export const planStatusOptions = () => http.get<CodeOption[]>('/recruit/recruitPlan/getRecruitPlanStatus');

export const listPlanOptions = () => http.get<PlanOption[]>('/recruit/recruitPlan/listRecruitPlan');

export const updatePlanStatus = (id: number, status: string): Promise<ApiResult<null>> =>
  requestEnvelope('POST', `/recruit/recruitPlan/updateStatus/${id}/${status}`);
