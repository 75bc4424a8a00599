import PgBoss from 'pg-boss';
import type pg from 'pg';

/**
 * Background jobs on pg-boss (DESIGN "jobs": queues in PostgreSQL, so queued work survives a restart
 * and any node's worker may take it). pg-boss shares the application's connection pool and keeps its
 * tables in the schema `pgboss` of the same database.
 *
 * The queue starts on first use (a test app that never sends a job never creates pg-boss's schema)
 * or when `start()` is called — src/start.ts calls it at every start, under the start lock, so that
 * pg-boss's own schema migration and the creation of the queues of the handlers registered so far
 * never run on two nodes at once (concurrent queue creation deadlocks), and so that jobs queued
 * before a restart are picked up. Handlers are registered with `work` before or after the start.
 */
export interface Jobs {
  /** Queues `data` on `queue`; resolves once the job is stored (not run). */
  send(queue: string, data: object): Promise<void>;
  /** Runs `handler` for each job of `queue` on this node (one at a time per queue). */
  work<T extends object>(queue: string, handler: (data: T) => Promise<void>): void;
  start(): Promise<void>;
  /**
   * Stops taking new jobs on this node (the workers stop polling; jobs under way go on): the first
   * step of a stop, so that a job this node lets go of is taken by another node, not by itself.
   */
  pause(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobsLog {
  error(message: string): void;
}

/** A job that throws is retried this many times (a node died, the database restarted) before it fails. */
const RETRY_LIMIT = 2;

/** pg-boss on the application's pool. */
export function pgBossJobs(pool: pg.Pool, log: JobsLog): Jobs {
  const handlers = new Map<string, (data: object) => Promise<void>>();
  /** This node's worker of each queue: woken at once when this node sends to it. */
  const workers = new Map<string, string>();
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let stopped = false;
  let paused = false;

  const listen = async (b: PgBoss, queue: string) => {
    await b.createQueue(queue);
    if (paused) return;
    const id = await b.work<object>(queue, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await handlers.get(queue)!(job.data);
    });
    workers.set(queue, id);
  };

  const ensure = (): Promise<PgBoss> => {
    if (stopped) return Promise.reject(new Error('the job queue is stopped'));
    starting ??= (async () => {
      const b = new PgBoss({
        db: { executeSql: (text, values) => pool.query(text, values) },
        schema: 'pgboss',
        retryLimit: RETRY_LIMIT,
        retryDelay: 2,
        expireInMinutes: 30,
        // One supervisor per database is enough; every node may run it, pg-boss coordinates.
        supervise: true,
        schedule: false,
      });
      b.on('error', (error: Error) => log.error(`[jobs] ${error.message}`));
      await b.start();
      for (const queue of handlers.keys()) await listen(b, queue);
      boss = b;
      return b;
    })();
    return starting;
  };

  return {
    async send(queue, data) {
      const b = await ensure();
      await b.send(queue, data, { retryLimit: RETRY_LIMIT });
      // Without waiting for the next poll when this node works that queue (others poll as usual).
      const worker = workers.get(queue);
      if (worker) b.notifyWorker(worker);
    },
    work(queue, handler) {
      handlers.set(queue, handler as (data: object) => Promise<void>);
      if (boss) void listen(boss, queue).catch((e: Error) => log.error(`[jobs] ${e.message}`));
    },
    async start() {
      await ensure();
    },
    async pause() {
      paused = true;
      const b = boss;
      const ids = [...workers.values()];
      workers.clear();
      if (b) await Promise.all(ids.map((id) => b.offWork({ id })));
    },
    async stop() {
      stopped = true;
      if (!starting) return;
      const b = await starting.catch(() => null);
      // close: false — the pool belongs to the application, which ends it itself.
      await b?.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}
