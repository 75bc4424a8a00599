import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PERMISSIONS,
  PLAN_STATUS,
  RECRUIT_PLAN_LABELS,
  recruitPlanCreateSchema,
  recruitPlanQuerySchema,
  recruitPlanUpdateSchema,
  pageOf,
  recruitPlanSchema,
  codeOptionSchema,
  planOptionSchema,
} from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { idListSchema, idParamSchema, pagingSchema } from '../../lib/paging';
import { requirePlanProvince, requireProvinceLevel } from '../../lib/scope';
import {
  changePlanStatus,
  checkBirthLimitCodes,
  createPlan,
  deletePlans,
  getPlan,
  listPlanOptions,
  pagePlans,
  planStatusOptions,
  updatePlan,
} from './service';
import { envelopeOf, encryptedEnvelope } from '../../lib/fast-response';

const P = PERMISSIONS.recruitPlan;
const tags = ['recruitPlan'];

/** Params of POST /recruit/recruitPlan/updateStatus/{id}/{status}. */
const statusParamsSchema = idParamSchema.extend({
  status: z.enum(PLAN_STATUS, { error: 'rule.invalidOption' }),
});

/**
 * Recruit plans in the back office (spec §7 "Recruit plan", §2 "Recruit plan", §4, §5): the paged
 * list, create and update (encrypted, timeline rules of §5), detail, delete of unpublished plans,
 * the status options and status changes (one open plan at a time), and the plan options for selects.
 * Writes are province-only (docs/security.md "Province-wide objects"): 403 'province.only' for a city
 * or county account, 'province.other' for a plan whose plan data lies in another province.
 */
export async function recruitPlanRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/recruit/recruitPlan/page',
    {
      config: { access: { permission: P.list } },
      schema: {
        tags,
        summary: 'Page of plans: current, size, name (contains), year, status; newest year first',
        querystring: pagingSchema.extend(recruitPlanQuerySchema.shape),
        response: { 200: envelopeOf(pageOf(recruitPlanSchema)) },
      },
    },
    async (req) => {
      const { current, size, ...search } = req.query;
      return ok(req, await pagePlans(ctx.db, search, { current, size }));
    },
  );

  app.get(
    '/recruit/recruitPlan/getRecruitPlanStatus',
    {
      config: { access: { admin: true } },
      schema: {
        tags,
        summary: "Plan status options [{value, label}] in the caller's language",
        response: { 200: envelopeOf(z.array(codeOptionSchema)) },
      },
    },
    async (req) => ok(req, planStatusOptions(req.lang)),
  );

  app.get(
    '/recruit/recruitPlan/listRecruitPlan',
    {
      config: { access: { admin: true } },
      schema: {
        tags,
        summary: 'Plan options [{id, name, year, status, smsNotify}] for selects, newest first',
        response: { 200: envelopeOf(z.array(planOptionSchema)) },
      },
    },
    async (req) => ok(req, await listPlanOptions(ctx.db)),
  );

  app.post(
    '/recruit/recruitPlan',
    {
      config: { access: { permission: P.add }, encrypted: true, labels: RECRUIT_PLAN_LABELS },
      schema: {
        tags,
        summary:
          'Creates a plan (encrypted), unpublished (status 0); birthLimits {education code: YYYY-MM-DD} (400 on birthLimits for an unknown code or bad date); data is the new id. Province-level accounts only (403 province.only / province.other).',
        body: recruitPlanCreateSchema,
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) => {
      requireProvinceLevel(req.admin, 'recruitPlan');
      await checkBirthLimitCodes(ctx.db, req.body, req.lang);
      return ok(req, await createPlan(ctx.db, req.body), 'common.saved');
    },
  );

  app.put(
    '/recruit/recruitPlan',
    {
      config: { access: { permission: P.edit }, encrypted: true, labels: RECRUIT_PLAN_LABELS },
      schema: {
        tags,
        summary:
          'Updates a plan (encrypted; all fields and id, status unchanged); data is the id. Province-level accounts only (403 province.only / province.other).',
        body: recruitPlanUpdateSchema,
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) => {
      const { id, ...input } = req.body;
      await requirePlanProvince(ctx.db, req.admin, 'recruitPlan', [id]);
      await checkBirthLimitCodes(ctx.db, input, req.lang);
      return ok(req, await updatePlan(ctx.db, id, input), 'common.saved');
    },
  );

  app.delete(
    '/recruit/recruitPlan/deleteByIds',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary:
          'Deletes plans {idList}: all unpublished, else nothing is deleted. Province-level accounts only (403 province.only / province.other).',
        body: idListSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await requirePlanProvince(ctx.db, req.admin, 'recruitPlan', req.body.idList);
      await deletePlans(ctx.db, req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );

  app.post(
    '/recruit/recruitPlan/updateStatus/:id/:status',
    {
      config: { access: { permission: P.status } },
      schema: {
        tags,
        summary:
          'Changes the status (0 unpublished, 1 open, 2 closed = archived); at most one plan is open; closing is refused while a stage of the timeline is open or to come (400 plan.status.cycleRunning, data {phase, open, end, archivableFrom, enrolments}). Province-level accounts only (403 province.only / province.other).',
        params: statusParamsSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await requirePlanProvince(ctx.db, req.admin, 'recruitPlan', [req.params.id]);
      await changePlanStatus(ctx.db, req.params.id, req.params.status, ctx.now());
      return ok(req, null);
    },
  );

  app.get(
    '/recruit/recruitPlan/:id',
    {
      config: { access: { permission: P.query } },
      schema: {
        tags,
        summary: 'One plan',
        params: idParamSchema,
        response: { 200: envelopeOf(recruitPlanSchema) },
      },
    },
    async (req) => ok(req, await getPlan(ctx.db, req.params.id)),
  );

  app.delete(
    '/recruit/recruitPlan/:id',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary:
          'Deletes an unpublished plan with its plan data and instructions. Province-level accounts only (403 province.only / province.other).',
        params: idParamSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await requirePlanProvince(ctx.db, req.admin, 'recruitPlan', [req.params.id]);
      await deletePlans(ctx.db, [req.params.id]);
      return ok(req, null, 'common.deleted');
    },
  );
}
