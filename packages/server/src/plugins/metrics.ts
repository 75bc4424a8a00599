import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Jobs } from '../jobs/queue';

/**
 * Prometheus metrics (README "Metrics", docs/security.md "Metrics"), served by `GET /metrics`
 * (modules/health/routes.ts) in the Prometheus text format. Two registries:
 * - the process's: Node's defaults (CPU, memory, event-loop lag, GC) and the counters the domain code
 *   bumps wherever it runs (PDF renders, imports, login failures), through the functions below;
 * - the app's (registerMetrics): HTTP request durations by route pattern (never the raw URL: no
 *   identifier or query string reaches a label) and status, the database pool, the job queues.
 * Names start with `tegang_`; durations are in seconds (Prometheus base units).
 */

const processRegistry = new client.Registry();
client.collectDefaultMetrics({ register: processRegistry });

const pdfRenders = new client.Histogram({
  name: 'tegang_pdf_render_seconds',
  help: 'PDF renders (enrolment forms, admission tickets) by document and outcome, in seconds',
  labelNames: ['document', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});
const imports = new client.Counter({
  name: 'tegang_imports_total',
  help: 'Finished imports by kind and outcome (done, rejected, failed, stalled)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [processRegistry],
});
const loginFailures = new client.Counter({
  name: 'tegang_login_failures_total',
  help: 'Refused logins by login (admin, candidate) and reason',
  labelNames: ['login', 'reason'] as const,
  registers: [processRegistry],
});

/**
 * Renders a PDF through `render`, counting it in tegang_pdf_render_seconds under `document`
 * ('enroll_form', 'admission_ticket') with outcome 'ok' or 'error'. Returns or throws what render does.
 */
export async function timePdfRender<T>(document: string, render: () => Promise<T>): Promise<T> {
  const end = pdfRenders.startTimer({ document });
  try {
    const out = await render();
    end({ outcome: 'ok' });
    return out;
  } catch (error) {
    end({ outcome: 'error' });
    throw error;
  }
}

/** Counts a finished import of `kind` (the import definition's name) with its final status. */
export function countImport(kind: string, outcome: string): void {
  imports.inc({ kind, outcome });
}

/** Counts a refused login of `login` ('admin' | 'candidate') for `reason` (the message key). */
export function countLoginFailure(login: string, reason: string): void {
  loginFailures.inc({ login, reason });
}

/** The per-app metrics, beside the app's context (one per buildApp). */
interface AppMetrics {
  registry: client.Registry;
  access: MetricsAccess;
}
const byContext = new WeakMap<AppContext, AppMetrics>();

/** How long the job queue depths read from pgboss.job are reused (a scrape every few seconds is cheap). */
const QUEUE_CACHE_MS = 5000;

/**
 * Adds the app's metrics (call on the root instance, before the routes, after `ctx` is decorated):
 * the request duration histogram (an onResponse hook), gauges of the pool and the job queues, and a
 * timing wrapper around `ctx.jobs.work` (job durations by queue and outcome). Throws, naming
 * METRICS_ALLOW, when an entry of it is not an address or CIDR.
 */
export function registerMetrics(app: FastifyInstance): void {
  const ctx = app.ctx;
  const registry = new client.Registry();
  const access = metricsAccess(ctx.config);
  byContext.set(ctx, { registry, access });

  const http = new client.Histogram({
    name: 'tegang_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, in seconds',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    // The pattern ('/admin/enroll/:id'), never req.url; a path no route matched is one label.
    const route = req.routeOptions.url ?? 'unmatched';
    http.observe(
      { method: req.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const pool = ctx.database.pool;
  new client.Gauge({
    name: 'tegang_db_pool_connections',
    help: 'The database pool: total and idle connections, and queries waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  let depths: { at: number; rows: { name: string; state: string; n: number }[] } = { at: 0, rows: [] };
  new client.Gauge({
    name: 'tegang_job_queue_depth',
    help: 'Jobs of each queue not finished yet, by state (created, retry, active); the whole cluster',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      if (Date.now() - depths.at > QUEUE_CACHE_MS) {
        // pgboss.job exists once the job queue has started on this database (jobs/queue.ts);
        // before that the query fails and there are no depths to report.
        const rows = await pool
          .query<{ name: string; state: string; n: number }>(
            `select name, state::text as state, count(*)::int as n from pgboss.job
              where state in ('created', 'retry', 'active') group by 1, 2`,
          )
          .then((r) => r.rows)
          .catch(() => []);
        depths = { at: Date.now(), rows };
      }
      this.reset();
      for (const row of depths.rows) this.set({ queue: row.name, state: row.state }, row.n);
    },
  });

  const jobs = new client.Histogram({
    name: 'tegang_job_duration_seconds',
    help: 'Jobs run on this node by queue and outcome (ok, error), in seconds',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 1800],
    registers: [registry],
  });
  ctx.jobs = timedJobs(ctx.jobs, jobs);
}

/** `jobs` whose handlers are timed into `histogram` (queue, outcome). */
function timedJobs(inner: Jobs, histogram: client.Histogram<'queue' | 'outcome'>): Jobs {
  return {
    send: (queue, data) => inner.send(queue, data),
    work: (queue, handler) =>
      inner.work(queue, async (data) => {
        const end = histogram.startTimer({ queue });
        try {
          await handler(data as never);
          end({ outcome: 'ok' });
        } catch (error) {
          end({ outcome: 'error' });
          throw error;
        }
      }),
    start: () => inner.start(),
    pause: () => inner.pause(),
    stop: () => inner.stop(),
  };
}

/** Who may read /metrics besides loopback. */
interface MetricsAccess {
  tokenDigest: Buffer | null;
  allow: net.BlockList | null;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** METRICS_TOKEN and METRICS_ALLOW compiled; throws naming METRICS_ALLOW for an entry that is neither. */
function metricsAccess(config: Config): MetricsAccess {
  let allow: net.BlockList | null = null;
  for (const entry of config.metrics.allow) {
    allow ??= new net.BlockList();
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const family = net.isIP(address);
    const prefix = bits === undefined ? null : Number(bits);
    if (!family || (prefix !== null && (!/^\d+$/.test(bits!) || prefix > (family === 4 ? 32 : 128))))
      throw new Error(`METRICS_ALLOW: "${entry}" is not an IP address or CIDR (such as 10.0.0.0/8)`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === null) allow.addAddress(address, type);
    else allow.addSubnet(address, prefix, type);
  }
  return { tokenDigest: config.metrics.token ? digest(config.metrics.token) : null, allow };
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** `ip` as BlockList checks it: IPv4-mapped IPv6 (::ffff:10.0.0.1) as IPv4. */
function normalise(ip: string): { ip: string; type: 'ipv4' | 'ipv6' } | null {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (v4) return { ip: v4, type: 'ipv4' };
  const family = net.isIP(ip);
  return family ? { ip, type: family === 4 ? 'ipv4' : 'ipv6' } : null;
}

/**
 * Whether `req` may read /metrics (docs/security.md "Metrics"): the client address (req.ip: the
 * socket's, or with TRUST_PROXY the one the trusted proxies name) is loopback and no forwarding header
 * says it relays someone else; or it is in METRICS_ALLOW; or the request carries
 * `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time).
 */
export function metricsAllowed(ctx: AppContext, req: FastifyRequest): boolean {
  const metrics = byContext.get(ctx);
  if (!metrics) return false;
  const client = normalise(req.ip);
  const relayed =
    req.headers['x-forwarded-for'] !== undefined ||
    req.headers['x-real-ip'] !== undefined ||
    req.headers.forwarded !== undefined;
  if (client && !relayed && LOOPBACK.check(client.ip, client.type)) return true;
  if (client && metrics.access.allow?.check(client.ip, client.type)) return true;
  const auth = req.headers.authorization;
  if (metrics.access.tokenDigest && typeof auth === 'string' && /^Bearer /i.test(auth))
    return timingSafeEqual(digest(auth.slice(7).trim()), metrics.access.tokenDigest);
  return false;
}

/** The metrics text of the app of `ctx` and of the process, with its content type. */
export async function metricsText(ctx: AppContext): Promise<{ contentType: string; text: string }> {
  const own = byContext.get(ctx)?.registry;
  const merged = client.Registry.merge(own ? [processRegistry, own] : [processRegistry]);
  return { contentType: merged.contentType, text: await merged.metrics() };
}
