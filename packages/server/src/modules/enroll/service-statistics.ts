import { desc, eq, sql } from 'drizzle-orm';
import {
  inRegionScope,
  PLAN_STATUS,
  type AuditCounts,
  type DashboardStatistics,
  type DemandBar,
  type EnrollStatistics,
  type PlanStatus,
  type PostRatio,
  type RegionScope,
} from '@tegang/domain';
import type { Db } from '../../db';
import { recruitPlan } from '../../db/schema';
import { postCounts, type PostCount, type PostCounts, type PostCountsCache } from '../plan-data/post-counts';
import { loadRegions } from '../../lib/regions';
import { countIn, dailySeries, planProgress, provinceWide } from './plan-progress';

const BAR_KEY = {
  county: (p: PostCount) => p.countyCode,
  period: (p: PostCount) => p.learningPeriod,
  subject: (p: PostCount) => p.subject,
} as const;

/** The posts rolled up into one bar per county, learning period or subject, fullest first. */
function bars(posts: PostCount[], keyOf: (p: PostCount) => string): DemandBar[] {
  const merged = new Map<string, DemandBar>();
  for (const p of posts) {
    const key = keyOf(p);
    const bar = merged.get(key) ?? { key, label: null, enrolled: 0, passed: 0, demand: 0 };
    bar.enrolled += p.enrolled;
    bar.passed += p.passed;
    bar.demand += p.demand;
    merged.set(key, bar);
  }
  return [...merged.values()].sort(
    (a, b) => b.enrolled - a.enrolled || b.demand - a.demand || a.key.localeCompare(b.key),
  );
}

const comparePosts = (a: PostRatio, b: PostRatio) =>
  a.countyCode.localeCompare(b.countyCode) ||
  a.category.localeCompare(b.category) ||
  a.learningPeriod.localeCompare(b.learningPeriod) ||
  a.subject.localeCompare(b.subject);

/** The plan of a statistics call: `planId`, else the open one, else the newest; undefined when none. */
async function findPlan(db: Db, planId: number | undefined) {
  const [plan] = await db
    .select({
      id: recruitPlan.id,
      name: recruitPlan.name,
      year: recruitPlan.year,
      status: recruitPlan.status,
      enrollStartTime: recruitPlan.enrollStartTime,
      enrollEndTime: recruitPlan.enrollEndTime,
      auditEndTime: recruitPlan.auditEndTime,
    })
    .from(recruitPlan)
    .where(planId ? eq(recruitPlan.id, planId) : undefined)
    .orderBy(desc(sql`${recruitPlan.status} = '1'`), desc(recruitPlan.id))
    .limit(1);
  return plan;
}

const NO_STATISTICS: EnrollStatistics = {
  planId: null,
  planName: null,
  total: 0,
  demand: 0,
  audit: { pending: 0, passed: 0, rejected: 0 },
  byCounty: [],
  byPeriod: [],
  bySubject: [],
  posts: [],
  asOf: null,
};

/** The post counts of plan `plan` narrowed to `scope`, rolled up (names: region code → name). */
function statisticsOf(
  plan: { id: number; name: string },
  counts: PostCounts,
  scope: RegionScope,
  names: Map<string, string>,
): EnrollStatistics {
  // A row switched on with no places and no applicants is no post to count.
  const posts = counts.posts.filter((p) => inRegionScope(scope, p) && (p.demand > 0 || p.enrolled > 0));
  const audit: AuditCounts = { pending: 0, passed: 0, rejected: 0 };
  let total = 0;
  let demand = 0;
  for (const p of posts) {
    total += p.enrolled;
    demand += p.demand;
    audit.pending += p.pending;
    audit.passed += p.passed;
    audit.rejected += p.rejected;
  }
  const byCounty = bars(posts, BAR_KEY.county);
  for (const bar of byCounty) bar.label = names.get(bar.key) ?? bar.key;
  return {
    planId: plan.id,
    planName: plan.name,
    total,
    demand,
    audit,
    byCounty,
    byPeriod: bars(posts, BAR_KEY.period),
    bySubject: bars(posts, BAR_KEY.subject),
    posts: posts
      .map((p) => ({
        countyCode: p.countyCode,
        countyName: names.get(p.countyCode) ?? null,
        category: p.category,
        learningPeriod: p.learningPeriod,
        subject: p.subject,
        demand: p.demand,
        enrolled: p.enrolled,
        passed: p.passed,
      }))
      .sort(comparePosts),
    asOf: counts.at.toISOString(),
  };
}

const regionNames = async (db: Db) => new Map((await loadRegions(db)).map((r) => [r.code, r.name]));

/**
 * The dashboard's live counts ("applicants and passed applicants against demand per post"): for a plan
 * (default: the open one, else the newest), inside the caller's region (spec §6: the region is applied
 * here, on the server, to every count): enrolments by audit status, bars per county, learning period
 * and subject, and every post (county × category × period × subject) with its demand, applicants and
 * passed audits. The counts come from the plan's post counts (plan-data/post-counts.ts): two grouped
 * queries per plan, reused by the node for `cache.ttlS` seconds (RATIO_CACHE_SECONDS); `asOf` says
 * when they were read.
 */
export async function enrollStatistics(
  db: Db,
  scope: RegionScope,
  planId: number | undefined,
  cache: PostCountsCache,
): Promise<EnrollStatistics> {
  const plan = await findPlan(db, planId);
  if (!plan) return structuredClone(NO_STATISTICS);
  const [counts, names] = await Promise.all([postCounts(db, plan.id, cache), regionNames(db)]);
  return statisticsOf(plan, counts, scope, names);
}

/**
 * The console dashboard of one plan (GET /candidate/enroll/statistics/dashboard and its export;
 * docs/decisions.md "A dashboard for every plan"): {@link enrollStatistics} of plan `planId` (default:
 * the open one, else the newest; any plan, closed ones included) inside the caller's region, with
 * - `daily`: enrolments and passed audits per day (China Standard Time) over the plan's enrolment and
 *   audit span, days without any as zeros (plan-progress.ts dailySeries);
 * - `funnel`: registered → applied → passed → ticket (distributed) → admitted, inside the region but
 *   for `registered`, the candidate accounts that existed at the plan's enrolment end: accounts have
 *   no region, so it is given to province-wide callers only (null for a city or county caller);
 * - `planStatus`, `planYear`, and `final` (a closed plan: the numbers no longer move).
 * The counts come from the plan's post counts and its progress (plan-progress.ts), each a few grouped
 * queries per plan reused by the node for `cache.ttlS` seconds; `asOf` is when the older was read.
 * Without any plan: empty statistics, `planStatus` null.
 */
export async function dashboardStatistics(
  db: Db,
  scope: RegionScope,
  planId: number | undefined,
  cache: PostCountsCache,
): Promise<DashboardStatistics> {
  const plan = await findPlan(db, planId);
  if (!plan)
    return {
      ...structuredClone(NO_STATISTICS),
      planStatus: null,
      planYear: null,
      final: false,
      daily: [],
      funnel: { registered: null, applied: 0, passed: 0, ticket: 0, admitted: 0 },
    };
  const [counts, progress, names] = await Promise.all([
    postCounts(db, plan.id, cache),
    planProgress(db, plan, cache),
    regionNames(db),
  ]);
  const statistics = statisticsOf(plan, counts, scope, names);
  const asOf = Math.min(counts.at.getTime(), progress.at.getTime());
  return {
    ...statistics,
    asOf: new Date(asOf).toISOString(),
    planStatus: plan.status as PlanStatus,
    planYear: plan.year,
    final: plan.status === PLAN_STATUS.closed,
    daily: dailySeries(progress, scope, plan, cache.now),
    funnel: {
      registered: provinceWide(scope) ? progress.registered : null,
      applied: statistics.total,
      passed: statistics.audit.passed,
      ticket: countIn(progress.tickets, scope),
      admitted: countIn(progress.admitted, scope),
    },
  };
}
