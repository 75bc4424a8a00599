import { describe, expect, it } from 'vitest';
import {
  isPseudonym,
  maskName,
  RECRUIT_PLAN_LABELS,
  recruitPlanCreateSchema,
  RETENTION_YEARS,
  retentionDue,
  retentionEnd,
  validate,
} from '../src';
import { soundPlan } from './fixtures';

/** Retention of personal data (retention.ts; docs/security.md "Retention"). */
describe('retentionEnd', () => {
  it('adds whole years on the China Standard Time calendar, same time of day', () => {
    // 2027-08-31 23:59 CST + 3 years = 2030-08-31 23:59 CST.
    expect(retentionEnd('2027-08-31T15:59:00.000Z', 3).toISOString()).toBe('2030-08-31T15:59:00.000Z');
    // 2028-03-01 07:00 CST is 2028-02-29 in UTC: the CST date counts, not the UTC one.
    expect(retentionEnd('2028-02-29T23:00:00.000Z', 1).toISOString()).toBe('2029-02-28T23:00:00.000Z');
  });

  it('falls back from 29 February to the 28th in a year without it', () => {
    // 2028-02-29 03:00 CST (2028-02-28 19:00 UTC) + 1 year = 2029-02-28 03:00 CST.
    expect(retentionEnd('2028-02-28T19:00:00.000Z', 1).toISOString()).toBe('2029-02-27T19:00:00.000Z');
    expect(retentionEnd('2028-02-28T19:00:00.000Z', 4).toISOString()).toBe('2032-02-28T19:00:00.000Z');
  });
});

describe('retentionDue', () => {
  const plan = { listPublishedEndTime: '2027-08-31T15:59:00.000Z', retentionYears: 3 };
  it('is due from the end of the period on, never before, and never once purged', () => {
    expect(retentionDue(plan, new Date('2030-08-31T15:58:59.999Z'))).toBe(false);
    expect(retentionDue(plan, new Date('2030-08-31T15:59:00.000Z'))).toBe(true);
    expect(retentionDue({ ...plan, purgeTime: '2030-09-01T00:00:00.000Z' }, new Date('2031-01-01'))).toBe(
      false,
    );
  });
});

describe('maskName', () => {
  it('keeps the first character and one * for each other', () => {
    expect(maskName('张三丰')).toBe('张**');
    expect(maskName('李四')).toBe('李*');
    expect(maskName('阿依古丽·买买提')).toBe('阿*******');
    expect(maskName('张**')).toBe('张**');
  });
});

describe('isPseudonym', () => {
  it('tells a keyed hash from an ID number or a phone', () => {
    expect(isPseudonym('#p1.AbCd.xyz')).toBe(true);
    expect(isPseudonym('52010219900101123X')).toBe(false);
    expect(isPseudonym('13800000000')).toBe(false);
    expect(isPseudonym(null)).toBe(false);
  });
});

describe('the plan setting retentionYears', () => {
  it('defaults to 3 years and accepts whole years within the bounds', () => {
    const base = soundPlan();
    const parsed = recruitPlanCreateSchema.parse(base);
    expect(parsed.retentionYears).toBe(RETENTION_YEARS.default);
    expect(recruitPlanCreateSchema.parse({ ...base, retentionYears: 30 }).retentionYears).toBe(30);
    expect(recruitPlanCreateSchema.parse({ ...base, retentionYears: '5' }).retentionYears).toBe(5);
  });

  it('refuses anything else, naming the field and the bounds in both languages', () => {
    for (const retentionYears of [0, 31, 2.5, 'three', -1]) {
      const zh = validate(
        recruitPlanCreateSchema,
        { ...soundPlan(), retentionYears },
        'zh',
        RECRUIT_PLAN_LABELS,
      );
      expect(zh.ok).toBe(false);
      if (!zh.ok)
        expect(zh.errors).toEqual([
          {
            field: 'retentionYears',
            label: '个人信息保存年限',
            message: '个人信息保存年限必须是 1 至 30 之间的整数（年）',
          },
        ]);
    }
    const en = validate(
      recruitPlanCreateSchema,
      { ...soundPlan(), retentionYears: 0 },
      'en',
      RECRUIT_PLAN_LABELS,
    );
    expect(en.ok || en.errors[0]!.message).toBe(
      'Personal data kept (years) must be a whole number of years from 1 to 30',
    );
  });
});
