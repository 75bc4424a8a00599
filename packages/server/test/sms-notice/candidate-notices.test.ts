import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_STATUS, TICKET_STATUS, type CandidateNotice } from '@tegang/domain';
import { admissionResult, enroll } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { candidateTokenOf, insertApplicants, insertPlan, insertTicket } from '../admission-ticket/fixtures';
import { enrollRow } from '../recruit-plan/fixtures';

/**
 * The candidate's in-site notices (GET /api/notice/list): the events of the SMS notices across her
 * plans, derived from her own enrolments whatever the plans' SMS switches say, newest first; another
 * candidate's rows never appear.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);
const LIST = '/api/notice/list';

describe('candidate notices', () => {
  it('lists her rejection, audit, ticket and results across plans, newest first, and nobody else’s', async () => {
    // Plan A (switch off): rejected, still correctable.
    const planA = await insertPlan(t, { smsNotify: '0', enrollEndTime: at(5) });
    const [her] = await insertApplicants(t, planA.id, [{ auditStatus: AUDIT_STATUS.rejected, name: '赵敏' }]);
    await t.database.db
      .update(enroll)
      .set({ auditReason: '学历证书照片模糊', auditTime: at(-1) })
      .where(eq(enroll.id, her!.id));
    // Plan B (an earlier one): passed, ticket distributed inside the print window, results open.
    const planB = await insertPlan(t, {
      smsNotify: '1',
      ticketPrintStartTime: at(-3),
      ticketPrintEndTime: at(3),
      scoreQueryStartTime: at(-2),
      scoreQueryEndTime: at(30),
    });
    const [inB] = await t.database.db
      .insert(enroll)
      .values(
        enrollRow({
          planId: planB.id,
          candidateId: her!.candidateId,
          name: '赵敏',
          idCard: her!.idCard,
          phone: her!.phone,
          auditStatus: AUDIT_STATUS.passed,
          auditTime: at(-10),
        }),
      )
      .returning();
    await insertTicket(t, inB!, { status: TICKET_STATUS.distributed, updateTime: at(-5) });
    await t.database.db
      .insert(admissionResult)
      .values({ planId: planB.id, enrollId: inB!.id, updateTime: at(-4) });
    // Someone else, in both plans.
    const [other] = await insertApplicants(t, planA.id, [
      { auditStatus: AUDIT_STATUS.rejected, name: '周芷若' },
    ]);
    await t.database.db
      .update(enroll)
      .set({ auditTime: at(-1) })
      .where(eq(enroll.id, other!.id));

    const token = await candidateTokenOf(t, her!.candidateId);
    const answer = await t.call<CandidateNotice[]>('GET', LIST, { candidateToken: token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const notices = answer.body.data;
    expect(notices.map((n) => [n.kind, n.planId])).toEqual([
      ['rejected', planA.id],
      // The result imported before the query start shows from the start; the ticket from the print start.
      ['resultsOpen', planB.id],
      ['ticketReady', planB.id],
      ['passed', planB.id],
    ]);
    expect(notices[0]).toMatchObject({
      reason: '学历证书照片模糊',
      deadline: planA.enrollEndTime.toISOString(),
      planName: planA.name,
    });
    expect(notices[1]!.time).toBe(planB.scoreQueryStartTime.toISOString());
    expect(notices[2]).toMatchObject({
      time: planB.ticketPrintStartTime.toISOString(),
      deadline: planB.ticketPrintEndTime.toISOString(),
    });
    expect(notices[3]).toMatchObject({ reason: null, deadline: null });
    expect(JSON.stringify(answer.body)).not.toContain('周芷若');
    expect(answer.raw.headers['cache-control']).toBe('no-store');

    // The other candidate sees her own rejection only.
    const theirs = await t.call<CandidateNotice[]>('GET', LIST, {
      candidateToken: await candidateTokenOf(t, other!.candidateId),
    });
    expect(theirs.body.data.map((n) => n.key)).toEqual([`${other!.id}-rejected`]);
  });

  it('shows a ticket only inside its print window and results only from the query start', async () => {
    const plan = await insertPlan(t, {
      ticketPrintStartTime: at(-5),
      ticketPrintEndTime: at(-1),
      scoreQueryStartTime: at(2),
      scoreQueryEndTime: at(9),
    });
    const [p, q] = await insertApplicants(t, plan.id, [{}, {}]);
    await insertTicket(t, p!, { status: TICKET_STATUS.distributed });
    await t.database.db.insert(admissionResult).values({ planId: plan.id, enrollId: p!.id });
    // Passed, ticket not distributed.
    await insertTicket(t, q!, { status: TICKET_STATUS.pending });
    await t.database.db
      .update(enroll)
      .set({ auditTime: at(-20) })
      .where(eq(enroll.planId, plan.id));
    for (const person of [p!, q!]) {
      const answer = await t.call<CandidateNotice[]>('GET', LIST, {
        candidateToken: await candidateTokenOf(t, person.candidateId),
      });
      expect(answer.status).toBe(200);
      // The print window is over and the query has not started: only the passed audit is left.
      expect(answer.body.data.map((n) => n.kind)).toEqual(['passed']);
    }
  });

  it('answers only a signed-in candidate', async () => {
    expect((await t.call('GET', LIST)).status).toBe(401);
    const admin = await t.adminToken();
    expect((await t.call('GET', LIST, { token: admin })).status).toBe(401);
  });
});
