import type { FastifyInstance } from 'fastify';
import { admissionResultArea } from './admission-result';
import { admissionTicketArea } from './admission-ticket';
import { authArea } from './auth';
import { candidateArea } from './candidate';
import { candidateUserArea } from './candidate-user';
import { educationPlanArea } from './education-plan';
import { enrollArea } from './enroll';
import { enrollCompareArea } from './enroll-compare';
import { fileArea } from './file';
import { healthArea } from './health';
import { instructionArea } from './instruction';
import { monitorArea } from './monitor';
import { planDataArea } from './plan-data';
import { recruitPlanArea } from './recruit-plan';
import { retentionArea } from './retention';
import { selectionArea } from './selection';
import { smsNoticeArea } from './sms-notice';
import { systemArea } from './system';
import { verifyArea } from './verify';
import { websiteArea } from './website';

/**
 * Every business area, one entry point each (its folder's index.ts registers its route files),
 * registered in this order inside the API scope (app.ts; access control applies to each route from
 * its config). A new area adds its folder's plugin here.
 */
export const modules: ((app: FastifyInstance) => Promise<void>)[] = [
  authArea,
  candidateArea,
  candidateUserArea,
  recruitPlanArea,
  planDataArea,
  educationPlanArea,
  instructionArea,
  enrollArea,
  enrollCompareArea,
  admissionTicketArea,
  admissionResultArea,
  smsNoticeArea,
  retentionArea,
  selectionArea,
  systemArea,
  monitorArea,
  websiteArea,
  verifyArea,
  fileArea,
  healthArea,
];
