import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PERMISSIONS,
  PLAN_DATA_LABELS,
  planDataCreateSchema,
  planDataQuerySchema,
  planDataUpdateSchema,
  pageOf,
  planDataSchema,
  planDataStatusOptionSchema,
  planDataStatusSchema,
} from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { idListSchema, idParamSchema, pagingSchema } from '../../lib/paging';
import {
  createPlanData,
  deletePlanData,
  getPlanData,
  pagePlanData,
  planDataStatusOptions,
  togglePlanDataStatus,
  updatePlanData,
} from './service-admin';
import { envelopeOf, encryptedEnvelope } from '../../lib/fast-response';

const P = PERMISSIONS.planData;
const tags = ['recruitPlanData'];

/**
 * Recruit plan data in the back office (spec §3 "Recruit plan data", §5, §6, §7
 * "/recruit/recruitPlanData", §9): page, detail, create and update (encrypted), delete, delete many,
 * status options and the active/inactive toggle. Payload {planId, countyCode (level-3 region),
 * category, learningPeriod, subject (dictionary values), demandNumber (integer ≥ 0)}. Region scope:
 * the caller sees and changes only rows of their region; a row outside answers 404. Errors: 400
 * naming the field, 404 unknown or out-of-region row, 409 duplicate (plan, county, category,
 * period, subject).
 */
export async function planDataAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/recruit/recruitPlanData/page',
    {
      config: { access: { permission: P.list } },
      schema: {
        tags,
        summary:
          "Page of the caller's region's rows; filters planId, countyCode, category, learningPeriod, subject, status",
        querystring: pagingSchema.extend(planDataQuerySchema.shape),
        response: { 200: envelopeOf(pageOf(planDataSchema)) },
      },
    },
    async (req) => {
      const { current, size, ...search } = req.query;
      return ok(req, await pagePlanData(ctx.db, req.admin!.scope, search, { current, size }));
    },
  );

  app.get(
    '/recruit/recruitPlanData/getRecruitPlanDataStatus',
    {
      config: { access: { admin: true } },
      schema: {
        tags,
        summary: 'Plan data status options [{value, label, labelEn}]: 1 active, 0 inactive',
        response: { 200: envelopeOf(z.array(planDataStatusOptionSchema)) },
      },
    },
    async (req) => ok(req, planDataStatusOptions()),
  );

  app.post(
    '/recruit/recruitPlanData',
    {
      config: { access: { permission: P.add }, encrypted: true, labels: PLAN_DATA_LABELS },
      schema: {
        tags,
        summary: 'Creates a row (encrypted), active; data is the new id; 409 on a duplicate',
        body: planDataCreateSchema,
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) => ok(req, await createPlanData(req, ctx.db, req.body), 'common.saved'),
  );

  app.put(
    '/recruit/recruitPlanData',
    {
      config: { access: { permission: P.edit }, encrypted: true, labels: PLAN_DATA_LABELS },
      schema: {
        tags,
        summary: 'Updates a row (encrypted; all fields and id, status unchanged); data is the id',
        body: planDataUpdateSchema,
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) => {
      const { id, ...input } = req.body;
      return ok(req, await updatePlanData(req, ctx.db, id, input), 'common.saved');
    },
  );

  app.delete(
    '/recruit/recruitPlanData/deleteByIds',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary: "Deletes rows {idList}: all in the caller's region, else 404 and nothing is deleted",
        body: idListSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await deletePlanData(ctx.db, req.admin!.scope, req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );

  app.post(
    '/recruit/recruitPlanData/updateStatus/:id',
    {
      config: { access: { permission: P.status } },
      schema: {
        tags,
        summary: 'Toggles the row between active (1) and inactive (0); data is the new status',
        params: idParamSchema,
        response: { 200: envelopeOf(planDataStatusSchema) },
      },
    },
    async (req) =>
      ok(req, await togglePlanDataStatus(ctx.db, req.admin!.scope, req.params.id), 'planData.status.changed'),
  );

  app.get(
    '/recruit/recruitPlanData/:id',
    {
      config: { access: { permission: P.query } },
      schema: {
        tags,
        summary: "One row of the caller's region; 404 otherwise",
        params: idParamSchema,
        response: { 200: envelopeOf(planDataSchema) },
      },
    },
    async (req) => ok(req, await getPlanData(ctx.db, req.admin!.scope, req.params.id)),
  );

  app.delete(
    '/recruit/recruitPlanData/:id',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary: "Deletes a row of the caller's region; 404 otherwise",
        params: idParamSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await deletePlanData(ctx.db, req.admin!.scope, [req.params.id]);
      return ok(req, null, 'common.deleted');
    },
  );
}
