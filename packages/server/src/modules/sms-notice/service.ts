import { and, count, desc, eq, gt, inArray, like, notExists, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_STATUS,
  formatDateTime,
  JOB_STATUS,
  SMS_NOTICE_DEFAULT_TEXTS,
  SMS_NOTICE_EVENTS,
  SMS_NOTICE_STATUS,
  smsNoticeText,
  TICKET_STATUS,
  translate,
  type JobStatus,
  type Lang,
  type RegionScope,
  type SmsNoticeCount,
  type SmsNoticeEvent,
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
import { AppError, notFound } from '../../lib/errors';
import { scopeWhere } from '../../lib/scope';
import type { AdminPrincipal } from '../../types';

/*
 * SMS notices to candidates (docs/decisions.md "SMS notices to
 * candidates"). A notice is sent by a job of kind 'smsNotice' (src/jobs) for one plan
 * and one event, in batches through the configured provider (ctx.sms). Before each send the job
 * claims the enrolment × event in sms_notification (unique): a second job, a retried job or a
 * second trigger finds the claim and sends nothing, so no candidate hears of an event twice — at the
 * price that a node stopping between the claim and the provider's answer leaves that one notice
 * 'sending' (counted, never sent again). The log keeps plan, enrolment, event, status, times and the
 * provider's message id: never the text, a code or the reviewer's reason.
 */

const JOB_KIND = 'smsNotice';
/** Enrolments claimed and sent per batch (one INSERT of claims each). */
const BATCH = 50;
/** Sends in flight within a batch (the providers accept a few requests a second per account). */
const PARALLEL = 5;

/** What the job row keeps (job.param, JSON). */
interface JobParams {
  planId: number;
  event: SmsNoticeEvent;
  /** Only these enrolments (a rejection, a distribution by ids); the whole plan when absent. */
  enrollIds?: number[];
}

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
 * The enrolments of plan `planId` inside `scope` that `event` concerns and that have not heard of it:
 * rejected ones while the plan's enrolment window is still open (they can correct only until its
 * end), ones with a distributed ticket, ones with an imported result.
 */
function pendingWhere(
  ctx: AppContext,
  planId: number,
  event: SmsNoticeEvent,
  scope: RegionScope,
  enrollIds?: number[],
): SQL | undefined {
  const concerns =
    event === 'rejected'
      ? and(
          eq(enroll.auditStatus, AUDIT_STATUS.rejected),
          sql`exists (select 1 from ${recruitPlan} where ${recruitPlan.id} = ${enroll.planId} and ${gt(recruitPlan.enrollEndTime, ctx.now())})`,
        )
      : event === 'ticketReady'
        ? sql`exists (select 1 from ${admissionTicket} where ${admissionTicket.enrollId} = ${enroll.id} and ${eq(admissionTicket.status, TICKET_STATUS.distributed)})`
        : sql`exists (select 1 from ${admissionResult} where ${admissionResult.enrollId} = ${enroll.id})`;
  return and(
    eq(enroll.planId, planId),
    enrollIds ? inArray(enroll.id, enrollIds.length ? enrollIds : [0]) : undefined,
    concerns,
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

async function planRow(ctx: AppContext, planId: number) {
  const [plan] = await ctx.db.select().from(recruitPlan).where(eq(recruitPlan.id, planId));
  if (!plan) throw notFound();
  return plan;
}

// ---- Queueing ----------------------------------------------------------------------------------------------

/**
 * Queues the notice of `event` to the pending candidates of plan `planId` inside the admin's region
 * (only `enrollIds` when given). Answers {jobId, total}, or null when the plan's switch is off or
 * nobody is pending. 404 'error.notFound' for an unknown plan.
 */
export async function queueNotice(
  ctx: AppContext,
  params: JobParams,
  admin: AdminPrincipal,
): Promise<SmsNoticeQueued | null> {
  const plan = await planRow(ctx, params.planId);
  if (plan.smsNotify !== '1') return null;
  const total = await countPending(ctx, params.planId, params.event, admin.scope, params.enrollIds);
  if (!total) return null;
  const jobId = await queueJob(ctx, JOB_KIND, {
    // planId first: planNoticeView finds a plan's jobs by this prefix.
    param: JSON.stringify({ planId: params.planId, event: params.event, enrollIds: params.enrollIds }),
    fileName: `plan ${params.planId} ${params.event}`,
    total,
    admin,
  });
  return { jobId, total };
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
  return queued;
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

// ---- The job -----------------------------------------------------------------------------------------------

/** The time variable of `event`: the correction deadline, the ticket's print end, the score query end. */
function timeOf(plan: typeof recruitPlan.$inferSelect, event: SmsNoticeEvent): string {
  const at =
    event === 'rejected'
      ? plan.enrollEndTime
      : event === 'ticketReady'
        ? plan.ticketPrintEndTime
        : plan.scoreQueryEndTime;
  return formatDateTime(at);
}

/**
 * The notice job (src/jobs kind 'smsNotice'): selects the pending enrolments again (the starter's
 * region kept in the row), and per batch of BATCH claims them in sms_notification (status sending;
 * an enrolment already claimed by anyone is skipped), sends each through ctx.sms and marks it sent
 * (with the provider's message id) or failed. With a cloud provider and no template id for the
 * event, nothing is claimed and the job ends failed ('smsNotice.noTemplate'): fixing the template and
 * sending again reaches everyone. A run let go of stops after its batch; the next run selects only
 * what was not claimed.
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
    const template = (await readTemplates(ctx)).find((t) => t.event === params.event)!;
    if (ctx.config.sms.provider !== 'console' && !template.templateCode) {
      await run.finish({
        status: JOB_STATUS.failed,
        message: jobMessage('smsNotice.noTemplate', {
          event: translate('zh', `smsNotice.event.${params.event}`),
        }),
      });
      return;
    }
    const targets =
      plan.smsNotify === '1'
        ? await ctx.db
            .select({ id: enroll.id, name: enroll.name, phone: enroll.phone })
            .from(enroll)
            .where(pendingWhere(ctx, params.planId, params.event, scope, params.enrollIds))
            .orderBy(enroll.id)
        : [];
    const carriedSent = run.job.imported;
    const carriedFailed = run.job.errorCount;
    const total = carriedSent + carriedFailed + targets.length;
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
    const time = timeOf(plan, params.event);
    for (let i = 0; i < targets.length && !run.signal.aborted; i += BATCH) {
      const batch = targets.slice(i, i + BATCH);
      const claimed = await ctx.db
        .insert(smsNotification)
        .values(
          batch.map((t) => ({
            planId: params.planId,
            enrollId: t.id,
            event: params.event,
            status: SMS_NOTICE_STATUS.sending,
            jobId: run.job.id,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: smsNotification.id, enrollId: smsNotification.enrollId });
      const mine = new Set(claimed.map((c) => c.enrollId));
      const logIdOf = new Map(claimed.map((c) => [c.enrollId, c.id]));
      const queue = batch.filter((t) => mine.has(t.id));
      const lane = async () => {
        for (let t = queue.shift(); t; t = queue.shift()) {
          const vars = { name: t.name, plan: plan.name, time };
          let status: string = SMS_NOTICE_STATUS.sent;
          let messageId: string | null = null;
          try {
            const receipt = await ctx.sms.send({
              phone: t.phone,
              code: '',
              purpose: `notice.${params.event}`,
              text: smsNoticeText(template.text, vars),
              template: template.templateCode ?? '',
              params: vars,
            });
            messageId = receipt?.messageId?.slice(0, 100) ?? null;
            sent++;
          } catch {
            // The provider's error is in the server log (integrations/sms.ts); the row says only failed.
            status = SMS_NOTICE_STATUS.failed;
            failed++;
          }
          await ctx.db
            .update(smsNotification)
            .set({ status, providerMessageId: messageId, sendTime: ctx.now() })
            .where(eq(smsNotification.id, logIdOf.get(t.id)!));
          progress();
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, lane));
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

// ---- What the console shows --------------------------------------------------------------------------------

/**
 * GET /recruit/smsNotice/plan/{planId}: the plan's switch, and per event the notices sent, failed and
 * still sending and the candidates pending, all inside the caller's region; the newest notice job of
 * the plan the caller may see. 404 'error.notFound'.
 */
export async function planNoticeView(
  ctx: AppContext,
  planId: number,
  admin: AdminPrincipal,
): Promise<SmsNoticePlanView> {
  const plan = await planRow(ctx, planId);
  const rows = await ctx.db
    .select({ event: smsNotification.event, status: smsNotification.status, n: count() })
    .from(smsNotification)
    .innerJoin(enroll, eq(enroll.id, smsNotification.enrollId))
    .where(and(eq(smsNotification.planId, planId), scopeWhere(enroll, admin.scope)))
    .groupBy(smsNotification.event, smsNotification.status);
  const counts: SmsNoticeCount[] = [];
  for (const event of SMS_NOTICE_EVENTS) {
    const of = (status: string) => Number(rows.find((r) => r.event === event && r.status === status)?.n ?? 0);
    counts.push({
      event,
      sent: of(SMS_NOTICE_STATUS.sent),
      failed: of(SMS_NOTICE_STATUS.failed),
      sending: of(SMS_NOTICE_STATUS.sending),
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

/** PUT /recruit/smsNotice/plan/{planId}: turns the plan's notices on or off. 404 'error.notFound'. */
export async function setPlanNotify(ctx: AppContext, planId: number, enabled: boolean): Promise<void> {
  const rows = await ctx.db
    .update(recruitPlan)
    .set({ smsNotify: enabled ? '1' : '0' })
    .where(eq(recruitPlan.id, planId))
    .returning({ id: recruitPlan.id });
  if (!rows.length) throw notFound();
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
