import type { FastifyInstance } from 'fastify';
import { retentionRoutes } from './routes';

/** Retention of personal data (docs/security.md "Retention"): the area's route files, registered in this order on the API scope. */
export async function retentionArea(app: FastifyInstance): Promise<void> {
  await retentionRoutes(app);
}
