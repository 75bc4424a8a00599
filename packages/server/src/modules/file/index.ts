import type { FastifyInstance } from 'fastify';
import { fileRoutes } from './routes';

/** Files (spec §7 "Files and others"): the area's route files, registered in this order on the API scope. */
export async function fileArea(app: FastifyInstance): Promise<void> {
  await fileRoutes(app);
}
