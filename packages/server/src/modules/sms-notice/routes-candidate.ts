import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { candidateNoticeSchema } from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { envelopeOf } from '../../lib/fast-response';
import { candidateNotices } from './service-candidate';

/**
 * The candidate's in-site notices (the front site's 消息通知 page and its unread badge): the events of
 * the SMS notices across her enrolments, derived from her own rows whatever a plan's SMS switch
 * says (docs/decisions.md "SMS notices to candidates").
 */
export async function smsNoticeCandidateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/api/notice/list',
    {
      config: { access: { candidate: true } },
      schema: {
        tags: ['notice'],
        summary:
          'The candidate’s own notices across her plans, newest first: [{key, kind (rejected, passed, ' +
          'ticketReady, resultsOpen), planId, planName, time, reason (a rejection’s), deadline}]',
        response: { 200: envelopeOf(z.array(candidateNoticeSchema)) },
      },
    },
    async (req, reply) => {
      const notices = await candidateNotices(ctx, req.candidate!.id);
      reply.header('cache-control', 'no-store');
      return ok(req, notices);
    },
  );
}
