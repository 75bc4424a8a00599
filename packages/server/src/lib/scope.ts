import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { provinceWriteRefusal, type ProvinceObject, type RegionScope } from '@tegang/domain';
import type { Db } from '../db';
import { enroll, recruitPlanData } from '../db/schema';
import { AppError, forbidden } from './errors';
import { eqTerm, termSql, type SearchTerm } from './search-terms';

/**
 * Region scope on the server (spec §6, DESIGN "Region scope"): the terms that narrow a table with
 * province/city/county code columns to an administrator's region, one per code the scope has (none
 * when the scope is "all").
 */
export function scopeTerms(
  columns: { provinceCode: PgColumn; cityCode: PgColumn; countyCode: PgColumn },
  scope: RegionScope,
): SearchTerm[] {
  return [
    ...eqTerm(columns.provinceCode, scope.provinceCode),
    ...eqTerm(columns.cityCode, scope.cityCode),
    ...eqTerm(columns.countyCode, scope.countyCode),
  ];
}

/** scopeTerms as one condition; undefined when the scope is "all". */
export function scopeWhere(
  columns: { provinceCode: PgColumn; cityCode: PgColumn; countyCode: PgColumn },
  scope: RegionScope,
): SQL | undefined {
  const terms = scopeTerms(columns, scope);
  return terms.length ? and(...terms.map((t) => termSql(t))) : undefined;
}

/**
 * The one guard of province-wide objects (docs/security.md "Province-wide objects"): throws 403
 * 'province.only' ("仅省级账号可以修改{object}") unless `admin` is province-level (no city, no county
 * code), and 403 'province.other' when the row belongs to another province. `ownerProvinces`: the
 * province codes of the row (empty for a global row); see `planProvinces` for a plan's.
 */
export function requireProvinceLevel(
  admin: { scope: RegionScope } | null | undefined,
  object: ProvinceObject,
  ownerProvinces: readonly string[] = [],
): void {
  if (!admin) throw forbidden();
  const refusal = provinceWriteRefusal(admin.scope, object, ownerProvinces);
  if (refusal) throw new AppError(403, refusal.key, refusal.params);
}

/**
 * The provinces plans `planIds` belong to: the distinct province codes of their plan data and of their
 * enrolments (spec §3 "Recruit plan data", "Enrolment"). A plan carries no region of its own; one with
 * neither belongs to no province yet.
 */
export async function planProvinces(db: Db, planIds: readonly number[]): Promise<string[]> {
  if (!planIds.length) return [];
  const ids = [...planIds];
  const [data, enrolments] = await Promise.all([
    db
      .selectDistinct({ provinceCode: recruitPlanData.provinceCode })
      .from(recruitPlanData)
      .where(inArray(recruitPlanData.planId, ids)),
    db.selectDistinct({ provinceCode: enroll.provinceCode }).from(enroll).where(inArray(enroll.planId, ids)),
  ]);
  return [...new Set([...data, ...enrolments].map((r) => r.provinceCode))];
}

/**
 * `requireProvinceLevel` for rows of plans `planIds` (a plan, its instructions, its arrangement):
 * the level is checked first, so a county office learns nothing about the plan.
 */
export async function requirePlanProvince(
  db: Db,
  admin: { scope: RegionScope } | null | undefined,
  object: ProvinceObject,
  planIds: readonly number[],
): Promise<void> {
  requireProvinceLevel(admin, object);
  if (admin?.scope.provinceCode) requireProvinceLevel(admin, object, await planProvinces(db, planIds));
}
