import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { livenessSchema, readinessSchema, translate } from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { envelopeOf } from '../../lib/fast-response';
import { forbidden } from '../../lib/errors';
import { metricsAllowed, metricsText } from '../../plugins/metrics';
import { isDraining } from './drain';
import { databaseReachable } from './service';
import { storageState } from './storage-check';

/**
 * Probes for load balancers and supervisors (README "Health checks"), open and quiet (logged only
 * at warn level so that a probe every few seconds does not fill the log):
 * - `GET /health` liveness: the process answers; no database involved.
 * - `GET /ready` readiness: 503 {status: "draining"} at once, without a database call, once a stop has
 *   begun (health/drain.ts; the balancer moves away during SHUTDOWN_GRACE_SECONDS); otherwise 200 when
 *   the database answers `select 1` within 2 s, else 503 {status: "not ready"} in the envelope.
 * - `GET /metrics` Prometheus metrics (plugins/metrics.ts, README "Metrics"): loopback, METRICS_ALLOW or
 *   the METRICS_TOKEN bearer; anyone else gets 403 in the envelope.
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
        response: { 200: envelopeOf(livenessSchema) },
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
        summary:
          'Readiness: 503 {status: "draining"} once the node stops; 200 {status: "ready"} when the database answers within 2 s, else 503',
        // 503 also as the error handler answers it (data null).
        response: { 200: envelopeOf(readinessSchema), 503: envelopeOf(readinessSchema.nullable()) },
      },
    },
    async (req, reply) => {
      if (isDraining(ctx))
        return reply.status(503).send({
          code: 503,
          msg: translate(req.lang, 'error.draining'),
          data: { status: 'draining' },
        });
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

  app.get(
    '/metrics',
    {
      // Open to the access plugin; the handler applies the metrics rule (plugins/metrics.ts metricsAllowed).
      config: { access: { open: true }, audit: false },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary:
          'Prometheus metrics (text format 0.0.4, not JSON: no response schema): from loopback, a METRICS_ALLOW address, or with Authorization: Bearer <METRICS_TOKEN>; else 403',
      },
    },
    async (req, reply) => {
      if (!metricsAllowed(ctx, req)) throw forbidden();
      const { contentType, text } = await metricsText(ctx);
      return reply.type(contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
