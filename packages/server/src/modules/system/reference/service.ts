import type { Lang, RegionNode, RegionScope } from '@tegang/domain';
import type { Db } from '../../../db';
import { loadDicts } from '../../../lib/dicts';
import { cachedAnswer, cachedReference, type CachedAnswer } from '../../../lib/reference-cache';
import { buildRegionTree, loadRegions, type RegionRow } from '../../../lib/regions';

/**
 * Reference data both sides read (spec §7 GET /admin/dictItem/listDictItem/{type},
 * GET /system/region/regionTreeDict) and the administrator's own region tree for region filters
 * (spec §6). Dictionary items and regions are public reference data: open routes. The region rows
 * themselves are read by lib/regions.ts.
 */

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
