import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idNumber, enrollNoticeSchema } from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { enrollNotice } from './service';
import { envelopeOf } from '../../lib/fast-response';

/** Instructions on the candidate side (spec §7 GET /api/instruction/getEnrollNotice/{id}). */
export async function instructionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/api/instruction/getEnrollNotice/:id',
    {
      config: { access: { candidate: true } },
      schema: {
        tags: ['candidate'],
        summary: "The plan's enrolment notice {context: sanitised HTML}; 404 when the plan has none",
        params: z.object({ id: idNumber() }),
        response: { 200: envelopeOf(enrollNoticeSchema) },
      },
    },
    async (req) => ok(req, await enrollNotice(ctx.db, req.params.id)),
  );
}
