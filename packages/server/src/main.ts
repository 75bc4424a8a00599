import path from 'node:path';
import { loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db';
import { startEmbeddedPostgres, type EmbeddedDb } from './db/embedded';
import { seedOnce } from './db/seed';
import { buildApp } from './app';

/**
 * `npm start` (DESIGN "Runtime"): embedded PostgreSQL in DATA_DIR/pg unless DATABASE_URL is set,
 * migrations, the one-time seed, then API and web on PORT. Ctrl-C (SIGINT) or SIGTERM stops the
 * server and then the database cleanly.
 */
async function main() {
  const config = loadConfig();
  let embedded: EmbeddedDb | null = null;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'));
    url = embedded.url;
  }
  const database = openDatabase(url, 20);
  await migrateDatabase(database.db);
  const seed = await seedOnce(database.db, { adminPassword: config.adminPassword, now: new Date() });
  if (seed.generatedAdminPassword) {
    console.log(
      `\n  First start: the back-office user "admin" has the password  ${seed.generatedAdminPassword}\n  It is shown only this once; change it after logging in.\n`,
    );
  }
  const app = await buildApp({ config, database });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: stopping`);
    await app.close();
    await database.close();
    if (embedded) await embedded.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  console.log(
    `  Tegang is running: candidates http://localhost:${config.port}/web/login · console http://localhost:${config.port}/login · API docs http://localhost:${config.port}/docs`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
