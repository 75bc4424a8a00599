import { desc, eq, sql } from 'drizzle-orm';
import {
  inRegionScope,
  type AuditCounts,
  type DemandBar,
  type EnrollStatistics,
  type PostRatio,
  type RegionScope,
} from '@tegang/domain';
import type { Db } from '../../db';
import { recruitPlan } from '../../db/schema';
import { postCounts, type PostCount, type PostCountsCache } from '../plan-data/post-counts';
import { loadRegions } from '../../lib/regions';

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
  const [plan] = await db
    .select({ id: recruitPlan.id, name: recruitPlan.name })
    .from(recruitPlan)
    .where(planId ? eq(recruitPlan.id, planId) : undefined)
    .orderBy(desc(sql`${recruitPlan.status} = '1'`), desc(recruitPlan.id))
    .limit(1);
  const audit: AuditCounts = { pending: 0, passed: 0, rejected: 0 };
  if (!plan)
    return {
      planId: null,
      planName: null,
      total: 0,
      demand: 0,
      audit,
      byCounty: [],
      byPeriod: [],
      bySubject: [],
      posts: [],
      asOf: null,
    };
  const counts = await postCounts(db, plan.id, cache);
  // A row switched on with no places and no applicants is no post to count.
  const posts = counts.posts.filter((p) => inRegionScope(scope, p) && (p.demand > 0 || p.enrolled > 0));
  let total = 0;
  let demand = 0;
  for (const p of posts) {
    total += p.enrolled;
    demand += p.demand;
    audit.pending += p.pending;
    audit.passed += p.passed;
    audit.rejected += p.rejected;
  }
  const names = new Map((await loadRegions(db)).map((r) => [r.code, r.name]));
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
