import { and, count, eq, sql } from 'drizzle-orm';
import { AUDIT_STATUS, PLAN_DATA_STATUS } from '@tegang/domain';
import type { Db } from '../../db';
import { enroll, recruitPlan, recruitPlanData } from '../../db/schema';
import { onReferenceChange } from '../../lib/reference-cache';

/**
 * One post of a plan (county × plan category × learning period × subject, the key of a recruit plan
 * data row) with its demand and its enrolments by audit status.
 */
export interface PostCount {
  provinceCode: string;
  cityCode: string;
  countyCode: string;
  category: string;
  learningPeriod: string;
  subject: string;
  /** demandNumber of the active row; 0 when the post has enrolments but no active row. */
  demand: number;
  /** Enrolments of every audit status. */
  enrolled: number;
  pending: number;
  passed: number;
  rejected: number;
}

/** A plan's posts as read at `at`: every active demand row, and every post that has enrolments. */
export interface PostCounts {
  at: Date;
  posts: PostCount[];
}

/** How long the counts may be reused: `ttlS` seconds (0: never) on the clock `now`. */
export interface PostCountsCache {
  now: Date;
  ttlS: number;
}

/**
 * Plans whose counts a node keeps at once (the open plan and a few old ones). Only plans that exist
 * enter, and the one read least recently goes first: callers choosing plan ids cannot push the open
 * plan out with ids that name nothing (docs/security.md "Caches").
 */
export const MAX_PLANS = 16;
const cache = new WeakMap<Db, Map<number, { at: number; counts: Promise<PostCounts> }>>();
// An administrator's change of demand on this node shows at once (lib/reference-cache.ts).
onReferenceChange((db) => cache.delete(db));

const postKey = (p: { countyCode: string; category: string; learningPeriod: string; subject: string }) =>
  `${p.countyCode}\u0000${p.category}\u0000${p.learningPeriod}\u0000${p.subject}`;

const countWhere = (status: string) =>
  sql<number>`count(*) filter (where ${enroll.auditStatus} = ${status})`.mapWith(Number);

/** Two grouped reads: the plan's active demand rows, and its enrolments per post and audit status. */
async function readPostCounts(db: Db, planId: number, at: Date): Promise<PostCounts> {
  const [demand, enrolled] = await Promise.all([
    db
      .select({
        provinceCode: recruitPlanData.provinceCode,
        cityCode: recruitPlanData.cityCode,
        countyCode: recruitPlanData.countyCode,
        category: recruitPlanData.category,
        learningPeriod: recruitPlanData.learningPeriod,
        subject: recruitPlanData.subject,
        demand: recruitPlanData.demandNumber,
      })
      .from(recruitPlanData)
      .where(and(eq(recruitPlanData.planId, planId), eq(recruitPlanData.status, PLAN_DATA_STATUS.active))),
    db
      .select({
        provinceCode: enroll.provinceCode,
        cityCode: enroll.cityCode,
        countyCode: enroll.countyCode,
        category: enroll.planType,
        learningPeriod: enroll.academicSession,
        subject: enroll.subject,
        enrolled: count(),
        pending: countWhere(AUDIT_STATUS.pending),
        passed: countWhere(AUDIT_STATUS.passed),
        rejected: countWhere(AUDIT_STATUS.rejected),
      })
      .from(enroll)
      .where(eq(enroll.planId, planId))
      .groupBy(
        enroll.provinceCode,
        enroll.cityCode,
        enroll.countyCode,
        enroll.planType,
        enroll.academicSession,
        enroll.subject,
      ),
  ]);
  const posts = new Map<string, PostCount>();
  for (const d of demand) posts.set(postKey(d), { ...d, enrolled: 0, pending: 0, passed: 0, rejected: 0 });
  for (const e of enrolled) {
    const post = posts.get(postKey(e));
    if (post) {
      post.enrolled += e.enrolled;
      post.pending += e.pending;
      post.passed += e.passed;
      post.rejected += e.rejected;
    } else posts.set(postKey(e), { ...e, demand: 0 });
  }
  return { at, posts: [...posts.values()] };
}

/**
 * The posts of plan `planId` with their demand and enrolments (every post with an active demand row
 * or with enrolments), for the dashboard (narrowed to the caller's region by the caller) and the
 * candidate's "applied / demand" beside each subject.
 *
 * Cached per node: the counts read at time T serve every request until T + `cache.ttlS` seconds
 * (config RATIO_CACHE_SECONDS, default 30; 0 reads on every call), on the app's clock, so that
 * thousands of candidates polling the cascade in the last day cost two grouped queries per plan per
 * node every `ttlS` seconds rather than a count per request. Concurrent callers of an expired entry
 * share one read; a failed read is not kept. In process rather than in the KV store: the snapshot
 * (a few hundred posts) is cheaper to recount than to ship through Redis on every request, and no
 * other node needs this node's copy (DESIGN "Scale-out"); an administrator's change of plans or demand
 * clears it on the node that made it. The apply check itself never reads it:
 * findDemand reads the demand row live. At most MAX_PLANS existing plans are kept (least recently
 * read out first); an id naming no plan costs one primary-key read and is never cached.
 */
export async function postCounts(db: Db, planId: number, opts: PostCountsCache): Promise<PostCounts> {
  const nowMs = opts.now.getTime();
  if (opts.ttlS <= 0) return readPostCounts(db, planId, opts.now);
  let plans = cache.get(db);
  if (!plans) cache.set(db, (plans = new Map()));
  const hit = plans.get(planId);
  if (hit && nowMs >= hit.at && nowMs - hit.at < opts.ttlS * 1000) {
    // Most recently used last: the plan candidates poll stays while old ones go first.
    plans.delete(planId);
    plans.set(planId, hit);
    return hit.counts;
  }
  // A plan that does not exist has no posts; it is answered without entering the cache.
  if (!(await planExists(db, planId))) return { at: opts.now, posts: [] };
  const again = plans.get(planId); // a concurrent caller may have started the read meanwhile
  if (again && again !== hit) return again.counts;
  const counts = readPostCounts(db, planId, opts.now);
  plans.delete(planId);
  plans.set(planId, { at: nowMs, counts });
  while (plans.size > MAX_PLANS) plans.delete(plans.keys().next().value!);
  counts.catch(() => {
    if (plans.get(planId)?.counts === counts) plans.delete(planId);
  });
  return counts;
}

/** Whether recruit plan `planId` exists (one primary-key read). */
async function planExists(db: Db, planId: number): Promise<boolean> {
  if (!Number.isSafeInteger(planId) || planId <= 0) return false;
  const [row] = await db.select({ id: recruitPlan.id }).from(recruitPlan).where(eq(recruitPlan.id, planId));
  return !!row;
}
