import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JOB_STATUS,
  SMS_NOTICE_BACKOFF_SECONDS,
  SMS_NOTICE_MAX_ATTEMPTS,
  SMS_NOTICE_STATUS,
} from '@tegang/domain';
import { admissionResult, job, smsNotification } from '../../src/db/schema';
import { SmsSendError, type SmsMessage } from '../../src/integrations/sms';
import { executeJob } from '../../src/jobs';
import { queueDueRetries, smsNoticeRetryJobKind } from '../../src/modules/sms-notice/retry';
import { createTestApp, type TestApp } from '../helpers';
import { insertApplicants, insertPlan, type County } from '../admission-ticket/fixtures';
import { makeAdmin } from '../enroll/fixtures';
import { adminWith } from '../recruit-plan/fixtures';

/**
 * A failed SMS notice is tried again with backoff (docs/decisions.md "SMS notices to candidates"):
 * the provider's error, the sends tried and the next try are recorded; the periodic check queues one
 * retry job across the nodes; the retry sends each due notice once, however many runs race; after
 * SMS_NOTICE_MAX_ATTEMPTS sends it stays failed; the console lists the failures of its own region.
 * The app's clock is the test's: a backoff passes by moving it, never by waiting.
 */
let t: TestApp;
let token: string;
let clock = new Date();
/** Sends each phone still refuses (Infinity: always). */
const refusals = new Map<string, number>();
/** Every message the provider was asked to send, refused ones included. */
const asked: SmsMessage[] = [];
beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    smsProvider: {
      async send(m) {
        asked.push(m);
        const left = refusals.get(m.phone) ?? 0;
        if (left > 0) {
          refusals.set(m.phone, left - 1);
          // As the SDKs answer: a code and a message that may quote the number and a code.
          throw new SmsSendError(
            'aliyun',
            'isv.BUSINESS_LIMIT_CONTROL',
            `触发号码天级流控 ${m.phone} ref 20240101123456`,
          );
        }
        return { messageId: `biz-${asked.length}` };
      },
    },
  });
  token = await t.adminToken();
});
afterAll(() => t?.close());

const URL = '/recruit/smsNotice';
const DAY = 86_400_000;
const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
const callsTo = (phone: string) => asked.filter((m) => m.phone === phone).length;

/** A plan with results imported for `count` applicants (of `county`), its switch on. */
async function planWithResults(specs: { county?: County }[]) {
  const plan = await insertPlan(t, { smsNotify: '1', enrollEndTime: new Date(clock.getTime() + 30 * DAY) });
  const people = await insertApplicants(t, plan.id, specs);
  await t.database.db
    .insert(admissionResult)
    .values(people.map((p) => ({ planId: plan.id, enrollId: p.id })));
  return { plan, people };
}

/** Waits for job `id` to end (its row done or failed). */
async function jobEnded(id: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [row] = await t.database.db.select().from(job).where(eq(job.id, id));
    if (row && ['2', '4'].includes(row.status)) return row;
    if (Date.now() > deadline) throw new Error(`job ${id} did not end`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Sends the results notice of `planId` from the console and waits for its job. */
async function sendResults(planId: number) {
  // The clock may have moved past the last session's life: a fresh one.
  token = await t.adminToken();
  const queued = await t.call<{ jobId: number }>('POST', `${URL}/plan/${planId}/send`, {
    token,
    body: { event: 'resultsOpen' },
  });
  expect(queued.status, JSON.stringify(queued.body)).toBe(200);
  return jobEnded(queued.body.data.jobId);
}

/** Queues the retry job through the periodic check and waits for it; null when nothing was due. */
async function retryNow() {
  const id = await queueDueRetries(t.app.ctx);
  return id === null ? null : jobEnded(id);
}

const logOf = async (enrollId: number) =>
  (await t.database.db.select().from(smsNotification).where(eq(smsNotification.enrollId, enrollId)))[0]!;

describe('retries of failed SMS notices', () => {
  it('records the provider’s error and the backoff, then sends on a later try, once', async () => {
    const { plan, people } = await planWithResults([{}, {}]);
    const [flaky, fine] = people;
    refusals.set(flaky!.phone, 2);
    const first = await sendResults(plan.id);
    expect(first).toMatchObject({ imported: 1, errorCount: 1 });

    let row = await logOf(flaky!.id);
    expect(row).toMatchObject({ status: SMS_NOTICE_STATUS.failed, attempts: 1 });
    expect(row.nextAttemptTime!.getTime()).toBe(clock.getTime() + SMS_NOTICE_BACKOFF_SECONDS[0] * 1000);
    // The provider's code and message, with neither the phone nor a digit run of 6 or more.
    expect(row.error).toContain('isv.BUSINESS_LIMIT_CONTROL: 触发号码天级流控');
    expect(row.error).not.toContain(flaky!.phone);
    expect(row.error).not.toMatch(/\d{6}/);
    expect(row.error!.length).toBeLessThanOrEqual(200);

    // Not due yet: the check queues nothing.
    expect(await retryNow()).toBeNull();
    advance(SMS_NOTICE_BACKOFF_SECONDS[0]);
    expect(await retryNow()).toMatchObject({ status: JOB_STATUS.done, imported: 0, errorCount: 1 });
    row = await logOf(flaky!.id);
    expect(row).toMatchObject({ status: SMS_NOTICE_STATUS.failed, attempts: 2 });
    expect(row.nextAttemptTime!.getTime()).toBe(clock.getTime() + SMS_NOTICE_BACKOFF_SECONDS[1] * 1000);

    advance(SMS_NOTICE_BACKOFF_SECONDS[1]);
    expect(await retryNow()).toMatchObject({ status: JOB_STATUS.done, imported: 1, errorCount: 0 });
    row = await logOf(flaky!.id);
    expect(row).toMatchObject({ status: SMS_NOTICE_STATUS.sent, attempts: 3, nextAttemptTime: null });
    expect(row.providerMessageId).toBeTruthy();
    expect(callsTo(flaky!.phone)).toBe(3);
    // The candidate who got hers at once was never asked again.
    expect(callsTo(fine!.phone)).toBe(1);

    // Nothing is due any more, however late it gets.
    advance(SMS_NOTICE_BACKOFF_SECONDS[3] * 10);
    expect(await retryNow()).toBeNull();
    expect(callsTo(flaky!.phone)).toBe(3);
  });

  it('stops after the last attempt and leaves the notice failed', async () => {
    const { plan, people } = await planWithResults([{}]);
    const [never] = people;
    refusals.set(never!.phone, Infinity);
    await sendResults(plan.id);
    for (let attempt = 1; attempt < SMS_NOTICE_MAX_ATTEMPTS; attempt++) {
      const row = await logOf(never!.id);
      expect(row.attempts).toBe(attempt);
      expect(row.nextAttemptTime!.getTime() - clock.getTime()).toBe(
        SMS_NOTICE_BACKOFF_SECONDS[attempt - 1] * 1000,
      );
      advance(SMS_NOTICE_BACKOFF_SECONDS[attempt - 1]);
      expect(await retryNow()).toMatchObject({ status: JOB_STATUS.done });
    }
    const last = await logOf(never!.id);
    expect(last).toMatchObject({
      status: SMS_NOTICE_STATUS.failed,
      attempts: SMS_NOTICE_MAX_ATTEMPTS,
      nextAttemptTime: null,
    });
    expect(last.error).toContain('isv.BUSINESS_LIMIT_CONTROL');
    advance(SMS_NOTICE_BACKOFF_SECONDS[3] * 10);
    expect(await retryNow()).toBeNull();
    expect(callsTo(never!.phone)).toBe(SMS_NOTICE_MAX_ATTEMPTS);
    // The console's send does not reach a notice already claimed, failed or not.
    token = await t.adminToken();
    const again = await t.call('POST', `${URL}/plan/${plan.id}/send`, {
      token,
      body: { event: 'resultsOpen' },
    });
    expect(again.status).toBe(400);
    expect(callsTo(never!.phone)).toBe(SMS_NOTICE_MAX_ATTEMPTS);
  });

  it('ten nodes checking at once queue one retry job', async () => {
    const { plan, people } = await planWithResults([{}, {}]);
    for (const p of people) refusals.set(p.phone, 1);
    await sendResults(plan.id);
    advance(SMS_NOTICE_BACKOFF_SECONDS[0]);
    const before = await t.database.db.select({ id: job.id }).from(job).where(eq(job.kind, 'smsNoticeRetry'));
    const ids = await Promise.all(Array.from({ length: 10 }, () => queueDueRetries(t.app.ctx)));
    const queued = ids.filter((id) => id !== null);
    expect(queued).toHaveLength(1);
    const after = await t.database.db.select().from(job).where(eq(job.kind, 'smsNoticeRetry'));
    expect(after.length - before.length).toBe(1);
    // Held by the seeded administrator (job.admin_id is required; the tries are nobody's own).
    const [admin] = (await t.database.db.execute(sql`select id from sys_user where user_name = 'admin'`))
      .rows as { id: string }[];
    expect(String(after.find((r) => r.id === queued[0])!.adminId)).toBe(String(admin!.id));
    await jobEnded(queued[0]!);
    for (const p of people) expect(callsTo(p.phone)).toBe(2);
  });

  it('two retry runs racing send each due notice once', async () => {
    const { plan, people } = await planWithResults(Array.from({ length: 30 }, () => ({})));
    for (const p of people) refusals.set(p.phone, 1);
    await sendResults(plan.id);
    advance(SMS_NOTICE_BACKOFF_SECONDS[0]);
    // Two runs of two retry jobs at once (as after a take-over), without the check's guard.
    const [admin] = (await t.database.db.execute(sql`select id from sys_user where user_name = 'admin'`))
      .rows as { id: string }[];
    const rows = await t.database.db
      .insert(job)
      .values(
        [1, 2].map(() => ({
          kind: 'smsNoticeRetry',
          fileName: 'race',
          adminId: Number(admin!.id),
          status: JOB_STATUS.queued,
        })),
      )
      .returning({ id: job.id });
    await Promise.all(rows.map((r) => executeJob(t.app.ctx, smsNoticeRetryJobKind, r.id)));
    const ended = await t.database.db
      .select()
      .from(job)
      .where(
        inArray(
          job.id,
          rows.map((r) => r.id),
        ),
      );
    expect(ended.reduce((n, r) => n + r.imported, 0)).toBe(30);
    for (const p of people) expect(callsTo(p.phone)).toBe(2);
    const log = await t.database.db
      .select()
      .from(smsNotification)
      .where(and(eq(smsNotification.planId, plan.id), eq(smsNotification.status, SMS_NOTICE_STATUS.sent)));
    expect(log).toHaveLength(30);
    expect(log.every((r) => r.attempts === 2)).toBe(true);
  });

  it('gives up a due try whose event no longer concerns the candidate', async () => {
    const { plan, people } = await planWithResults([{}]);
    const [gone] = people;
    refusals.set(gone!.phone, 1);
    await sendResults(plan.id);
    // The result was withdrawn meanwhile: the results notice concerns her no more.
    await t.database.db.delete(admissionResult).where(eq(admissionResult.enrollId, gone!.id));
    advance(SMS_NOTICE_BACKOFF_SECONDS[0]);
    expect(await retryNow()).toMatchObject({ status: JOB_STATUS.done, imported: 0, errorCount: 0 });
    expect(await logOf(gone!.id)).toMatchObject({
      status: SMS_NOTICE_STATUS.failed,
      attempts: 1,
      nextAttemptTime: null,
    });
    expect(callsTo(gone!.phone)).toBe(1);
  });

  it('lists the plan’s failures inside the caller’s region, masked, with the provider’s error', async () => {
    const { plan, people } = await planWithResults([
      { county: 'nanming' },
      { county: 'liuzhi' },
      { county: 'nanming' },
    ]);
    const [here, there, delivered] = people;
    refusals.set(here!.phone, Infinity);
    refusals.set(there!.phone, Infinity);
    await sendResults(plan.id);
    token = await t.adminToken(); // the clock moved: a fresh session
    type Failure = {
      name: string;
      phone: string;
      event: string;
      attempts: number;
      error: string;
      nextAttemptTime: string | null;
    };
    const province = await t.call<{ records: Failure[]; total: number }>(
      'GET',
      `${URL}/plan/${plan.id}/failures`,
      {
        token,
        query: { current: 1, size: 10 },
      },
    );
    expect(province.status, JSON.stringify(province.body)).toBe(200);
    expect(province.body.data.total).toBe(2);
    expect(province.body.data.records.map((r) => r.name).sort()).toEqual([here!.name, there!.name].sort());
    const mine = province.body.data.records.find((r) => r.name === here!.name)!;
    expect(mine).toMatchObject({ event: 'resultsOpen', attempts: 1 });
    expect(mine.phone).toBe(`${here!.phone.slice(0, 3)}****${here!.phone.slice(-4)}`);
    expect(mine.error).toContain('isv.BUSINESS_LIMIT_CONTROL');
    expect(mine.nextAttemptTime).toBe(
      new Date(clock.getTime() + SMS_NOTICE_BACKOFF_SECONDS[0] * 1000).toISOString(),
    );
    expect(JSON.stringify(province.body)).not.toContain(here!.phone);
    expect(JSON.stringify(province.body)).not.toContain(delivered!.name);

    // 南明区's office sees its own candidate only; 六枝特区's the other.
    const nanming = await makeAdmin(t, { provinceCode: '520000', cityCode: '520100', countyCode: '520102' });
    const local = await t.call<{ records: Failure[]; total: number }>(
      'GET',
      `${URL}/plan/${plan.id}/failures`,
      {
        token: nanming,
      },
    );
    expect(local.status).toBe(200);
    expect(local.body.data.records.map((r) => r.name)).toEqual([here!.name]);
    expect(local.body.data.total).toBe(1);
    const view = await t.call<{ counts: { event: string; failed: number; retrying: number }[] }>(
      'GET',
      `${URL}/plan/${plan.id}`,
      { token: nanming },
    );
    expect(view.body.data.counts.find((c) => c.event === 'resultsOpen')).toMatchObject({
      failed: 1,
      retrying: 1,
    });

    // Its key, an unknown plan, a bad page size.
    const viewer = await adminWith(t, ['recruit:recruitPlan:list']);
    expect((await t.call('GET', `${URL}/plan/${plan.id}/failures`, { token: viewer })).status).toBe(403);
    expect((await t.call('GET', `${URL}/plan/99999999/failures`, { token })).status).toBe(404);
    expect(
      (await t.call('GET', `${URL}/plan/${plan.id}/failures`, { token, query: { size: 7 } })).status,
    ).toBe(400);
    expect(
      (await t.call('GET', `${URL}/plan/${plan.id}/failures`, { token, query: { event: 'admitted' } }))
        .status,
    ).toBe(400);
  });
});
