import type { FastifyInstance } from 'fastify';
import { enrollAdminRoutes } from './routes-admin';
import { enrollAuditRoutes } from './routes-audit';
import { enrollCandidateRoutes } from './routes-candidate';
import { enrollStatisticsRoutes } from './routes-statistics';

/** Enrolment (spec §7 "Enrolment"): the candidate's application, the statistics, the back office's records and their audit: the area's route files, registered in this order on the API scope. */
export async function enrollArea(app: FastifyInstance): Promise<void> {
  await enrollCandidateRoutes(app);
  await enrollStatisticsRoutes(app);
  await enrollAdminRoutes(app);
  await enrollAuditRoutes(app);
}
