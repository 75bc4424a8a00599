import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import { candidateRoutes } from './candidate/routes';
import { enrollAdminRoutes } from './enroll/routes-admin';
import { enrollCandidateRoutes } from './enroll/routes-candidate';
import { instructionRoutes } from './instruction/routes';
import { planDataRoutes } from './plan-data/routes';
import { recruitPlanRoutes } from './recruit-plan/routes';
import { referenceRoutes } from './system/reference';

/** Every business area's routes, registered inside the API scope (access control applies to each). */
export const modules: ((app: FastifyInstance) => Promise<void>)[] = [
  authRoutes,
  candidateRoutes,
  referenceRoutes,
  recruitPlanRoutes,
  planDataRoutes,
  instructionRoutes,
  enrollCandidateRoutes,
  enrollAdminRoutes,
];
