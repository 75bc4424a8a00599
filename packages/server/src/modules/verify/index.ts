import type { FastifyInstance } from 'fastify';
import { verifyRoutes } from './routes';

/** The proctor's verify page of a ticket (docs/security.md "The verify page"): the area's route files, registered in this order on the API scope. */
export async function verifyArea(app: FastifyInstance): Promise<void> {
  await verifyRoutes(app);
}
