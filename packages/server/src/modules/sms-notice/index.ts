import type { FastifyInstance } from 'fastify';
import { smsNoticeRoutes } from './routes';
import { smsNoticeCandidateRoutes } from './routes-candidate';

/** SMS notices to candidates (docs/decisions.md "SMS notices to candidates"): the area's route files, registered in this order on the API scope. */
export async function smsNoticeArea(app: FastifyInstance): Promise<void> {
  await smsNoticeRoutes(app);
  await smsNoticeCandidateRoutes(app);
}
