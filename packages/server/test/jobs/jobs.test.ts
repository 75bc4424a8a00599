import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants as perfConstants, PerformanceObserver, performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS, jobFinished, jobResumed } from '@tegang/domain';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { job, recruitPlan, recruitPlanData } from '../../src/db/schema';
import {
  executeJob,
  JobLost,
  registerJobKind,
  releaseRunningJobs,
  requeueStaleJobs,
  type JobKind,
  type JobRow,
} from '../../src/jobs';
import { createTestApp, type TestApp } from '../helpers';
import { waitForImport, workbook } from '../imports/fixtures';

/**
 * The one jobs mechanism across nodes (src/jobs): two apps on one database stand for two nodes. A job
 * whose node died (its heartbeat stopped) is put back by the reaper and run by the other node; a run
 * that lost its job can write nothing more; a node that stops lets its jobs go at once.
 */
const STALE = 4;
let a: TestApp;
let b: FastifyInstance;
let bDir: string;
let token: string;

/** What the test kind's runs did, by job id: the node of each run, and how each ended. */
const runs = new Map<number, { node: string; outcome: string }[]>();
/** Releases the runs of job id waiting in the test kind. */
const gates = new Map<number, () => void>();

/** A kind whose run waits for the test to open its gate (or for the run to be let go of). */
function gatedKind(node: string): JobKind {
  return {
    kind: 'test.gated',
    maxAttempts: 3,
    async run(_ctx, run) {
      const seen = runs.get(run.job.id) ?? [];
      runs.set(run.job.id, seen);
      const mine = { node, outcome: 'running' };
      seen.push(mine);
      run.progress({ total: 10, processed: 1, percent: 10 });
      await new Promise<void>((resolve) => {
        gates.set(run.job.id, resolve);
        run.signal.addEventListener('abort', () => resolve());
      });
      try {
        await run.finish({ status: JOB_STATUS.done, total: 10, processed: 10 });
        mine.outcome = 'finished';
      } catch (error) {
        mine.outcome = error instanceof JobLost ? 'lost' : 'error';
        throw error;
      }
    },
  };
}

async function insertJob(values: Partial<typeof job.$inferInsert> = {}): Promise<JobRow> {
  const [row] = await a.database.db
    .insert(job)
    .values({ kind: 'test.gated', fileName: 'test', adminId: 1, status: JOB_STATUS.queued, ...values })
    .returning();
  return row!;
}

const rowOf = async (id: number) => (await a.database.db.select().from(job).where(eq(job.id, id)))[0]!;

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  a = await createTestApp({ env: { JOB_STALE_SECONDS: String(STALE), NODE_NAME: 'a' } });
  token = await a.adminToken();
  bDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-node-b-'));
  const config = loadConfig({
    DATA_DIR: bDir,
    CAPTCHA_ENABLED: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(bDir, 'no-web'),
    JOB_STALE_SECONDS: String(STALE),
    NODE_NAME: 'b',
  });
  b = await buildApp({
    config: { ...config, filesDir: a.filesDir, storage: a.app.ctx.config.storage },
    database: a.database,
    logger: false,
    sms: { send: async () => undefined },
  });
  await b.ready();
  registerJobKind(a.app.ctx, gatedKind('a'));
  registerJobKind(b.ctx, gatedKind('b'));
  await a.app.ctx.jobs.start();
  await b.ctx.jobs.start();
}, 60_000);
afterAll(async () => {
  for (const open of gates.values()) open();
  await b?.close();
  await a?.close();
  fs.rmSync(bDir, { recursive: true, force: true });
});

describe('jobs across nodes', () => {
  it('puts back a job whose node stopped beating, and another node runs it to the end', async () => {
    // What a node killed mid-run leaves: running, its heartbeat a minute old.
    const left = await insertJob({
      status: JOB_STATUS.running,
      attempts: 1,
      runner: 'c/1/dead',
      heartbeatTime: new Date(Date.now() - 60_000),
    });
    // A living run's job is not touched.
    const living = await insertJob({
      status: JOB_STATUS.running,
      attempts: 1,
      runner: 'c/1/alive',
      heartbeatTime: new Date(),
    });
    const requeued = await requeueStaleJobs(b.ctx);
    expect(requeued).toContain(left.id);
    expect(requeued).not.toContain(living.id);
    await until('the job to run again', async () => gates.get(left.id));
    expect(await rowOf(left.id)).toMatchObject({ status: JOB_STATUS.running, attempts: 2 });
    gates.get(left.id)!();
    const done = await until('the job to finish', async () => {
      const row = await rowOf(left.id);
      return jobFinished(row.status) && row;
    });
    expect(done).toMatchObject({ status: JOB_STATUS.done, attempts: 2, percent: 100 });
    expect(runs.get(left.id)).toHaveLength(1);
    expect(runs.get(left.id)![0]!.outcome).toBe('finished');
    expect(jobResumed(done)).toBe(true);
    expect(await rowOf(living.id)).toMatchObject({ status: JOB_STATUS.running, runner: 'c/1/alive' });
  });

  it('a run whose job was taken over writes nothing more', async () => {
    const row = await insertJob();
    const running = executeJob(a.app.ctx, gatedKind('a'), row.id);
    await until('the run to start', async () => gates.get(row.id));
    // Another node took the job over meanwhile (its reaper found no beat, as after a long pause).
    await a.database.db
      .update(job)
      .set({ runner: 'b/2/other', heartbeatTime: new Date() })
      .where(eq(job.id, row.id));
    // The next beat (every STALE / 4 s) finds the job gone and aborts the run.
    await running;
    expect(runs.get(row.id)![0]!.outcome).toBe('lost');
    expect(await rowOf(row.id)).toMatchObject({
      status: JOB_STATUS.running,
      runner: 'b/2/other',
      percent: 10,
    });
  });

  it('a stopping node lets its running job go at once, and the other node runs it', async () => {
    const row = await insertJob();
    const running = executeJob(a.app.ctx, gatedKind('a'), row.id);
    await until('the run on a', async () => gates.get(row.id));
    gates.delete(row.id);
    // What a's stop does first (app.ts onClose): take no new job, let the running ones go.
    await a.app.ctx.jobs.pause();
    await releaseRunningJobs(a.app.ctx);
    await running;
    expect(runs.get(row.id)![0]).toEqual({ node: 'a', outcome: 'lost' });
    // Back in the queue without waiting for the stale limit: b's worker takes it.
    await until('the run on b', async () => gates.get(row.id));
    gates.get(row.id)!();
    const done = await until('the job to finish', async () => {
      const r = await rowOf(row.id);
      return jobFinished(r.status) && r;
    });
    expect(done).toMatchObject({ status: JOB_STATUS.done, attempts: 2 });
    expect(runs.get(row.id)!.map((r) => r.node)).toEqual(['a', 'b']);
  });

  it('an import left running by a killed node is read again elsewhere and its rows written once', async () => {
    const [demo] = await a.database.db.select().from(recruitPlan).limit(1);
    const { id: _id, createTime: _c, updateTime: _u, ...rest } = demo!;
    const [plan] = await a.database.db
      .insert(recruitPlan)
      .values({ ...rest, name: '接续导入计划', status: '0' })
      .returning();
    const fileKey = `imports/left-by-a-${process.pid}.xlsx`;
    await a.app.ctx.storage.put(
      fileKey,
      await workbook([
        ['县（区）', '计划类别', '学段', '学科', '需求人数'],
        ['南明区', '普通岗位', '小学', '语文', 5],
        ['520103', '02', '初中', '数学', '3'],
      ]),
    );
    const left = await insertJob({
      kind: 'planData',
      param: String(plan!.id),
      fileName: 'demand.xlsx',
      fileKey,
      status: JOB_STATUS.running,
      attempts: 1,
      runner: 'a/1/killed',
      heartbeatTime: new Date(Date.now() - 60_000),
      provinceCode: '520000',
    });
    expect(await requeueStaleJobs(b.ctx)).toEqual([left.id]);
    const view = await waitForImport(a, '/recruit/recruitPlanData', left.id, token);
    expect(view, view.message ?? '').toMatchObject({ status: JOB_STATUS.done, imported: 2, attempts: 2 });
    const rows = await a.database.db
      .select()
      .from(recruitPlanData)
      .where(eq(recruitPlanData.planId, plan!.id));
    expect(rows).toHaveLength(2);
    // The upload is removed once the job has ended: the job's `ended` step runs just after its
    // final state is stored, so a reader can see 'done' a moment before the file is gone.
    await until('the upload to be removed', async () => (await a.app.ctx.storage.get(fileKey)) === null);
  });

  it('asks the runtime for one full collection after a job, when it offers gc', async () => {
    // What `npm start` gives the server (--expose-gc): a real gc, recorded as it is called.
    v8.setFlagsFromString('--expose-gc');
    const realGc = vm.runInNewContext('gc') as (options?: object) => unknown;
    const calls: unknown[] = [];
    const majors: number[] = [];
    const observer = new PerformanceObserver((list) => {
      // A gc entry's `detail` is {kind, flags} (Node's perf_hooks), missing from the PerformanceEntry type.
      for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[])
        if (entry.detail?.kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR) majors.push(entry.startTime);
    });
    observer.observe({ entryTypes: ['gc'] });
    const global = globalThis as { gc?: (options?: object) => unknown };
    global.gc = (options) => {
      calls.push(options);
      return realGc(options);
    };
    try {
      const row = await insertJob();
      const running = executeJob(b.ctx, gatedKind('b'), row.id);
      await until('the run to start', async () => gates.get(row.id));
      expect(calls).toEqual([]);
      const ended = performance.now();
      gates.get(row.id)!();
      await running;
      expect(calls).toEqual([{ type: 'major', execution: 'async' }]);
      await until('a full collection', async () => majors.some((t) => t >= ended));
    } finally {
      delete global.gc;
      observer.disconnect();
    }
  });

  it('refuses a JOB_STALE_SECONDS below 4 or not a number at start, naming it', () => {
    for (const value of ['2', 'soon'])
      expect(() => loadConfig({ DATA_DIR: bDir, JOB_STALE_SECONDS: value })).toThrow(/JOB_STALE_SECONDS/);
    expect(loadConfig({ DATA_DIR: bDir }).jobStaleSeconds).toBe(45);
  });
});
