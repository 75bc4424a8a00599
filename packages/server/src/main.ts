import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { describeError, startEmbeddedPostgres, takeOverSignals, type EmbeddedDb } from './db/embedded';
import { startNode } from './start';
import { CONSOLE_SMS_WARNING } from './integrations/sms';
import { startFileSweep } from './lib/file-sweep';
import { startRetention } from './modules/retention/trigger';
import { stopDrained } from './modules/health/drain';

/**
 * `npm start` (DESIGN "Runtime"): embedded PostgreSQL in DATA_DIR/pg unless DATABASE_URL is set,
 * then src/start.ts startNode under the start lock — migrations, the one-time seed, the menu sync (new
 * SCREENS rows reach an existing database), the app, the job queue (picking up jobs queued before a
 * restart) — then API and web on PORT. Ctrl-C (SIGINT) or SIGTERM stops the
 * server and then the database cleanly. A PostgreSQL orphaned in DATA_DIR/pg by a killed server is
 * stopped first; the embedded cluster is restarted if it dies while the server runs. Any failure to
 * start prints one clear message, stops what was started, and exits 1.
 */
async function main() {
  const config = loadConfig();
  // DATA_DIR holds the cluster, its password and the candidates' files: owner only.
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(config.dataDir, 0o700);
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'));
    url = embedded.url;
  }
  const database = openDatabase(url, 20);
  opened = database;
  // Migrations, seed, menu sync, the app and its job queue, under the start lock (src/start.ts).
  const { app, seed } = await startNode({ config, database });
  if (seed.screensAdded.length)
    console.log(`[menu] added to the back-office menu: ${seed.screensAdded.join(', ')}`);
  if (seed.generatedAdminPassword) {
    console.log(
      `\n  First start: the back-office user "admin" has the password  ${seed.generatedAdminPassword}\n  It is shown only this once; change it after logging in.\n`,
    );
  }
  let stopping = false;
  // The retention trigger's timer, started once the server listens.
  let stopRetention = () => {};
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopRetention();
    app.log.info(`${signal}: stopping`);
    // Drained (modules/health/drain.ts): /ready 503 at once, serve through the grace, finish what was
    // sent, stop the workers, then the pool and the cluster last; bounded by SHUTDOWN_TIMEOUT_SECONDS.
    // Ctrl-C (SIGINT) is a person at a terminal, not a balancer: no grace, the rest as for SIGTERM.
    const limits = signal === 'SIGINT' ? { ...config.shutdown, graceSeconds: 0 } : config.shutdown;
    const outcome = await stopDrained(app, limits, [
      { name: 'closing the database pool', run: () => database.close() },
      { name: 'stopping PostgreSQL', run: async () => void (await embedded?.stop()) },
    ]);
    if (!outcome.ok) {
      console.error(`Tegang did not stop cleanly: ${outcome.reason}`);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGHUP', () => void stop('SIGHUP'));
  // From here on the stop above is the only one: the cluster goes last, after the server and its pool.
  takeOverSignals();
  await app.listen({ port: config.port, host: config.host });
  startFileSweep(app.ctx, app.log); // unreferenced photos and PDFs, now and daily (lib/file-sweep.ts)
  // Plans past their retention period and unused candidate accounts, now and daily (modules/retention).
  stopRetention = startRetention(app.ctx, app.log);
  const port = (app.server.address() as AddressInfo).port;
  console.log(
    `  Tegang is running: candidates http://localhost:${port}/web/login · console http://localhost:${port}/login · API docs http://localhost:${port}/docs`,
  );
  if (config.sms.provider === 'console') console.warn(`  Warning: ${CONSOLE_SMS_WARNING}`);
}

/** What a failed start has opened so far, closed before exiting (no orphaned PostgreSQL). */
let embedded: EmbeddedDb | null = null;
let opened: { close(): Promise<void> } | null = null;

main().catch(async (error: unknown) => {
  console.error(`Tegang did not start: ${describeError(error)}`);
  await opened?.close().catch(() => {});
  await embedded
    ?.stop()
    .catch((e: unknown) => console.error(`  and PostgreSQL did not stop: ${describeError(e)}`));
  process.exit(1);
});
