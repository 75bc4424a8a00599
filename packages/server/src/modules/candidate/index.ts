import type { FastifyInstance } from 'fastify';
import { candidateRoutes } from './routes';

/** Candidate accounts (spec §7 "Candidate auth and account"): the area's route files, registered in this order on the API scope. */
export async function candidateArea(app: FastifyInstance): Promise<void> {
  await candidateRoutes(app);
}
