import type { FastifyInstance } from 'fastify';
import { educationPlanRoutes } from './routes';

/** The category-education mapping (spec §7 "Education plan"): the area's route files, registered in this order on the API scope. */
export async function educationPlanArea(app: FastifyInstance): Promise<void> {
  await educationPlanRoutes(app);
}
