import type {
  ApiResult,
  EducationPlan,
  EducationPlanPayload,
  EducationPlanQuery,
  Page,
  PageQuery,
} from '@tegang/domain';
import { http, requestEnvelope } from '../../api/request';

export type { EducationPlanPayload };

/** Category–education mapping in the back office (spec §7 "/recruit/educationPlan"). */

/** The list request: search fields and paging. */
export type EducationPlanListQuery = EducationPlanQuery & PageQuery;

export const pageEducationPlans = (query: EducationPlanListQuery) =>
  http.get<Page<EducationPlan>>('/recruit/educationPlan/page', { ...query });

export const createEducationPlan = (payload: EducationPlanPayload): Promise<ApiResult<number>> =>
  requestEnvelope('POST', '/recruit/educationPlan', { data: payload });

export const updateEducationPlan = (
  payload: EducationPlanPayload & { id: number },
): Promise<ApiResult<number>> => requestEnvelope('PUT', '/recruit/educationPlan', { data: payload });

export const deleteEducationPlan = (id: number): Promise<ApiResult<null>> =>
  requestEnvelope('DELETE', `/recruit/educationPlan/${id}`);
