import { describe, expect, it } from 'vitest';
import {
  ADMISSION_STATUS,
  AUDIT_STATUS,
  TICKET_STATUS,
  candidateStage,
  catalogues,
  type CandidateStageInput,
} from '../src';
import { day, soundPlan } from './fixtures';

/**
 * The candidate home: the candidate's state and next action along the plan's timeline.
 * soundPlan: enrolment [2, 8), audit [8, 10), ticket print [10, 12), exam 13, score query from 14 (May 2027).
 */
const plan = soundPlan();
const at = (iso: string, ms = 0) => new Date(new Date(iso).getTime() + ms);
const pending = { auditStatus: AUDIT_STATUS.pending, auditReason: null };
const passed = { auditStatus: AUDIT_STATUS.passed, auditReason: null };
const rejected = { auditStatus: AUDIT_STATUS.rejected, auditReason: '照片不清晰' };

const stage = (
  now: Date,
  enroll: CandidateStageInput['enroll'],
  ticket: string | null = null,
  result: CandidateStageInput['result'] = null,
) => candidateStage({ plan, enroll, ticket, result, now });
const admitted = { admissionStatus: ADMISSION_STATUS.admitted };
const notAdmitted = { admissionStatus: ADMISSION_STATUS.notAdmitted };
const undecided = { admissionStatus: ADMISSION_STATUS.pending };
const summary = (s: ReturnType<typeof candidateStage>) => [
  s.state,
  s.nextAction?.key ?? null,
  s.note?.key ?? null,
];

describe('candidateStage', () => {
  it('not applied: waits for enrolment, applies inside it, is closed after it (window edges)', () => {
    expect(summary(stage(at(day(2), -1), null))).toEqual(['notApplied', null, 'home.note.applyFrom']);
    expect(stage(at(day(2), -1), null).phase.phase).toBe('notStarted');
    expect(summary(stage(at(day(2)), null))).toEqual(['notApplied', 'apply', 'home.note.applyUntil']);
    expect(stage(at(day(2)), null).nextAction).toEqual({ key: 'apply', path: '/web/enroll' });
    expect(summary(stage(at(day(8), -1), null))).toEqual(['notApplied', 'apply', 'home.note.applyUntil']);
    expect(summary(stage(at(day(8)), null))).toEqual(['closed', null, 'home.note.closed']);
    expect(stage(at(day(8)), null).note?.params).toEqual({ time: plan.enrollEndTime });
    expect(summary(stage(at(day(15)), null))).toEqual(['closed', null, 'home.note.closed']);
  });

  it('rejected: the reason and 修改报名 until enrolment ends, then the reason alone', () => {
    const open = stage(at(day(5)), rejected);
    expect(summary(open)).toEqual(['rejected', 'editEnroll', 'home.note.fixUntil']);
    expect(open.reason).toBe('照片不清晰');
    expect(open.nextAction?.path).toBe('/web/enroll');
    expect(open.note?.params).toEqual({ time: plan.enrollEndTime });
    expect(summary(stage(at(day(8), -1), rejected))[1]).toBe('editEnroll');
    const closed = stage(at(day(8)), rejected);
    expect(summary(closed)).toEqual(['rejected', null, 'home.note.rejectedClosed']);
    expect(closed.reason).toBe('照片不清晰');
    // Still rejected, never "results open", later on.
    expect(summary(stage(at(day(15)), rejected))[0]).toBe('rejected');
    expect(stage(at(day(5)), { auditStatus: AUDIT_STATUS.rejected }).reason).toBe('');
  });

  it('pending and passed: the enrolment form until the ticket print window', () => {
    expect(summary(stage(at(day(5)), pending))).toEqual(['pending', 'downloadForm', 'home.note.pending']);
    expect(summary(stage(at(day(9)), pending))).toEqual(['pending', 'downloadForm', 'home.note.pending']);
    expect(summary(stage(at(day(9)), passed))).toEqual(['passed', 'downloadForm', 'home.note.ticketFrom']);
    expect(stage(at(day(10), -1), passed).nextAction).toEqual({
      key: 'downloadForm',
      path: '/web/enroll_table',
    });
  });

  it('ticket print window: ticketReady with a distributed ticket, else says it is not issued yet', () => {
    const ready = stage(at(day(10)), passed, TICKET_STATUS.distributed);
    expect(summary(ready)).toEqual(['ticketReady', 'downloadTicket', 'home.note.ticketUntil']);
    expect(ready.nextAction?.path).toBe('/web/admission_ticket');
    expect(summary(stage(at(day(12), -1), passed, TICKET_STATUS.distributed))[0]).toBe('ticketReady');
    expect(summary(stage(at(day(11)), passed, TICKET_STATUS.pending))).toEqual([
      'passed',
      null,
      'home.note.ticketNotYet',
    ]);
    // Not known (the call not answered): the ticket page will say.
    expect(summary(stage(at(day(11)), passed))).toEqual([
      'passed',
      'downloadTicket',
      'home.note.ticketUntil',
    ]);
    // The window's end closes it even with a distributed ticket.
    expect(summary(stage(at(day(12)), passed, TICKET_STATUS.distributed))).toEqual([
      'passed',
      null,
      'home.note.resultsFrom',
    ]);
  });

  it('results open from the score-query start on, for every applicant not rejected', () => {
    expect(summary(stage(at(day(14), -1), passed))[0]).toBe('passed');
    expect(summary(stage(at(day(14)), passed))).toEqual(['resultsOpen', 'queryResult', 'home.note.results']);
    expect(stage(at(day(14)), passed).nextAction?.path).toBe('/web/recruit_info');
    expect(summary(stage(at(day(14)), pending))[0]).toBe('resultsOpen');
    expect(summary(stage(at(day(30)), passed))[0]).toBe('resultsOpen');
    expect(stage(at(day(30)), passed).phase.phase).toBe('finished');
  });

  it('results published: 已录取 / 未录取 / 录取结果可查询 with 查看录取结果, from the score-query start on', () => {
    expect(summary(stage(at(day(14)), passed, null, admitted))).toEqual([
      'admitted',
      'viewResult',
      'home.note.resultPublished',
    ]);
    expect(stage(at(day(14)), passed, null, admitted).nextAction?.path).toBe('/web/recruit_info');
    expect(summary(stage(at(day(20)), passed, null, notAdmitted))[0]).toBe('notAdmitted');
    expect(summary(stage(at(day(20)), pending, null, undecided))[0]).toBe('resultPublished');
    expect(summary(stage(at(day(20)), passed, null, { admissionStatus: '9' }))[0]).toBe('resultPublished');
    // Long after the last stage (an archived plan) the result still shows.
    expect(summary(stage(at(day(90)), passed, null, admitted))[0]).toBe('admitted');
    // Before the score query a result (not answered by the server then) changes nothing.
    expect(summary(stage(at(day(14), -1), passed, null, admitted))[0]).toBe('passed');
    // A rejected application stays rejected; without a result the results are open to query.
    expect(summary(stage(at(day(20)), rejected, null, admitted))[0]).toBe('rejected');
    expect(summary(stage(at(day(20)), passed, null, null))[0]).toBe('resultsOpen');
  });

  it('the timeline: stages before now done, the running one current, the rest later with their dates', () => {
    const { timeline, phase } = stage(at(day(11)), passed);
    expect(phase.phase).toBe('ticketPrint');
    expect(timeline.map((s) => s.phase)).toEqual([
      'enroll',
      'audit',
      'ticketPrint',
      'exam',
      'scoreQuery',
      'interview',
      'physicalExam',
      'listPublished',
    ]);
    expect(timeline.map((s) => s.state)).toEqual([
      'done',
      'done',
      'current',
      'later',
      'later',
      'later',
      'later',
      'later',
    ]);
    expect(timeline[3]).toEqual({
      phase: 'exam',
      start: plan.examStartTime,
      end: plan.examEndTime,
      state: 'later',
    });
    // Between two stages nothing is current; at an end instant the stage is done.
    expect(
      stage(at(day(12, 12)), passed)
        .timeline.map((s) => s.state)
        .slice(2, 4),
    ).toEqual(['done', 'later']);
    expect(
      stage(at(day(8)), passed)
        .timeline.slice(0, 2)
        .map((s) => s.state),
    ).toEqual(['done', 'current']);
  });

  it('every state, note and action has zh and en text', () => {
    const keys = new Set<string>();
    for (const d of [1, 5, 9, 11, 12.5, 15, 30])
      for (const enroll of [null, pending, passed, rejected])
        for (const ticket of [null, TICKET_STATUS.pending, TICKET_STATUS.distributed])
          for (const result of [null, admitted, notAdmitted, undecided]) {
            const s = stage(at(day(Math.floor(d), (d % 1) * 24)), enroll, ticket, result);
            keys.add(`home.state.${s.state}`);
            if (s.note) keys.add(s.note.key);
            if (s.nextAction) keys.add(`home.action.${s.nextAction.key}`);
          }
    expect(keys.size).toBeGreaterThan(25);
    for (const key of keys) {
      expect((catalogues.zh as Record<string, string>)[key], key).toBeTruthy();
      expect((catalogues.en as Record<string, string>)[key], key).toBeTruthy();
    }
  });
});
