import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { databaseReachable } from './service';
import { storageState } from './storage-check';

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
      // Each part by name, so that the operator sees which one is down (storage: modules/health/storage-check.ts).
      const [up, storage] = await Promise.all([
        databaseReachable(ctx.database.pool),
        storageState(ctx.storage),
      ]);
      const database = up ? 'up' : 'down';
      if (up && storage === 'up') return ok(req, { status: 'ready', database, storage });
      return reply.status(503).send({
        code: 503,
        msg: translate(req.lang, up ? 'storage.unavailable' : 'error.unavailable'),
        data: { status: 'not ready', database, storage },
      });
    },
  );
}
