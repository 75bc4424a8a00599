import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app';
import { withStartLock } from './db';
import { keepSpareReadWorker, stopSpareReadWorker } from './imports/engine';
import { startJobReaper } from './jobs';
import { resolveDataKeys } from './lib/data-keys';
import { startSmsNoticeRetries } from './modules/sms-notice/retry';
import { prepareDatabase, type SeedResult } from './db/seed';

export interface StartedNode {
  /** The built app, its job queue started (not yet listening: the caller listens and closes). */
  app: FastifyInstance;
  /** What the preparation did: `seeded` on the first start of a database, the menu entries added. */
  seed: SeedResult & { screensAdded: string[] };
}

/**
 * The start of one node up to `listen` (DESIGN "Runtime"; docs/decisions.md "One start lock"):
 * migrations, the first-start seed, the menu sync, the app (its key ring), and pg-boss's schema and
 * queues (then the job reaper starts) — all under the start lock (db/index.ts START_LOCK), so that N nodes started at once on one
 * database take turns: the first prepares, the others wait and then find nothing to do. `now` of the
 * options dates the demo plan of the seed. Throws "Invalid configuration" for missing data keys before
 * anything is written (lib/data-keys.ts), and what the preparation throws (the lock is released
 * and the app, if built, closed); the caller closes the database.
 */
export async function startNode(opts: AppOptions): Promise<StartedNode> {
  const { config, database } = opts;
  // A node that would be refused for its keys (shared database or production without them) is
  // refused before it migrates anything; a development node makes its keys in buildApp as before.
  if (config.production || config.databaseUrl) resolveDataKeys(config);
  return withStartLock(database.pool, async () => {
    const seed = await prepareDatabase(database.db, {
      adminPassword: config.adminPassword,
      now: opts.now?.() ?? new Date(),
    });
    const app = await buildApp(opts);
    try {
      // pg-boss's start migrates its own schema, and each queue is created: both under the lock.
      await app.ctx.jobs.start();
      // Jobs whose node stopped are put back in the queue by whichever node sees them first (src/jobs).
      const stopReaper = startJobReaper(app.ctx, app.log);
      app.addHook('onClose', async () => stopReaper());
      // Failed SMS notices due again are queued as one retry job by whichever node checks first.
      const stopRetries = startSmsNoticeRetries(app.ctx, app.log);
      app.addHook('onClose', async () => stopRetries());
      // A serving node keeps a read worker booted for its next import (imports/engine.ts).
      keepSpareReadWorker();
      app.addHook('onClose', stopSpareReadWorker);
    } catch (error) {
      await app.close().catch(() => {});
      throw error;
    }
    return { app, seed };
  });
}
