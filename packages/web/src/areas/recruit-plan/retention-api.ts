import type { ApiResult, RetentionJobView, RetentionQueued, RetentionView } from '@tegang/domain';
import { http, requestEnvelope } from '../../api/request';

/** Retention of a plan's personal data (server modules/retention; docs/security.md "Retention"). */

const BASE = '/recruit/retention';

/** The plan's period, when it runs out, what a run would change now, and its newest run. */
export const getRetention = (planId: number) => http.get<RetentionView>(`${BASE}/plan/${planId}`);

/** Runs the plan's retention now (only once its period has run out): {jobId}. */
export const runRetention = (planId: number): Promise<ApiResult<RetentionQueued>> =>
  requestEnvelope('POST', `${BASE}/plan/${planId}/run`);

/** A retention run's progress and, once done, what it changed. */
export const getRetentionJob = (jobId: number) => http.get<RetentionJobView>(`${BASE}/job/${jobId}`);
