import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMISSIONS, idNumber, enrollStatisticsSchema } from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { enrollStatistics } from './service-statistics';
import { envelopeOf } from '../../lib/fast-response';

/**
 * GET /candidate/enroll/statistics: the dashboard's counts of a plan inside the caller's region
 * (EnrollStatistics): by audit status, per county, learning period and subject, and per post, from
 * counts a node reuses for RATIO_CACHE_SECONDS (`asOf`).
 */
export async function enrollStatisticsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/candidate/enroll/statistics',
    {
      config: { access: { permission: PERMISSIONS.dashboard.list } },
      schema: {
        tags: ['enroll'],
        summary:
          'Dashboard: enrolments by audit status, and applicants and passed against demand per county, learning period, subject and post, in the caller’s region (plan: ?planId, else the open one; counts up to RATIO_CACHE_SECONDS old, asOf)',
        querystring: z.object({ planId: idNumber().optional() }),
        response: { 200: envelopeOf(enrollStatisticsSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        await enrollStatistics(app.ctx.db, req.admin!.scope, req.query.planId, {
          now: app.ctx.now(),
          ttlS: app.ctx.config.ratioCacheSeconds,
        }),
      ),
  );
}
