import type {
  ApiResult,
  Page,
  SmsNoticeEvent,
  SmsNoticeFailure,
  SmsNoticeJobView,
  SmsNoticePlanView,
  SmsNoticeSwitchResult,
  SmsNoticeTemplate,
} from '@tegang/domain';
import { http, requestEnvelope } from '../../api/request';

/** SMS notices to candidates (server modules/sms-notice; docs/decisions.md "SMS notices to candidates"). */

const BASE = '/recruit/smsNotice';

/** The plan's switch and its counts per event inside the caller's region. */
export const getPlanNotices = (planId: number) => http.get<SmsNoticePlanView>(`${BASE}/plan/${planId}`);

/**
 * Turns the plan's notices on or off (province-level accounts); answers the plan's view and the
 * catch-up job queued by turning them on (null when none).
 */
export const setPlanNotices = (planId: number, enabled: boolean): Promise<ApiResult<SmsNoticeSwitchResult>> =>
  requestEnvelope('PUT', `${BASE}/plan/${planId}`, { data: { enabled } });

/** Queues the notice of `event` to the plan's pending candidates: {jobId, total}. */
export const sendPlanNotice = (
  planId: number,
  event: SmsNoticeEvent,
): Promise<ApiResult<{ jobId: number; total: number }>> =>
  requestEnvelope('POST', `${BASE}/plan/${planId}/send`, { data: { event } });

/** A notice job's progress. */
export const getNoticeJob = (jobId: number) => http.get<SmsNoticeJobView>(`${BASE}/job/${jobId}`);

/** One page of the plan's failed notices inside the caller's region (masked phones, provider errors). */
export const pageNoticeFailures = (planId: number, query: { current: number; size: number }) =>
  http.get<Page<SmsNoticeFailure>>(`${BASE}/plan/${planId}/failures`, { ...query });

/** Every event's template. */
export const getNoticeTemplates = () => http.get<SmsNoticeTemplate[]>(`${BASE}/templates`);

/** Saves the templates; answers them all. */
export const saveNoticeTemplates = (
  templates: SmsNoticeTemplate[],
): Promise<ApiResult<SmsNoticeTemplate[]>> =>
  requestEnvelope('PUT', `${BASE}/templates`, { data: { templates } });
