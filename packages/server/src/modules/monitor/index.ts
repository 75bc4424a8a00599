import type { FastifyInstance } from 'fastify';
import { monitorRoutes } from './routes';

/** Operation log, login log, online users and the error log (spec §7 "Operation log"): the area's route files, registered in this order on the API scope. */
export async function monitorArea(app: FastifyInstance): Promise<void> {
  await monitorRoutes(app);
}
