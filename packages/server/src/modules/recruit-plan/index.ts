import type { FastifyInstance } from 'fastify';
import { recruitPlanRoutes } from './routes';

/** Recruit plans (spec §7 "Recruit plan"): the area's route files, registered in this order on the API scope. */
export async function recruitPlanArea(app: FastifyInstance): Promise<void> {
  await recruitPlanRoutes(app);
}
