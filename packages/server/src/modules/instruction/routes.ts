import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idNumber } from '@tegang/domain';
import { instruction } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { INSTRUCTION_TYPE_ENROLL_NOTICE } from './service';

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
      },
    },
    async (req) => {
      const [row] = await ctx.db
        .select({ context: instruction.context })
        .from(instruction)
        .where(
          and(eq(instruction.planId, req.params.id), eq(instruction.type, INSTRUCTION_TYPE_ENROLL_NOTICE)),
        )
        .orderBy(desc(instruction.id))
        .limit(1);
      if (!row) throw notFound();
      return ok(req, row);
    },
  );
}
