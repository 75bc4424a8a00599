import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idNumber, candidateResultSchema } from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { candidateResult } from './service';
import { envelopeOf } from '../../lib/fast-response';

/**
 * The candidate's admission result (spec §7 "GET /api/admissionResults/getAdmissionResultsByPlanId/{planId}";
 * the plan timeline): only their own, only from the plan's score-query start on.
 */
export async function admissionResultCandidateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/api/admissionResults/getAdmissionResultsByPlanId/:planId',
    {
      config: { access: { candidate: true } },
      schema: {
        tags: ['admissionResults'],
        summary:
          'The candidate’s own result in the plan (CandidateResult, physical exam in clear); 400 result.window.notOpen {start} before scoreQueryStartTime; 404 result.none without one; 410 retention.purged once the plan’s personal data was purged',
        params: z.object({ planId: idNumber() }),
        response: { 200: envelopeOf(candidateResultSchema) },
      },
    },
    async (req, reply) => {
      const result = await candidateResult(ctx, req.candidate!.id, req.params.planId);
      reply.header('cache-control', 'no-store');
      return ok(req, result);
    },
  );
}
