import { asc } from 'drizzle-orm';
import type { Lang, RegionNode, RegionScope } from '@tegang/domain';
import type { Db } from '../../../db';
import { sysRegion } from '../../../db/schema';
import { loadDicts } from '../../../lib/dicts';
import {
  cachedAnswer,
  cachedReference,
  invalidateReference,
  type CachedAnswer,
} from '../../../lib/reference-cache';

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

/**
 * All regions ordered by code, kept as a result in memory (lib/reference-cache.ts: REFERENCE_TTL_MS,
 * cleared on this node by a region edit).
 */
export function loadRegions(db: Db): Promise<RegionRow[]> {
  return cachedReference(db, 'regions', () =>
    db
      .select({
        code: sysRegion.code,
        parentCode: sysRegion.parentCode,
        name: sysRegion.name,
        level: sysRegion.level,
      })
      .from(sysRegion)
      .orderBy(asc(sysRegion.code))
      // A Drizzle query runs again at every await: `.then` runs it once and keeps its result.
      .then((r) => r),
  );
}

/** Forgets the region results (after a region edit on this node) with the other reference results. */
export function invalidateRegions(db: Db): void {
  invalidateReference(db);
}

/**
 * GET /system/region/regionTreeDict as a cached answer in `lang`: the whole tree, or the children of
 * the node `code` ([] when unknown).
 */
export async function regionTreeAnswer(db: Db, lang: Lang, code?: string): Promise<CachedAnswer> {
  // An open route: only known codes get an entry, so that made-up ones cannot grow the cache.
  if (code && !(await loadRegions(db)).some((r) => r.code === code)) return cachedAnswer([], lang);
  return cachedReference(db, `regionTree|${code ?? ''}|${lang}`, async () => {
    const tree = buildRegionTree(await loadRegions(db));
    if (!code) return cachedAnswer(tree, lang);
    const find = (list: RegionNode[]): RegionNode | undefined => {
      for (const n of list) {
        if (n.code === code) return n;
        const hit = n.children && find(n.children);
        if (hit) return hit;
      }
    };
    return cachedAnswer(find(tree)?.children ?? [], lang);
  });
}

/** GET /admin/dictItem/listDictItem/{type} as a cached answer in `lang` ([] for an unknown type). */
export async function dictItemsAnswer(db: Db, type: string, lang: Lang): Promise<CachedAnswer> {
  // An open route: only known types get an entry, so that made-up ones cannot grow the cache.
  if (!(await loadDicts(db)).items(type).length) return cachedAnswer([], lang);
  return cachedReference(db, `dictItems|${type}|${lang}`, async () =>
    cachedAnswer((await loadDicts(db)).items(type), lang),
  );
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
