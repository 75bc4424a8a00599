import type { DashboardQuery, DashboardStatistics, DownloadLink, PlanOption } from '@tegang/domain';
import { http } from '../../api/request';

/** The dashboard's calls (spec §2 "报名统计"; docs/decisions.md "A dashboard for every plan"). */

/**
 * GET /candidate/enroll/statistics/dashboard: a plan's statistics, daily trend and funnel in the
 * administrator's region; without `planId` the open plan, else the newest.
 */
export const dashboardStatistics = (planId?: number) =>
  http.get<DashboardStatistics>('/candidate/enroll/statistics/dashboard', planId ? { planId } : undefined);

/** POST /candidate/enroll/statistics/exportToken: a single-use link to the statistics as xlsx. */
export const dashboardExportLink = (query: DashboardQuery) =>
  http.post<DownloadLink>('/candidate/enroll/statistics/exportToken', query);

/** GET /recruit/recruitPlan/listRecruitPlan: every plan (closed ones too), newest first, for the picker. */
export const listPlanOptions = () => http.get<PlanOption[]>('/recruit/recruitPlan/listRecruitPlan');
