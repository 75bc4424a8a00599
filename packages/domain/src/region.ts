/** GB/T 2260 regions (spec §3 Region; §5 Region picker; §6 region scope). */
export interface RegionNode {
  code: string;
  name: string;
  level: 1 | 2 | 3;
  children?: RegionNode[];
}

/** The province, city and county codes a region picker sets from the chosen path (spec §5); '' if cleared. */
export interface RegionCodes {
  provinceCode: string;
  cityCode: string;
  countyCode: string;
}
export function regionCodesFromPath(path: readonly string[] | null | undefined): RegionCodes {
  return { provinceCode: path?.[0] ?? '', cityCode: path?.[1] ?? '', countyCode: path?.[2] ?? '' };
}

/**
 * An administrator's scope (spec §6): empty codes mean "every". A province administrator has only a
 * province code, a city one province and city, a county one all three.
 */
export interface RegionScope {
  provinceCode: string | null;
  cityCode: string | null;
  countyCode: string | null;
}
/** True when `target` lies inside `scope`. */
export function inRegionScope(scope: RegionScope, target: Partial<RegionCodes>): boolean {
  if (scope.provinceCode && target.provinceCode !== scope.provinceCode) return false;
  if (scope.cityCode && target.cityCode !== scope.cityCode) return false;
  if (scope.countyCode && target.countyCode !== scope.countyCode) return false;
  return true;
}
