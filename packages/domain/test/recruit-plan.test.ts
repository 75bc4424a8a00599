import { describe, expect, it } from 'vitest';
import {
  canChangePlanStatus,
  checkPlanTimeline,
  planArchivable,
  recruitPlanCreateSchema,
  summarizeErrors,
  validate,
  RECRUIT_PLAN_LABELS,
} from '../src';
import { day, soundPlan } from './fixtures';

describe('recruit plan timeline (spec §4, §5)', () => {
  it('accepts a sound plan', () => {
    expect(checkPlanTimeline(soundPlan(), '2026-11-21')).toEqual([]);
    expect(validate(recruitPlanCreateSchema, soundPlan(), 'zh').ok).toBe(true);
  });
  const broken: [string, Partial<ReturnType<typeof soundPlan>>, string, string][] = [
    ['enrolment before the plan', { enrollStartTime: day(1, -1) }, 'enrollStartTime', 'plan.enroll.inside'],
    ['enrolment ending with the plan', { enrollEndTime: day(31) }, 'enrollStartTime', 'plan.enroll.inside'],
    ['audit before enrolment end', { auditStartTime: day(7) }, 'auditStartTime', 'plan.audit.afterEnroll'],
    [
      'ticket before audit end',
      { ticketPrintStartTime: day(9) },
      'ticketPrintStartTime',
      'plan.ticket.afterAudit',
    ],
    ['exam at ticket end', { examStartTime: day(12) }, 'examStartTime', 'plan.exam.afterTicket'],
    ['score at exam end', { scoreQueryStartTime: day(13, 6) }, 'scoreQueryStartTime', 'plan.score.afterExam'],
    [
      'interview at score end',
      { interviewStartTime: day(16) },
      'interviewStartTime',
      'plan.interview.afterScore',
    ],
    [
      'physical at interview end',
      { physicalExamStartTime: day(18) },
      'physicalExamStartTime',
      'plan.physical.afterInterview',
    ],
    [
      'list at physical end',
      { listPublishedStartTime: day(20) },
      'listPublishedStartTime',
      'plan.list.afterPhysical',
    ],
    ['a range ending before it starts', { examEndTime: day(12) }, 'examStartTime', 'plan.range.order'],
  ];
  it.each(broken)('rejects %s', (_name, change, field, message) => {
    const issues = checkPlanTimeline({ ...soundPlan(), ...change }, '2026-11-21');
    expect(issues.map((i) => [i.field, i.message])).toContainEqual([field, message]);
  });
  it('allows audit starting exactly at enrolment end (not before)', () => {
    expect(checkPlanTimeline({ ...soundPlan(), auditStartTime: day(8) }, '2026-11-21')).toEqual([]);
  });
  it('rejects limitBirth in the future', () => {
    expect(checkPlanTimeline({ ...soundPlan(), limitBirth: '2026-11-22' }, '2026-11-21')).toEqual([
      { field: 'limitBirth', message: 'plan.limitBirth.future' },
    ]);
  });
  it('names each missing field with the spec messages', () => {
    const result = validate(
      recruitPlanCreateSchema,
      { ...soundPlan(), company: '', enrollStartTime: undefined, examEndTime: undefined },
      'zh',
      RECRUIT_PLAN_LABELS,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContainEqual({
      field: 'company',
      label: '招聘单位',
      message: '招聘单位不能为空',
    });
    expect(result.errors).toContainEqual({
      field: 'enrollStartTime',
      label: '网上报名时间',
      message: '网上报名时间',
    });
    expect(result.errors).toContainEqual({
      field: 'examEndTime',
      label: '考试时间',
      message: '考试时间不能为空',
    });
    expect(summarizeErrors(result.errors)).toContain('招聘单位不能为空');
  });
  it('answers in English when asked', () => {
    const result = validate(
      recruitPlanCreateSchema,
      { ...soundPlan(), auditStartTime: day(7) },
      'en',
      RECRUIT_PLAN_LABELS,
    );
    expect(result.ok || result.errors).toEqual([
      {
        field: 'auditStartTime',
        label: 'On-site audit',
        message: 'On-site audit cannot start before online enrolment ends',
      },
    ]);
  });
  it('allows the status transitions 0→1, 1→0, 1→2, 2→1 only', () => {
    expect(canChangePlanStatus('0', '1')).toBe(true);
    expect(canChangePlanStatus('1', '2')).toBe(true);
    expect(canChangePlanStatus('0', '2')).toBe(false);
    expect(canChangePlanStatus('2', '0')).toBe(false);
  });
});

describe('planArchivable (spec §4: 已结束 is archiving after the last stage)', () => {
  const at = (d: number, h = 0) => new Date(day(d, h));
  it('names the stage open now, with its end and the end of the last stage', () => {
    expect(planArchivable(soundPlan(), at(11))).toEqual({
      phase: 'ticketPrint',
      label: 'field.ticketPrintTime',
      open: true,
      end: day(12),
      archivableFrom: day(28),
    });
    expect(planArchivable(soundPlan(), at(15))).toMatchObject({
      phase: 'scoreQuery',
      open: true,
      end: day(16),
    });
    expect(planArchivable(soundPlan(), at(3))).toMatchObject({ phase: 'enroll', label: 'field.enrollTime' });
  });
  it('names the coming stage between stages and before enrolment', () => {
    expect(planArchivable(soundPlan(), at(13, 12))).toMatchObject({
      phase: 'scoreQuery',
      label: 'field.scoreQueryTime',
      open: false,
      end: day(16),
    });
    expect(planArchivable(soundPlan(), at(1))).toMatchObject({ phase: 'enroll', open: false, end: day(8) });
  });
  it('allows archiving from the end of the list publication on', () => {
    expect(planArchivable(soundPlan(), at(27, 23))).toMatchObject({ phase: 'listPublished', open: true });
    expect(planArchivable(soundPlan(), at(28))).toBeNull();
    expect(planArchivable(soundPlan(), at(30))).toBeNull();
  });
});
