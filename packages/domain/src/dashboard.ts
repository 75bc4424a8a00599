import { z } from 'zod';
import { enrollStatisticsSchema } from './enroll';
import { planStatusSchema } from './recruit-plan';
import { idNumber } from './validation';

/**
 * The console dashboard of a plan (spec §2 "报名统计", /wel/dashboard): the enrolment statistics of
 * one plan (enrollStatisticsSchema) with its daily trend and its funnel, inside the caller's region.
 * docs/decisions.md "A dashboard for every plan".
 */

/** One day of a plan's enrolment and audit span (China Standard Time). */
export const dailyCountSchema = z.object({
  /** YYYY-MM-DD, the calendar day in China Standard Time (Asia/Shanghai). */
  date: z.string(),
  /** Enrolments made that day (enroll.create_time), whatever their audit status now. */
  applied: z.number().int(),
  /** Enrolments whose audit passed that day (enroll.audit_time, audit status passed now). */
  passed: z.number().int(),
});
export type DailyCount = z.output<typeof dailyCountSchema>;

/** The stages of the funnel, in order (each one a subset of the one before). */
export const FUNNEL_STAGES = ['registered', 'applied', 'passed', 'ticket', 'admitted'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/**
 * The funnel of a plan: registered → applied → passed → ticket → admitted.
 * - registered: candidate accounts that existed at the plan's enrolment end (made by then, not removed
 *   by then): those who could have applied. Candidate accounts carry no region, so the number is
 *   province-wide and given to province-level callers only; null for a city or county caller.
 * - applied: enrolments of the plan; passed: of them, those whose audit passed;
 * - ticket: distributed admission tickets (TICKET_STATUS.distributed);
 * - admitted: admission results with ADMISSION_STATUS.admitted.
 * All but `registered` are counted inside the caller's region (the enrolment's county).
 */
export const planFunnelSchema = z.object({
  registered: z.number().int().nullable(),
  applied: z.number().int(),
  passed: z.number().int(),
  ticket: z.number().int(),
  admitted: z.number().int(),
}) satisfies z.ZodType<Record<FunnelStage, number | null>>;
export type PlanFunnel = z.output<typeof planFunnelSchema>;

/** GET /candidate/enroll/statistics/dashboard and its export: which plan (default: the open one, else the newest). */
export const dashboardQuerySchema = z.object({ planId: idNumber().optional() });
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

/** GET /candidate/enroll/statistics/dashboard: a plan's statistics, trend and funnel in the caller's region. */
export const dashboardStatisticsSchema = enrollStatisticsSchema.extend({
  /** The plan's status (PLAN_STATUS); null without a plan. */
  planStatus: planStatusSchema.nullable(),
  /** The plan's year; null without a plan. */
  planYear: z.string().nullable(),
  /** True for a closed plan (已结束, archived): its numbers are final and the console stops refreshing. */
  final: z.boolean(),
  /**
   * Every day from the plan's enrolment start to its audit end (to today while it runs), and any day
   * outside that with enrolments or passed audits, in order, days without any as zeros.
   */
  daily: z.array(dailyCountSchema),
  funnel: planFunnelSchema,
});
export type DashboardStatistics = z.output<typeof dashboardStatisticsSchema>;
