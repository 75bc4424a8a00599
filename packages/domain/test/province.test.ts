import { describe, expect, it } from 'vitest';
import { isProvinceLevel, provinceWriteRefusal, translate, type RegionScope } from '../src';

/** Province-wide objects (docs/security.md "Province-wide objects"): who may change them. */
const scope = (
  provinceCode: string | null,
  cityCode: string | null = null,
  countyCode: string | null = null,
) => ({ provinceCode, cityCode, countyCode }) satisfies RegionScope;

describe('isProvinceLevel', () => {
  it('holds for a whole province or everything, not for a city or a county', () => {
    expect(isProvinceLevel(scope(null))).toBe(true);
    expect(isProvinceLevel(scope('520000'))).toBe(true);
    expect(isProvinceLevel(scope('520000', '520100'))).toBe(false);
    expect(isProvinceLevel(scope('520000', '520100', '520102'))).toBe(false);
  });
});

describe('provinceWriteRefusal', () => {
  it('refuses a county or city office, naming the object in both languages', () => {
    const refusal = provinceWriteRefusal(scope('520000', '520100', '520102'), 'instruction')!;
    expect(translate('zh', refusal.key, refusal.params)).toBe('仅省级账号可以修改报名须知等说明');
    expect(translate('en', refusal.key, refusal.params)).toBe(
      'Only a province-level account can change instructions',
    );
    expect(provinceWriteRefusal(scope('520000', '520100'), 'dict')!.key).toBe('province.only');
  });

  it('lets a province change its own rows and global ones, not another province’s', () => {
    expect(provinceWriteRefusal(scope('520000'), 'recruitPlan', ['520000'])).toBeNull();
    expect(provinceWriteRefusal(scope('520000'), 'educationPlan')).toBeNull();
    const other = provinceWriteRefusal(scope('110000'), 'recruitPlan', ['520000'])!;
    expect(translate('zh', other.key, other.params)).toBe('仅所属省份的省级账号可以修改该招聘计划');
    expect(provinceWriteRefusal(scope(null), 'arrangement', ['520000', '110000'])).toBeNull();
  });
});
