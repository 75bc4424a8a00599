import { and, asc, count, eq, inArray, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { JOB_STATUS, SMS_NOTICE_STATUS, type SmsNoticeEvent } from '@tegang/domain';
import type { AppContext } from '../../context';
import { enroll, job, recruitPlan, smsNotification } from '../../db/schema';
import { queueOf, systemJobOwner, type JobKind } from '../../jobs';
import { BATCH, concernsWhere, planRow, readTemplates, sendable, sendClaimed } from './service';

/*
 * Retries of failed SMS notices (docs/decisions.md "SMS notices to candidates"). A send the provider
 * refused keeps its claim in sms_notification as failed, with the provider's error, the sends tried
 * and the time of the next try (domain SMS_NOTICE_BACKOFF_SECONDS). Due tries are sent by a job of
 * kind 'smsNoticeRetry' of the one jobs mechanism (src/jobs): every node checks each
 * SMS_NOTICE_RETRY_CHECK_MS whether a try is due and queues that job, at most one queued or running
 * across the nodes (an advisory lock around the check and the insert). The run takes each due row
 * back with one conditional UPDATE (failed and due → sending, attempts + 1), so two runs, or a run
 * and a node that took the job over, never send the same notice twice.
 */

const RETRY_KIND = 'smsNoticeRetry';
/** How often each node checks for due tries (the shortest backoff is one minute). */
export const SMS_NOTICE_RETRY_CHECK_MS = 60_000;
/** The advisory lock of the check-and-queue (one retry job across the nodes). */
const RETRY_LOCK = sql`hashtext('sms-notice-retry')`;

/**
 * Failed notices whose next try is due now (ctx.now), of plans whose switch is on, for `events` (those
 * that can be sent: a cloud provider's template without an id waits for it).
 */
function dueWhere(ctx: AppContext, events: readonly SmsNoticeEvent[]): SQL {
  return and(
    eq(smsNotification.status, SMS_NOTICE_STATUS.failed),
    lte(smsNotification.nextAttemptTime, ctx.now()),
    inArray(smsNotification.event, events.length ? [...events] : ['']),
    sql`exists (select 1 from ${recruitPlan} where ${recruitPlan.id} = ${smsNotification.planId} and ${eq(recruitPlan.smsNotify, '1')})`,
  )!;
}

/** The row's event still concerns its enrolment (service concernsWhere; enroll joined). */
function stillConcerns(ctx: AppContext, events: readonly SmsNoticeEvent[]): SQL {
  return or(...events.map((e) => and(eq(smsNotification.event, e), concernsWhere(ctx, e))))!;
}

/**
 * Due tries whose event no longer concerns the candidate (the rejection was corrected or can no
 * longer be, the print window is over) are given up: they stay failed with no next try.
 */
async function giveUpObsolete(ctx: AppContext, events: readonly SmsNoticeEvent[]): Promise<void> {
  if (!events.length) return;
  const obsolete = ctx.db
    .select({ id: smsNotification.id })
    .from(smsNotification)
    .innerJoin(enroll, eq(enroll.id, smsNotification.enrollId))
    .where(and(dueWhere(ctx, events), not(stillConcerns(ctx, events))));
  await ctx.db
    .update(smsNotification)
    .set({ nextAttemptTime: null })
    .where(and(inArray(smsNotification.id, obsolete), eq(smsNotification.status, SMS_NOTICE_STATUS.failed)));
}

/**
 * Takes back up to BATCH due tries for run `jobId`: failed and due → sending, attempts + 1, no next
 * try. The outer conditions are checked again on each row as it is updated, so a row another run took
 * meanwhile (sending now) is skipped; SKIP LOCKED keeps two runs from waiting on each other.
 */
async function reclaimDue(ctx: AppContext, jobId: number, events: readonly SmsNoticeEvent[]) {
  const due = ctx.db
    .select({ id: smsNotification.id })
    .from(smsNotification)
    .innerJoin(enroll, eq(enroll.id, smsNotification.enrollId))
    .where(and(dueWhere(ctx, events), stillConcerns(ctx, events)))
    .orderBy(asc(smsNotification.nextAttemptTime), asc(smsNotification.id))
    .limit(BATCH)
    .for('update', { of: smsNotification, skipLocked: true });
  return ctx.db
    .update(smsNotification)
    .set({
      status: SMS_NOTICE_STATUS.sending,
      attempts: sql`${smsNotification.attempts} + 1`,
      nextAttemptTime: null,
      jobId,
    })
    .where(
      and(
        inArray(smsNotification.id, due),
        eq(smsNotification.status, SMS_NOTICE_STATUS.failed),
        lte(smsNotification.nextAttemptTime, ctx.now()),
      ),
    )
    .returning({
      id: smsNotification.id,
      planId: smsNotification.planId,
      enrollId: smsNotification.enrollId,
      event: smsNotification.event,
      attempts: smsNotification.attempts,
    });
}

/**
 * The retry job (src/jobs kind 'smsNoticeRetry'): gives up the due tries that no longer concern their
 * candidate, then takes back the due ones batch by batch (reclaimDue) and sends them (service
 * sendClaimed: sent, or failed again with the provider's error and the next try, none after
 * SMS_NOTICE_MAX_ATTEMPTS). Ends done with the sent and failed counts; a run let go of stops after
 * its batch, and the next run takes what is still due.
 */
export const smsNoticeRetryJobKind: JobKind = {
  kind: RETRY_KIND,
  maxAttempts: 3,
  async run(ctx, run) {
    const templates = sendable(ctx, await readTemplates(ctx));
    const events = templates.map((t) => t.event);
    await giveUpObsolete(ctx, events);
    let sent = run.job.imported;
    let failed = run.job.errorCount;
    const progress = (now = false) =>
      run.progress(
        {
          total: Math.max(run.job.total, sent + failed),
          processed: sent + failed,
          imported: sent,
          errorCount: failed,
          percent: ((sent + failed) * 100) / Math.max(run.job.total, sent + failed, 1),
        },
        now,
      );
    const plans = new Map<number, Awaited<ReturnType<typeof planRow>>>();
    while (!run.signal.aborted && events.length) {
      const claimed = await reclaimDue(ctx, run.job.id, events);
      if (!claimed.length) break;
      const people = await ctx.db
        .select({ id: enroll.id, name: enroll.name, phone: enroll.phone })
        .from(enroll)
        .where(
          inArray(
            enroll.id,
            claimed.map((c) => c.enrollId),
          ),
        );
      for (const c of claimed) if (!plans.has(c.planId)) plans.set(c.planId, await planRow(ctx, c.planId));
      await sendClaimed(
        ctx,
        claimed.map((c) => {
          const person = people.find((p) => p.id === c.enrollId)!;
          return {
            logId: c.id,
            name: person.name,
            phone: person.phone,
            attempts: c.attempts,
            plan: plans.get(c.planId)!,
            event: c.event as SmsNoticeEvent,
            template: templates.find((t) => t.event === c.event)!,
          };
        }),
        (ok) => {
          if (ok) sent++;
          else failed++;
          progress();
        },
      );
      progress(true);
    }
    if (run.signal.aborted) return;
    await run.finish({
      status: JOB_STATUS.done,
      total: sent + failed,
      processed: sent + failed,
      imported: sent,
      errorCount: failed,
    });
  },
};

/**
 * The periodic check of every node: when a failed notice is due again (of a plan whose switch is on)
 * and no retry job is queued or running, queues one; answers its id, else null. The check and the
 * insert run under one advisory lock, so nodes checking at once queue one job. A retry job left queued
 * for longer than JOB_STALE_SECONDS (its node stopped between the insert and the queue's message) is
 * sent to the queue again instead; its id is answered. Errors are the database's and the queue's.
 */
export async function queueDueRetries(ctx: AppContext): Promise<number | null> {
  const events = sendable(ctx, await readTemplates(ctx)).map((t) => t.event);
  const decided = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RETRY_LOCK})`);
    const [open] = await tx
      .select({
        id: job.id,
        lost: sql<boolean>`${job.status} = ${JOB_STATUS.queued} and ${job.createTime} < now() - make_interval(secs => ${ctx.config.jobStaleSeconds})`,
      })
      .from(job)
      .where(and(eq(job.kind, RETRY_KIND), inArray(job.status, [JOB_STATUS.queued, JOB_STATUS.running])))
      .limit(1);
    if (open) return open.lost ? { id: open.id, inserted: false } : null;
    const [due] = await tx.select({ n: count() }).from(smsNotification).where(dueWhere(ctx, events));
    if (!due?.n) return null;
    // The tries are the system's own work for every region, started by nobody (jobs systemJobOwner).
    const owner = await systemJobOwner(tx);
    if (!owner) return null;
    const [row] = await tx
      .insert(job)
      .values({
        kind: RETRY_KIND,
        fileName: 'SMS notice retries',
        total: Number(due.n),
        adminId: owner.id,
        provinceCode: owner.provinceCode,
        cityCode: owner.cityCode,
        countyCode: owner.countyCode,
        status: JOB_STATUS.queued,
      })
      .returning({ id: job.id });
    return { id: row!.id, inserted: true };
  });
  if (!decided) return null;
  try {
    await ctx.jobs.send(queueOf(RETRY_KIND), { jobId: decided.id });
  } catch (error) {
    // Not queued: the row goes, and the next check tries again.
    if (decided.inserted)
      await ctx.db
        .delete(job)
        .where(and(eq(job.id, decided.id), eq(job.status, JOB_STATUS.queued)))
        .catch(() => undefined);
    throw error;
  }
  return decided.id;
}

/**
 * Starts this node's check for due tries (queueDueRetries), every `everyMs` on a timer that does not
 * keep the process alive, one check at a time; a failed check is logged and the next one tries
 * again. Returns its stop.
 */
export function startSmsNoticeRetries(
  ctx: AppContext,
  log: { error(message: string): void },
  everyMs = SMS_NOTICE_RETRY_CHECK_MS,
): () => void {
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      await queueDueRetries(ctx);
    } catch (error) {
      log.error(`[sms-notice] retry check: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
