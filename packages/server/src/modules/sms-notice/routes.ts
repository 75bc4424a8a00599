import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idNumber,
  PERMISSIONS,
  smsNoticeSendSchema,
  smsNoticeSwitchSchema,
  smsNoticeTemplatesSchema,
  smsNoticeTemplateSchema,
  smsNoticePlanViewSchema,
  smsNoticeQueuedSchema,
  smsNoticeJobViewSchema,
} from '@tegang/domain';
import { registerJobKind } from '../../jobs';
import { ok } from '../../lib/envelope';
import { requirePlanProvince, requireProvinceLevel } from '../../lib/scope';
import {
  noticeJobView,
  planNoticeView,
  readTemplates,
  saveTemplates,
  sendPlanNotice,
  setPlanNotify,
  smsNoticeJobKind,
} from './service';
import { envelopeOf } from '../../lib/fast-response';

const P = PERMISSIONS.recruitPlan;
const tags = ['smsNotice'];
const planParams = z.object({ planId: idNumber() });

/**
 * SMS notices to candidates (docs/decisions.md "SMS notices to candidates"): the templates,
 * a plan's switch and counts, the console's send of one event, the job's progress. Registers the
 * notice job's kind on this node. The switch and the templates are province-wide settings: city and
 * county offices read them and send to their own region's candidates.
 */
export async function smsNoticeRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  registerJobKind(ctx, smsNoticeJobKind);

  app.get(
    '/recruit/smsNotice/templates',
    {
      config: { access: { permission: P.smsTemplate } },
      schema: {
        tags,
        summary:
          'The SMS template of each notice event (rejected, ticketReady, resultsOpen): [{event, templateCode ' +
          '(provider template id or null), text (console text with {name}, {plan}, {time})}]',
        response: { 200: envelopeOf(z.array(smsNoticeTemplateSchema)) },
      },
    },
    async (req) => ok(req, await readTemplates(ctx)),
  );

  app.put(
    '/recruit/smsNotice/templates',
    {
      config: { access: { permission: P.smsTemplate } },
      schema: {
        tags,
        summary: 'Save the templates given {templates: [{event, templateCode, text}]}; answers them all',
        body: smsNoticeTemplatesSchema,
        response: { 200: envelopeOf(z.array(smsNoticeTemplateSchema)) },
      },
    },
    async (req) => {
      requireProvinceLevel(req.admin, 'recruitPlan');
      return ok(req, await saveTemplates(ctx, req.body), 'common.saved');
    },
  );

  app.get(
    '/recruit/smsNotice/plan/:planId',
    {
      config: { access: { permission: P.notify } },
      schema: {
        tags,
        summary:
          'A plan’s notices inside the caller’s region: {planId, enabled, counts: [{event, sent, failed, ' +
          'sending, pending}], lastJobId}',
        params: planParams,
        response: { 200: envelopeOf(smsNoticePlanViewSchema) },
      },
    },
    async (req) => ok(req, await planNoticeView(ctx, req.params.planId, req.admin!)),
  );

  app.put(
    '/recruit/smsNotice/plan/:planId',
    {
      config: { access: { permission: P.notify } },
      schema: {
        tags,
        summary: 'Turn a plan’s SMS notices on or off {enabled} (province-level accounts)',
        params: planParams,
        body: smsNoticeSwitchSchema,
        response: { 200: envelopeOf(smsNoticePlanViewSchema) },
      },
    },
    async (req) => {
      await requirePlanProvince(ctx.db, req.admin, 'recruitPlan', [req.params.planId]);
      await setPlanNotify(ctx, req.params.planId, req.body.enabled);
      return ok(req, await planNoticeView(ctx, req.params.planId, req.admin!), 'common.saved');
    },
  );

  app.post(
    '/recruit/smsNotice/plan/:planId/send',
    {
      config: { access: { permission: P.notify } },
      schema: {
        tags,
        summary:
          'Queue the notice of {event} to the plan’s pending candidates in the caller’s region: {jobId, total}. ' +
          '400 smsNotice.disabled (switch off) or smsNotice.nothingToSend',
        params: planParams,
        body: smsNoticeSendSchema,
        response: { 200: envelopeOf(smsNoticeQueuedSchema) },
      },
    },
    async (req) => ok(req, await sendPlanNotice(ctx, req.params.planId, req.body.event, req.admin!)),
  );

  app.get(
    '/recruit/smsNotice/job/:jobId',
    {
      config: { access: { permission: P.notify } },
      schema: {
        tags,
        summary:
          'Progress of a notice job: {status (0 queued, 1 running, 2 done, 4 failed), total, sent, failed, ' +
          'percent, attempts, message}. 404 for another region’s job',
        params: z.object({ jobId: idNumber() }),
        response: { 200: envelopeOf(smsNoticeJobViewSchema) },
      },
    },
    async (req) => ok(req, await noticeJobView(ctx, req.params.jobId, req.admin!, req.lang)),
  );
}
