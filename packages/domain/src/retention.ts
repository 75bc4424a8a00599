import { z } from 'zod';
import { jobProgressSchema } from './jobs';
import { CST_OFFSET_MS } from './time';

/**
 * Retention of the candidates' personal data (PIPL art. 19: kept no longer than the purpose needs;
 * docs/security.md "Retention"). Each recruit plan keeps its candidates' personal data for
 * `retentionYears` after its list-publication end (拟签约名单公示结束); then the retention job
 * de-identifies the plan's enrolments, tickets, results and comparison rows (names masked, ID numbers
 * and phones replaced by keyed hashes, free text emptied, photos and PDFs deleted) and keeps every
 * count the statistics read. A candidate account with no enrolment left in a plan still inside its
 * period, and no login for that period, is removed the same way.
 */

/** The plan setting's bounds and default, in whole years (the province changes it per plan). */
export const RETENTION_YEARS = { min: 1, max: 30, default: 3 } as const;

/**
 * recruitPlan.retentionYears in a plan payload: a whole number of years from RETENTION_YEARS.min to
 * .max; missing, null or '' is the default (3); digit strings are accepted. Anything else is
 * 'plan.retentionYears.range' naming the bounds.
 */
export const retentionYearsSchema = z.preprocess(
  (v) =>
    v === undefined || v === null || v === ''
      ? RETENTION_YEARS.default
      : typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v)
        ? Number(v)
        : v,
  z.custom<number>(
    (v) =>
      typeof v === 'number' && Number.isInteger(v) && v >= RETENTION_YEARS.min && v <= RETENTION_YEARS.max,
    {
      error: 'plan.retentionYears.range',
      params: { min: String(RETENTION_YEARS.min), max: String(RETENTION_YEARS.max) },
    },
  ),
);

/**
 * When a plan's retention period runs out: `listPublishedEndTime` plus `years` calendar years on the
 * China Standard Time wall clock (the same time of day; 29 February falls back to the 28th in a
 * year without it). An instant.
 */
export function retentionEnd(listPublishedEndTime: string | Date, years: number): Date {
  // The UTC fields of `wall` read as the CST wall clock (UTC+8, no daylight saving).
  const wall = new Date(new Date(listPublishedEndTime).getTime() + CST_OFFSET_MS);
  const year = wall.getUTCFullYear() + years;
  const month = wall.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const shifted = Date.UTC(
    year,
    month,
    Math.min(wall.getUTCDate(), lastDay),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  );
  return new Date(shifted - CST_OFFSET_MS);
}

/** What retentionDue reads of a plan (rows hold Dates, API answers ISO strings). */
export interface RetentionPlan {
  listPublishedEndTime: string | Date;
  retentionYears: number;
  purgeTime?: string | Date | null;
}

/** True when the plan's period has run out at `now` (now ≥ retentionEnd) and it is not purged yet. */
export function retentionDue(plan: RetentionPlan, now: Date = new Date()): boolean {
  if (plan.purgeTime) return false;
  return now.getTime() >= retentionEnd(plan.listPublishedEndTime, plan.retentionYears).getTime();
}

/**
 * A name as the retention job keeps it: its first character and one '*' for each other character
 * ('张三丰' → '张**'); a masked name stays as it is.
 */
export function maskName(name: string): string {
  const chars = Array.from(name);
  return chars.length <= 1 ? name : chars[0]! + '*'.repeat(chars.length - 1);
}

/**
 * The first character of every keyed hash the retention job writes in place of an ID number or a
 * phone (server modules/retention/pseudonym.ts): neither an ID number (GB 11643: digits and X) nor a
 * phone number ever holds it, so a hash is never read as a real value.
 */
export const PSEUDONYM_MARK = '#';

/** True when `value` is a keyed hash written by the retention job, not a real ID number or phone. */
export const isPseudonym = (value: string | null | undefined): boolean =>
  typeof value === 'string' && value.startsWith(PSEUDONYM_MARK);

/**
 * What one retention run changes (the preview before it, the effect and the trail entry after it):
 * enrolments de-identified, tickets whose PDF goes, results whose physical examination and remarks
 * go, comparison rows de-identified, problem rows of the plan's imports deleted, stored files
 * (photos, enrolment forms, ticket PDFs) deleted, candidate accounts removed.
 */
export const retentionCountsSchema = z.object({
  enrolments: z.number().int(),
  tickets: z.number().int(),
  results: z.number().int(),
  comparisons: z.number().int(),
  importProblems: z.number().int(),
  files: z.number().int(),
  accounts: z.number().int(),
});
export type RetentionCounts = z.output<typeof retentionCountsSchema>;

/** The count names of RetentionCounts in display order. */
export const RETENTION_COUNT_KEYS = [
  'enrolments',
  'tickets',
  'results',
  'comparisons',
  'importProblems',
  'files',
  'accounts',
] as const satisfies readonly (keyof RetentionCounts)[];

/** GET /recruit/retention/plan/{planId}: a plan's period, its end, and what a run would change now. */
export const retentionViewSchema = z.object({
  planId: z.number().int(),
  retentionYears: z.number().int(),
  /** The list-publication end the period counts from (ISO 8601). */
  listPublishedEndTime: z.string(),
  /** When the period runs out (retentionEnd, ISO 8601). */
  expiresAt: z.string(),
  /** The period has run out and the plan is not purged: a run may start. */
  due: z.boolean(),
  /** When the plan's personal data was de-identified (ISO 8601); null while it is kept. */
  purgeTime: z.string().nullable(),
  /** What a run would change now (all 0 once purged). */
  counts: retentionCountsSchema,
  /** The newest retention job of the plan (running or ended), for the progress bar; null when none. */
  lastJobId: z.number().int().nullable(),
});
export type RetentionView = z.output<typeof retentionViewSchema>;

/** POST /recruit/retention/plan/{planId}/run: the job that runs (a new one, or the one already queued). */
export const retentionQueuedSchema = z.object({ jobId: z.number().int() });
export type RetentionQueued = z.output<typeof retentionQueuedSchema>;

/** GET /recruit/retention/job/{jobId}: a retention job's progress and, once done, what it changed. */
export const retentionJobViewSchema = jobProgressSchema.extend({
  planId: z.number().int().nullable(),
  total: z.number().int(),
  processed: z.number().int(),
  message: z.string(),
  /** What the run changed, once done; null before. */
  counts: retentionCountsSchema.nullable(),
});
export type RetentionJobView = z.output<typeof retentionJobViewSchema>;
