import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { PLAN_RANGES, PLAN_STATUS, type RecruitPlan } from '@tegang/domain';
import { RANGES, dayOf, duplicateEducations, planToForm, planToPayload, timelineIssues } from './plan-form';

/** A valid plan: each range a day after the previous one, all in 2030 (CST 09:00 = 01:00Z). */
function plan(): RecruitPlan {
  const times = Object.fromEntries(
    PLAN_RANGES.flatMap(([start, end], i) => [
      [start, `2030-03-${String(2 * i + 1).padStart(2, '0')}T01:00:00.000Z`],
      [end, `2030-03-${String(2 * i + 2).padStart(2, '0')}T01:00:00.000Z`],
    ]),
  );
  // the plan's own range spans all others
  times.startTime = '2030-02-01T01:00:00.000Z';
  times.endTime = '2030-12-31T01:00:00.000Z';
  return {
    id: 1,
    name: '2030年特岗教师招聘',
    year: '2030',
    company: '贵州省教育厅',
    limitBirth: '1990-01-01',
    customerServicePhone: null,
    serviceCenter: null,
    status: PLAN_STATUS.draft,
    createTime: '2030-01-01T00:00:00.000Z',
    updateTime: '2030-01-01T00:00:00.000Z',
    ...times,
  } as RecruitPlan;
}

describe('plan form <-> payload', () => {
  it('shows each range in China Standard Time', () => {
    const form = planToForm(plan());
    const [start, end] = form.enrollTime as [
      { format: (f: string) => string },
      { format: (f: string) => string },
    ];
    expect(start.format('YYYY-MM-DD HH:mm')).toBe('2030-03-03 09:00');
    expect(end.format('YYYY-MM-DD HH:mm')).toBe('2030-03-04 09:00');
    expect(Object.keys(form)).toEqual(expect.arrayContaining(RANGES.map((r) => r.name)));
  });

  it('sends back the same instants, the year, the birth limit and trimmed texts', () => {
    const original = plan();
    const payload = planToPayload({ ...planToForm(original), name: '  新计划 ', serviceCenter: '  ' });
    for (const [start, end] of PLAN_RANGES) {
      expect(payload[start]).toBe(original[start]);
      expect(payload[end]).toBe(original[end]);
    }
    expect(payload.year).toBe('2030');
    expect(payload.limitBirth).toBe('1990-01-01');
    expect(payload.name).toBe('新计划');
    expect(payload.serviceCenter).toBeNull();
  });
});

describe('timelineIssues (the domain timeline rules on the form ranges)', () => {
  const t = i18n.t.bind(i18n);

  it('finds nothing wrong with a valid plan', () => {
    expect(timelineIssues(planToForm(plan()), t)).toEqual([]);
  });

  it('puts a reversed range on that range picker, naming it', () => {
    const broken = plan();
    [broken.examStartTime, broken.examEndTime] = [broken.examEndTime, broken.examStartTime];
    const issues = timelineIssues(planToForm(broken), t);
    const order = issues.find((i) => i.name === 'examTime');
    expect(order?.message).toContain(t('field.examTime'));
  });

  it('puts an enrolment window outside the plan on the enrolment range', () => {
    const broken = plan();
    broken.enrollStartTime = '2030-01-15T01:00:00.000Z';
    const names = timelineIssues(planToForm(broken), t).map((i) => i.name);
    expect(names).toContain('enrollTime');
  });

  it('checks nothing while a range is incomplete', () => {
    expect(timelineIssues({ ...planToForm(plan()), examTime: undefined }, t)).toEqual([]);
  });
});

describe("age limits per education (the plan's birthLimits)", () => {
  const t = i18n.t.bind(i18n);

  it('shows birthLimits as rows and sends complete rows back as a map', () => {
    const original = { ...plan(), birthLimits: { '14': '1991-01-01', '11': '1990-06-30' } };
    const form = planToForm(original);
    expect(form.birthLimits?.map((r) => [r.education, dayOf(r.date)])).toEqual([
      ['11', '1990-06-30'],
      ['14', '1991-01-01'],
    ]);
    const payload = planToPayload({ ...form, birthLimits: [...form.birthLimits!, { education: '21' }] });
    expect(payload.birthLimits).toEqual({ '14': '1991-01-01', '11': '1990-06-30' });
    expect(planToPayload(planToForm(plan())).birthLimits).toEqual({});
  });

  it('finds an education chosen twice', () => {
    expect(duplicateEducations([{ education: '14' }, { education: '21' }, { education: '14' }])).toEqual([
      '14',
    ]);
    expect(duplicateEducations([{ education: '14' }, {}])).toEqual([]);
  });

  it('puts a future date on the birthLimits list', () => {
    const issues = timelineIssues(
      { ...planToForm(plan()), birthLimits: [{ education: '14', date: '2099-01-01' }] },
      t,
    );
    expect(issues).toEqual([{ name: 'birthLimits', message: expect.stringContaining('不能晚于今天') }]);
    expect(issues[0]!.message).toContain('分学历出生日期限制');
  });
});
