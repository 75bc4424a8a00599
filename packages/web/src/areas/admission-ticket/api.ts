import type { CandidateTicket, DownloadLink } from '@tegang/domain';
import { http } from '../../api/request';

/**
 * The candidate's admission ticket (spec §7 "Admission tickets"). Both calls are silent:
 * the page shows the server's reason (window not open or closed, ticket not distributed) itself.
 */

export type { CandidateTicket };

/**
 * GET /api/admissionTicket/getAdmissionTicketByPlanId/{planId}: the candidate's own distributed
 * ticket, inside the plan's ticket print window only. Errors (ApiError): 400 'ticket.window.notOpen'
 * (says when it opens) | 'ticket.window.closed'; 404 'ticket.none' (none or not distributed yet).
 */
export const getTicketByPlanId = (planId: number) =>
  http.get<CandidateTicket>(`/api/admissionTicket/getAdmissionTicketByPlanId/${planId}`, undefined, {
    silent: true,
  });

/**
 * GET /api/admissionTicket/downloadToken/{id}: a single-use link (valid 5 minutes) to the ticket PDF,
 * /api/admissionTicket/downloadTicketFile/{id}?token=…; fetching it counts one download. Same gates
 * and errors as getTicketByPlanId.
 */
export const getTicketDownloadLink = (ticketId: number) =>
  http.get<DownloadLink>(`/api/admissionTicket/downloadToken/${ticketId}`, undefined, { silent: true });
