// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver has no published types; its declaration sits with the server tests, outside this package
/// <reference path="../../server/test/file/s3rver.d.ts" />
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDb } from '../../server/src/db/embedded';
import { startS3 } from '../../server/test/file/s3-server';

/**
 * Two Tegang nodes behind nginx on this machine, as README "Several nodes" deploys them: one fresh
 * database (a new database on DATABASE_URL, else an embedded PostgreSQL), one S3-compatible bucket
 * (s3rver), one Redis database (TEST_REDIS_URL, database 14, flushed first), the same secrets on both
 * nodes, each node started as `npm start` starts it (`node scripts/start.mjs`) with its own DATA_DIR,
 * PORT and NODE_NAME, and nginx (a non-daemon process with its own prefix) balancing round robin to
 * both, passing X-Forwarded-For and X-Request-Id and skipping a node that refuses or answers 502/503.
 *
 * Used by the two-node browser test (two-nodes.e2e.test.ts) and the benchmark (server/bench/two-nodes.ts).
 */

/** The repository root: `npm start` runs from here. */
const ROOT = path.resolve(new URL('../../..', import.meta.url).pathname);
/** Debian's nginx (the `nginx` package; `.ci/run` installs it). */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** Seconds after which a job whose node stopped beating is taken over by another node (set low here). */
export const JOB_STALE_SECONDS = 10;

export type NodeName = 'a' | 'b';

export interface ClusterNode {
  name: NodeName;
  port: number;
  /** `http://127.0.0.1:<port>`: the node directly, past nginx. */
  url: string;
  dataDir: string;
  /** This node's stdout and stderr (pino lines carry `"node":"<name>"`), appended across restarts. */
  log: string;
  /** The running `node scripts/start.mjs` (leader of its own process group), or null when down. */
  proc: ChildProcess | null;
}

export interface Cluster {
  /** nginx: `http://127.0.0.1:<port>`. */
  url: string;
  nodes: Record<NodeName, ClusterNode>;
  /** The cluster's own database (for the facts a test sets up or checks behind the screens). */
  databaseUrl: string;
  /** Password of the seeded back-office user `admin`. */
  adminPassword: string;
  /** Every `[sms] phone=… code=… purpose=…` line either node logged (SMS_PROVIDER=console), in order. */
  smsLog: string;
  /** The bucket's S3 client and settings (s3rver), to look at stored files. */
  s3: Awaited<ReturnType<typeof startS3>>;
  /** The environment both nodes share (secrets, database, storage, Redis). */
  env: Record<string, string>;
  /** Starts node `name` again (after kill) and waits for its /ready. */
  restart(name: NodeName): Promise<void>;
  /** Kills node `name` (its whole process group: start.mjs and the server), SIGKILL by default. */
  kill(name: NodeName, signal?: NodeJS.Signals): Promise<void>;
  /** Stops nginx and both nodes, the bucket and the database; removes every temporary folder. */
  stop(): Promise<void>;
}

/** Why the cluster cannot run on this machine (nginx, Redis or the web build missing), or null. */
export async function clusterUnavailable(): Promise<string | null> {
  if (!fs.existsSync(NGINX))
    return `nginx not found at ${NGINX}: install it with 'apt-get install -y nginx' (Debian).`;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl) return 'TEST_REDIS_URL is not set: the nodes share SMS codes and limits through Redis.';
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis at TEST_REDIS_URL does not answer: ${(error as Error).message}`;
  } finally {
    redis.disconnect();
  }
  return null;
}

/** A free TCP port on loopback (asked of the kernel, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The last `lines` lines of `file` (for a failure message). */
function tail(file: string, lines = 30): string {
  if (!fs.existsSync(file)) return '';
  return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

/** Resolves once GET `url` answers 200, polling every 200 ms; throws after `timeoutMs` or when `alive()` turns false. */
async function waitFor200(url: string, timeoutMs: number, alive: () => boolean, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`${what} exited before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${what}: ${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/** Resolves when `proc` has exited (at once when it already has). */
function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => proc.once('exit', () => resolve()));
}

/** Sends `signal` to the process group led by `proc` (spawned detached); ignores a group already gone. */
function signalGroup(proc: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-proc.pid!, signal);
  } catch {
    // already gone
  }
}

/** nginx.conf: round robin to the nodes, forwarded client address and request id, failed nodes skipped. */
function nginxConf(dir: string, port: number, upstreams: number[]): string {
  const asRoot = process.getuid?.() === 0;
  return `# Written by packages/web/e2e/cluster.ts for one test run.
${asRoot ? 'user root;' : ''}
daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 60m;
  # The client's own request id when it sent one, else nginx's.
  map $http_x_request_id $tegang_request_id {
    default $http_x_request_id;
    "" $request_id;
  }
  upstream tegang {
    # A node that refused a connection is left out for 2 s, then tried again.
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://tegang;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $tegang_request_id;
      # A killed node (refused, reset) or a draining one (503) is skipped for the next node.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 300s;
      proxy_send_timeout 300s;
    }
  }
}
`;
}

/**
 * Starts the cluster: database, bucket, Redis, the web build (once, before the nodes: both would
 * build it at once otherwise), both nodes at the same moment (the start lock takes turns), nginx; resolves
 * when both nodes' /ready and nginx's /health answer 200. `env` is added to both nodes' environment
 * (e.g. LOG_LEVEL). Throws with the failing node's last log lines; what was started is stopped again.
 */
export async function start(options: { env?: Record<string, string> } = {}): Promise<Cluster> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-cluster-'));
  const cleanups: (() => Promise<void>)[] = [];
  const nodes = {} as Record<NodeName, ClusterNode>;
  let nginx: ChildProcess | null = null;
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (nginx) {
      signalGroup(nginx, 'SIGQUIT');
      await Promise.race([exited(nginx), sleep(5000)]);
      signalGroup(nginx, 'SIGKILL');
    }
    await Promise.all(
      Object.values(nodes).map(async (node) => {
        const proc = node.proc;
        if (!proc) return;
        signalGroup(proc, 'SIGTERM');
        await Promise.race([exited(proc), sleep(15_000)]);
        signalGroup(proc, 'SIGKILL');
        await exited(proc);
        node.proc = null;
      }),
    );
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    fs.rmSync(tmp, { recursive: true, force: true });
  };

  try {
    // The database.
    let databaseUrl: string;
    if (process.env.DATABASE_URL) {
      const name = `tegang_cluster_${process.pid}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      const u = new URL(process.env.DATABASE_URL);
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
      cleanups.push(async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
    } else {
      const embedded: EmbeddedDb = await startEmbeddedPostgres(path.join(tmp, 'pg'));
      databaseUrl = embedded.url;
      cleanups.push(async () => void (await embedded.stop()));
    }

    // The bucket.
    const s3 = await startS3('tegang-cluster');
    cleanups.push(() => s3.close());

    // Redis database 14, empty.
    const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    redisUrl.pathname = '/14';
    const redis = new Redis(redisUrl.toString(), { maxRetriesPerRequest: 1 });
    await redis.flushdb();
    redis.disconnect();

    // The web app, built once before both nodes (scripts/start.mjs builds it when missing).
    if (!fs.existsSync(path.join(ROOT, 'packages/web/dist/index.html'))) {
      const build = spawnSync('npm', ['run', 'build', '-w', '@tegang/web'], { cwd: ROOT, stdio: 'inherit' });
      if (build.status !== 0) throw new Error('the web build failed');
    }

    const adminPassword = `Adm1!${randomBytes(6).toString('hex')}`;
    const smsLog = path.join(tmp, 'sms.log');
    fs.writeFileSync(smsLog, '');
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      // The same secrets on every node (README "Several nodes"), made for this run.
      TICKET_SIGNING_KEY: randomBytes(32).toString('base64'),
      RESULT_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      ADMIN_PASSWORD: adminPassword,
      ...s3.env,
      REDIS_URL: redisUrl.toString(),
      TRUST_PROXY: '1',
      CAPTCHA_ENABLED: 'false',
      SMS_PROVIDER: 'console',
      LOGIN_RATE_LIMIT: '0',
      CAPTCHA_RATE_LIMIT: '0',
      JOB_STALE_SECONDS: String(JOB_STALE_SECONDS),
      SHUTDOWN_GRACE_SECONDS: '1',
      LOG_LEVEL: 'info',
      ...options.env,
    };

    const launchNode = (node: ClusterNode) => {
      const out = fs.openSync(node.log, 'a');
      const proc = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: ROOT,
        // Its own process group: a kill reaches start.mjs and the server under it together.
        detached: true,
        stdio: ['ignore', 'pipe', out],
        env: {
          ...process.env,
          // The harness's own NODE_OPTIONS (vitest, tsx) are not the node's.
          NODE_OPTIONS: '',
          ...env,
          DATA_DIR: node.dataDir,
          PORT: String(node.port),
          NODE_NAME: node.name,
        },
      });
      fs.closeSync(out);
      // Every line to the node's log; the console SMS provider's lines also to the shared SMS log,
      // which a test reads as an operator reads the console.
      let rest = '';
      proc.stdout!.on('data', (chunk: Buffer) => {
        const text = rest + chunk.toString('utf8');
        const lines = text.split('\n');
        rest = lines.pop()!;
        fs.appendFileSync(node.log, lines.map((l) => `${l}\n`).join(''));
        const sms = lines.filter((l) => l.includes('[sms] phone='));
        if (sms.length) fs.appendFileSync(smsLog, sms.map((l) => `${l}\n`).join(''));
      });
      proc.on('exit', () => {
        if (node.proc === proc) node.proc = null;
      });
      node.proc = proc;
      return proc;
    };
    const waitReady = async (node: ClusterNode) => {
      const proc = node.proc!;
      try {
        await waitFor200(
          `${node.url}/ready`,
          180_000,
          () => proc.exitCode === null && proc.signalCode === null,
          `node ${node.name}`,
        );
      } catch (error) {
        throw new Error(`${(error as Error).message}\n--- ${node.log}\n${tail(node.log)}`, { cause: error });
      }
    };

    for (const name of ['a', 'b'] as const) {
      const port = await freePort();
      const dataDir = path.join(tmp, `node-${name}`);
      fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      nodes[name] = {
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        dataDir,
        log: path.join(tmp, `node-${name}.log`),
        proc: null,
      };
    }
    // Both at the same moment, as a deployment starts them.
    for (const node of Object.values(nodes)) launchNode(node);
    await Promise.all(Object.values(nodes).map(waitReady));

    // nginx in front.
    const nginxDir = path.join(tmp, 'nginx');
    fs.mkdirSync(nginxDir, { recursive: true });
    const nginxPort = await freePort();
    const conf = path.join(nginxDir, 'nginx.conf');
    fs.writeFileSync(conf, nginxConf(nginxDir, nginxPort, [nodes.a.port, nodes.b.port]));
    const nginxLog = path.join(nginxDir, 'stderr.log');
    const nginxOut = fs.openSync(nginxLog, 'a');
    nginx = spawn(NGINX, ['-p', nginxDir, '-c', conf, '-e', path.join(nginxDir, 'error.log')], {
      detached: true,
      stdio: ['ignore', nginxOut, nginxOut],
    });
    fs.closeSync(nginxOut);
    const proxy = nginx;
    const url = `http://127.0.0.1:${nginxPort}`;
    try {
      await waitFor200(`${url}/health`, 20_000, () => proxy.exitCode === null, 'nginx');
    } catch (error) {
      throw new Error(
        `${(error as Error).message}\n${tail(nginxLog)}\n${tail(path.join(nginxDir, 'error.log'))}`,
        { cause: error },
      );
    }

    return {
      url,
      nodes,
      databaseUrl,
      adminPassword,
      smsLog,
      s3,
      env,
      async kill(name, signal = 'SIGKILL') {
        const proc = nodes[name].proc;
        if (!proc) return;
        signalGroup(proc, signal);
        await exited(proc);
        nodes[name].proc = null;
      },
      async restart(name) {
        const node = nodes[name];
        if (node.proc) throw new Error(`node ${name} is running`);
        launchNode(node);
        await waitReady(node);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
