import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  ADMIN_ROLE,
  inRegionScope,
  JOB_STATUS,
  SEEDED_ADMIN,
  translate,
  type JobStatus,
  type Lang,
  type MessageKey,
  type MessageParams,
} from '@tegang/domain';
import type { AppContext } from '../context';
import type { Db } from '../db';
import { job, sysRole, sysUser, sysUserRole } from '../db/schema';
import { notFound } from '../lib/errors';
import type { AdminPrincipal } from '../types';

/*
 * The one jobs mechanism (DESIGN "jobs"; docs/operations.md "Jobs across nodes"). A job is a row of
 * `job` (progress and outcome, read by the screen's progress bar) and a pg-boss message that carries
 * it to whichever node's worker is free. A run claims the row, beats a heartbeat while it works, and
 * every write it makes is conditioned on its own runner id. A node that dies stops beating: after
 * JOB_STALE_SECONDS any node's reaper puts the job back in the queue and another node runs it again
 * (attempts + 1), while the dead run, should it wake up, can write nothing more. Kinds make their
 * work safe to run again: an import writes its rows and its 'done' in one transaction; the ticket job
 * marks each ticket as it is stored, and a restart renders what is not marked yet.
 */

export type JobRow = typeof job.$inferSelect;

/** The pg-boss queue of a job kind. */
export const queueOf = (kind: string) => `job.${kind}`;

/** Progress is written at most this often while a job runs (ms), and once at the end. */
export const PROGRESS_EVERY_MS = 300;

/** A job's message as stored: a catalogue key and its params (the row keeps no language). */
export const jobMessage = (key: MessageKey, params?: MessageParams): string =>
  JSON.stringify({ key, params: params ?? {} }).slice(0, 300);

/** The stored message in `lang` (a row written before messages were keys is shown as it is). */
export function readJobMessage(message: string | null, lang: Lang): string | null {
  if (!message) return null;
  try {
    const parsed = JSON.parse(message) as { key: MessageKey; params?: MessageParams };
    if (typeof parsed?.key === 'string') return translate(lang, parsed.key, parsed.params);
  } catch {
    // plain text
  }
  return message;
}

/** The job was taken over by another node (or released at this node's stop): the run stops writing. */
export class JobLost extends Error {
  constructor(id: number) {
    super(`job ${id} is no longer held by this run`);
  }
}

type Counts = Partial<Pick<JobRow, 'total' | 'processed' | 'imported' | 'errorCount' | 'percent'>>;

/** The run of one claimed job on this node (what a kind's `run` receives). */
export interface JobRun {
  /**
   * The row as claimed: status running, `attempts` counting this run, the counts as the previous
   * run last recorded them (all 0 on the first run).
   */
  readonly job: JobRow;
  /** Aborted when the job is no longer this run's (taken over, or released at this node's stop). */
  readonly signal: AbortSignal;
  /**
   * Records progress: at most every PROGRESS_EVERY_MS (`now`: at once), one write in flight; never
   * throws (a lost database shows in the work itself). `percent` is capped at 99 until `finish`.
   */
  progress(counts: Counts, now?: boolean): void;
  /**
   * Stores the outcome (percent 100, finish time), inside `tx` when given so that it commits with
   * the work. Throws JobLost when the job is no longer this run's (then nothing may be kept).
   */
  finish(outcome: Counts & { status: JobStatus; message?: string | null }, tx?: Db): Promise<void>;
}

/** A kind of job (the registry): what it runs, and how many runs it is given. */
export interface JobKind {
  kind: string;
  /**
   * Runs a job gets: a job whose node stopped this many times ends failed ('job.interrupted'),
   * so that work which itself kills a node does not go round the cluster for ever.
   */
  maxAttempts: number;
  /** The work. Throwing ends the job failed with the error's message (JobLost ends the run quietly). */
  run(ctx: AppContext, run: JobRun): Promise<void>;
  /** Once the job has ended for good (done, rejected, failed): e.g. remove its upload. */
  ended?(ctx: AppContext, row: JobRow): Promise<void>;
}

/** The runs under way on each app (released at the app's close). */
const active = new WeakMap<AppContext, Set<Run>>();

/** This node's name in runner ids (NODE_NAME, else the host name). */
const nodeOf = (ctx: AppContext) => ctx.config.nodeName ?? os.hostname();
const staleSecondsOf = (ctx: AppContext) => ctx.config.jobStaleSeconds;

/**
 * Registers `def` and its pg-boss worker on this app (each kind once per app): every node that
 * registers a kind may run its jobs.
 */
export function registerJobKind(ctx: AppContext, def: JobKind): void {
  ctx.jobs.work<{ jobId: number }>(queueOf(def.kind), ({ jobId }) => executeJob(ctx, def, jobId));
}

/** What a new job row holds besides its kind. */
export interface NewJob {
  param?: string | null;
  /** The file's name, or a short label of the selection ("plan 3"). */
  fileName: string;
  fileKey?: string | null;
  /** The expected total, for the bar before the job starts (0 when unknown). */
  total?: number;
  admin: AdminPrincipal;
}

/**
 * Writes the job row (queued, the starter and their region) and sends it to its kind's queue.
 * Returns the id. When sending fails the row is removed again and the error propagates (the caller
 * removes what it stored for the job).
 */
export async function queueJob(ctx: AppContext, kind: string, values: NewJob): Promise<number> {
  const [row] = await ctx.db
    .insert(job)
    .values({
      kind,
      param: values.param ?? null,
      fileName: values.fileName.slice(0, 200),
      fileKey: values.fileKey ?? null,
      total: values.total ?? 0,
      adminId: values.admin.id,
      provinceCode: values.admin.scope.provinceCode,
      cityCode: values.admin.scope.cityCode,
      countyCode: values.admin.scope.countyCode,
      status: JOB_STATUS.queued,
    })
    .returning({ id: job.id });
  try {
    await ctx.jobs.send(queueOf(kind), { jobId: row!.id });
  } catch (error) {
    await ctx.db
      .delete(job)
      .where(eq(job.id, row!.id))
      .catch(() => undefined);
    throw error;
  }
  return row!.id;
}

/**
 * Job `id` of `kind` if `admin` may see it: their own, or one started inside their region by someone
 * else of it (a province office sees its counties' jobs). 404 otherwise.
 */
export async function visibleJob(
  ctx: AppContext,
  kind: string,
  id: number,
  admin: AdminPrincipal,
): Promise<JobRow> {
  const [row] = await ctx.db.select().from(job).where(eq(job.id, id));
  if (!row || row.kind !== kind) throw notFound();
  const region = {
    provinceCode: row.provinceCode ?? undefined,
    cityCode: row.cityCode ?? undefined,
    countyCode: row.countyCode ?? undefined,
  };
  if (row.adminId !== admin.id && !inRegionScope(admin.scope, region)) throw notFound();
  return row;
}

/** A running job whose heartbeat is older than the stale limit (or that has none: written before). */
const staleWhere = (staleSeconds: number) =>
  and(
    eq(job.status, JOB_STATUS.running),
    or(isNull(job.heartbeatTime), lt(job.heartbeatTime, sql`now() - make_interval(secs => ${staleSeconds})`)),
  );

/**
 * The pg-boss handler of every kind: claims job `jobId` (queued, or running but abandoned), runs it,
 * and stores a failure when the kind throws. A job held by a living run elsewhere, or finished, is
 * left alone. Never throws for the job's own failure (pg-boss need not retry it: the reaper does).
 */
export async function executeJob(ctx: AppContext, def: JobKind, jobId: number): Promise<void> {
  const runner = `${nodeOf(ctx)}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const [row] = await ctx.db
    .update(job)
    .set({
      status: JOB_STATUS.running,
      attempts: sql`${job.attempts} + 1`,
      runner,
      heartbeatTime: sql`now()`,
      // The counts stay as the last run left them (a kind that resumes carries them on); the bar restarts.
      percent: 0,
      message: null,
    })
    .where(
      and(
        eq(job.id, jobId),
        eq(job.kind, def.kind),
        or(eq(job.status, JOB_STATUS.queued), staleWhere(staleSecondsOf(ctx))),
      ),
    )
    .returning();
  if (!row) return;
  const run = new Run(ctx, row, runner);
  let runs = active.get(ctx);
  if (!runs) active.set(ctx, (runs = new Set()));
  runs.add(run);
  try {
    if (row.attempts > def.maxAttempts) {
      await run.finish({ status: JOB_STATUS.failed, message: jobMessage('job.interrupted') });
    } else {
      await def.run(ctx, run);
      if (!run.finished) await run.finish({ status: JOB_STATUS.done });
    }
  } catch (error) {
    if (!(error instanceof JobLost) && !run.signal.aborted) {
      const reason = (error as Error).message ?? String(error);
      await run
        .finish({
          status: JOB_STATUS.failed,
          message: jobMessage('job.failed', { reason: reason.slice(0, 200) }),
        })
        .catch(() => undefined);
    }
  } finally {
    run.stop();
    runs.delete(run);
  }
  if (run.released) await requeue(ctx, row.id, runner);
  else if (run.finished && def.ended) await def.ended(ctx, run.job).catch(() => undefined);
  collectAfterJob();
}

/**
 * One full garbage collection after a job, when the runtime offers it (`--expose-gc`, which
 * scripts/start.mjs sets): V8 collects only when JavaScript allocates, and a node is often quiet after
 * a long job, so what an import left (its rows, batches and lookups) stayed in the heap, ~150–200 MB
 * of RSS, until the next busy spell (docs/decisions.md "Memory after jobs"). Run concurrently by V8,
 * so requests are not held for it. A no-op without the flag (tests, a node started another way).
 */
function collectAfterJob(): void {
  const gc = (globalThis as { gc?: (options?: { type: 'major'; execution: 'async' }) => unknown }).gc;
  void gc?.({ type: 'major', execution: 'async' });
}

/** Puts a job this node let go of back in the queue at once (another node takes it). */
async function requeue(ctx: AppContext, id: number, runner: string): Promise<void> {
  const [row] = await ctx.db
    .update(job)
    .set({ status: JOB_STATUS.queued, runner: null })
    .where(and(eq(job.id, id), eq(job.runner, runner), eq(job.status, JOB_STATUS.running)))
    .returning({ kind: job.kind });
  // Without the message the reaper still finds it: queued rows are not reaped, so send it now.
  if (row) await ctx.jobs.send(queueOf(row.kind), { jobId: id }).catch(() => undefined);
}

/**
 * Lets go of the jobs this app is running (the drained stop, before the queue stops): each run is
 * aborted, stops after its current item, and its job goes back to the queue for another node —
 * rather than waiting JOB_STALE_SECONDS. Resolves when the runs have ended (bounded by the stop).
 */
export async function releaseRunningJobs(ctx: AppContext): Promise<void> {
  const runs = [...(active.get(ctx) ?? [])];
  for (const run of runs) run.release();
  await Promise.all(runs.map((run) => run.ended));
}

/**
 * The reaper (every node, every JOB_STALE_SECONDS / 3): running jobs without a heartbeat for
 * JOB_STALE_SECONDS go back to the queue — one node wins each row — and are sent to their kind's
 * queue. Returns the ids re-queued.
 */
export async function requeueStaleJobs(ctx: AppContext): Promise<number[]> {
  const rows = await ctx.db
    .update(job)
    .set({ status: JOB_STATUS.queued, runner: null })
    .where(staleWhere(staleSecondsOf(ctx)))
    .returning({ id: job.id, kind: job.kind });
  for (const row of rows) {
    try {
      await ctx.jobs.send(queueOf(row.kind), { jobId: row.id });
    } catch {
      // Running again with no heartbeat: the next round tries once more.
      await ctx.db
        .update(job)
        .set({ status: JOB_STATUS.running, heartbeatTime: null })
        .where(and(eq(job.id, row.id), eq(job.status, JOB_STATUS.queued)))
        .catch(() => undefined);
    }
  }
  return rows.map((r) => r.id);
}

/** Starts this node's reaper (at once, then every JOB_STALE_SECONDS / 3); returns its stop. */
export function startJobReaper(ctx: AppContext, log: { error(message: string): void }): () => void {
  const round = () =>
    void requeueStaleJobs(ctx).catch((error: Error) => log.error(`[jobs] reaper: ${error.message}`));
  round();
  const timer = setInterval(round, (staleSecondsOf(ctx) * 1000) / 3);
  timer.unref();
  return () => clearInterval(timer);
}

class Run implements JobRun {
  job: JobRow;
  readonly signal: AbortSignal;
  finished = false;
  released = false;
  readonly ended: Promise<void>;
  private readonly controller = new AbortController();
  private readonly heartbeat: NodeJS.Timeout;
  private lastWrite = 0;
  private writing: Promise<unknown> | null = null;
  private following: Counts | null = null;
  private end!: () => void;

  constructor(
    private readonly ctx: AppContext,
    row: JobRow,
    private readonly runner: string,
  ) {
    this.job = row;
    this.signal = this.controller.signal;
    this.ended = new Promise((resolve) => (this.end = resolve));
    // Four beats within the stale limit: a living node never loses its job to a slow beat.
    this.heartbeat = setInterval(() => void this.beat(), (staleSecondsOf(ctx) * 1000) / 4);
    this.heartbeat.unref();
  }

  private mine() {
    return and(eq(job.id, this.job.id), eq(job.runner, this.runner), eq(job.status, JOB_STATUS.running));
  }

  private async beat() {
    if (this.finished || this.signal.aborted) return;
    try {
      const rows = await this.ctx.db
        .update(job)
        .set({ heartbeatTime: sql`now()` })
        .where(this.mine())
        .returning({ id: job.id });
      if (!rows.length && !this.finished) this.controller.abort(new JobLost(this.job.id));
    } catch {
      // the database is away: the work itself will fail, or the next beat gets through
    }
  }

  progress(counts: Counts, now = false) {
    if (this.finished || this.signal.aborted) return;
    if (this.writing) {
      // One write in flight; a write asked for at once follows it with the latest counts.
      if (now) this.following = counts;
      return;
    }
    if (!now && performance.now() - this.lastWrite < PROGRESS_EVERY_MS) return;
    this.lastWrite = performance.now();
    const values = {
      ...counts,
      ...(counts.percent !== undefined
        ? { percent: Math.max(0, Math.min(99, Math.floor(counts.percent))) }
        : {}),
      heartbeatTime: sql`now()`,
    };
    this.writing = this.ctx.db
      .update(job)
      .set(values)
      .where(this.mine())
      .catch(() => undefined)
      .then(() => {
        this.writing = null;
        const next = this.following;
        this.following = null;
        if (next) this.progress(next, true);
        // A following write is awaited by whoever awaits this one (finish).
        return this.writing;
      });
  }

  async finish(outcome: Counts & { status: JobStatus; message?: string | null }, tx?: Db) {
    if (this.signal.aborted) throw new JobLost(this.job.id);
    // The last progress write must not land after the outcome.
    await this.writing;
    const rows = await (tx ?? this.ctx.db)
      .update(job)
      .set({
        ...outcome,
        percent: 100,
        finishTime: this.ctx.now(),
        heartbeatTime: sql`now()`,
      })
      .where(this.mine())
      .returning();
    if (!rows.length) throw new JobLost(this.job.id);
    this.finished = true;
    this.job = rows[0]!;
  }

  release() {
    if (this.finished) return;
    this.released = true;
    this.controller.abort(new JobLost(this.job.id));
  }

  stop() {
    clearInterval(this.heartbeat);
    this.end();
  }
}

/** The back-office user a job is written for, with the region that narrows who may read it. */
export interface JobOwner {
  id: number;
  provinceCode: string | null;
  cityCode: string | null;
  countyCode: string | null;
}

/**
 * The owner of a job the system starts by itself (a scheduled retention run, the retries of failed SMS
 * notices): job.admin_id is required, and such work is nobody's in particular. The seeded
 * administrator SEEDED_ADMIN (never deleted or renamed), else the oldest holder of the built-in admin
 * role; null when neither exists (the caller queues nothing and says why).
 */
export async function systemJobOwner(db: Pick<Db, 'select'>): Promise<JobOwner | null> {
  const columns = {
    id: sysUser.id,
    provinceCode: sysUser.provinceCode,
    cityCode: sysUser.cityCode,
    countyCode: sysUser.countyCode,
  };
  const [seeded] = await db.select(columns).from(sysUser).where(eq(sysUser.userName, SEEDED_ADMIN));
  if (seeded) return seeded;
  const [holder] = await db
    .select(columns)
    .from(sysUser)
    .innerJoin(sysUserRole, eq(sysUserRole.userId, sysUser.id))
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(eq(sysRole.code, ADMIN_ROLE))
    .orderBy(asc(sysUser.id))
    .limit(1);
  return holder ?? null;
}
