import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { migrateDatabase, openDatabase } from '../../server/src/db';
import { startEmbeddedPostgres, type EmbeddedDb } from '../../server/src/db/embedded';
import { generatePassword, seedOnce } from '../../server/src/db/seed';
import { CHROMIUM } from './browser';

/**
 * Starts the whole system for the browser tests: a fresh database (embedded, or a new database on
 * DATABASE_URL), migrated and seeded as `npm start` does, and the server with the built web app on a
 * free port. SMS codes go to a log file that the tests read, as an operator reads the console log.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
    smsLog: string;
    artifacts: string;
    /** The test database, for the few facts a test sets up behind the screens (a drafted plan, a reviewer). */
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(CHROMIUM)) {
    const hint = `Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium' (Debian).`;
    if (process.env.CI) throw new Error(hint);
    console.warn(hint);
  }
  const webDist = path.resolve(new URL('../dist', import.meta.url).pathname);
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error('packages/web/dist is missing: run `npm run build` first');

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-e2e-'));
  let embedded: EmbeddedDb | null = null;
  let url: string;
  let dropDb: (() => Promise<void>) | null = null;
  if (process.env.DATABASE_URL) {
    const name = `tegang_e2e_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDb = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    embedded = await startEmbeddedPostgres(path.join(tmp, 'pg'));
    url = embedded.url;
  }
  const adminPassword = generatePassword();
  const database = openDatabase(url, 10);
  await migrateDatabase(database.db);
  await seedOnce(database.db, { adminPassword, now: new Date() });
  const smsLog = path.join(tmp, 'sms.log');
  fs.writeFileSync(smsLog, '');
  const config = loadConfig({
    DATA_DIR: tmp,
    PORT: '0',
    HOST: '127.0.0.1',
    CAPTCHA_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: webDist,
    // The flows move plan timelines straight in the database to stand for days passing, which the
    // node's reference results learn only when they expire; a console edit clears them at once anyway.
    REFERENCE_CACHE_SECONDS: '1',
    // Given as every node of a shared database needs them (README "Several nodes"), made for this run.
    TICKET_SIGNING_KEY: randomBytes(32).toString('base64'),
    RESULT_ENCRYPTION_KEYS: `e2e:${randomBytes(32).toString('base64')}`,
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    sms: {
      send: async (m) =>
        fs.appendFileSync(smsLog, `[sms] phone=${m.phone} code=${m.code} purpose=${m.purpose}\n`),
    },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const artifacts = path.resolve(new URL('./artifacts', import.meta.url).pathname);
  fs.mkdirSync(artifacts, { recursive: true });
  project.provide('baseUrl', address);
  project.provide('adminPassword', adminPassword);
  project.provide('smsLog', smsLog);
  project.provide('artifacts', artifacts);
  project.provide('databaseUrl', url);

  return async () => {
    await app.close();
    await database.close();
    if (dropDb) await dropDb();
    if (embedded) await embedded.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
}
