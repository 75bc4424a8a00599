import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDb } from '../../src/db/embedded';

/**
 * `kill -9` of the server leaves its embedded PostgreSQL running. The next start
 * must find that orphan (a postgres on our own data directory), stop it cleanly and come up; it must
 * never touch a process that is not our postgres; every start failure says what went wrong.
 * Real processes: `node --import tsx packages/server/src/main.ts`, as `npm start` runs it.
 */

const ROOT = path.resolve(new URL('../../../..', import.meta.url).pathname);
const MAIN = 'packages/server/src/main.ts';

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];
let dataDir: string;
let others: EmbeddedDb | null = null;
let otherDir: string | null = null;

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

/** Starts the server as `npm start` does, on the embedded cluster of `dir` (no DATABASE_URL). */
async function startServer(dir: string): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: 'Orphan-test-1',
    CAPTCHA_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dir, 'no-web'),
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: ROOT, env });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, output: () => out, exited };
}

/** Waits until GET `url` answers `status`, or the process exits, or `ms` pass. */
async function waitFor(server: Server, url: string, status: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < end && !gone) {
    try {
      const answer = await fetch(`http://127.0.0.1:${server.port}${url}`, {
        signal: AbortSignal.timeout(2000),
      });
      if (answer.status === status) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

/** Stops a server with SIGTERM (as a supervisor does) and returns its exit code. */
async function stopServer(server: Server): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  server.child.kill('SIGTERM');
  return Promise.race([server.exited, new Promise<null>((r) => setTimeout(() => r(null), 30_000))]);
}

const pidFile = () => path.join(dataDir, 'pg', 'postmaster.pid');
const postmasterPid = () =>
  fs.existsSync(pidFile()) ? Number(fs.readFileSync(pidFile(), 'utf8').split('\n')[0]) : null;
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-orphan-'));
});

/** Every live postgres whose command line names one of `dirs` (only clusters this test made). */
function postgresOn(dirs: string[]): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (path.basename(args[0] ?? '') === 'postgres' && dirs.some((d) => args.includes(path.join(d, 'pg'))))
        pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids.filter(alive);
}

afterAll(async () => {
  // Whatever happened, no process of this test outlives it: servers, then any postgres on our dirs.
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await others?.stop();
  const dirs = [dataDir, otherDir].filter((d): d is string => Boolean(d));
  for (const pid of postgresOn(dirs)) process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && postgresOn(dirs).length; i++) await new Promise((r) => setTimeout(r, 100));
  for (const pid of postgresOn(dirs)) process.kill(pid, 'SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('start after a crash', () => {
  it('kill -9 of the server, then a new start stops the orphaned PostgreSQL and comes up', async () => {
    const first = await startServer(dataDir);
    expect(await waitFor(first, '/admin/websiteConfig/getWebsiteConfig', 200, 90_000), first.output()).toBe(
      true,
    );
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const orphan = postmasterPid()!;
    first.child.kill('SIGKILL');
    await first.exited;
    expect(alive(orphan)).toBe(true); // the cluster outlived its server

    const second = await startServer(dataDir);
    const up = await waitFor(second, '/admin/websiteConfig/getWebsiteConfig', 200, 90_000);
    expect(second.output()).not.toMatch(/^undefined$/m);
    expect(up, second.output()).toBe(true);
    expect((await fetch(`http://127.0.0.1:${second.port}/ready`)).status).toBe(200);
    expect(alive(orphan)).toBe(false);
    expect(second.output()).toContain(`orphaned PostgreSQL (pid ${orphan})`);

    // a clean stop ends the server and its cluster, and says nothing alarming
    const cluster = postmasterPid()!;
    expect(await stopServer(second), second.output()).toBe(0);
    expect(alive(cluster)).toBe(false);
    expect(fs.existsSync(pidFile())).toBe(false);
  }, 240_000);

  it('a postmaster.pid naming a live process that is not our postgres is left alone (its process untouched)', async () => {
    // A pid reused by an unrelated program, and a postgres of another data directory.
    otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-other-'));
    others = await startEmbeddedPostgres(path.join(otherDir, 'pg'));
    const otherPidFile = path.join(otherDir, 'pg', 'postmaster.pid');
    const otherPid = Number(fs.readFileSync(otherPidFile, 'utf8').split('\n')[0]);
    const sleeper = spawn('sleep', ['300']);
    children.push(sleeper);
    for (const stranger of [sleeper.pid!, otherPid]) {
      const lines = fs.readFileSync(otherPidFile, 'utf8').split('\n');
      lines[0] = String(stranger);
      fs.writeFileSync(pidFile(), lines.join('\n'));
      const server = await startServer(dataDir);
      const up = await waitFor(server, '/ready', 200, 90_000);
      expect(up, server.output()).toBe(true);
      expect(alive(stranger)).toBe(true);
      expect(await stopServer(server), server.output()).toBe(0);
    }
    sleeper.kill('SIGKILL');
  }, 240_000);

  it('a start that fails says why (never "undefined") and leaves no PostgreSQL running', async () => {
    const conf = path.join(dataDir, 'pg', 'postgresql.conf');
    const original = fs.readFileSync(conf, 'utf8');
    fs.appendFileSync(conf, '\nshared_buffers = not-a-size\n');
    try {
      const server = await startServer(dataDir);
      const code = await Promise.race([
        server.exited,
        new Promise<string>((r) => setTimeout(() => r('timeout'), 60_000)),
      ]);
      expect(code, server.output()).toBe(1);
      expect(server.output()).not.toMatch(/^undefined$/m);
      expect(server.output()).toMatch(/PostgreSQL did not start/);
      expect(server.output()).toMatch(/shared_buffers/);
      const pid = postmasterPid();
      expect(pid === null || !alive(pid)).toBe(true);
    } finally {
      fs.writeFileSync(conf, original);
    }
  }, 120_000);
});
