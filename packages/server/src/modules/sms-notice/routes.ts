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
  smsNoticeSwitchResultSchema,
  smsNoticeFailureQuerySchema,
  smsNoticeFailureSchema,
  pageOf,
} from '@tegang/domain';
import { registerJobKind } from '../../jobs';
import { ok } from '../../lib/envelope';
import { pagingSchema } from '../../lib/paging';
import { requirePlanProvince, requireProvinceLevel } from '../../lib/scope';
import { smsNoticeRetryJobKind } from './retry';
import {
  noticeJobView,
  pageFailures,
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
  registerJobKind(ctx, smsNoticeRetryJobKind);

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
        summary:
          'Turn a plan’s SMS notices on or off {enabled} (province-level accounts): the plan’s view and ' +
          'catchUp {jobId, total, events: [{event, count}]} — turning them on queues the rejections still ' +
          'correctable and the tickets still printable that nobody was told of — or null',
        params: planParams,
        body: smsNoticeSwitchSchema,
        response: { 200: envelopeOf(smsNoticeSwitchResultSchema) },
      },
    },
    async (req) => {
      await requirePlanProvince(ctx.db, req.admin, 'recruitPlan', [req.params.planId]);
      const catchUp = await setPlanNotify(ctx, req.params.planId, req.body.enabled, req.admin!);
      const view = await planNoticeView(ctx, req.params.planId, req.admin!);
      return ok(req, { ...view, catchUp }, 'common.saved');
    },
  );

  app.get(
    '/recruit/smsNotice/plan/:planId/failures',
    {
      config: { access: { permission: P.notify } },
      schema: {
        tags,
        summary:
          'A plan’s failed notices inside the caller’s region, a §9 page (current, size; event optional): ' +
          '[{id, enrollId, name, phone (masked 139****1234), enrollCounty, event, attempts, error (the ' +
          'provider’s), lastAttemptTime, nextAttemptTime (null: no more tries)}]. 404 for an unknown plan',
        params: planParams,
        querystring: pagingSchema.extend(smsNoticeFailureQuerySchema.shape),
        response: { 200: envelopeOf(pageOf(smsNoticeFailureSchema)) },
      },
    },
    async (req) => {
      const { current, size, event } = req.query;
      return ok(req, await pageFailures(ctx, req.params.planId, { event }, { current, size }, req.admin!));
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
