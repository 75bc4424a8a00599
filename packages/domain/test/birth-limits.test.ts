import { describe, expect, it } from 'vitest';
import {
  birthLimitFor,
  birthLimitIssue,
  checkPlanTimeline,
  recruitPlanCreateSchema,
  translate,
  validate,
  RECRUIT_PLAN_LABELS,
} from '../src';
import { soundPlan } from './fixtures';

/** Age limits per education on the plan (birthLimits), falling back to limitBirth. */
const plan = { limitBirth: '1996-01-01', birthLimits: { '14': '1991-01-01' } };

describe('birthLimitFor / birthLimitIssue', () => {
  it("uses the education's own limit, else the general one", () => {
    expect(birthLimitFor(plan, '14')).toBe('1991-01-01');
    expect(birthLimitFor(plan, '21')).toBe('1996-01-01');
    expect(birthLimitFor(plan, null)).toBe('1996-01-01');
    expect(birthLimitFor({ limitBirth: null }, '14')).toBeNull();
  });

  it("accepts a master's graduate born 1992, refuses a bachelor born 1992, naming education and date", () => {
    expect(birthLimitIssue(plan, '14', '1992-06-15')).toBeNull();
    expect(birthLimitIssue(plan, '21', '1992-06-15')).toEqual({
      message: 'enroll.limitBirth',
      params: { date: '1996-01-01' },
    });
    const issue = birthLimitIssue(plan, '14', '1990-12-31', '硕士研究生')!;
    expect(translate('zh', issue.message, issue.params)).toBe(
      '根据招聘要求，学历为“硕士研究生”的报考人员须在 1991-01-01 及以后出生',
    );
    expect(translate('en', issue.message, { ...issue.params, education: "Master's" })).toContain(
      'born on or after 1991-01-01',
    );
  });
});

describe('birthLimits in the plan payload', () => {
  const check = (birthLimits: unknown) =>
    validate(recruitPlanCreateSchema, { ...soundPlan(), birthLimits }, 'zh', RECRUIT_PLAN_LABELS);

  it('defaults to {} and keeps valid entries', () => {
    const none = validate(recruitPlanCreateSchema, soundPlan(), 'zh');
    expect(none.ok && none.data.birthLimits).toEqual({});
    const some = check({ '14': '1991-01-01' });
    expect(some.ok && some.data.birthLimits).toEqual({ '14': '1991-01-01' });
  });

  it.each([
    [{ 'x y': '1991-01-01' }, '分学历出生日期限制：学历“x y”不是学历字典中的值'],
    [{ '14': '1991-02-30' }, '分学历出生日期限制：学历“14”的日期“1991-02-30”不是有效日期'],
    [{ '14': 19910101 }, '分学历出生日期限制：学历“14”的日期“19910101”不是有效日期'],
  ])('refuses %j on the field birthLimits', (birthLimits, message) => {
    const result = check(birthLimits);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatchObject({ field: 'birthLimits', message });
  });

  it('refuses a date after today (timeline rule)', () => {
    expect(checkPlanTimeline({ ...soundPlan(), birthLimits: { '14': '2026-11-22' } }, '2026-11-21')).toEqual([
      {
        field: 'birthLimits',
        message: 'plan.birthLimits.future',
        params: { education: '14', label: 'field.birthLimits' },
      },
    ]);
  });
});
