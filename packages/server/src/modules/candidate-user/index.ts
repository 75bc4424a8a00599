import type { FastifyInstance } from 'fastify';
import { candidateUserRoutes } from './routes';

/** Candidate accounts in the back office (spec §2 "Registered personnel", "Candidate user state list"): the area's route files, registered in this order on the API scope. */
export async function candidateUserArea(app: FastifyInstance): Promise<void> {
  await candidateUserRoutes(app);
}
