import { and, count, desc, eq, gt, inArray, like, ne, notExists, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_STATUS,
  formatDateTime,
  JOB_STATUS,
  maskPhone,
  SMS_NOTICE_CATCH_UP_EVENTS,
  SMS_NOTICE_DEFAULT_TEXTS,
  SMS_NOTICE_EVENTS,
  SMS_NOTICE_STATUS,
  smsNoticeErrorText,
  smsNoticeNextAttempt,
  smsNoticeText,
  TICKET_STATUS,
  translate,
  type JobStatus,
  type Lang,
  type Page,
  type RegionScope,
  type SmsNoticeCatchUp,
  type SmsNoticeCount,
  type SmsNoticeEvent,
  type SmsNoticeFailure,
  type SmsNoticeJobView,
  type SmsNoticePlanView,
  type SmsNoticeQueued,
  type SmsNoticeTemplate,
  type SmsNoticeTemplatesInput,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import {
  admissionResult,
  admissionTicket,
  enroll,
  job,
  recruitPlan,
  smsNoticeTemplate,
  smsNotification,
} from '../../db/schema';
import { jobMessage, queueJob, readJobMessage, visibleJob, type JobKind } from '../../jobs';
import { SmsSendError, type SmsMessage } from '../../integrations/sms';
import { page } from '../../lib/envelope';
import { AppError, notFound } from '../../lib/errors';
import { offsetOf, type Paging } from '../../lib/paging';
import { scopeWhere } from '../../lib/scope';
import type { AdminPrincipal } from '../../types';

/*
 * SMS notices to candidates (docs/decisions.md "SMS notices to
 * candidates"). A notice is sent by a job of kind 'smsNotice' (src/jobs) for one plan
 * and one event, in batches through the configured provider (ctx.sms). Before each send the job
 * claims the enrolment × event in sms_notification (unique): a second job, a retried job or a
 * second trigger finds the claim and sends nothing, so no candidate hears of an event twice — at the
 * price that a node stopping between the claim and the provider's answer leaves that one notice
 * 'sending' (counted, never sent again). A send the provider refused stays claimed as failed with the
 * provider's error and is tried again with backoff (retry.ts) up to SMS_NOTICE_MAX_ATTEMPTS sends.
 * The log keeps plan, enrolment, event, status, attempts, times, the provider's message id or error:
 * never the text, a code, a phone number or the reviewer's reason.
 */

const JOB_KIND = 'smsNotice';
/** Enrolments claimed and sent per batch (one INSERT of claims each). */
export const BATCH = 50;
/** Sends in flight within a batch (the providers accept a few requests a second per account). */
const PARALLEL = 5;

/** What the job row keeps (job.param, JSON). */
interface JobParams {
  planId: number;
  /** The one event of a trigger or of the console's send. */
  event?: SmsNoticeEvent;
  /** Several events, sent in this order (the switch's catch-up). */
  events?: SmsNoticeEvent[];
  /** Only these enrolments (a rejection, a distribution by ids); the whole plan when absent. */
  enrollIds?: number[];
}

/** The events of a job, in order. */
const eventsOf = (params: JobParams): SmsNoticeEvent[] =>
  params.events ?? (params.event ? [params.event] : []);

// ---- Templates (settings) ----------------------------------------------------------------------------------

/** The template of every event (SMS_NOTICE_EVENTS order): the saved one, else the zh default without an id. */
export async function readTemplates(ctx: AppContext): Promise<SmsNoticeTemplate[]> {
  const rows = await ctx.db.select().from(smsNoticeTemplate);
  const byEvent = new Map(rows.map((r) => [r.event, r]));
  return SMS_NOTICE_EVENTS.map((event) => {
    const row = byEvent.get(event);
    return {
      event,
      templateCode: row?.templateCode ?? null,
      text: row?.text ?? SMS_NOTICE_DEFAULT_TEXTS[event],
    };
  });
}

/** Saves the templates given (one row per event, replaced); answers every event's template. */
export async function saveTemplates(
  ctx: AppContext,
  input: SmsNoticeTemplatesInput,
): Promise<SmsNoticeTemplate[]> {
  for (const t of input.templates) {
    const values = { templateCode: t.templateCode, text: t.text, updateTime: ctx.now() };
    await ctx.db
      .insert(smsNoticeTemplate)
      .values({ event: t.event, ...values })
      .onConflictDoUpdate({ target: smsNoticeTemplate.event, set: values });
  }
  return readTemplates(ctx);
}

// ---- Who an event concerns ---------------------------------------------------------------------------------

/**
 * Whether `event` still concerns the enrolment of the row being read (enroll joined to nothing
 * else): a rejection while the plan's enrolment window is open (the candidate can correct only until
 * its end), a distributed ticket while the plan's print window has not ended, an imported result;
 * never in a plan whose personal data was purged.
 */
export function concernsWhere(ctx: AppContext, event: SmsNoticeEvent): SQL {
  const now = ctx.now();
  const planOpen = (column: typeof recruitPlan.enrollEndTime) =>
    sql`exists (select 1 from ${recruitPlan} where ${recruitPlan.id} = ${enroll.planId} and ${gt(column, now)})`;
  // A plan whose personal data was purged keeps only keyed hashes of the phones (docs/security.md
  // "Retention"): nothing of it is sent any more.
  const kept = sql`exists (select 1 from ${recruitPlan} where ${recruitPlan.id} = ${enroll.planId} and ${recruitPlan.purgeTime} is null)`;
  const concerns =
    event === 'rejected'
      ? and(eq(enroll.auditStatus, AUDIT_STATUS.rejected), planOpen(recruitPlan.enrollEndTime))
      : event === 'ticketReady'
        ? and(
            sql`exists (select 1 from ${admissionTicket} where ${admissionTicket.enrollId} = ${enroll.id} and ${eq(admissionTicket.status, TICKET_STATUS.distributed)})`,
            planOpen(recruitPlan.ticketPrintEndTime),
          )
        : sql`exists (select 1 from ${admissionResult} where ${admissionResult.enrollId} = ${enroll.id})`;
  return and(concerns, kept)!;
}

/**
 * The enrolments of plan `planId` inside `scope` that `event` concerns (concernsWhere) and that have
 * not heard of it: no notice of the event claimed for them, whatever its status.
 */
function pendingWhere(
  ctx: AppContext,
  planId: number,
  event: SmsNoticeEvent,
  scope: RegionScope,
  enrollIds?: number[],
): SQL | undefined {
  return and(
    eq(enroll.planId, planId),
    enrollIds ? inArray(enroll.id, enrollIds.length ? enrollIds : [0]) : undefined,
    concernsWhere(ctx, event),
    scopeWhere(enroll, scope),
    notExists(
      ctx.db
        .select({ one: sql`1` })
        .from(smsNotification)
        .where(and(eq(smsNotification.enrollId, enroll.id), eq(smsNotification.event, event))),
    ),
  );
}

async function countPending(
  ctx: AppContext,
  planId: number,
  event: SmsNoticeEvent,
  scope: RegionScope,
  enrollIds?: number[],
): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(enroll)
    .where(pendingWhere(ctx, planId, event, scope, enrollIds));
  return Number(row?.n ?? 0);
}

export async function planRow(ctx: AppContext, planId: number) {
  const [plan] = await ctx.db.select().from(recruitPlan).where(eq(recruitPlan.id, planId));
  if (!plan) throw notFound();
  return plan;
}

// ---- Queueing ----------------------------------------------------------------------------------------------

/**
 * Queues the notice of `params.event` (or of each of `params.events`, in one job) to the pending
 * candidates of plan `planId` inside the admin's region (only `enrollIds` when given). Answers
 * {jobId, total} with the count per event, or null when the plan's switch is off or nobody is
 * pending. 404 'error.notFound' for an unknown plan.
 */
export async function queueNotice(
  ctx: AppContext,
  params: JobParams,
  admin: AdminPrincipal,
): Promise<(SmsNoticeQueued & { counts: { event: SmsNoticeEvent; count: number }[] }) | null> {
  const plan = await planRow(ctx, params.planId);
  if (plan.smsNotify !== '1') return null;
  const counts = [];
  for (const event of eventsOf(params)) {
    const n = await countPending(ctx, params.planId, event, admin.scope, params.enrollIds);
    if (n) counts.push({ event, count: n });
  }
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  if (!total) return null;
  const events = counts.map((c) => c.event);
  const jobId = await queueJob(ctx, JOB_KIND, {
    // planId first: planNoticeView finds a plan's jobs by this prefix.
    param: JSON.stringify({
      planId: params.planId,
      ...(events.length === 1 && !params.events ? { event: events[0] } : { events }),
      enrollIds: params.enrollIds,
    }),
    fileName: `plan ${params.planId} ${events.join(',')}`,
    total,
    admin,
  });
  return { jobId, total, counts };
}

/**
 * POST /recruit/smsNotice/plan/{planId}/send: the console's "notify" of one event (e.g. 通知考生成绩已可
 * 查询 once the scores are open). 400 'smsNotice.disabled' when the plan's switch is off,
 * 'smsNotice.nothingToSend' when nobody is pending; 404 'error.notFound'.
 */
export async function sendPlanNotice(
  ctx: AppContext,
  planId: number,
  event: SmsNoticeEvent,
  admin: AdminPrincipal,
): Promise<SmsNoticeQueued> {
  const plan = await planRow(ctx, planId);
  if (plan.smsNotify !== '1') throw new AppError(400, 'smsNotice.disabled');
  const queued = await queueNotice(ctx, { planId, event }, admin);
  if (!queued) throw new AppError(400, 'smsNotice.nothingToSend');
  return { jobId: queued.jobId, total: queued.total };
}

/**
 * After a decision of the audit (service-audit auditEnrolls): queues the rejection notice of the
 * rejected enrolments `enrollIds`, one job per plan whose switch is on. Never throws: the decision is
 * kept whatever happens to its notice (a failure is written to the server log).
 */
export async function noticeRejections(
  ctx: AppContext,
  enrollIds: number[],
  admin: AdminPrincipal,
): Promise<void> {
  await noticeEnrolments(ctx, 'rejected', enrollIds, admin);
}

/**
 * After tickets were distributed (admission-ticket routes): queues the "ticket ready" notice of the
 * distributed tickets — those of `target.ids` (ticket ids) or of plan `target.planId`. Never throws.
 */
export async function noticeDistribution(
  ctx: AppContext,
  target: { ids: number[] } | { planId: number },
  admin: AdminPrincipal,
): Promise<void> {
  try {
    if ('planId' in target) {
      await queueNotice(ctx, { planId: target.planId, event: 'ticketReady' }, admin);
      return;
    }
    if (!target.ids.length) return;
    const rows = await ctx.db
      .select({ enrollId: admissionTicket.enrollId })
      .from(admissionTicket)
      .where(inArray(admissionTicket.id, target.ids));
    await noticeEnrolments(
      ctx,
      'ticketReady',
      rows.map((r) => r.enrollId),
      admin,
    );
  } catch (error) {
    console.error(`[sms-notice] ticketReady not queued: ${(error as Error).message}`);
  }
}

async function noticeEnrolments(
  ctx: AppContext,
  event: SmsNoticeEvent,
  enrollIds: number[],
  admin: AdminPrincipal,
): Promise<void> {
  try {
    if (!enrollIds.length) return;
    const rows = await ctx.db
      .select({ id: enroll.id, planId: enroll.planId })
      .from(enroll)
      .innerJoin(recruitPlan, eq(recruitPlan.id, enroll.planId))
      .where(and(inArray(enroll.id, enrollIds), eq(recruitPlan.smsNotify, '1')));
    const byPlan = new Map<number, number[]>();
    for (const r of rows) byPlan.set(r.planId, [...(byPlan.get(r.planId) ?? []), r.id]);
    for (const [planId, ids] of byPlan) await queueNotice(ctx, { planId, event, enrollIds: ids }, admin);
  } catch (error) {
    console.error(`[sms-notice] ${event} not queued: ${(error as Error).message}`);
  }
}

// ---- Sending -----------------------------------------------------------------------------------------------

/** The time variable of `event`: the correction deadline, the ticket's print end, the score query end. */
export function timeOf(plan: typeof recruitPlan.$inferSelect, event: SmsNoticeEvent): string {
  const at =
    event === 'rejected'
      ? plan.enrollEndTime
      : event === 'ticketReady'
        ? plan.ticketPrintEndTime
        : plan.scoreQueryEndTime;
  return formatDateTime(at);
}

/**
 * The provider's error as a failed notice keeps it: the provider's code and message (SmsSendError),
 * else the error's message, without the text sent, the phone or the name, digit runs of 6 or more
 * masked, at most 200 characters (domain smsNoticeErrorText).
 */
export function providerError(
  error: unknown,
  sent: Pick<SmsMessage, 'phone' | 'text'>,
  name: string,
): string {
  const raw =
    error instanceof SmsSendError
      ? `${error.providerCode}: ${error.providerMessage}`
      : error instanceof Error
        ? error.message
        : String(error);
  let text = raw;
  for (const secret of [sent.text, sent.phone, name]) if (secret) text = text.split(secret).join('…');
  return smsNoticeErrorText(text || 'unknown error');
}

/** One claimed notice to send: its log row, the enrolment's name and phone, the sends tried so far. */
export interface NoticeTarget {
  logId: number;
  name: string;
  phone: string;
  /** Sends tried, this one included (sms_notification.attempts after the claim). */
  attempts: number;
  plan: typeof recruitPlan.$inferSelect;
  event: SmsNoticeEvent;
  template: SmsNoticeTemplate;
}

/**
 * Sends the claimed notices `targets` through ctx.sms, PARALLEL at a time, and records each outcome
 * on its claimed row: sent (the provider's message id, the time) or failed (the provider's error,
 * and the next try after the backoff of SMS_NOTICE_BACKOFF_SECONDS, none after the last attempt).
 * `counted(ok)` is called after each. Never throws for a provider's refusal.
 */
export async function sendClaimed(
  ctx: AppContext,
  targets: NoticeTarget[],
  counted: (ok: boolean) => void,
): Promise<void> {
  const queue = [...targets];
  const lane = async () => {
    for (let t = queue.shift(); t; t = queue.shift()) {
      const vars = { name: t.name, plan: t.plan.name, time: timeOf(t.plan, t.event) };
      const message: SmsMessage = {
        phone: t.phone,
        code: '',
        purpose: `notice.${t.event}`,
        text: smsNoticeText(t.template.text, vars),
        template: t.template.templateCode ?? '',
        params: vars,
      };
      let outcome: Partial<typeof smsNotification.$inferInsert>;
      try {
        const receipt = await ctx.sms.send(message);
        outcome = {
          status: SMS_NOTICE_STATUS.sent,
          providerMessageId: receipt?.messageId?.slice(0, 100) ?? null,
          nextAttemptTime: null,
        };
      } catch (error) {
        // The provider's error is in the server log too (integrations/sms.ts), without the text or code.
        outcome = {
          status: SMS_NOTICE_STATUS.failed,
          error: providerError(error, message, t.name),
          nextAttemptTime: smsNoticeNextAttempt(t.attempts, ctx.now()),
        };
      }
      await ctx.db
        .update(smsNotification)
        .set({ ...outcome, sendTime: ctx.now() })
        .where(eq(smsNotification.id, t.logId));
      counted(outcome.status === SMS_NOTICE_STATUS.sent);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, lane));
}

/**
 * The events whose notices can be sent now: with the console provider every event, with a cloud
 * provider those whose template has the provider's template id.
 */
export function sendable(ctx: AppContext, templates: SmsNoticeTemplate[]): SmsNoticeTemplate[] {
  return templates.filter((t) => ctx.config.sms.provider === 'console' || !!t.templateCode);
}

// ---- The job -----------------------------------------------------------------------------------------------

/**
 * The notice job (src/jobs kind 'smsNotice'): for each of its events in order, selects the pending
 * enrolments again (the starter's region kept in the row), and per batch of BATCH claims them in
 * sms_notification (status sending, attempts 1; an enrolment already claimed by anyone is skipped),
 * sends each through ctx.sms and marks it sent (with the provider's message id) or failed (with the
 * provider's error and the time of its next try, retry.ts). With a cloud provider and no template id
 * for an event, nothing is claimed and the job ends failed ('smsNotice.noTemplate'): fixing the
 * template and sending again reaches everyone. A run let go of stops after its batch; the next run
 * selects only what was not claimed.
 */
export const smsNoticeJobKind: JobKind = {
  kind: JOB_KIND,
  maxAttempts: 3,
  async run(ctx, run) {
    const params = JSON.parse(run.job.param ?? '{}') as JobParams;
    const scope: RegionScope = {
      provinceCode: run.job.provinceCode,
      cityCode: run.job.cityCode,
      countyCode: run.job.countyCode,
    };
    const plan = await planRow(ctx, params.planId);
    const events = eventsOf(params);
    const templates = await readTemplates(ctx);
    const ready = sendable(ctx, templates);
    const missing = events.find((e) => !ready.some((t) => t.event === e));
    if (missing) {
      await run.finish({
        status: JOB_STATUS.failed,
        message: jobMessage('smsNotice.noTemplate', {
          event: translate('zh', `smsNotice.event.${missing}`),
        }),
      });
      return;
    }
    const targetsOf = async (event: SmsNoticeEvent) =>
      plan.smsNotify === '1'
        ? ctx.db
            .select({ id: enroll.id, name: enroll.name, phone: enroll.phone })
            .from(enroll)
            .where(pendingWhere(ctx, params.planId, event, scope, params.enrollIds))
            .orderBy(enroll.id)
        : [];
    const work = [];
    for (const event of events) work.push({ event, targets: await targetsOf(event) });
    const carriedSent = run.job.imported;
    const carriedFailed = run.job.errorCount;
    const total = carriedSent + carriedFailed + work.reduce((n, w) => n + w.targets.length, 0);
    let sent = carriedSent;
    let failed = carriedFailed;
    const progress = (now = false) =>
      run.progress(
        {
          total,
          processed: sent + failed,
          imported: sent,
          errorCount: failed,
          percent: ((sent + failed) * 100) / Math.max(total, 1),
        },
        now,
      );
    progress(true);
    for (const { event, targets } of work) {
      const template = templates.find((t) => t.event === event)!;
      for (let i = 0; i < targets.length && !run.signal.aborted; i += BATCH) {
        const batch = targets.slice(i, i + BATCH);
        const claimed = await ctx.db
          .insert(smsNotification)
          .values(
            batch.map((t) => ({
              planId: params.planId,
              enrollId: t.id,
              event,
              status: SMS_NOTICE_STATUS.sending,
              jobId: run.job.id,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: smsNotification.id, enrollId: smsNotification.enrollId });
        const logIdOf = new Map(claimed.map((c) => [c.enrollId, c.id]));
        await sendClaimed(
          ctx,
          batch
            .filter((t) => logIdOf.has(t.id))
            .map((t) => ({
              logId: logIdOf.get(t.id)!,
              name: t.name,
              phone: t.phone,
              attempts: 1,
              plan,
              event,
              template,
            })),
          (ok) => {
            if (ok) sent++;
            else failed++;
            progress();
          },
        );
        progress(true);
      }
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

// ---- What the console shows --------------------------------------------------------------------------------

/**
 * GET /recruit/smsNotice/plan/{planId}: the plan's switch, and per event the notices sent, failed
 * (those to be tried again counted apart too) and still sending and the candidates pending, all
 * inside the caller's region; the newest notice job of the plan the caller started. 404
 * 'error.notFound'.
 */
export async function planNoticeView(
  ctx: AppContext,
  planId: number,
  admin: AdminPrincipal,
): Promise<SmsNoticePlanView> {
  const plan = await planRow(ctx, planId);
  const rows = await ctx.db
    .select({
      event: smsNotification.event,
      status: smsNotification.status,
      n: count(),
      retrying: count(smsNotification.nextAttemptTime),
    })
    .from(smsNotification)
    .innerJoin(enroll, eq(enroll.id, smsNotification.enrollId))
    .where(and(eq(smsNotification.planId, planId), scopeWhere(enroll, admin.scope)))
    .groupBy(smsNotification.event, smsNotification.status);
  const counts: SmsNoticeCount[] = [];
  for (const event of SMS_NOTICE_EVENTS) {
    const of = (status: string) => rows.find((r) => r.event === event && r.status === status);
    counts.push({
      event,
      sent: Number(of(SMS_NOTICE_STATUS.sent)?.n ?? 0),
      failed: Number(of(SMS_NOTICE_STATUS.failed)?.n ?? 0),
      retrying: Number(of(SMS_NOTICE_STATUS.failed)?.retrying ?? 0),
      sending: Number(of(SMS_NOTICE_STATUS.sending)?.n ?? 0),
      pending: await countPending(ctx, planId, event, admin.scope),
    });
  }
  const [last] = await ctx.db
    .select({ id: job.id })
    .from(job)
    .where(
      and(
        eq(job.kind, JOB_KIND),
        eq(job.adminId, admin.id),
        // Text, not a jsonb cast: other kinds' params need not be JSON. JobParams starts with planId.
        like(job.param, `{"planId":${planId},%`),
      ),
    )
    .orderBy(desc(job.id))
    .limit(1);
  return { planId, enabled: plan.smsNotify === '1', counts, lastJobId: last?.id ?? null };
}

/**
 * PUT /recruit/smsNotice/plan/{planId}: turns the plan's notices on or off. Turning them on (from
 * off) catches up: one job of the SMS_NOTICE_CATCH_UP_EVENTS to the candidates inside the admin's
 * region whom they still concern and who never heard of them — rejections made while the switch was
 * off and still correctable, tickets distributed meanwhile whose print window has not ended (each
 * enrolment × event still claimed once, so nobody hears of an event twice). Answers the catch-up
 * queued, or null (switched off, already on, or nobody waiting). 404 'error.notFound'.
 */
export async function setPlanNotify(
  ctx: AppContext,
  planId: number,
  enabled: boolean,
  admin: AdminPrincipal,
): Promise<SmsNoticeCatchUp | null> {
  const value = enabled ? '1' : '0';
  // Changed only when it differs: of two requests turning it on at once, one catches up.
  const changed = await ctx.db
    .update(recruitPlan)
    .set({ smsNotify: value })
    .where(and(eq(recruitPlan.id, planId), ne(recruitPlan.smsNotify, value)))
    .returning({ id: recruitPlan.id });
  if (!changed.length) {
    await planRow(ctx, planId);
    return null;
  }
  if (!enabled) return null;
  const queued = await queueNotice(ctx, { planId, events: [...SMS_NOTICE_CATCH_UP_EVENTS] }, admin);
  return queued ? { jobId: queued.jobId, total: queued.total, events: queued.counts } : null;
}

/**
 * GET /recruit/smsNotice/plan/{planId}/failures: the plan's failed notices inside the caller's
 * region (only `event`'s when given), those due soonest first and the ones given up last, as a §9
 * page: candidate name, masked phone, county, event, sends tried, the provider's last error, the last
 * and the next try (null: no more tries). 404 'error.notFound'.
 */
export async function pageFailures(
  ctx: AppContext,
  planId: number,
  query: { event?: SmsNoticeEvent },
  paging: Paging,
  admin: AdminPrincipal,
): Promise<Page<SmsNoticeFailure>> {
  await planRow(ctx, planId);
  const where = and(
    eq(smsNotification.planId, planId),
    eq(smsNotification.status, SMS_NOTICE_STATUS.failed),
    query.event ? eq(smsNotification.event, query.event) : undefined,
    scopeWhere(enroll, admin.scope),
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: smsNotification.id,
        enrollId: smsNotification.enrollId,
        name: enroll.name,
        phone: enroll.phone,
        enrollCounty: enroll.enrollCounty,
        event: smsNotification.event,
        attempts: smsNotification.attempts,
        error: smsNotification.error,
        sendTime: smsNotification.sendTime,
        nextAttemptTime: smsNotification.nextAttemptTime,
      })
      .from(smsNotification)
      .innerJoin(enroll, eq(enroll.id, smsNotification.enrollId))
      .where(where)
      .orderBy(
        sql`${smsNotification.nextAttemptTime} asc nulls last`,
        desc(smsNotification.sendTime),
        desc(smsNotification.id),
      )
      .limit(paging.size)
      .offset(offsetOf(paging)),
    ctx.db
      .select({ n: count() })
      .from(smsNotification)
      .innerJoin(enroll, eq(enroll.id, smsNotification.enrollId))
      .where(where),
  ]);
  return page(
    rows.map((r) => ({
      id: r.id,
      enrollId: r.enrollId,
      name: r.name,
      phone: maskPhone(r.phone),
      enrollCounty: r.enrollCounty,
      event: r.event as SmsNoticeEvent,
      attempts: r.attempts,
      error: r.error,
      lastAttemptTime: r.sendTime?.toISOString() ?? null,
      nextAttemptTime: r.nextAttemptTime?.toISOString() ?? null,
    })),
    Number(total?.n ?? 0),
    paging.current,
    paging.size,
  );
}

/**
 * GET /recruit/smsNotice/job/{jobId}: a notice job's progress if the caller may see it (their own, or
 * one started inside their region), else 404; `message` in `lang`.
 */
export async function noticeJobView(
  ctx: AppContext,
  jobId: number,
  admin: AdminPrincipal,
  lang: Lang,
): Promise<SmsNoticeJobView> {
  const row = await visibleJob(ctx, JOB_KIND, jobId, admin);
  const reason = readJobMessage(row.message, lang);
  const message =
    row.status === JOB_STATUS.done
      ? translate(lang, 'smsNotice.job.done', { sent: row.imported, failed: row.errorCount })
      : row.status === JOB_STATUS.failed
        ? translate(lang, 'smsNotice.job.failed') + (reason ? ` (${reason})` : '')
        : translate(
            lang,
            row.status === JOB_STATUS.running ? 'smsNotice.job.running' : 'smsNotice.job.queued',
          );
  return {
    status: row.status as JobStatus,
    total: row.total,
    sent: row.imported,
    failed: row.errorCount,
    percent: row.percent,
    attempts: row.attempts,
    message,
  };
}
