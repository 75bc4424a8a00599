import type { FastifyInstance } from 'fastify';
import { instructionRoutes } from './routes';
import { instructionAdminRoutes } from './routes-admin';

/** Instructions (spec §7 "Instructions"): the candidate's notice, then the back office: the area's route files, registered in this order on the API scope. */
export async function instructionArea(app: FastifyInstance): Promise<void> {
  await instructionRoutes(app);
  await instructionAdminRoutes(app);
}
