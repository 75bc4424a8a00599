import { and, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import {
  CANDIDATE_STATE,
  formatDateTime,
  jobFinished,
  JOB_STATUS,
  maskName,
  PSEUDONYM_MARK,
  RETENTION_COUNT_KEYS,
  RETENTION_YEARS,
  retentionDue,
  retentionEnd,
  translate,
  type JobStatus,
  type Lang,
  type MessageKey,
  type RetentionCounts,
  type RetentionJobView,
  type RetentionView,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db';
import {
  admissionResult,
  admissionTicket,
  auditTrail,
  enroll,
  enrollCompare,
  importError,
  job,
  recruitPlan,
  smsNotification,
  sysUser,
} from '../../db/schema';
import { jobMessage, JobLost, queueOf, type JobKind, type JobRun } from '../../jobs';
import { readPlanParam } from '../../imports/cells';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { planProvinces } from '../../lib/scope';
import { revokeCached } from '../../lib/session-cache';
import { removeFiles } from '../../integrations/storage';
import { writeTrail, type TrailActor } from '../monitor/service-trail';
import { pseudonymOf } from './pseudonym';

/*
 * The retention job (docs/security.md "Retention"; PIPL art. 19). A plan whose period has run out
 * (domain retentionDue: now ≥ listPublishedEndTime + retentionYears, China Standard Time) is purged by
 * a job of kind 'retention' (src/jobs):
 * - enrolments: name masked (domain maskName), ID number and phone replaced by keyed hashes
 *   (pseudonym.ts), birthday cut to its year (YYYY-01-01: age bands stay countable), domicile,
 *   address, graduate college and major emptied, the audit reason, photo and form PDF removed; every
 *   code the statistics count by (county, subject, learning period, audit status, education, dates of
 *   application and audit) stays;
 * - admission tickets: the PDF; admission results: the physical examination and the remarks;
 * - comparison rows: name masked, ID number hashed (the same hash as the enrolment's, so a row still
 *   names its enrolment), and the name and phone inside their differences likewise;
 * - the problem rows of the plan's imports of tickets, results and comparisons (they quote cells);
 * - the candidates of the plan whose accounts are then removable (see removableAccounts).
 * All of it, the plan's purge_time and ONE trail entry ('recruitPlan.purged', counts only) commit in
 * one transaction of statements of BATCH rows: a node that dies midway leaves nothing half-done, and
 * the job that another node takes over starts again from the start. The stored files named by the
 * cleared columns are collected in that transaction and deleted after its commit (a file whose
 * deletion fails, or is cut off by a stopping node, is named by no row any more: the file sweep,
 * lib/file-sweep.ts, removes it). A run for a plan already purged changes nothing.
 *
 * Candidate accounts (kind 'retention' with {accounts: true}): an account with no enrolment left in a
 * plan that is not purged and no login (else its creation) for the longest retentionYears of the plans
 * it applied to (RETENTION_YEARS.default without any) is removed: real name masked, ID number and
 * phone keyed hashes bound to the account, birthday cut to its year, user name '#removed.<id>' (no
 * registrable name holds '#'), the password unusable, the state disabled, remove_time set and its
 * sessions ended. Its enrolments keep pointing at it.
 */

/** The job kind (job.kind) of both runs. */
export const RETENTION_JOB = 'retention';
/** Rows read and written per statement. */
const BATCH = 500;
/** The advisory lock under which retention jobs are queued: several nodes queue a plan once. */
const QUEUE_LOCK = 20270301;
/** Import kinds whose problem rows quote cells of candidates (ID numbers, names). */
const PERSONAL_IMPORT_KINDS = ['admissionResult', 'admissionTicket', 'enrollCompare'];
/** The password hash of a removed account: no argon2 string, so no password ever matches it. */
const UNUSABLE_PASSWORD = '!removed';

/** What a retention job row keeps (job.param, JSON); planId (or accounts) first: the queue guard reads the prefix. */
export interface RetentionParams {
  planId?: number;
  accounts?: true;
  /** Who asked: the console (with the caller's address) or the periodic trigger. */
  trigger: 'console' | 'schedule';
  ip?: string;
}

const paramPrefix = (p: Pick<RetentionParams, 'planId' | 'accounts'>) =>
  p.accounts ? '{"accounts":true,' : `{"planId":${p.planId},`;
const paramOf = (p: RetentionParams) =>
  JSON.stringify(
    p.accounts
      ? { accounts: true, trigger: p.trigger, ip: p.ip }
      : { planId: p.planId, trigger: p.trigger, ip: p.ip },
  );

const zeroCounts = (): RetentionCounts => ({
  enrolments: 0,
  tickets: 0,
  results: 0,
  comparisons: 0,
  importProblems: 0,
  files: 0,
  accounts: 0,
});

/** Rows of a query's answer as `T` (node-postgres hands bigint and count columns over as text). */
async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

// ---- What is still personal ------------------------------------------------------------------------

/** An enrolment of plan `planId` that still holds personal data (a clear ID number or phone, a file). */
const personalEnroll = (planId: number) =>
  sql`${enroll.planId} = ${planId} and (${enroll.idCard} not like ${PSEUDONYM_MARK + '%'} or ${enroll.phone} not like ${PSEUDONYM_MARK + '%'} or ${enroll.picture} is not null or ${enroll.pdfFile} is not null)`;
const personalTicket = (planId: number) =>
  sql`${admissionTicket.planId} = ${planId} and ${admissionTicket.pdfFile} is not null`;
const personalResult = (planId: number) =>
  sql`${admissionResult.planId} = ${planId} and (${admissionResult.physicalExamination} is not null or ${admissionResult.remarks} is not null)`;
const personalCompare = (planId: number) =>
  sql`${enrollCompare.planId} = ${planId} and ${enrollCompare.idCard} not like ${PSEUDONYM_MARK + '%'}`;

/** The ids of the import jobs of plan `planId` whose problem rows may quote candidates' cells. */
async function planImportJobs(db: Db | Tx, planId: number): Promise<number[]> {
  const rows = await db
    .select({ id: job.id, param: job.param })
    .from(job)
    .where(inArray(job.kind, PERSONAL_IMPORT_KINDS));
  return rows.filter((r) => readPlanParam(r.param).planId === planId).map((r) => r.id);
}

/**
 * The candidate accounts that may be removed at `now` (see the module comment), as a query of their
 * id, real name, ID number, phone and birthday, oldest id first. `planId`: only candidates of that
 * plan; `assumePurged`: count that plan as purged already (the preview before its run). The latest
 * sign of use plus the period is read on the China Standard Time calendar, as retentionEnd does.
 */
function removableAccounts(
  now: Date,
  opts: { planId?: number; assumePurged?: number; limit?: number; lock?: boolean } = {},
): SQL {
  const ofPlan = opts.planId
    ? sql`and c.id in (select e.candidate_id from enroll e where e.plan_id = ${opts.planId})`
    : sql``;
  const stillKept = opts.assumePurged
    ? sql`p.purge_time is null and p.id <> ${opts.assumePurged}`
    : sql`p.purge_time is null`;
  return sql`
    select c.id, c.real_name as "realName", c.id_card as "idCard", c.telephone, c.birthday::text as birthday
    from candidate_user c
    left join (
      select e.candidate_id, max(p.retention_years)::int as years, bool_or(${stillKept}) as kept
      from enroll e join recruit_plan p on p.id = e.plan_id
      ${opts.planId ? sql`where e.candidate_id in (select e2.candidate_id from enroll e2 where e2.plan_id = ${opts.planId})` : sql``}
      group by e.candidate_id
    ) a on a.candidate_id = c.id
    where c.remove_time is null
      and not coalesce(a.kept, false)
      and ((coalesce(c.last_login_time, c.create_time) at time zone interval '+08:00')
           + make_interval(years => coalesce(a.years, ${RETENTION_YEARS.default})))
          at time zone interval '+08:00' <= ${now.toISOString()}::timestamptz
      ${ofPlan}
    order by c.id
    ${opts.limit ? sql`limit ${opts.limit}` : sql``}
    ${opts.lock ? sql`for update of c` : sql``}`;
}

/** True when some candidate account is removable at `now` (the trigger's test before it queues). */
export async function anyRemovableAccount(db: Db, now: Date): Promise<boolean> {
  return (await rowsOf(db, removableAccounts(now, { limit: 1 }))).length > 0;
}

async function countOf(db: Db | Tx, query: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(db, sql`select count(*)::int as n from (${query}) q`);
  return Number(row?.n ?? 0);
}

const countWhere = async (db: Db | Tx, table: SQL, where: SQL) =>
  Number(
    (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${table} where ${where}`))[0]!.n,
  );

/**
 * What a run for plan `planId` would change at `now` (RetentionCounts): the rows of each table that
 * still hold personal data, the distinct files they name, and the plan's candidates whose accounts
 * become removable once it is purged. The run changes exactly these (the tests hold it to that).
 */
export async function planRetentionCounts(db: Db | Tx, planId: number, now: Date): Promise<RetentionCounts> {
  const imports = await planImportJobs(db, planId);
  const [enrolments, tickets, results, comparisons, importProblems, files, accounts] = await Promise.all([
    countWhere(db, sql`${enroll}`, personalEnroll(planId)),
    countWhere(db, sql`${admissionTicket}`, personalTicket(planId)),
    countWhere(db, sql`${admissionResult}`, personalResult(planId)),
    countWhere(db, sql`${enrollCompare}`, personalCompare(planId)),
    imports.length ? countWhere(db, sql`${importError}`, inArray(importError.jobId, imports)!) : 0,
    countOf(
      db,
      sql`select picture as key from enroll where plan_id = ${planId} and picture is not null
          union select pdf_file from enroll where plan_id = ${planId} and pdf_file is not null
          union select pdf_file from admission_ticket where plan_id = ${planId} and pdf_file is not null`,
    ),
    countOf(db, removableAccounts(now, { planId, assumePurged: planId })),
  ]);
  return { enrolments, tickets, results, comparisons, importProblems, files, accounts };
}

// ---- The plan's view and the queue -----------------------------------------------------------------

async function planRow(db: Db | Tx, planId: number) {
  const [plan] = await db.select().from(recruitPlan).where(eq(recruitPlan.id, planId));
  if (!plan) throw notFound();
  return plan;
}

/** The newest retention job of plan `planId`, or null. */
async function lastPlanJob(db: Db, planId: number) {
  const [row] = await db
    .select({ id: job.id, status: job.status })
    .from(job)
    .where(and(eq(job.kind, RETENTION_JOB), like(job.param, `${paramPrefix({ planId })}%`)))
    .orderBy(desc(job.id))
    .limit(1);
  return row ?? null;
}

/**
 * GET /recruit/retention/plan/{planId}: the plan's period, when it runs out, whether it is due, when
 * it was purged, what a run would change now, and its newest retention job. 404 for an unknown plan.
 */
export async function retentionView(ctx: AppContext, planId: number): Promise<RetentionView> {
  const plan = await planRow(ctx.db, planId);
  const now = ctx.now();
  const [counts, last] = await Promise.all([
    plan.purgeTime ? zeroCounts() : planRetentionCounts(ctx.db, planId, now),
    lastPlanJob(ctx.db, planId),
  ]);
  return {
    planId,
    retentionYears: plan.retentionYears,
    listPublishedEndTime: plan.listPublishedEndTime.toISOString(),
    expiresAt: retentionEnd(plan.listPublishedEndTime, plan.retentionYears).toISOString(),
    due: retentionDue(plan, now),
    purgeTime: plan.purgeTime?.toISOString() ?? null,
    counts,
    lastJobId: last?.id ?? null,
  };
}

/** Who a job is queued for: the job row's starter (its region narrows who reads it elsewhere). */
export interface RetentionStarter {
  id: number;
  scope: { provinceCode?: string | null; cityCode?: string | null; countyCode?: string | null };
}

/**
 * Queues a retention job for `params` (a plan, or the accounts) unless one is already queued or
 * running for it: under an advisory lock, so that several nodes (or a node and the console) queue it
 * once. Answers the job's id and whether it is new. A new row is sent to the queue after the commit;
 * when that fails the row is removed and the error propagates.
 */
export async function queueRetention(
  ctx: AppContext,
  params: RetentionParams,
  starter: RetentionStarter,
): Promise<{ jobId: number; created: boolean }> {
  const found = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_LOCK})`);
    const [running] = await tx
      .select({ id: job.id })
      .from(job)
      .where(
        and(
          eq(job.kind, RETENTION_JOB),
          inArray(job.status, [JOB_STATUS.queued, JOB_STATUS.running]),
          like(job.param, `${paramPrefix(params)}%`),
        ),
      )
      .limit(1);
    if (running) return { jobId: running.id, created: false };
    const [row] = await tx
      .insert(job)
      .values({
        kind: RETENTION_JOB,
        param: paramOf(params),
        fileName: params.accounts ? 'accounts' : `plan ${params.planId}`,
        adminId: starter.id,
        provinceCode: starter.scope.provinceCode ?? null,
        cityCode: starter.scope.cityCode ?? null,
        countyCode: starter.scope.countyCode ?? null,
        status: JOB_STATUS.queued,
      })
      .returning({ id: job.id });
    return { jobId: row!.id, created: true };
  });
  if (found.created) {
    try {
      await ctx.jobs.send(queueOf(RETENTION_JOB), { jobId: found.jobId });
    } catch (error) {
      await ctx.db
        .delete(job)
        .where(eq(job.id, found.jobId))
        .catch(() => undefined);
      throw error;
    }
  }
  return found;
}

/**
 * POST /recruit/retention/plan/{planId}/run: queues the plan's run now (or answers the run already
 * queued). 400 'retention.alreadyPurged' {time} for a purged plan, 'retention.notDue' {date} inside
 * its period; 404 for an unknown plan.
 */
export async function runPlanRetention(
  ctx: AppContext,
  planId: number,
  starter: RetentionStarter,
  ip: string,
): Promise<{ jobId: number }> {
  const plan = await planRow(ctx.db, planId);
  if (plan.purgeTime) throw badRequest('retention.alreadyPurged', { time: formatDateTime(plan.purgeTime) });
  if (!retentionDue(plan, ctx.now()))
    throw badRequest('retention.notDue', {
      date: formatDateTime(retentionEnd(plan.listPublishedEndTime, plan.retentionYears)),
    });
  const { jobId } = await queueRetention(ctx, { planId, trigger: 'console', ip }, starter);
  return { jobId };
}

/**
 * GET /recruit/retention/job/{jobId}: a retention job's progress; once done, what it changed. 404
 * for an unknown id or another kind's job. `message` in `lang`.
 */
export async function retentionJobView(
  ctx: AppContext,
  jobId: number,
  lang: Lang,
): Promise<RetentionJobView> {
  const [row] = await ctx.db
    .select()
    .from(job)
    .where(and(eq(job.id, jobId), eq(job.kind, RETENTION_JOB)));
  if (!row) throw notFound();
  return jobViewOf(row, lang);
}

/** The plan a retention job row is for (null for the accounts run). */
export function planOfJob(row: { param: string | null }): number | null {
  try {
    const p = JSON.parse(row.param ?? '{}') as RetentionParams;
    return typeof p.planId === 'number' ? p.planId : null;
  } catch {
    return null;
  }
}

function jobViewOf(row: typeof job.$inferSelect, lang: Lang): RetentionJobView {
  let stored: { key?: string; params?: Record<string, string | number> } = {};
  try {
    stored = JSON.parse(row.message ?? '{}') as typeof stored;
  } catch {
    // a plain message
  }
  const counts =
    row.status === JOB_STATUS.done && stored.key === 'retention.job.done'
      ? (Object.fromEntries(
          RETENTION_COUNT_KEYS.map((k) => [k, Number(stored.params?.[k] ?? 0)]),
        ) as RetentionCounts)
      : null;
  const status = row.status as JobStatus;
  const label: MessageKey =
    status === JOB_STATUS.done
      ? 'retention.job.done'
      : jobFinished(status)
        ? 'retention.job.failed'
        : status === JOB_STATUS.running
          ? 'retention.job.running'
          : 'retention.job.queued';
  const reason =
    jobFinished(status) && status !== JOB_STATUS.done && stored.key
      ? ` (${translate(lang, stored.key, stored.params)})`
      : '';
  return {
    status,
    percent: row.percent,
    attempts: row.attempts,
    planId: planOfJob(row),
    total: row.total,
    processed: row.processed,
    message: translate(lang, label) + reason,
    counts,
  };
}

// ---- The run -----------------------------------------------------------------------------------------

/** The trail's actor of a run: the job's starter, the address the console call came from. */
async function actorOf(db: Db | Tx, adminId: number, ip: string | undefined): Promise<TrailActor> {
  const [user] = await db.select({ userName: sysUser.userName }).from(sysUser).where(eq(sysUser.id, adminId));
  return { id: adminId, userName: user?.userName ?? '', ip: ip ?? '' };
}

/** A 'YYYY-MM-DD' date cut to its year: 'YYYY-01-01'. */
const yearOnly = (date: string) => `${date.slice(0, 4)}-01-01`;

/** Throws JobLost when the run was let go of: the transaction rolls back and another node starts over. */
function stillMine(run: JobRun) {
  if (run.signal.aborted) throw new JobLost(run.job.id);
}

interface Progress {
  step(n: number): void;
}

/** De-identifies the enrolments of `planId` in batches; returns how many, and collects their files. */
async function purgeEnrolments(
  ctx: AppContext,
  tx: Tx,
  planId: number,
  now: Date,
  files: Set<string>,
  run: JobRun,
  progress: Progress,
): Promise<number> {
  let changed = 0;
  for (;;) {
    stillMine(run);
    const rows = await rowsOf<{
      id: string;
      name: string;
      idCard: string;
      phone: string;
      birthday: string;
      picture: string | null;
      pdfFile: string | null;
    }>(
      tx,
      sql`select id, name, id_card as "idCard", phone, birthday::text as birthday, picture, pdf_file as "pdfFile"
          from ${enroll} where ${personalEnroll(planId)} order by id limit ${BATCH} for update`,
    );
    if (!rows.length) return changed;
    const values = sql.join(
      rows.map(
        (r) =>
          sql`(${Number(r.id)}::bigint, ${maskName(r.name)}::varchar, ${pseudonymOf(ctx.dataKeys, 'idCard', r.idCard)}::varchar, ${pseudonymOf(ctx.dataKeys, 'phone', r.phone)}::varchar, ${yearOnly(r.birthday)}::date)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${enroll} set name = v.name, id_card = v.id_card, phone = v.phone, birthday = v.birthday,
        domicile = '', address = '', graduate_college = '', major = '', audit_reason = null,
        picture = null, pdf_file = null, create_status = '0', version = ${enroll.version} + 1,
        update_time = ${now.toISOString()}::timestamptz
      from (values ${values}) as v(id, name, id_card, phone, birthday)
      where ${enroll.id} = v.id`);
    for (const r of rows) {
      if (r.picture) files.add(r.picture);
      if (r.pdfFile) files.add(r.pdfFile);
    }
    changed += rows.length;
    progress.step(rows.length);
  }
}

/** Removes the ticket PDFs of `planId` from their rows in batches; returns how many tickets. */
async function purgeTickets(
  tx: Tx,
  planId: number,
  now: Date,
  files: Set<string>,
  run: JobRun,
  progress: Progress,
): Promise<number> {
  let changed = 0;
  for (;;) {
    stillMine(run);
    const rows = await rowsOf<{ id: string; pdfFile: string }>(
      tx,
      sql`update ${admissionTicket} set pdf_file = null, ticket_create_status = '0',
            update_time = ${now.toISOString()}::timestamptz
          from (select id, pdf_file from ${admissionTicket} where ${personalTicket(planId)}
                order by id limit ${BATCH} for update) as old
          where ${admissionTicket.id} = old.id
          returning old.id, old.pdf_file as "pdfFile"`,
    );
    if (!rows.length) return changed;
    for (const r of rows) files.add(r.pdfFile);
    changed += rows.length;
    progress.step(rows.length);
  }
}

/** Clears the physical examination and remarks of the results of `planId` in batches; returns how many. */
async function purgeResults(tx: Tx, planId: number, now: Date, run: JobRun, progress: Progress) {
  let changed = 0;
  for (;;) {
    stillMine(run);
    const rows = await rowsOf<{ id: string }>(
      tx,
      sql`update ${admissionResult} set physical_examination = null, remarks = null,
            update_time = ${now.toISOString()}::timestamptz
          from (select id from ${admissionResult} where ${personalResult(planId)}
                order by id limit ${BATCH} for update) as old
          where ${admissionResult.id} = old.id
          returning old.id`,
    );
    if (!rows.length) return changed;
    changed += rows.length;
    progress.step(rows.length);
  }
}

type Difference = { field: string; expected: string | null; actual: string | null };

/** The differences of a comparison row with the name masked and the phone hashed. */
function scrubDifferences(ctx: AppContext, differences: Difference[]): Difference[] {
  const scrub = (field: string, value: string | null) =>
    value === null
      ? null
      : field === 'name'
        ? maskName(value)
        : field === 'phone'
          ? pseudonymOf(ctx.dataKeys, 'phone', value)
          : value;
  return differences.map((d) => ({
    field: d.field,
    expected: scrub(d.field, d.expected),
    actual: scrub(d.field, d.actual),
  }));
}

/** De-identifies the comparison rows of `planId` in batches; returns how many. */
async function purgeComparisons(ctx: AppContext, tx: Tx, planId: number, run: JobRun, progress: Progress) {
  let changed = 0;
  for (;;) {
    stillMine(run);
    const rows = await rowsOf<{ id: string; name: string; idCard: string; differences: Difference[] }>(
      tx,
      sql`select id, name, id_card as "idCard", differences from ${enrollCompare}
          where ${personalCompare(planId)} order by id limit ${BATCH} for update`,
    );
    if (!rows.length) return changed;
    const values = sql.join(
      rows.map(
        (r) =>
          sql`(${Number(r.id)}::bigint, ${maskName(r.name)}::varchar, ${pseudonymOf(ctx.dataKeys, 'idCard', r.idCard)}::varchar, ${JSON.stringify(scrubDifferences(ctx, r.differences ?? []))}::jsonb)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${enrollCompare} set name = v.name, id_card = v.id_card, differences = v.differences
      from (values ${values}) as v(id, name, id_card, differences)
      where ${enrollCompare.id} = v.id`);
    changed += rows.length;
    progress.step(rows.length);
  }
}

/**
 * Removes the accounts removableAccounts finds at `now` (only candidates of `planId` when given), in
 * batches, with their sessions; returns their ids (the session caches are revoked after the commit).
 */
async function removeAccounts(
  ctx: AppContext,
  tx: Tx,
  now: Date,
  planId: number | undefined,
  run: JobRun,
  progress: Progress,
): Promise<number[]> {
  const removed: number[] = [];
  for (;;) {
    stillMine(run);
    const rows = await rowsOf<{
      id: string;
      realName: string;
      idCard: string;
      telephone: string;
      birthday: string;
    }>(tx, removableAccounts(now, { planId, limit: BATCH, lock: true }));
    if (!rows.length) return removed;
    // Bound to the account: a person who registers again, or a phone number the carrier gives to
    // someone else, is removed later without two accounts holding one value (both columns are unique).
    const bound = (id: string) => `account:${id}`;
    const values = sql.join(
      rows.map(
        (r) =>
          sql`(${Number(r.id)}::bigint, ${maskName(r.realName)}::varchar, ${pseudonymOf(ctx.dataKeys, 'idCard', r.idCard, bound(r.id))}::varchar, ${pseudonymOf(ctx.dataKeys, 'phone', r.telephone, bound(r.id))}::varchar, ${yearOnly(r.birthday)}::date)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update candidate_user c set real_name = v.real_name, id_card = v.id_card, telephone = v.telephone,
        birthday = v.birthday, user_name = '#removed.' || c.id, password_hash = ${UNUSABLE_PASSWORD},
        state = ${CANDIDATE_STATE.disabled}, state_reason = null, failed_logins = 0, locked_until = null,
        remove_time = ${now.toISOString()}::timestamptz, update_time = ${now.toISOString()}::timestamptz
      from (values ${values}) as v(id, real_name, id_card, telephone, birthday)
      where c.id = v.id`);
    const ids = rows.map((r) => Number(r.id));
    await tx.execute(
      sql`delete from auth_session where kind = 'candidate' and subject_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    removed.push(...ids);
    progress.step(rows.length);
  }
}

/** The counts of the trail entry of plan `planId`'s purge (a run after the purge answers them). */
async function purgedCounts(db: Db, planId: number): Promise<RetentionCounts> {
  const [entry] = await db
    .select({ detail: auditTrail.detail })
    .from(auditTrail)
    .where(
      and(
        eq(auditTrail.event, 'recruitPlan.purged'),
        eq(auditTrail.targetTable, 'recruit_plan'),
        eq(auditTrail.targetId, planId),
      ),
    )
    .orderBy(desc(auditTrail.id))
    .limit(1);
  const detail = (entry?.detail ?? {}) as Record<string, unknown>;
  return Object.fromEntries(RETENTION_COUNT_KEYS.map((k) => [k, Number(detail[k] ?? 0)])) as RetentionCounts;
}

const doneMessage = (counts: RetentionCounts) => jobMessage('retention.job.done', { ...counts });

/** A progress reporter over `total` items, the work done so far carried as `processed`. */
function progressOf(run: JobRun, total: number): Progress & { done: () => number } {
  let processed = 0;
  run.progress({ total, processed: 0, imported: 0, errorCount: 0, percent: 0 }, true);
  return {
    step(n: number) {
      processed += n;
      run.progress({ processed, imported: processed, percent: (processed * 100) / Math.max(total, 1) });
    },
    done: () => processed,
  };
}

type PlanOutcome =
  | { kind: 'purged' }
  | { kind: 'notDue'; end: Date }
  | { kind: 'done'; counts: RetentionCounts; files: string[]; accounts: number[] };

/** The run of one plan (see the module comment). */
async function runPlan(ctx: AppContext, run: JobRun, params: RetentionParams): Promise<void> {
  const planId = params.planId!;
  const now = ctx.now();
  const preview = await planRetentionCounts(ctx.db, planId, now);
  const total = RETENTION_COUNT_KEYS.reduce((sum, k) => sum + preview[k], 0);
  const progress = progressOf(run, total);
  const provinces = await planProvinces(ctx.db, [planId]);
  const actor = await actorOf(ctx.db, run.job.adminId, params.ip);
  const outcome = await ctx.db.transaction(async (tx): Promise<PlanOutcome> => {
    // The plan's row is the lock of its purge: a second run waits here and then finds it purged.
    const [plan] = await tx.select().from(recruitPlan).where(eq(recruitPlan.id, planId)).for('update');
    if (!plan) throw notFound();
    if (plan.purgeTime) return { kind: 'purged' };
    if (!retentionDue(plan, now))
      return { kind: 'notDue', end: retentionEnd(plan.listPublishedEndTime, plan.retentionYears) };
    const files = new Set<string>();
    const counts = zeroCounts();
    counts.enrolments = await purgeEnrolments(ctx, tx, planId, now, files, run, progress);
    counts.tickets = await purgeTickets(tx, planId, now, files, run, progress);
    counts.results = await purgeResults(tx, planId, now, run, progress);
    counts.comparisons = await purgeComparisons(ctx, tx, planId, run, progress);
    stillMine(run);
    const imports = await planImportJobs(tx, planId);
    if (imports.length) {
      const deleted = await tx
        .delete(importError)
        .where(inArray(importError.jobId, imports))
        .returning({ id: importError.id });
      counts.importProblems = deleted.length;
      progress.step(deleted.length);
    }
    // No phone is left to notify: none of the plan's failed notices is tried again.
    await tx
      .update(smsNotification)
      .set({ nextAttemptTime: null })
      .where(and(eq(smsNotification.planId, planId), sql`${smsNotification.nextAttemptTime} is not null`));
    await tx.update(recruitPlan).set({ purgeTime: now }).where(eq(recruitPlan.id, planId));
    const accounts = await removeAccounts(ctx, tx, now, planId, run, progress);
    counts.accounts = accounts.length;
    counts.files = files.size;
    stillMine(run);
    await writeTrail(tx, actor, [
      {
        event: 'recruitPlan.purged',
        targetTable: 'recruit_plan',
        targetId: planId,
        // A plan carries no region: its province when its rows name exactly one (lib/scope planProvinces).
        region:
          provinces.length === 1
            ? { provinceCode: provinces[0]!, cityCode: null, countyCode: null }
            : undefined,
        detail: {
          ...counts,
          retentionYears: plan.retentionYears,
          expiresAt: retentionEnd(plan.listPublishedEndTime, plan.retentionYears).toISOString(),
          trigger: params.trigger,
        },
      },
    ]);
    return { kind: 'done', counts, files: [...files], accounts };
  });
  if (outcome.kind === 'notDue') {
    await run.finish({
      status: JOB_STATUS.failed,
      message: jobMessage('retention.notDue', { date: formatDateTime(outcome.end) }),
    });
    return;
  }
  if (outcome.kind === 'purged') {
    // Taken over after the commit (or queued twice): the purge is done; its trail entry says what it changed.
    await run.finish({ status: JOB_STATUS.done, message: doneMessage(await purgedCounts(ctx.db, planId)) });
    return;
  }
  if (outcome.accounts.length)
    await revokeCached(ctx.db, { kind: 'candidate', subjectIds: outcome.accounts });
  // After the commit: no row names these files any more (a failed removal is the sweep's).
  for (let i = 0; i < outcome.files.length; i += BATCH) {
    const batch = outcome.files.slice(i, i + BATCH);
    await removeFiles(ctx.storage, batch, (m) => console.warn(m));
    progress.step(batch.length);
  }
  await run.finish({
    status: JOB_STATUS.done,
    total,
    processed: progress.done(),
    imported: progress.done(),
    message: doneMessage(outcome.counts),
  });
}

/** The run over every removable account (see the module comment): one transaction, one trail entry. */
async function runAccounts(ctx: AppContext, run: JobRun, params: RetentionParams): Promise<void> {
  const now = ctx.now();
  const total = await countOf(ctx.db, removableAccounts(now));
  const progress = progressOf(run, total);
  const actor = await actorOf(ctx.db, run.job.adminId, params.ip);
  const removed = await ctx.db.transaction(async (tx) => {
    const ids = await removeAccounts(ctx, tx, now, undefined, run, progress);
    stillMine(run);
    if (ids.length)
      await writeTrail(tx, actor, [
        {
          event: 'candidateUser.removed',
          targetTable: 'candidate_user',
          detail: { accounts: ids.length, trigger: params.trigger },
        },
      ]);
    await run.finish(
      {
        status: JOB_STATUS.done,
        total,
        processed: ids.length,
        imported: ids.length,
        message: doneMessage({ ...zeroCounts(), accounts: ids.length }),
      },
      tx as unknown as Db,
    );
    return ids;
  });
  if (removed.length) await revokeCached(ctx.db, { kind: 'candidate', subjectIds: removed });
}

/**
 * The job kind 'retention' (src/jobs): a plan's purge ({planId}) or the removal of accounts
 * ({accounts: true}). Safe to run again after a node died: everything of a run commits in one
 * transaction, and a run after the commit finds nothing left to change.
 */
export const retentionJobKind: JobKind = {
  kind: RETENTION_JOB,
  maxAttempts: 3,
  async run(ctx, run) {
    const params = JSON.parse(run.job.param ?? '{}') as RetentionParams;
    if (params.accounts) await runAccounts(ctx, run, params);
    else if (typeof params.planId === 'number') await runPlan(ctx, run, params);
    else throw new AppError(400, 'error.badRequest');
  },
};
