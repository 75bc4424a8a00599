import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import { candidateRoutes } from './candidate/routes';
import { recruitPlanRoutes } from './recruit-plan/routes';

/** Every business area's routes, registered inside the API scope (access control applies to each). */
export const modules: ((app: FastifyInstance) => Promise<void>)[] = [
  authRoutes,
  candidateRoutes,
  recruitPlanRoutes,
];
