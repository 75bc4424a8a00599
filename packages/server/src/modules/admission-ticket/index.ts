import type { FastifyInstance } from 'fastify';
import { admissionTicketRoutes } from './routes';
import { admissionTicketCandidateRoutes } from './routes-candidate';
import { admissionTicketPdfRoutes } from './routes-pdf';

/**
 * Admission tickets (spec §2 "Admission tickets", §7): the back office, the candidate's own ticket,
 * then the PDFs: the area's route files, registered in this order on the API scope.
 */
export async function admissionTicketArea(app: FastifyInstance): Promise<void> {
  await admissionTicketRoutes(app);
  await admissionTicketCandidateRoutes(app);
  await admissionTicketPdfRoutes(app);
}
