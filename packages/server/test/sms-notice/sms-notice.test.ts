import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_STATUS, formatDateTime } from '@tegang/domain';
import { admissionResult, enroll, recruitPlan, smsNotification } from '../../src/db/schema';
import type { SmsMessage } from '../../src/integrations/sms';
import { createTestApp, type TestApp } from '../helpers';
import { insertApplicants, insertPlan, insertTicket } from '../admission-ticket/fixtures';
import { adminWith } from '../recruit-plan/fixtures';

/**
 * SMS notices to candidates (docs/decisions.md "SMS notices to candidates"): a rejection, a
 * distributed ticket and open results reach the candidate once by SMS through the provider, only for
 * a plan whose switch is on; the log keeps no text, code or reason; the console sees the counts.
 */
let t: TestApp;
let token: string;
/** Phones the recording provider refuses (a provider error). */
const refused = new Set<string>();
const sent: SmsMessage[] = [];
beforeAll(async () => {
  t = await createTestApp({
    smsProvider: {
      async send(m) {
        if (refused.has(m.phone)) throw new Error('isv.BUSINESS_LIMIT_CONTROL');
        sent.push(m);
        return { messageId: `biz-${sent.length}` };
      },
    },
  });
  token = await t.adminToken();
});
afterAll(() => t?.close());

const URL = '/recruit/smsNotice';
const future = new Date(Date.now() + 30 * 86_400_000);

async function freshPlan(smsNotify = '1') {
  return insertPlan(t, { smsNotify, enrollEndTime: future });
}

interface JobView {
  status: string;
  total: number;
  sent: number;
  failed: number;
  message: string;
}
async function waitForJob(jobId: number): Promise<JobView> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await t.call<JobView>('GET', `${URL}/job/${jobId}`, { token });
    expect(answer.status).toBe(200);
    if (['2', '4'].includes(answer.body.data.status) || Date.now() > deadline) return answer.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
}
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
const logOf = (enrollIds: number[]) =>
  t.database.db.select().from(smsNotification).where(inArray(smsNotification.enrollId, enrollIds));

async function reject(ids: number[], reason = '学历证书照片模糊，身份证号 520102199001011234') {
  const rows = await t.database.db
    .select({ id: enroll.id, version: enroll.version })
    .from(enroll)
    .where(inArray(enroll.id, ids));
  const versions = ids.map((id) => rows.find((r) => r.id === id)!.version);
  return t.call('POST', '/candidate/enroll/audit', {
    token,
    body: { idList: ids, versions, auditStatus: AUDIT_STATUS.rejected, auditReason: reason },
  });
}

describe('SMS notices', () => {
  it('a rejection reaches the candidate once, with the correction deadline, and the log keeps no reason', async () => {
    const plan = await freshPlan();
    const [a, b] = await insertApplicants(t, plan.id, [
      { auditStatus: AUDIT_STATUS.pending, name: '张三' },
      { auditStatus: AUDIT_STATUS.pending, name: '李四' },
    ]);
    const before = sent.length;
    expect((await reject([a!.id, b!.id])).status).toBe(200);
    await settle();
    const mine = sent.slice(before);
    expect(mine.map((m) => m.phone).sort()).toEqual([a!.phone, b!.phone].sort());
    const toA = mine.find((m) => m.phone === a!.phone)!;
    expect(toA).toMatchObject({ purpose: 'notice.rejected', code: '' });
    expect(toA.text).toContain('张三');
    expect(toA.text).toContain(plan.name);
    // The correction deadline is the plan's enrolment end, in China Standard Time.
    expect(toA.params).toMatchObject({ name: '张三', plan: plan.name, time: formatDateTime(future) });
    expect(toA.text).toContain(formatDateTime(future));
    expect(toA.text).not.toContain('学历证书');

    const log = await logOf([a!.id, b!.id]);
    expect(log).toHaveLength(2);
    expect(log.every((r) => r.status === '1' && r.event === 'rejected' && r.providerMessageId)).toBe(true);
    // Nothing of the message, the reason or a code is kept: only ids, event, status and times.
    const raw = JSON.stringify(
      (
        await t.database.db.execute(
          sql`select * from sms_notification where enroll_id in (${a!.id}, ${b!.id})`,
        )
      ).rows,
    );
    expect(raw).not.toContain('学历证书');
    expect(raw).not.toContain('520102199001011234');
    expect(raw).not.toContain(a!.phone);
    expect(raw).not.toContain('张三');

    // Rejected again after a resubmission: never a second SMS for the same event.
    await t.database.db.update(enroll).set({ auditStatus: AUDIT_STATUS.pending }).where(eq(enroll.id, a!.id));
    expect((await reject([a!.id])).status).toBe(200);
    await settle();
    expect(sent.slice(before)).toHaveLength(2);
    expect(await logOf([a!.id])).toHaveLength(1);
  });

  it('sends nothing for a plan whose switch is off, nor once the enrolment window has ended', async () => {
    const off = await freshPlan('0');
    const [a] = await insertApplicants(t, off.id, [{ auditStatus: AUDIT_STATUS.pending }]);
    const closed = await insertPlan(t, { smsNotify: '1', enrollEndTime: new Date(Date.now() - 86_400_000) });
    const [b] = await insertApplicants(t, closed.id, [{ auditStatus: AUDIT_STATUS.pending }]);
    const before = sent.length;
    expect((await reject([a!.id])).status).toBe(200);
    expect((await reject([b!.id])).status).toBe(200);
    await settle();
    expect(sent.length).toBe(before);
    expect(await logOf([a!.id, b!.id])).toHaveLength(0);
  });

  it('distributed tickets reach their candidates; a second distribution sends nothing more', async () => {
    const plan = await freshPlan();
    const people = await insertApplicants(t, plan.id, [{}, {}, {}]);
    const tickets = [];
    for (const p of people) tickets.push(await insertTicket(t, p));
    const before = sent.length;
    const one = await t.call('POST', '/candidate/admissionTicket/distributed', {
      token,
      body: { idList: [tickets[0]!.id] },
    });
    expect(one.status).toBe(200);
    await settle();
    expect(sent.slice(before).map((m) => m.phone)).toEqual([people[0]!.phone]);
    const all = await t.call('POST', `/candidate/admissionTicket/batchDistributed/${plan.id}`, { token });
    expect(all.status).toBe(200);
    await settle();
    await t.call('POST', `/candidate/admissionTicket/batchDistributed/${plan.id}`, { token });
    await settle();
    const mine = sent.slice(before);
    expect(mine.map((m) => m.phone).sort()).toEqual(people.map((p) => p.phone).sort());
    expect(mine.every((m) => m.purpose === 'notice.ticketReady')).toBe(true);
  });

  it('the console sends the results notice in batches, counts failures and never sends twice', async () => {
    const plan = await freshPlan();
    const people = await insertApplicants(
      t,
      plan.id,
      Array.from({ length: 60 }, () => ({})),
    );
    await t.database.db
      .insert(admissionResult)
      .values(people.map((p) => ({ planId: plan.id, enrollId: p.id })));
    refused.add(people[5]!.phone);
    refused.add(people[55]!.phone);

    const view = await t.call<{ counts: { event: string; pending: number }[] }>(
      'GET',
      `${URL}/plan/${plan.id}`,
      {
        token,
      },
    );
    expect(view.status).toBe(200);
    expect(view.body.data.counts.find((c) => c.event === 'resultsOpen')!.pending).toBe(60);

    const before = sent.length;
    const queued = await t.call<{ jobId: number; total: number }>('POST', `${URL}/plan/${plan.id}/send`, {
      token,
      body: { event: 'resultsOpen' },
    });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    expect(queued.body.data.total).toBe(60);
    const job = await waitForJob(queued.body.data.jobId);
    expect(job).toMatchObject({ status: '2', total: 60, sent: 58, failed: 2 });
    expect(job.message).toBe('发送完成：成功 58 条，失败 2 条');
    expect(sent.length - before).toBe(58);

    const counts = await t.call<{
      counts: { event: string; sent: number; failed: number; pending: number }[];
    }>('GET', `${URL}/plan/${plan.id}`, { token });
    expect(counts.body.data).toMatchObject({ enabled: true, lastJobId: queued.body.data.jobId });
    expect(counts.body.data.counts.find((c) => c.event === 'resultsOpen')).toMatchObject({
      sent: 58,
      failed: 2,
      pending: 0,
    });
    // Nobody is pending any more: the second press says so and sends nothing.
    const again = await t.call('POST', `${URL}/plan/${plan.id}/send`, {
      token,
      body: { event: 'resultsOpen' },
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('没有需要通知的考生');
    expect(sent.length - before).toBe(58);
  });

  it('sends nothing of a plan whose personal data was purged (its phones are keyed hashes)', async () => {
    const plan = await freshPlan();
    const people = await insertApplicants(
      t,
      plan.id,
      Array.from({ length: 3 }, () => ({})),
    );
    await t.database.db
      .insert(admissionResult)
      .values(people.map((p) => ({ planId: plan.id, enrollId: p.id })));
    await t.database.db.update(recruitPlan).set({ purgeTime: new Date() }).where(eq(recruitPlan.id, plan.id));
    const before = sent.length;
    const view = await t.call<{ counts: { event: string; pending: number }[] }>(
      'GET',
      `${URL}/plan/${plan.id}`,
      {
        token,
      },
    );
    expect(view.body.data.counts.find((c) => c.event === 'resultsOpen')!.pending).toBe(0);
    const send = await t.call('POST', `${URL}/plan/${plan.id}/send`, {
      token,
      body: { event: 'resultsOpen' },
    });
    expect(send.status).toBe(400);
    expect(send.body.msg).toBe('没有需要通知的考生');
    expect(sent.length).toBe(before);
  });

  it('two jobs of the same event racing send each notice once', async () => {
    const plan = await freshPlan();
    const people = await insertApplicants(
      t,
      plan.id,
      Array.from({ length: 20 }, () => ({})),
    );
    await t.database.db
      .insert(admissionResult)
      .values(people.map((p) => ({ planId: plan.id, enrollId: p.id })));
    const before = sent.length;
    const [x, y] = await Promise.all([
      t.call('POST', `${URL}/plan/${plan.id}/send`, { token, body: { event: 'resultsOpen' } }),
      t.call('POST', `${URL}/plan/${plan.id}/send`, { token, body: { event: 'resultsOpen' } }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    await settle();
    const phones = sent.slice(before).map((m) => m.phone);
    expect(phones).toHaveLength(20);
    expect(new Set(phones).size).toBe(20);
  });

  it('the switch, the templates and the send need their permission keys; the switch is province-level', async () => {
    const plan = await freshPlan('0');
    const off = await t.call('POST', `${URL}/plan/${plan.id}/send`, {
      token,
      body: { event: 'resultsOpen' },
    });
    expect(off.status).toBe(400);
    expect(off.body.msg).toBe('本计划未开启短信通知');
    const on = await t.call<{ enabled: boolean }>('PUT', `${URL}/plan/${plan.id}`, {
      token,
      body: { enabled: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.data.enabled).toBe(true);
    const [row] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.id, plan.id));
    expect(row!.smsNotify).toBe('1');

    const saved = await t.call<{ event: string; templateCode: string | null; text: string }[]>(
      'PUT',
      `${URL}/templates`,
      {
        token,
        body: { templates: [{ event: 'resultsOpen', templateCode: 'SMS_1234', text: '{plan}成绩已出' }] },
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.find((x) => x.event === 'resultsOpen')).toMatchObject({
      templateCode: 'SMS_1234',
      text: '{plan}成绩已出',
    });
    // The other events keep their zh default text.
    expect(saved.body.data.find((x) => x.event === 'rejected')!.text).toContain('资格审核未通过');

    // Bad input: a template id with a space, an empty text, an unknown event — 400 and nothing saved.
    for (const bad of [
      { event: 'resultsOpen', templateCode: 'SMS 1', text: '{plan}成绩已出' },
      { event: 'resultsOpen', templateCode: 'SMS_9', text: '   ' },
      { event: 'admitted', templateCode: 'SMS_9', text: '{plan}' },
    ]) {
      const refused = await t.call('PUT', `${URL}/templates`, { token, body: { templates: [bad] } });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    const kept = await t.call<{ event: string; templateCode: string | null }[]>('GET', `${URL}/templates`, {
      token,
    });
    expect(kept.body.data.find((x) => x.event === 'resultsOpen')!.templateCode).toBe('SMS_1234');

    const viewer = await adminWith(t, ['recruit:recruitPlan:list']);
    expect((await t.call('GET', `${URL}/plan/${plan.id}`, { token: viewer })).status).toBe(403);
    expect((await t.call('GET', `${URL}/templates`, { token: viewer })).status).toBe(403);
  });
});
