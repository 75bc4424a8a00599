import type { FastifyInstance } from 'fastify';
import { enrollCompareRoutes } from './routes';

/** The enrolment comparison (spec §2 "Enrolment comparison"): the area's route files, registered in this order on the API scope. */
export async function enrollCompareArea(app: FastifyInstance): Promise<void> {
  await enrollCompareRoutes(app);
}
