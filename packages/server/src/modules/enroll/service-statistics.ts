import { and, count, desc, eq, sql, sum, type SQL } from 'drizzle-orm';
import { type DemandBar, type EnrollStatistics, type RegionScope, PLAN_DATA_STATUS } from '@tegang/domain';
import type { Db } from '../../db';
import { enroll, recruitPlan, recruitPlanData } from '../../db/schema';
import { scopeWhere } from '../../lib/scope';
import { loadRegions } from '../system/reference/service';

type Dimension = 'county' | 'period' | 'subject';
const ENROLL_COLUMN = {
  county: enroll.countyCode,
  period: enroll.academicSession,
  subject: enroll.subject,
} as const;
const DEMAND_COLUMN = {
  county: recruitPlanData.countyCode,
  period: recruitPlanData.learningPeriod,
  subject: recruitPlanData.subject,
} as const;

async function bars(db: Db, planId: number, scope: RegionScope, dimension: Dimension): Promise<DemandBar[]> {
  const enrollWhere: SQL | undefined = and(eq(enroll.planId, planId), scopeWhere(enroll, scope));
  const demandWhere: SQL | undefined = and(
    eq(recruitPlanData.planId, planId),
    eq(recruitPlanData.status, PLAN_DATA_STATUS.active),
    scopeWhere(recruitPlanData, scope),
  );
  const [enrolled, demand] = await Promise.all([
    db
      .select({ key: ENROLL_COLUMN[dimension], n: count() })
      .from(enroll)
      .where(enrollWhere)
      .groupBy(ENROLL_COLUMN[dimension]),
    db
      .select({ key: DEMAND_COLUMN[dimension], n: sum(recruitPlanData.demandNumber).mapWith(Number) })
      .from(recruitPlanData)
      .where(demandWhere)
      .groupBy(DEMAND_COLUMN[dimension]),
  ]);
  const merged = new Map<string, DemandBar>();
  for (const d of demand) merged.set(d.key, { key: d.key, label: null, enrolled: 0, demand: d.n });
  for (const e of enrolled)
    merged.set(e.key, { ...(merged.get(e.key) ?? { key: e.key, label: null, demand: 0 }), enrolled: e.n });
  return [...merged.values()].sort(
    (a, b) => b.enrolled - a.enrolled || b.demand - a.demand || a.key.localeCompare(b.key),
  );
}

/**
 * The dashboard's live counts ("enrolments per county, learning period and subject against
 * demand"): for a plan (default: the open one, else the newest), inside the caller's region (spec §6).
 */
export async function enrollStatistics(
  db: Db,
  scope: RegionScope,
  planId?: number,
): Promise<EnrollStatistics> {
  const [plan] = await db
    .select({ id: recruitPlan.id, name: recruitPlan.name })
    .from(recruitPlan)
    .where(planId ? eq(recruitPlan.id, planId) : undefined)
    .orderBy(desc(sql`${recruitPlan.status} = '1'`), desc(recruitPlan.id))
    .limit(1);
  if (!plan)
    return { planId: null, planName: null, total: 0, demand: 0, byCounty: [], byPeriod: [], bySubject: [] };
  const [byCounty, byPeriod, bySubject] = await Promise.all(
    (['county', 'period', 'subject'] as const).map((d) => bars(db, plan.id, scope, d)),
  );
  const names = new Map((await loadRegions(db)).map((r) => [r.code, r.name]));
  for (const bar of byCounty) bar.label = names.get(bar.key) ?? bar.key;
  const add = (list: DemandBar[], k: 'enrolled' | 'demand') => list.reduce((s, b) => s + b[k], 0);
  return {
    planId: plan.id,
    planName: plan.name,
    total: add(byCounty, 'enrolled'),
    demand: add(byCounty, 'demand'),
    byCounty,
    byPeriod,
    bySubject,
  };
}
