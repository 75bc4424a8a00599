import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatDateTime, idNumber, TICKET_STATUS, type CandidateTicket } from '@tegang/domain';
import type { AppContext } from '../../context';
import { admissionTicket, enroll, recruitPlan } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { AppError, badRequest } from '../../lib/errors';

const planIdParams = z.object({ planId: idNumber('rule.invalidOption', 'rule.invalidOption') });

/**
 * The ticket print window gate of plan `planId` at `now` (issue 9, domain ticketPrintOpen): 400
 * 'ticket.window.notOpen' {start} before it, 400 'ticket.window.closed' {end} after it, 404
 * 'ticket.none' for an unknown plan. Times are printed as YYYY-MM-DD HH:mm:ss.
 */
export async function ticketWindowGate(ctx: AppContext, planId: number): Promise<void> {
  const [plan] = await ctx.db
    .select({ start: recruitPlan.ticketPrintStartTime, end: recruitPlan.ticketPrintEndTime })
    .from(recruitPlan)
    .where(eq(recruitPlan.id, planId));
  if (!plan) throw new AppError(404, 'ticket.none');
  const now = ctx.now().getTime();
  if (now < plan.start.getTime())
    throw badRequest('ticket.window.notOpen', { start: formatDateTime(plan.start) });
  if (now >= plan.end.getTime()) throw badRequest('ticket.window.closed', { end: formatDateTime(plan.end) });
}

/**
 * GET /api/admissionTicket/getAdmissionTicketByPlanId/{planId}: the candidate's own ticket of the
 * plan (CandidateTicket), only when distributed and inside the print window; 400 outside the window
 * (see {@link ticketWindowGate}), 404 'ticket.none' without a distributed ticket.
 */
export async function candidateTicket(
  ctx: AppContext,
  candidateId: number,
  planId: number,
): Promise<CandidateTicket> {
  await ticketWindowGate(ctx, planId);
  const [row] = await ctx.db
    .select({ ticket: admissionTicket, e: enroll })
    .from(admissionTicket)
    .innerJoin(enroll, eq(enroll.id, admissionTicket.enrollId))
    .where(
      and(
        eq(admissionTicket.planId, planId),
        eq(enroll.planId, planId),
        eq(enroll.candidateId, candidateId),
        eq(admissionTicket.status, TICKET_STATUS.distributed),
      ),
    );
  if (!row) throw new AppError(404, 'ticket.none');
  const { ticket: t, e } = row;
  return {
    id: t.id,
    planId: t.planId,
    name: e.name,
    card: e.idCard,
    phone: e.phone,
    enrollCounty: e.enrollCounty,
    academicSession: e.academicSession,
    subject: e.subject,
    admissionNumber: t.admissionNumber,
    examDate: t.examDate,
    examTime: t.examTime,
    examPlace: t.examPlace,
    examAddress: t.examAddress,
    examRoomNumber: t.examRoomNumber,
    seatNumber: t.seatNumber,
    examinationRoomNotice: t.examinationRoomNotice,
    ticketFileDownloadNum: t.ticketFileDownloadNum,
    ticketFileUrl: `/api/admissionTicket/downloadToken/${t.id}`,
  };
}

/** The candidate's ticket (issue 9; spec §3 ticketData). Downloads are in pdf-*.ts (helper B). */
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
      },
    },
    async (req) => ok(req, await candidateTicket(ctx, req.candidate!.id, req.params.planId)),
  );
}
