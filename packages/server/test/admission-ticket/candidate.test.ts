import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateTicket } from '@tegang/domain';
import { admissionTicket, recruitPlan } from '../../src/db/schema';
import { AppError } from '../../src/lib/errors';
import { requireTicketPrintOpen } from '../../src/modules/admission-ticket/service-candidate';
import { createTestApp, type TestApp } from '../helpers';
import { candidateTokenOf, insertApplicants, insertPlan, insertTicket } from './fixtures';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(async () => t?.close());

describe('the ticket print-window gate', () => {
  const window = {
    ticketPrintStartTime: new Date('2031-06-01T00:00:00Z'),
    ticketPrintEndTime: new Date('2031-06-10T00:00:00Z'),
  };
  const refusal = (now: string) => {
    try {
      requireTicketPrintOpen(window, new Date(now));
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const e = error as AppError;
      return { code: e.code, key: e.key, params: e.params };
    }
  };

  it('opens at the start and closes at the end (the window is [start, end))', () => {
    expect(refusal('2031-05-31T23:59:59.999Z')).toEqual({
      code: 400,
      key: 'ticket.window.notOpen',
      params: { start: '2031-06-01 08:00' },
    });
    expect(refusal('2031-06-01T00:00:00Z')).toBeNull();
    expect(refusal('2031-06-09T23:59:59.999Z')).toBeNull();
    expect(refusal('2031-06-10T00:00:00Z')).toEqual({
      code: 400,
      key: 'ticket.window.closed',
      params: { end: '2031-06-10 08:00' },
    });
  });
});

describe('candidate ticket', () => {
  it('answers the own distributed ticket inside the print window only', async () => {
    const plan = await insertPlan(t);
    const [mine, theirs] = await insertApplicants(t, plan.id, [{ name: '考生本人' }, {}]);
    const ticket = await insertTicket(t, mine!, { admissionNumber: 'CAND1' });
    await insertTicket(t, theirs!, { status: '1' });
    const candidateToken = await candidateTokenOf(t, mine!.candidateId);
    const url = `/api/admissionTicket/getAdmissionTicketByPlanId/${plan.id}`;
    const get = (lang: 'zh' | 'en' = 'zh') => t.call<CandidateTicket>('GET', url, { candidateToken, lang });
    const setWindow = (start: number, end: number) =>
      t.database.db
        .update(recruitPlan)
        .set({
          ticketPrintStartTime: new Date(Date.now() + start * 3_600_000),
          ticketPrintEndTime: new Date(Date.now() + end * 3_600_000),
        })
        .where(eq(recruitPlan.id, plan.id));

    await setWindow(24, 48);
    const before = await get();
    expect(before.status).toBe(400);
    expect(before.body.msg).toMatch(/^准考证打印尚未开始，将于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 开始$/);
    await setWindow(-48, -24);
    const after = await get('en');
    expect(after.status).toBe(400);
    expect(after.body.msg).toContain('Ticket printing ended');

    await setWindow(-1, 24);
    expect((await get()).status).toBe(404); // not distributed yet
    expect((await get()).body.msg).toBe('暂无您的准考证');
    await t.database.db.update(admissionTicket).set({ status: '1' }).where(eq(admissionTicket.id, ticket.id));
    const inside = await get();
    expect(inside.status).toBe(200);
    expect(inside.body.data).toMatchObject({
      id: ticket.id,
      planId: plan.id,
      name: '考生本人',
      card: mine!.idCard,
      admissionNumber: 'CAND1',
      ticketFileUrl: `/api/admissionTicket/downloadToken/${ticket.id}`,
    });

    // Another plan: no ticket of this candidate there; and no admin token.
    const otherPlan = await insertPlan(t, {
      ticketPrintStartTime: new Date(Date.now() - 3_600_000),
      ticketPrintEndTime: new Date(Date.now() + 3_600_000),
    });
    const other = await t.call('GET', `/api/admissionTicket/getAdmissionTicketByPlanId/${otherPlan.id}`, {
      candidateToken,
    });
    expect(other.status).toBe(404);
    expect((await t.call('GET', url, { token })).status).toBe(401);
    expect(
      (await t.call('GET', '/api/admissionTicket/getAdmissionTicketByPlanId/x', { candidateToken })).status,
    ).toBe(400);
  });
});
