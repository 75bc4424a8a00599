import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import { candidateRoutes } from './candidate/routes';
import { enrollAdminRoutes } from './enroll/routes-admin';
import { enrollCandidateRoutes } from './enroll/routes-candidate';
import { enrollStatisticsRoutes } from './enroll/routes-statistics';
import { fileRoutes } from './file/routes';
import { healthRoutes } from './health/routes';
import { instructionRoutes } from './instruction/routes';
import { monitorRoutes } from './monitor/routes';
import { planDataRoutes } from './plan-data/routes';
import { recruitPlanRoutes } from './recruit-plan/routes';
import { referenceRoutes } from './system/reference/routes';
import { systemRoutes } from './system/routes';
import { websiteRoutes } from './website/routes';

/** Every business area's routes, registered inside the API scope (access control applies to each). */
export const modules: ((app: FastifyInstance) => Promise<void>)[] = [
  authRoutes,
  candidateRoutes,
  referenceRoutes,
  recruitPlanRoutes,
  planDataRoutes,
  instructionRoutes,
  enrollCandidateRoutes,
  enrollStatisticsRoutes,
  enrollAdminRoutes,
  systemRoutes,
  monitorRoutes,
  websiteRoutes,
  fileRoutes,
  healthRoutes,
];
