import { and, asc, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  inRegionScope,
  PLAN_DATA_STATUS,
  translate,
  type Page,
  type PlanData,
  type PlanDataInput,
  type PlanDataStatus,
  type PlanDataStatusOption,
  type RegionScope,
} from '@tegang/domain';
import type { Db } from '../../db';
import { recruitPlan, recruitPlanData, sysRegion } from '../../db/schema';
import { loadDicts } from '../../lib/dicts';
import { conflict, notFound, type AppError } from '../../lib/errors';
import { pageOf, type Paging } from '../../lib/paging';
import { scopeWhere } from '../../lib/scope';
import { fieldError } from '../../lib/field-error';
import { isPgError } from '../../lib/pg-error';

/**
 * Recruit plan data in the back office (spec §3 "Recruit plan data", §5, §6 region scope, §7
 * "/recruit/recruitPlanData", §9): the demand rows of plans. Every read and change is narrowed to the
 * caller's region (lib/scope.ts): a row outside it answers 404 as if it did not exist, and a county
 * outside it cannot be written (400 on countyCode). The candidate side reads the same rows (service.ts).
 */

type Row = typeof recruitPlanData.$inferSelect;

/** The search of GET /recruit/recruitPlanData/page (every field equal when given). */
export interface PlanDataSearch {
  planId?: number;
  /** The region searched: the deepest level given (a province or city picked alone filters too). */
  provinceCode?: string;
  cityCode?: string;
  countyCode?: string;
  category?: string;
  learningPeriod?: string;
  subject?: string;
  status?: string;
}

/**
 * The rows of `scope` matching every filter of `search` (the page and the export use it alike);
 * the region filter is the deepest level given.
 */
export function planDataWhere(scope: RegionScope, search: PlanDataSearch): SQL | undefined {
  const t = recruitPlanData;
  return and(
    scopeWhere(t, scope),
    search.planId ? eq(t.planId, search.planId) : undefined,
    search.provinceCode ? eq(t.provinceCode, search.provinceCode) : undefined,
    search.cityCode ? eq(t.cityCode, search.cityCode) : undefined,
    search.countyCode ? eq(t.countyCode, search.countyCode) : undefined,
    search.category ? eq(t.category, search.category) : undefined,
    search.learningPeriod ? eq(t.learningPeriod, search.learningPeriod) : undefined,
    search.subject ? eq(t.subject, search.subject) : undefined,
    search.status ? eq(t.status, search.status) : undefined,
  );
}

/** The condition "row `id` inside `scope`". */
const inScope = (scope: RegionScope, id: number) =>
  and(eq(recruitPlanData.id, id), scopeWhere(recruitPlanData, scope));

/** API shapes of `rows`: plan names and "province / city / county" names loaded in two queries. */
async function toPlanData(db: Db, rows: Row[]): Promise<PlanData[]> {
  if (!rows.length) return [];
  const planIds = [...new Set(rows.map((r) => r.planId))];
  const codes = [...new Set(rows.flatMap((r) => [r.provinceCode, r.cityCode, r.countyCode]))];
  const [plans, regions] = await Promise.all([
    db
      .select({ id: recruitPlan.id, name: recruitPlan.name })
      .from(recruitPlan)
      .where(inArray(recruitPlan.id, planIds)),
    db
      .select({ code: sysRegion.code, name: sysRegion.name })
      .from(sysRegion)
      .where(inArray(sysRegion.code, codes)),
  ]);
  const planName = new Map(plans.map((p) => [p.id, p.name]));
  const regionName = new Map(regions.map((r) => [r.code, r.name]));
  return rows.map((r) => ({
    id: r.id,
    planId: r.planId,
    planName: planName.get(r.planId) ?? '',
    provinceCode: r.provinceCode,
    cityCode: r.cityCode,
    countyCode: r.countyCode,
    regionName: [r.provinceCode, r.cityCode, r.countyCode].map((c) => regionName.get(c) ?? c).join(' / '),
    category: r.category,
    learningPeriod: r.learningPeriod,
    subject: r.subject,
    demandNumber: r.demandNumber,
    status: r.status as PlanDataStatus,
    createTime: r.createTime.toISOString(),
    updateTime: r.updateTime.toISOString(),
  }));
}

/**
 * GET /recruit/recruitPlanData/page: the rows of the caller's region matching every given filter,
 * newest plan first, then county, category, period, subject (spec §9 paging).
 */
export function pagePlanData(
  db: Db,
  scope: RegionScope,
  search: PlanDataSearch,
  paging: Paging,
): Promise<Page<PlanData>> {
  const t = recruitPlanData;
  return pageOf(db, t, paging, {
    where: [planDataWhere(scope, search)],
    orderBy: [
      desc(t.planId),
      asc(t.countyCode),
      asc(t.category),
      asc(t.learningPeriod),
      asc(t.subject),
      asc(t.id),
    ],
    toRecords: (rows) => toPlanData(db, rows),
  });
}

/** GET /recruit/recruitPlanData/{id}: one row of the caller's region; 404 when missing or outside it. */
export async function getPlanData(db: Db, scope: RegionScope, id: number): Promise<PlanData> {
  const [row] = await db.select().from(recruitPlanData).where(inScope(scope, id));
  if (!row) throw notFound();
  return (await toPlanData(db, [row]))[0]!;
}

/**
 * The rules of a payload that need the database, in field order, each a 400 naming its field: the plan
 * exists; the county is a level-3 region (its city and province read from sys_region) inside the
 * caller's region; category, learning period and subject are values of their dictionaries. Then a
 * row with the same (plan, county, category, period, subject) other than `selfId` is 409
 * planData.exists. Returns the columns to write and that 409 (for a concurrent duplicate).
 */
async function checkInput(req: FastifyRequest, db: Db, input: PlanDataInput, selfId?: number) {
  const [plan] = await db
    .select({ id: recruitPlan.id })
    .from(recruitPlan)
    .where(eq(recruitPlan.id, input.planId));
  if (!plan) throw fieldError(req, 'planId', 'field.planId', 'rule.invalidOption');
  const [county] = await db.select().from(sysRegion).where(eq(sysRegion.code, input.countyCode));
  const [city] = county?.parentCode
    ? await db.select().from(sysRegion).where(eq(sysRegion.code, county.parentCode))
    : [];
  if (!county || county.level !== 3 || !city?.parentCode)
    throw fieldError(req, 'countyCode', 'field.countyCode', 'planData.county.notCounty');
  const codes = { provinceCode: city.parentCode, cityCode: city.code, countyCode: county.code };
  if (!inRegionScope(req.admin!.scope, codes))
    throw fieldError(req, 'countyCode', 'field.countyCode', 'planData.county.outOfScope');
  const dicts = await loadDicts(db);
  const coded = [
    ['category', 'recruit_plan_category', 'field.category'],
    ['learningPeriod', 'recruit_learning_period', 'field.learningPeriod'],
    ['subject', 'recruit_subject', 'field.subject'],
  ] as const;
  for (const [field, type, label] of coded)
    if (!dicts.has(type, input[field])) throw fieldError(req, field, label, 'rule.invalidOption');
  const t = recruitPlanData;
  const [taken] = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.planId, input.planId),
        eq(t.countyCode, input.countyCode),
        eq(t.category, input.category),
        eq(t.learningPeriod, input.learningPeriod),
        eq(t.subject, input.subject),
        selfId ? ne(t.id, selfId) : undefined,
      ),
    );
  const duplicate: AppError = conflict('planData.exists');
  if (taken) throw duplicate;
  const columns = {
    planId: input.planId,
    ...codes,
    category: input.category,
    learningPeriod: input.learningPeriod,
    subject: input.subject,
    demandNumber: input.demandNumber,
  };
  return { columns, duplicate };
}

/**
 * POST /recruit/recruitPlanData: a new active row (status 1); returns its id. 400 on a field (see
 * checkInput), 409 planData.exists on a duplicate.
 */
export async function createPlanData(req: FastifyRequest, db: Db, input: PlanDataInput): Promise<number> {
  const { columns, duplicate } = await checkInput(req, db, input);
  try {
    const [row] = await db
      .insert(recruitPlanData)
      .values({ ...columns, status: PLAN_DATA_STATUS.active })
      .returning({ id: recruitPlanData.id });
    return row!.id;
  } catch (err) {
    if (isPgError(err, '23505')) throw duplicate;
    throw err;
  }
}

/**
 * PUT /recruit/recruitPlanData: replaces the fields of row `id` (its status unchanged). 404 when the
 * row is missing or outside the caller's region; otherwise as createPlanData.
 */
export async function updatePlanData(
  req: FastifyRequest,
  db: Db,
  id: number,
  input: PlanDataInput,
): Promise<number> {
  const scope = req.admin!.scope;
  const [own] = await db.select({ id: recruitPlanData.id }).from(recruitPlanData).where(inScope(scope, id));
  if (!own) throw notFound();
  const { columns, duplicate } = await checkInput(req, db, input, id);
  try {
    const [row] = await db
      .update(recruitPlanData)
      .set({ ...columns, updateTime: new Date() })
      .where(inScope(scope, id))
      .returning({ id: recruitPlanData.id });
    if (!row) throw notFound();
    return row.id;
  } catch (err) {
    if (isPgError(err, '23505')) throw duplicate;
    throw err;
  }
}

/**
 * DELETE /recruit/recruitPlanData/{id} and deleteByIds {idList}: all or nothing in one transaction;
 * every row must exist inside the caller's region, else 404 and nothing is deleted.
 */
export async function deletePlanData(db: Db, scope: RegionScope, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await tx
      .delete(recruitPlanData)
      .where(and(inArray(recruitPlanData.id, wanted), scopeWhere(recruitPlanData, scope)))
      .returning({ id: recruitPlanData.id });
    // Throwing rolls the deletion back.
    if (rows.length !== wanted.length) throw notFound();
  });
}

/**
 * POST /recruit/recruitPlanData/updateStatus/{id}: toggles the row between active (1) and inactive
 * (0); returns the new status. 404 when missing or outside the caller's region.
 */
export async function togglePlanDataStatus(db: Db, scope: RegionScope, id: number): Promise<PlanDataStatus> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: recruitPlanData.status })
      .from(recruitPlanData)
      .where(inScope(scope, id))
      .for('update');
    if (!row) throw notFound();
    const to = row.status === PLAN_DATA_STATUS.active ? PLAN_DATA_STATUS.inactive : PLAN_DATA_STATUS.active;
    await tx
      .update(recruitPlanData)
      .set({ status: to, updateTime: new Date() })
      .where(eq(recruitPlanData.id, id));
    return to;
  });
}

/**
 * GET /recruit/recruitPlanData/getRecruitPlanDataStatus: the PLAN_DATA_STATUS codes as
 * [{value, label (zh), labelEn}], active first.
 */
export function planDataStatusOptions(): PlanDataStatusOption[] {
  return [PLAN_DATA_STATUS.active, PLAN_DATA_STATUS.inactive].map((value) => ({
    value,
    label: translate('zh', `status.planData.${value}`),
    labelEn: translate('en', `status.planData.${value}`),
  }));
}
