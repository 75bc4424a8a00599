import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './routes';

/** The probes for load balancers and supervisors (README "Health checks"): /health, /ready, /metrics: the area's route files, registered in this order on the API scope. */
export async function healthArea(app: FastifyInstance): Promise<void> {
  await healthRoutes(app);
}
