import type { FastifyInstance } from 'fastify';
import { websiteRoutes } from './routes';

/** Website configuration (spec §7 "Website config"): the area's route files, registered in this order on the API scope. */
export async function websiteArea(app: FastifyInstance): Promise<void> {
  await websiteRoutes(app);
}
