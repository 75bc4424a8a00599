import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { migrateDatabase, openDatabase, type Database } from '../../src/db';
import { startEmbeddedPostgres, type EmbeddedDb } from '../../src/db/embedded';

/**
 * PostgreSQL going away underneath a running server. The server keeps answering
 * /health, answers 503 on /ready while the database is unreachable, and its database routes answer
 * again once PostgreSQL is back, without a server restart.
 */

let tmp: string;
let dir: string;
let embedded: EmbeddedDb;
let database: Database;
let app: FastifyInstance;
let port: number;

/** A database route that every visitor calls (login page): open, one select. */
const DB_ROUTE = '/admin/websiteConfig/getWebsiteConfig';

const get = async (url: string) => {
  const raw = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
  return { status: raw.statusCode, body: raw.json() as { code: number; msg: string; data: unknown } };
};

/** Polls `check` until it holds or `ms` pass; returns whether it held. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

const postmasterPid = () => Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-restart-'));
  dir = path.join(tmp, 'pg');
  embedded = await startEmbeddedPostgres(dir);
  port = Number(new URL(embedded.url).port);
  database = openDatabase(embedded.url, 5);
  await migrateDatabase(database.db);
  const config = loadConfig({
    DATA_DIR: tmp,
    CAPTCHA_ENABLED: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(tmp, 'no-web'),
  });
  app = await buildApp({ config, database, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  // bounded: a cluster that cannot be stopped must not hang the run; then nothing may outlive the test
  await Promise.race([embedded?.stop(), new Promise((r) => setTimeout(r, 20_000))]).catch(() => {});
  if (fs.existsSync(path.join(dir, 'postmaster.pid'))) {
    const pid = postmasterPid();
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(dir))
        process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

describe('PostgreSQL restarts underneath a running server', () => {
  it('GET /health answers without the database; GET /ready checks it', async () => {
    const health = await get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ code: 200, data: { status: 'up' } });
    const ready = await get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ code: 200, data: { status: 'ready', database: 'up' } });
  });

  it('stopped and started again on the same port: /ready and database routes are 503 while down, then every route answers again', async () => {
    expect((await get(DB_ROUTE)).status).toBe(200);
    await embedded.stop();
    try {
      const down = await get('/ready');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ code: 503, data: { status: 'not ready', database: 'down' } });
      expect(down.body.msg).toBeTruthy();
      expect((await get('/health')).status).toBe(200);
      // a database route says the service is unavailable (503, retry later), never a bare 500
      const route = await get(DB_ROUTE);
      expect(route.status).toBe(503);
      expect(route.body).toMatchObject({ code: 503, data: null });
    } finally {
      embedded = await startEmbeddedPostgres(dir, port);
    }
    expect(await eventually(async () => (await get(DB_ROUTE)).status === 200, 10_000)).toBe(true);
    expect((await get('/ready')).status).toBe(200);
    // every connection of the pool works again, not just one
    const burst = await Promise.all(Array.from({ length: 12 }, () => get(DB_ROUTE)));
    expect(burst.map((a) => a.status)).toEqual(Array(12).fill(200));
  });

  it('killed (kill -9 of the postmaster): the server brings its cluster back on the same port by itself', async () => {
    expect((await get(DB_ROUTE)).status).toBe(200);
    const killed = postmasterPid();
    process.kill(killed, 'SIGKILL');
    // its backends notice the postmaster's death and end: the database is gone
    expect(await eventually(async () => (await get(DB_ROUTE)).status >= 500, 10_000)).toBe(true);
    // no one restarts PostgreSQL here but the server's own supervision of its embedded cluster
    expect(await eventually(async () => (await get(DB_ROUTE)).status === 200, 60_000)).toBe(true);
    expect((await get('/ready')).status).toBe(200);
    expect(postmasterPid()).not.toBe(killed);
    expect(new URL(embedded.url).port).toBe(String(port));
    const burst = await Promise.all(Array.from({ length: 12 }, () => get(DB_ROUTE)));
    expect(burst.map((a) => a.status)).toEqual(Array(12).fill(200));
  }, 90_000);
});
