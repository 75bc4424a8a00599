import type { FastifyInstance } from 'fastify';
import { planDataRoutes } from './routes';
import { planDataAdminRoutes } from './routes-admin';
import { planDataFileRoutes } from './routes-files';

/** Recruit plan data (spec §7 "Recruit plan data"): the public reads, the files, the back office: the area's route files, registered in this order on the API scope. */
export async function planDataArea(app: FastifyInstance): Promise<void> {
  await planDataRoutes(app);
  await planDataFileRoutes(app);
  await planDataAdminRoutes(app);
}
