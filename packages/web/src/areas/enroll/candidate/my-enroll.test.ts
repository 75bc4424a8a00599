import { describe, expect, it } from 'vitest';
import type { MyEnroll } from '@tegang/domain';
import { planFrom } from '../../../candidate/test-plan';
import { earlierPlansOfConcern, myEnrollView } from './my-enroll';

/**
 * One application as 我的报名 and the home card show it: the stage of domain candidateStage on that
 * plan, and the plan's pages at `?planId=` inside its own windows.
 */
const NOW = new Date();
const application = (
  id: number,
  startDays: number,
  fields: Partial<MyEnroll> = {},
  purged = false,
): MyEnroll => ({
  plan: { ...planFrom(startDays), id, name: `计划${id}`, year: '2025', status: '2', purged },
  enrollId: 50 + id,
  serialNo: null,
  auditStatus: '1',
  auditReason: null,
  ticket: null,
  result: null,
  ...fields,
});
const actions = (item: MyEnroll, front: number | null = 9) =>
  myEnrollView(item, NOW, front).actions.map((a) => `${a.primary ? '*' : ''}${a.key} ${a.path}`);

describe('myEnrollView', () => {
  it('offers the form always, the ticket inside the print window, the result from the score query', () => {
    // Audit: the form is the next thing to do.
    expect(actions(application(5, -15))).toEqual(['*form /web/enroll_table?planId=5']);
    // Print window with a distributed ticket: ticketReady, the ticket first.
    const ticket = myEnrollView(application(5, -25, { ticket: '1' }), NOW, 9);
    expect(ticket.stage?.state).toBe('ticketReady');
    expect(actions(application(5, -25, { ticket: '1' }))).toEqual([
      'form /web/enroll_table?planId=5',
      '*ticket /web/admission_ticket?planId=5',
    ]);
    // The exam: neither ticket nor result.
    expect(actions(application(5, -35))).toEqual(['form /web/enroll_table?planId=5']);
    // Admitted, years later: the result, from the score-query start on for good.
    const admitted = application(5, -800, { result: { admissionStatus: '1', officeSchool: '一小' } });
    expect(myEnrollView(admitted, NOW, 9).stage?.state).toBe('admitted');
    expect(actions(admitted)).toEqual([
      'form /web/enroll_table?planId=5',
      '*result /web/recruit_info?planId=5',
    ]);
  });

  it('offers no ticket or result to a rejected application, and editing only in the front-site plan', () => {
    const rejected = application(9, -5, { auditStatus: '2', auditReason: '照片不清晰' });
    const view = myEnrollView(rejected, NOW, 9);
    expect(view.current).toBe(true);
    expect(view.stage?.reason).toBe('照片不清晰');
    expect(actions(rejected)).toEqual(['*edit /web/enroll', 'form /web/enroll_table?planId=9']);
    expect(actions({ ...rejected, plan: { ...rejected.plan, id: 4 } })).toEqual([
      'form /web/enroll_table?planId=4',
    ]);
    expect(actions(application(4, -45, { auditStatus: '2' }))).toEqual(['form /web/enroll_table?planId=4']);
  });

  it('gives a purged plan no stage and no actions', () => {
    const view = myEnrollView(application(3, -1200, {}, true), NOW, 9);
    expect(view.stage).toBeNull();
    expect(view.actions).toEqual([]);
  });
});

describe('earlierPlansOfConcern', () => {
  it('keeps the earlier plans with something to read or do, newest first, never the front-site plan', () => {
    const items = [
      application(9, -5),
      application(5, -400, { result: { admissionStatus: '1', officeSchool: '一小' } }),
      application(4, -800),
      application(3, -1200, { result: { admissionStatus: '1', officeSchool: '二小' } }, true),
      application(2, -1600, { auditStatus: '2' }),
    ];
    expect(earlierPlansOfConcern(items, NOW, 9).map((v) => [v.item.plan.id, v.stage?.state])).toEqual([
      [5, 'admitted'],
      [4, 'resultsOpen'],
    ]);
  });
});
