import type { FastifyInstance } from 'fastify';
import { admissionResultCandidateRoutes } from './admission-result/candidate-routes';
import { admissionResultRoutes } from './admission-result/routes';
import { admissionTicketCandidateRoutes } from './admission-ticket/routes-candidate';
import { admissionTicketRoutes } from './admission-ticket/routes';
import { admissionTicketPdfRoutes } from './admission-ticket/routes-pdf';
import { authRoutes } from './auth/routes';
import { candidateRoutes } from './candidate/routes';
import { candidateUserRoutes } from './candidate-user/routes';
import { enrollAdminRoutes } from './enroll/routes-admin';
import { enrollAuditRoutes } from './enroll/routes-audit';
import { enrollCandidateRoutes } from './enroll/routes-candidate';
import { enrollCompareRoutes } from './enroll-compare/routes';
import { enrollStatisticsRoutes } from './enroll/routes-statistics';
import { fileRoutes } from './file/routes';
import { healthRoutes } from './health/routes';
import { instructionRoutes } from './instruction/routes';
import { instructionAdminRoutes } from './instruction/routes-admin';
import { monitorRoutes } from './monitor/routes';
import { educationPlanRoutes } from './education-plan/routes';
import { planDataRoutes } from './plan-data/routes';
import { planDataFileRoutes } from './plan-data/routes-files';
import { planDataAdminRoutes } from './plan-data/routes-admin';
import { recruitPlanRoutes } from './recruit-plan/routes';
import { smsNoticeRoutes } from './sms-notice/routes';
import { referenceRoutes } from './system/reference/routes';
import { systemRoutes } from './system/routes';
import { verifyRoutes } from './verify/routes';
import { websiteRoutes } from './website/routes';

/** Every business area's routes, registered inside the API scope (access control applies to each). */
export const modules: ((app: FastifyInstance) => Promise<void>)[] = [
  authRoutes,
  candidateRoutes,
  candidateUserRoutes,
  referenceRoutes,
  recruitPlanRoutes,
  planDataRoutes,
  planDataFileRoutes,
  planDataAdminRoutes,
  educationPlanRoutes,
  instructionRoutes,
  instructionAdminRoutes,
  enrollCandidateRoutes,
  enrollStatisticsRoutes,
  enrollAdminRoutes,
  enrollCompareRoutes,
  enrollAuditRoutes,
  admissionTicketRoutes,
  admissionTicketCandidateRoutes,
  admissionTicketPdfRoutes,
  admissionResultRoutes,
  admissionResultCandidateRoutes,
  smsNoticeRoutes,
  systemRoutes,
  monitorRoutes,
  websiteRoutes,
  verifyRoutes,
  fileRoutes,
  healthRoutes,
];
