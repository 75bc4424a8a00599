import { and, count, eq, gt, isNotNull, isNull, lte, or, sql, type SQLWrapper } from 'drizzle-orm';
import {
  ADMISSION_STATUS,
  AUDIT_STATUS,
  cstDate,
  inRegionScope,
  TICKET_STATUS,
  type DailyCount,
  type RegionScope,
} from '@tegang/domain';
import type { Db } from '../../db';
import { admissionResult, admissionTicket, candidateUser, enroll } from '../../db/schema';
import { onReferenceChange } from '../../lib/reference-cache';
import type { PostCountsCache } from '../plan-data/post-counts';

/** A count of one region (province, city and county codes of the enrolments). */
export interface RegionCount {
  provinceCode: string;
  cityCode: string;
  countyCode: string;
  n: number;
}

/** A count of one region and one calendar day (YYYY-MM-DD, China Standard Time). */
export interface RegionDayCount extends RegionCount {
  day: string;
}

/** What the dashboard shows of a plan beyond its post counts, per region, as read at `at`. */
export interface PlanProgress {
  at: Date;
  /** Enrolments per region and day of enroll.create_time. */
  applied: RegionDayCount[];
  /** Enrolments whose audit passed, per region and day of enroll.audit_time. */
  passed: RegionDayCount[];
  /** Distributed admission tickets per region of their enrolment. */
  tickets: RegionCount[];
  /** Admission results "admitted" per region of their enrolment. */
  admitted: RegionCount[];
  /** Candidate accounts that existed at the plan's enrolment end (province-wide: accounts have no region). */
  registered: number;
}

/** The plan fields the progress reads. */
export interface ProgressPlan {
  id: number;
  enrollStartTime: Date;
  enrollEndTime: Date;
  auditEndTime: Date;
}

/** The calendar day in China Standard Time of a timestamptz column, as 'YYYY-MM-DD'. */
const cstDay = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

const regionColumns = {
  provinceCode: enroll.provinceCode,
  cityCode: enroll.cityCode,
  countyCode: enroll.countyCode,
};

/**
 * Five reads at once, each one grouped query over the plan's rows (index enroll_plan_audit_idx,
 * admission_ticket_plan_status_idx, admission_result_plan_status_idx): enrolments per region and CST
 * day of their creation; passed audits per region and CST day of their audit; distributed tickets and
 * admitted results per region of their enrolment; and the candidate accounts made by the plan's
 * enrolment end and not removed by then.
 */
async function readPlanProgress(db: Db, plan: ProgressPlan, at: Date): Promise<PlanProgress> {
  const created = cstDay(enroll.createTime);
  const audited = cstDay(enroll.auditTime);
  const [applied, passed, tickets, admitted, [registered]] = await Promise.all([
    db
      .select({ ...regionColumns, day: created, n: count() })
      .from(enroll)
      .where(eq(enroll.planId, plan.id))
      .groupBy(enroll.provinceCode, enroll.cityCode, enroll.countyCode, created),
    db
      .select({ ...regionColumns, day: audited, n: count() })
      .from(enroll)
      .where(
        and(
          eq(enroll.planId, plan.id),
          eq(enroll.auditStatus, AUDIT_STATUS.passed),
          isNotNull(enroll.auditTime),
        ),
      )
      .groupBy(enroll.provinceCode, enroll.cityCode, enroll.countyCode, audited),
    db
      .select({ ...regionColumns, n: count() })
      .from(admissionTicket)
      .innerJoin(enroll, eq(enroll.id, admissionTicket.enrollId))
      .where(and(eq(admissionTicket.planId, plan.id), eq(admissionTicket.status, TICKET_STATUS.distributed)))
      .groupBy(enroll.provinceCode, enroll.cityCode, enroll.countyCode),
    db
      .select({ ...regionColumns, n: count() })
      .from(admissionResult)
      .innerJoin(enroll, eq(enroll.id, admissionResult.enrollId))
      .where(
        and(
          eq(admissionResult.planId, plan.id),
          eq(admissionResult.admissionStatus, ADMISSION_STATUS.admitted),
        ),
      )
      .groupBy(enroll.provinceCode, enroll.cityCode, enroll.countyCode),
    db
      .select({ n: count() })
      .from(candidateUser)
      .where(
        and(
          lte(candidateUser.createTime, plan.enrollEndTime),
          or(isNull(candidateUser.removeTime), gt(candidateUser.removeTime, plan.enrollEndTime)),
        ),
      ),
  ]);
  return { at, applied, passed, tickets, admitted, registered: registered?.n ?? 0 };
}

/** Plans whose progress a node keeps at once (as plan-data/post-counts.ts MAX_PLANS). */
const MAX_PLANS = 16;
const cache = new WeakMap<Db, Map<number, { at: number; progress: Promise<PlanProgress> }>>();
// A change of a plan's timeline (its enrolment end) on this node shows at once.
onReferenceChange((db) => cache.delete(db));

/**
 * The progress of `plan` (an existing plan: the caller read its row), for the dashboard and its
 * export, narrowed to a region by {@link progressIn}. Cached per node as the post counts are
 * (plan-data/post-counts.ts postCounts): read at T, served until T + `opts.ttlS` seconds
 * (RATIO_CACHE_SECONDS; 0 reads every time) on the app's clock, concurrent callers of an expired entry
 * share one read, a failed read is not kept, at most MAX_PLANS plans (least recently read out first).
 * One read serves every region: the rows are grouped by region and narrowed in memory, so a hundred
 * county offices on their dashboards cost five grouped queries per plan per node every `ttlS` seconds.
 * A closed plan is counted the same way: an office may still correct its results, and the console no
 * longer refreshes it anyway.
 */
export function planProgress(db: Db, plan: ProgressPlan, opts: PostCountsCache): Promise<PlanProgress> {
  const nowMs = opts.now.getTime();
  if (opts.ttlS <= 0) return readPlanProgress(db, plan, opts.now);
  let plans = cache.get(db);
  if (!plans) cache.set(db, (plans = new Map()));
  const hit = plans.get(plan.id);
  if (hit && nowMs >= hit.at && nowMs - hit.at < opts.ttlS * 1000) {
    plans.delete(plan.id);
    plans.set(plan.id, hit);
    return hit.progress;
  }
  const progress = readPlanProgress(db, plan, opts.now);
  plans.delete(plan.id);
  plans.set(plan.id, { at: nowMs, progress });
  while (plans.size > MAX_PLANS) plans.delete(plans.keys().next().value!);
  progress.catch(() => {
    if (plans.get(plan.id)?.progress === progress) plans.delete(plan.id);
  });
  return progress;
}

/** The longest daily series answered (two years); a longer one keeps its latest days. */
export const MAX_DAYS = 731;
const DAY_MS = 86_400_000;

/** The day after `day` (YYYY-MM-DD). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * The daily series of `plan` inside `scope`: every CST day from the plan's enrolment start to its
 * audit end (the day before, when the audit ends at midnight; today while the span runs; nothing
 * before the enrolment opens), widened to any day outside it that has enrolments or passed audits, in
 * order, with zeros for the days without; the latest MAX_DAYS days at most.
 */
export function dailySeries(
  progress: PlanProgress,
  scope: RegionScope,
  plan: ProgressPlan,
  now: Date,
): DailyCount[] {
  const applied = new Map<string, number>();
  const passed = new Map<string, number>();
  const add = (into: Map<string, number>, rows: RegionDayCount[]) => {
    for (const r of rows) if (inRegionScope(scope, r)) into.set(r.day, (into.get(r.day) ?? 0) + r.n);
  };
  add(applied, progress.applied);
  add(passed, progress.passed);
  const days = [...applied.keys(), ...passed.keys()].sort();
  const spanEnd = Math.min(
    Math.max(plan.enrollEndTime.getTime(), plan.auditEndTime.getTime()) - 1,
    now.getTime(),
  );
  let first = days[0];
  let last = days[days.length - 1];
  if (spanEnd >= plan.enrollStartTime.getTime()) {
    const [start, end] = [cstDate(plan.enrollStartTime), cstDate(spanEnd)];
    if (!first || start < first) first = start;
    if (!last || end > last) last = end;
  }
  if (!first || !last) return [];
  const earliest = new Date(Date.parse(`${last}T00:00:00Z`) - (MAX_DAYS - 1) * DAY_MS)
    .toISOString()
    .slice(0, 10);
  if (first < earliest) first = earliest;
  const series: DailyCount[] = [];
  for (let day = first; day <= last; day = nextDay(day))
    series.push({ date: day, applied: applied.get(day) ?? 0, passed: passed.get(day) ?? 0 });
  return series;
}

/** The sum of `rows` inside `scope`. */
export const countIn = (rows: RegionCount[], scope: RegionScope): number =>
  rows.reduce((sum, r) => (inRegionScope(scope, r) ? sum + r.n : sum), 0);

/**
 * Whether `scope` is province-wide (no city, no county): only such a caller is given the registered
 * count, which has no region (docs/decisions.md "A dashboard for every plan").
 */
export const provinceWide = (scope: RegionScope): boolean => !scope.cityCode && !scope.countyCode;
