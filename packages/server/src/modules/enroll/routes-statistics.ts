import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMISSIONS, idNumber } from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { enrollStatistics } from './service-statistics';

/** GET /candidate/enroll/statistics: the dashboard's counts of a plan inside the caller's region (EnrollStatistics). */
export async function enrollStatisticsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/candidate/enroll/statistics',
    {
      config: { access: { permission: PERMISSIONS.dashboard.list } },
      schema: {
        tags: ['enroll'],
        summary:
          'Dashboard: enrolments against demand per county, learning period and subject, in the caller’s region (plan: ?planId, else the open one)',
        querystring: z.object({ planId: idNumber().optional() }),
      },
    },
    async (req) => ok(req, await enrollStatistics(app.ctx.db, req.admin!.scope, req.query.planId)),
  );
}
