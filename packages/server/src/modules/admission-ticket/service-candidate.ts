import { and, eq } from 'drizzle-orm';
import {
  formatDateTime,
  TICKET_STATUS,
  ticketPrintOpen,
  type CandidateTicket,
  pickExam,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import { admissionTicket, enroll, recruitPlan } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';

/*
 * The candidate's side of admission tickets (spec §3 "Admission ticket"): the own ticket of a plan
 * and the print-window gate every candidate read of a ticket passes (this view, and the download
 * link and file in pdf-service.ts).
 */

/** A plan's ticket print window, as its row holds it. */
export interface TicketPrintWindow {
  ticketPrintStartTime: Date;
  ticketPrintEndTime: Date;
}

/**
 * The ticket print-window gate (spec §3: tickets are readable by candidates only inside the window;
 * the window is the domain's ticketPrintOpen): returns inside [start, end), throws 400
 * 'ticket.window.notOpen' {start} before it and 400 'ticket.window.closed' {end} from its end on.
 * Times in the message are China Standard Time, YYYY-MM-DD HH:mm.
 */
export function requireTicketPrintOpen(window: TicketPrintWindow, now: Date): void {
  if (ticketPrintOpen(window, now)) return;
  if (now.getTime() < window.ticketPrintStartTime.getTime())
    throw badRequest('ticket.window.notOpen', { start: formatDateTime(window.ticketPrintStartTime) });
  throw badRequest('ticket.window.closed', { end: formatDateTime(window.ticketPrintEndTime) });
}

/**
 * GET /api/admissionTicket/getAdmissionTicketByPlanId/{planId}: the candidate's own ticket of plan
 * `planId` (CandidateTicket), only when distributed and inside the plan's print window. The window is
 * checked first: 404 'ticket.none' for an unknown plan, 410 'retention.purged' for a purged one, 400
 * outside the window (see {@link requireTicketPrintOpen}), then 404 'ticket.none' without a
 * distributed ticket of theirs.
 */
export async function candidateTicket(
  ctx: AppContext,
  candidateId: number,
  planId: number,
): Promise<CandidateTicket> {
  const [plan] = await ctx.db
    .select({
      ticketPrintStartTime: recruitPlan.ticketPrintStartTime,
      ticketPrintEndTime: recruitPlan.ticketPrintEndTime,
      purgeTime: recruitPlan.purgeTime,
    })
    .from(recruitPlan)
    .where(eq(recruitPlan.id, planId));
  if (!plan) throw new AppError(404, 'ticket.none');
  // The plan's personal data was purged (docs/security.md "Retention"): no ticket to show.
  if (plan.purgeTime) throw new AppError(410, 'retention.purged');
  requireTicketPrintOpen(plan, ctx.now());
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
    ...pickExam(t),
    ticketFileDownloadNum: t.ticketFileDownloadNum,
    ticketFileUrl: `/api/admissionTicket/downloadToken/${t.id}`,
  };
}
