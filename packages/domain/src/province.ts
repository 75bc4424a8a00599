import type { MessageKey, MessageParams } from './i18n';
import type { RegionScope } from './region';

/**
 * Province-wide objects (docs/security.md "Province-wide objects"): instructions, recruit plans, the
 * category–education mapping, dictionaries, the room and seat arrangement and a plan's selection after
 * the written exam (its scoring rules, publications and admission results). Each maps to the label
 * key that names it in the refusal message (a `field.` key, so `translate` fills it in the reader's
 * language).
 */
export const PROVINCE_OBJECTS = {
  instruction: 'field.provinceObject.instruction',
  recruitPlan: 'field.provinceObject.recruitPlan',
  educationPlan: 'field.provinceObject.educationPlan',
  dict: 'field.provinceObject.dict',
  arrangement: 'field.provinceObject.arrangement',
  selection: 'field.provinceObject.selection',
} as const satisfies Record<string, MessageKey>;
export type ProvinceObject = keyof typeof PROVINCE_OBJECTS;

/**
 * True when `scope` (spec §6) is a whole province or everything: no city and no county code. City
 * and county offices are not province-level, whatever keys their roles hold.
 */
export function isProvinceLevel(scope: RegionScope): boolean {
  return !scope.cityCode && !scope.countyCode;
}

/**
 * Why `scope` may not change `object`, or null when it may: a province-level account changes an object
 * whose rows lie in its own province, and a province-wide one when `ownerProvinces` is empty (a global
 * row, or a plan with no plan data yet); an account with no province code (everything) changes all.
 * `ownerProvinces`: the province codes the row belongs to (for a plan, the provinces of its plan data).
 * Answers the message key and its params: 'province.only' ("仅省级账号可以修改{object}") or
 * 'province.other' (the row belongs to another province).
 */
export function provinceWriteRefusal(
  scope: RegionScope,
  object: ProvinceObject,
  ownerProvinces: readonly string[] = [],
): { key: MessageKey; params: MessageParams } | null {
  const params = { object: PROVINCE_OBJECTS[object] };
  if (!isProvinceLevel(scope)) return { key: 'province.only', params };
  if (scope.provinceCode && ownerProvinces.some((code) => code !== scope.provinceCode))
    return { key: 'province.other', params };
  return null;
}
