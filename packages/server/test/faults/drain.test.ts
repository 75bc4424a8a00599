import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { withDatabase } from '../setup/global';

/**
 * A drained stop (README "Stopping", main.ts): on SIGTERM `/ready` answers 503 "draining" at once, the
 * node keeps serving for SHUTDOWN_GRACE_SECONDS, then stops accepting, finishes every request already
 * sent (none is reset, none is refused with a 503), closes its keep-alive sockets and exits 0 soon after.
 * Real process: `node --import tsx packages/server/src/main.ts` as `npm start` runs it, on a new
 * database. The slow requests are real ones: an open route whose table the test holds locked.
 */

const ROOT = path.resolve(new URL('../../../..', import.meta.url).pathname);
const MAIN = 'packages/server/src/main.ts';
const GRACE_S = 2;
const SLOW_URL = '/admin/websiteConfig/getWebsiteConfig';

let child: ChildProcess | null = null;
let dataDir: string;
let dbUrl: string;
const KEYS = {
  ticket: randomBytes(32).toString('base64'),
  results: `k1:${randomBytes(32).toString('base64')}`,
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-drain-'));
  const name = `${inject('templateDb')}_drain_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('pgUrl') });
  await admin.connect();
  await admin.query(`create database ${name}`); // empty: the start migrates and seeds it
  await admin.end();
  dbUrl = withDatabase(inject('pgUrl'), name);
});

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `npm start`'s server on the test database with `extra` settings; resolves once it runs. */
async function startServer(extra: Record<string, string>) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    CAPTCHA_ENABLED: 'false',
    ADMIN_PASSWORD: 'Drain-test-1',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
    TICKET_SIGNING_KEY: KEYS.ticket,
    RESULT_ENCRYPTION_KEYS: KEYS.results,
    ...extra,
  };
  const started = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: ROOT, env });
  child = started;
  let out = '';
  started.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  started.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    started.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  // The server says it runs once the job queue has started too (main.ts).
  for (let i = 0; i < 600 && !out.includes('Tegang is running'); i++) {
    if (started.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(out, out).toContain('Tegang is running');
  return { child: started, base: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Holds `sys_website_config` locked: the open route that reads it waits until `release`. */
async function lockSlowRoute() {
  const locker = new pg.Client({ connectionString: dbUrl });
  await locker.connect();
  await locker.query('begin');
  await locker.query('lock table sys_website_config in access exclusive mode');
  return {
    /** Requests waiting on the lock. */
    waiting: async () =>
      (
        await locker.query<{ n: number }>(
          `select count(*)::int as n from pg_locks where relation = 'sys_website_config'::regclass and not granted`,
        )
      ).rows[0]!.n,
    release: async () => {
      await locker.query('commit');
      await locker.end();
    },
  };
}

describe('SIGTERM under load', () => {
  it('says draining at once, answers every request already sent, and exits 0 soon after the grace', async () => {
    const server = await startServer({
      SHUTDOWN_GRACE_SECONDS: String(GRACE_S),
      SHUTDOWN_TIMEOUT_SECONDS: '20',
    });
    const { base, exited } = server;
    const out = server.output;

    // One keep-alive client: a socket per request in flight, kept open after each answer.
    const client = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    const get = (url: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get(`${base}${url}`, { agent: client }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
            res.on('error', reject);
          })
          .on('error', reject);
      });
    const warm = await Promise.all(Array.from({ length: 10 }, () => get(SLOW_URL)));
    expect(warm.map((r) => r.status)).toEqual(Array(10).fill(200)); // ten sockets kept open

    // The route's table is locked: 40 requests sent, none answered until the test lets go.
    const lock = await lockSlowRoute();
    const answers = Array.from({ length: 40 }, () =>
      get(SLOW_URL).catch((e: Error) => ({ status: 0, body: e.message })),
    );
    // Every request reached the server and waits on the lock.
    for (let i = 0; i < 100; i++) {
      if ((await lock.waiting()) >= 15) break; // the pool (20 connections) holds the rest of them waiting
      await new Promise((r) => setTimeout(r, 100));
    }

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // /ready on a new connection says draining at once: well inside the grace (no database call: the
    // pool is busy), however loaded the machine running the test.
    await new Promise((r) => setTimeout(r, 20));
    const probe = await fetch(`${base}/ready`, { signal: AbortSignal.timeout(2000) }).then(
      async (r) => ({
        status: r.status,
        body: (await r.json()) as { data: { status: string } },
        at: Date.now(),
      }),
      (e: Error) => ({ status: 0, body: { data: { status: e.message } }, at: Date.now() }),
    );
    expect(probe.status, out()).toBe(503);
    expect(probe.body.data.status).toBe('draining');
    expect(probe.at - signalled).toBeLessThan((GRACE_S * 1000) / 2);
    // During the grace it still serves (the balancer has not noticed yet).
    expect((await fetch(`${base}/health`)).status).toBe(200);

    // After the grace no new connection is accepted; the requests already sent are still waiting.
    await new Promise((r) => setTimeout(r, GRACE_S * 1000 + 700));
    await expect(fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    await lock.release();

    const results = await Promise.all(answers);
    const failed = results.filter((r) => r.status !== 200);
    expect(failed.length, JSON.stringify(failed.slice(0, 3))).toBe(0);
    const end = await exited;
    expect(end.code, out()).toBe(0);
    expect(end.at - signalled).toBeLessThan((GRACE_S + 5) * 1000);
    client.destroy();
  }, 120_000);

  it('exits 1 past SHUTDOWN_TIMEOUT_SECONDS, naming the step it was in, when a request never ends', async () => {
    const server = await startServer({ SHUTDOWN_GRACE_SECONDS: '0', SHUTDOWN_TIMEOUT_SECONDS: '2' });
    const lock = await lockSlowRoute();
    try {
      const stuck = fetch(`${server.base}${SLOW_URL}`).catch(() => null);
      for (let i = 0; i < 50 && (await lock.waiting()) < 1; i++) await new Promise((r) => setTimeout(r, 100));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const end = await server.exited;
      expect(end.code, server.output()).toBe(1);
      expect(end.at - signalled).toBeLessThan(5000);
      expect(server.output()).toMatch(
        /Tegang did not stop cleanly: SHUTDOWN_TIMEOUT_SECONDS \(2 s\) passed while finishing the requests in flight/,
      );
      await stuck;
    } finally {
      await lock.release();
    }
  }, 120_000);
});
