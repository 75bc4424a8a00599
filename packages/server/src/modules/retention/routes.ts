import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idNumber,
  PERMISSIONS,
  retentionJobViewSchema,
  retentionQueuedSchema,
  retentionViewSchema,
} from '@tegang/domain';
import { registerJobKind } from '../../jobs';
import { ok } from '../../lib/envelope';
import { envelopeOf } from '../../lib/fast-response';
import { requirePlanProvince, requireProvinceLevel } from '../../lib/scope';
import { retentionJobKind, retentionJobView, retentionView, runPlanRetention } from './service';

const P = PERMISSIONS.recruitPlan;
const tags = ['retention'];
const planParams = z.object({ planId: idNumber() });

/**
 * Retention of a plan's personal data (docs/security.md "Retention"; PIPL art. 19): the preview of
 * what a run would change, the run now, and the run's progress. Province-level accounts only, for
 * plans of their own province (docs/security.md "Province-wide objects": 403 province.only /
 * province.other). Registers the retention job's kind on this node.
 */
export async function retentionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  registerJobKind(ctx, retentionJobKind);

  app.get(
    '/recruit/retention/plan/:planId',
    {
      config: { access: { permission: P.retention } },
      schema: {
        tags,
        summary:
          'A plan’s retention: {planId, retentionYears, listPublishedEndTime, expiresAt (list-publication end + ' +
          'retentionYears, CST calendar), due, purgeTime, counts: {enrolments, tickets, results, comparisons, ' +
          'importProblems, files, accounts} a run would change now, lastJobId}. 404 for an unknown plan; ' +
          'province-level accounts only (403 province.only / province.other)',
        params: planParams,
        response: { 200: envelopeOf(retentionViewSchema) },
      },
    },
    async (req) => {
      await requirePlanProvince(ctx.db, req.admin, 'recruitPlan', [req.params.planId]);
      return ok(req, await retentionView(ctx, req.params.planId));
    },
  );

  app.post(
    '/recruit/retention/plan/:planId/run',
    {
      config: { access: { permission: P.retention } },
      schema: {
        tags,
        summary:
          'Run the plan’s retention now: {jobId} of the queued run (or of the run already queued). 400 ' +
          'retention.notDue {date} inside the period, retention.alreadyPurged {time}; 404 for an unknown plan; ' +
          'province-level accounts only (403 province.only / province.other)',
        params: planParams,
        response: { 200: envelopeOf(retentionQueuedSchema) },
      },
    },
    async (req) => {
      await requirePlanProvince(ctx.db, req.admin, 'recruitPlan', [req.params.planId]);
      const admin = req.admin!;
      return ok(req, await runPlanRetention(ctx, req.params.planId, admin, req.ip), 'retention.queued');
    },
  );

  app.get(
    '/recruit/retention/job/:jobId',
    {
      config: { access: { permission: P.retention } },
      schema: {
        tags,
        summary:
          'Progress of a retention job: {status (0 queued, 1 running, 2 done, 4 failed), percent, attempts, ' +
          'planId, total, processed, message, counts (once done)}. 404 for an unknown job; province-level ' +
          'accounts only, for a plan of their province',
        params: z.object({ jobId: idNumber() }),
        response: { 200: envelopeOf(retentionJobViewSchema) },
      },
    },
    async (req) => {
      requireProvinceLevel(req.admin, 'recruitPlan');
      const view = await retentionJobView(ctx, req.params.jobId, req.lang);
      if (view.planId !== null) await requirePlanProvince(ctx.db, req.admin, 'recruitPlan', [view.planId]);
      return ok(req, view);
    },
  );
}
