import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_STATUS, TICKET_STATUS } from '@tegang/domain';
import { enroll, recruitPlan, smsNotification } from '../../src/db/schema';
import type { SmsMessage } from '../../src/integrations/sms';
import { createTestApp, type TestApp } from '../helpers';
import { insertApplicants, insertPlan, insertTicket } from '../admission-ticket/fixtures';
import { createPlan, demoPlanId, readPlan } from '../recruit-plan/fixtures';

/**
 * Turning a plan's SMS notices on catches up (docs/decisions.md "SMS notices to candidates"): the
 * rejections made and the tickets distributed while the switch was off reach their candidates once
 * it is on — unless the rejection can no longer be corrected or the ticket's print window is over —
 * and no enrolment hears of an event twice, whatever the order of sends and switches.
 */
let t: TestApp;
let token: string;
const sent: SmsMessage[] = [];
beforeAll(async () => {
  t = await createTestApp({
    smsProvider: {
      async send(m) {
        sent.push(m);
        return { messageId: `biz-${sent.length}` };
      },
    },
  });
  token = await t.adminToken();
});
afterAll(() => t?.close());

const URL = '/recruit/smsNotice';
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);
/** A plan whose enrolment and print windows are still open, its switch as given. */
const openPlan = (smsNotify: string) =>
  insertPlan(t, {
    smsNotify,
    enrollEndTime: at(10),
    ticketPrintStartTime: at(-1),
    ticketPrintEndTime: at(20),
  });

/** Waits until no notice job of the app is queued or running. */
async function settle() {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from job where kind = 'smsNotice' and status in ('0', '1')`,
    );
    if ((rows.rows[0] as { n: number }).n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('notice jobs did not finish');
}

async function reject(ids: number[]) {
  const rows = await t.database.db
    .select({ id: enroll.id, version: enroll.version })
    .from(enroll)
    .where(inArray(enroll.id, ids));
  return t.call('POST', '/candidate/enroll/audit', {
    token,
    body: {
      idList: ids,
      versions: ids.map((id) => rows.find((r) => r.id === id)!.version),
      auditStatus: AUDIT_STATUS.rejected,
      auditReason: '毕业证书照片不清晰',
    },
  });
}

interface SwitchAnswer {
  enabled: boolean;
  catchUp: { jobId: number; total: number; events: { event: string; count: number }[] } | null;
}
const setSwitch = (planId: number, enabled: boolean) =>
  t.call<SwitchAnswer>('PUT', `${URL}/plan/${planId}`, { token, body: { enabled } });

/** The messages sent to `phone` since `from` (index in `sent`). */
const to = (phone: string, from = 0) => sent.slice(from).filter((m) => m.phone === phone);

describe('catch-up when the switch is turned on', () => {
  it('sends the rejections and tickets of the "off" time once, and each enrolment × event only once', async () => {
    const plan = await openPlan('0');
    const [rejected, ticketed, later] = await insertApplicants(t, plan.id, [
      { auditStatus: AUDIT_STATUS.pending, name: '吴一' },
      { name: '吴二' },
      { name: '吴三' },
    ]);
    const ticket = await insertTicket(t, ticketed!);
    const laterTicket = await insertTicket(t, later!);
    const before = sent.length;

    // While the switch is off, the rejection and the distribution send nothing.
    expect((await reject([rejected!.id])).status).toBe(200);
    const distributed = await t.call('POST', '/candidate/admissionTicket/distributed', {
      token,
      body: { idList: [ticket.id] },
    });
    expect(distributed.status).toBe(200);
    await settle();
    expect(sent.length).toBe(before);

    // On: one job catches both up, and the answer says what it queued.
    const on = await setSwitch(plan.id, true);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.enabled).toBe(true);
    expect(on.body.data.catchUp).toMatchObject({
      total: 2,
      events: [
        { event: 'rejected', count: 1 },
        { event: 'ticketReady', count: 1 },
      ],
    });
    const job = await t.call<{ status: string; sent: number; failed: number }>(
      'GET',
      `${URL}/job/${on.body.data.catchUp!.jobId}`,
      { token },
    );
    expect(job.status).toBe(200);
    await settle();
    expect(to(rejected!.phone, before).map((m) => m.purpose)).toEqual(['notice.rejected']);
    expect(to(ticketed!.phone, before).map((m) => m.purpose)).toEqual(['notice.ticketReady']);
    // The undistributed ticket concerns nobody yet.
    expect(to(later!.phone, before)).toHaveLength(0);

    // A distribution while on sends as usual; turning the switch off and on again sends nothing more.
    await t.call('POST', '/candidate/admissionTicket/distributed', {
      token,
      body: { idList: [laterTicket.id] },
    });
    await settle();
    expect((await setSwitch(plan.id, false)).body.data.catchUp).toBeNull();
    const again = await setSwitch(plan.id, true);
    expect(again.status).toBe(200);
    expect(again.body.data.catchUp).toBeNull();
    // Turning on a switch that is on already catches nothing up either.
    expect((await setSwitch(plan.id, true)).body.data.catchUp).toBeNull();
    await settle();
    for (const person of [rejected!, ticketed!, later!]) expect(to(person.phone, before)).toHaveLength(1);
    const log = await t.database.db.select().from(smsNotification).where(eq(smsNotification.planId, plan.id));
    expect(log).toHaveLength(3);
    expect(log.every((r) => r.status === '1' && r.attempts === 1)).toBe(true);
  });

  it('leaves out a rejection that can no longer be corrected and a ticket past its print window', async () => {
    const plan = await insertPlan(t, {
      smsNotify: '0',
      enrollEndTime: at(-5),
      ticketPrintStartTime: at(-4),
      ticketPrintEndTime: at(-1),
    });
    const [rejected, ticketed] = await insertApplicants(t, plan.id, [
      { auditStatus: AUDIT_STATUS.rejected },
      {},
    ]);
    await insertTicket(t, ticketed!, { status: TICKET_STATUS.distributed });
    const before = sent.length;
    const view = await t.call<{ counts: { event: string; pending: number }[] }>(
      'GET',
      `${URL}/plan/${plan.id}`,
      {
        token,
      },
    );
    expect(view.body.data.counts.map((c) => c.pending)).toEqual([0, 0, 0]);
    const on = await setSwitch(plan.id, true);
    expect(on.status).toBe(200);
    expect(on.body.data.catchUp).toBeNull();
    await settle();
    expect(sent.length).toBe(before);
    expect(to(rejected!.phone, before)).toHaveLength(0);
    const [row] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.id, plan.id));
    expect(row!.smsNotify).toBe('1');
  });

  it('catches up only inside the plan: another plan’s rejection while its switch stays off is not sent', async () => {
    const plan = await openPlan('0');
    const quiet = await openPlan('0');
    const [mine] = await insertApplicants(t, plan.id, [{ auditStatus: AUDIT_STATUS.rejected }]);
    const [theirs] = await insertApplicants(t, quiet.id, [{ auditStatus: AUDIT_STATUS.rejected }]);
    const before = sent.length;
    const on = await setSwitch(plan.id, true);
    expect(on.body.data.catchUp).toMatchObject({ total: 1, events: [{ event: 'rejected', count: 1 }] });
    await settle();
    expect(to(mine!.phone, before)).toHaveLength(1);
    expect(to(theirs!.phone, before)).toHaveLength(0);
  });

  it('a new plan and the seeded demo plan have their notices on until the province turns them off', async () => {
    const id = await createPlan(t, token);
    const read = await readPlan(t, token, id);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.smsNotify).toBe(true);
    expect((await readPlan(t, token, await demoPlanId(t))).body.data.smsNotify).toBe(true);
    const list = await t.call<{ id: number; smsNotify: boolean }[]>(
      'GET',
      '/recruit/recruitPlan/listRecruitPlan',
      {
        token,
      },
    );
    expect(list.body.data.find((p) => p.id === id)!.smsNotify).toBe(true);
    expect((await setSwitch(id, false)).status).toBe(200);
    expect((await readPlan(t, token, id)).body.data.smsNotify).toBe(false);
  });
});
