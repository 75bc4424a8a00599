import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { RegionScope } from '@tegang/domain';

/**
 * Region scope on the server (spec §6, DESIGN "Region scope"): the conditions that narrow a table with
 * province/city/county code columns to an administrator's region. Undefined when the scope is "all".
 */
export function scopeWhere(
  columns: { provinceCode: PgColumn; cityCode: PgColumn; countyCode: PgColumn },
  scope: RegionScope,
): SQL | undefined {
  const conditions: SQL[] = [];
  if (scope.provinceCode) conditions.push(eq(columns.provinceCode, scope.provinceCode));
  if (scope.cityCode) conditions.push(eq(columns.cityCode, scope.cityCode));
  if (scope.countyCode) conditions.push(eq(columns.countyCode, scope.countyCode));
  return conditions.length ? and(...conditions) : undefined;
}
