import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idNumber, candidateTicketSchema } from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { candidateTicket } from './service-candidate';
import { envelopeOf } from '../../lib/fast-response';

const planIdParams = z.object({ planId: idNumber('rule.invalidOption', 'rule.invalidOption') });

/**
 * The candidate's ticket (spec §3 "Admission ticket", ticketData); its download link and file are in
 * routes-pdf.ts.
 */
export async function admissionTicketCandidateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/api/admissionTicket/getAdmissionTicketByPlanId/:planId',
    {
      config: { access: { candidate: true } },
      schema: {
        tags: ['candidate'],
        summary:
          "The candidate's own distributed ticket of the plan (CandidateTicket; ticketFileUrl = /api/admissionTicket/downloadToken/{id}). 400 ticket.window.notOpen {start} / ticket.window.closed {end} outside the print window; 404 ticket.none",
        params: planIdParams,
        response: { 200: envelopeOf(candidateTicketSchema) },
      },
    },
    async (req) => ok(req, await candidateTicket(ctx, req.candidate!.id, req.params.planId)),
  );
}
