import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PERMISSIONS,
  dashboardQuerySchema,
  dashboardStatisticsSchema,
  enrollStatisticsSchema,
  idNumber,
} from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { exportRoutes } from '../../lib/export-routes';
import { dashboardStatistics, enrollStatistics } from './service-statistics';
import { dashboardExportLink, exportDashboard } from './dashboard-export';
import { envelopeOf } from '../../lib/fast-response';

/**
 * The enrolment statistics (spec §2 "报名统计", key PERMISSIONS.dashboard.list), counted inside the
 * caller's region from counts a node reuses for RATIO_CACHE_SECONDS (`asOf`):
 * - GET /candidate/enroll/statistics: a plan's counts (EnrollStatistics): by audit status, per county,
 *   learning period and subject, and per post (the console's pending badge reads it too);
 * - GET /candidate/enroll/statistics/dashboard: the same of any plan with its daily trend and funnel
 *   (DashboardStatistics; docs/decisions.md "A dashboard for every plan");
 * - POST /candidate/enroll/statistics/exportToken {planId?} (key PERMISSIONS.dashboard.export) and
 *   GET /candidate/enroll/statistics/export?token: the dashboard as xlsx through the one export
 *   mechanism (dashboard-export.ts).
 */
export async function enrollStatisticsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const cache = () => ({ now: app.ctx.now(), ttlS: app.ctx.config.ratioCacheSeconds });
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
    async (req) => ok(req, await enrollStatistics(app.ctx.db, req.admin!.scope, req.query.planId, cache())),
  );
  app.get(
    '/candidate/enroll/statistics/dashboard',
    {
      config: { access: { permission: PERMISSIONS.dashboard.list } },
      schema: {
        tags: ['enroll'],
        summary:
          'Dashboard of a plan (?planId, any plan, closed ones included; else the open one, else the newest) in the caller’s region: the statistics, enrolments and passed audits per day (YYYY-MM-DD, China Standard Time, zero days filled) and the funnel registered (province-wide callers only, else null) → applied → passed → ticket → admitted; final for a closed plan',
        querystring: dashboardQuerySchema,
        response: { 200: envelopeOf(dashboardStatisticsSchema) },
      },
    },
    async (req) =>
      ok(req, await dashboardStatistics(app.ctx.db, req.admin!.scope, req.query.planId, cache())),
  );
  exportRoutes(app, {
    base: '/candidate/enroll/statistics',
    permission: PERMISSIONS.dashboard.export,
    tag: 'enroll',
    query: dashboardQuerySchema,
    summary:
      'The dashboard of the token’s plan in the holder’s region as xlsx: sheets totals (with the funnel), per day, per county, per learning period, per subject and per post',
    link: (adminId, query) => dashboardExportLink(app.ctx, adminId, query),
    open: (token, lang) => exportDashboard(app.ctx, token, lang),
  });
}
