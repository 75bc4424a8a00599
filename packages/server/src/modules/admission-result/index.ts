import type { FastifyInstance } from 'fastify';
import { admissionResultCandidateRoutes } from './candidate-routes';
import { admissionResultRoutes } from './routes';

/** Admission results (spec §2 "Admission results"): the back office, then the candidate's own: the area's route files, registered in this order on the API scope. */
export async function admissionResultArea(app: FastifyInstance): Promise<void> {
  await admissionResultRoutes(app);
  await admissionResultCandidateRoutes(app);
}
