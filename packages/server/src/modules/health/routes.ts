import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { translate } from '@tegang/domain';
import { ok } from '../../lib/envelope';

/** How long /ready waits for `select 1` before calling the database unreachable. */
export const READY_TIMEOUT_MS = 2000;

/**
 * Whether the database answers `select 1` within `timeoutMs`. Never throws and never waits longer:
 * a hung connection attempt is abandoned (the pool's own connection timeout ends it later).
 */
export async function databaseReachable(pool: pg.Pool, timeoutMs = READY_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = pool
    .query({ text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig)
    .then(() => true as const)
    .catch(() => false as const);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for load balancers and supervisors (README "Health checks"), open and quiet (logged only
 * at warn level so that a probe every few seconds does not fill the log):
 * - `GET /health` liveness: the process answers; no database involved.
 * - `GET /ready` readiness: the database answers `select 1` within 2 s; else 503 in the envelope.
 */
export async function healthRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/health',
    {
      config: { access: { open: true }, audit: false },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Liveness: {status: "up"} while the process serves requests (no database call)',
      },
    },
    async (req) => ok(req, { status: 'up' }),
  );

  app.get(
    '/ready',
    {
      config: { access: { open: true }, audit: false },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 {status: "ready"} when the database answers within 2 s, else 503',
      },
    },
    async (req, reply) => {
      if (await databaseReachable(ctx.database.pool)) return ok(req, { status: 'ready', database: 'up' });
      return reply.status(503).send({
        code: 503,
        msg: translate(req.lang, 'error.unavailable'),
        data: { status: 'not ready', database: 'down' },
      });
    },
  );
}
