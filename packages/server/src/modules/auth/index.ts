import type { FastifyInstance } from 'fastify';
import { authRoutes } from './routes';

/** Back-office authentication (spec §7 "Admin auth"): the area's route files, registered in this order on the API scope. */
export async function authArea(app: FastifyInstance): Promise<void> {
  await authRoutes(app);
}
