import type { ApiResult, Page, PlanStatus, RecruitPlan } from '@tegang/domain';
import { http, requestEnvelope } from './request';

/** Recruit plans in the back office (spec §7 "Recruit plan"). */

export interface PlanQuery {
  current: number;
  size: number;
  name?: string;
  year?: string;
  status?: string;
}

/** A code-list option served by the server (spec §4). */
export interface CodeOption {
  value: string;
  label: string;
}

/** GET /recruit/recruitPlan/listRecruitPlan. */
export interface PlanOption {
  id: number;
  name: string;
  year: string;
  status: PlanStatus;
}

/** The plan payload of POST/PUT: times ISO 8601, year 'YYYY', limitBirth 'YYYY-MM-DD'. */
export type PlanPayload = Omit<RecruitPlan, 'id' | 'status' | 'createTime' | 'updateTime'> & { id?: number };

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
