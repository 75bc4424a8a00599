import { asc } from 'drizzle-orm';
import type { RegionNode, RegionScope } from '@tegang/domain';
import type { Db } from '../../../db';
import { sysRegion } from '../../../db/schema';

/**
 * Reference data both sides read (spec §7 GET /admin/dictItem/listDictItem/{type},
 * GET /system/region/regionTreeDict) and the administrator's own region tree for region filters
 * (spec §6). Dictionary items and regions are public reference data: open routes.
 */
interface RegionRow {
  code: string;
  parentCode: string | null;
  name: string;
  level: number;
}
const REGION_TTL_MS = 60_000;
const regionCache = new WeakMap<Db, { at: number; rows: Promise<RegionRow[]> }>();

/** All regions ordered by code: read once, then the same result for a minute (per database). */
export function loadRegions(db: Db): Promise<RegionRow[]> {
  const hit = regionCache.get(db);
  if (hit && Date.now() - hit.at < REGION_TTL_MS) return hit.rows;
  const rows = db
    .select({
      code: sysRegion.code,
      parentCode: sysRegion.parentCode,
      name: sysRegion.name,
      level: sysRegion.level,
    })
    .from(sysRegion)
    .orderBy(asc(sysRegion.code))
    // A Drizzle query runs again at every await: `.then` runs it once and keeps its result.
    .then((r) => r);
  regionCache.set(db, { at: Date.now(), rows });
  rows.catch(() => regionCache.delete(db));
  return rows;
}

/** Forgets the region cache (after a region edit on this node). */
export function invalidateRegions(db: Db): void {
  regionCache.delete(db);
}

/** Builds the tree of `rows` whose roots are the rows without a parent among them. */
export function buildRegionTree(rows: RegionRow[]): RegionNode[] {
  const nodes = new Map<string, RegionNode>(
    rows.map((r) => [r.code, { code: r.code, name: r.name, level: r.level as 1 | 2 | 3 }]),
  );
  const roots: RegionNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.code)!;
    const parent = r.parentCode ? nodes.get(r.parentCode) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * The region rows inside a scope (spec §6): the administrator's province only; with a city code only
 * that city; with a county code only that county. Ancestors are kept so that the tree has its path.
 */
export function regionsInScope(rows: RegionRow[], scope: RegionScope): RegionRow[] {
  return rows.filter((r) => {
    if (r.level === 1) return !scope.provinceCode || r.code === scope.provinceCode;
    if (r.level === 2)
      return (
        (!scope.provinceCode || r.parentCode === scope.provinceCode) &&
        (!scope.cityCode || r.code === scope.cityCode)
      );
    const cityOk = !scope.cityCode || r.parentCode === scope.cityCode;
    const provinceOk = !scope.provinceCode || r.code.startsWith(scope.provinceCode.slice(0, 2));
    return cityOk && provinceOk && (!scope.countyCode || r.code === scope.countyCode);
  });
}
