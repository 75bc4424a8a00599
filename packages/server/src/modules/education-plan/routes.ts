import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EDUCATION_PLAN_LABELS,
  PERMISSIONS,
  educationPlanSchema,
  pageOf,
  educationPlanCreateSchema,
  educationPlanQuerySchema,
  educationPlanUpdateSchema,
} from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { envelopeOf } from '../../lib/fast-response';
import { idParamSchema, pagingSchema } from '../../lib/paging';
import { requireProvinceLevel } from '../../lib/scope';
import { createEducationPlan, deleteEducationPlan, pageEducationPlans, updateEducationPlan } from './service';

const P = PERMISSIONS.educationPlan;
const tags = ['educationPlan'];

/**
 * Category–education mapping in the back office (spec §3 "Category-education mapping", §5, §7
 * "/recruit/educationPlan"): page, create, update, delete. Payload {category, education: string[]}
 * (category a recruit_plan_category value, unique → 409; education ≥ 1 sys_education values);
 * bad input → 400 naming the field ('{label}不能为空' when missing); unknown id → 404. The mapping is
 * global: only province-level accounts write it, others get 403 'province.only' (docs/security.md
 * "Province-wide objects").
 */
export async function educationPlanRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/recruit/educationPlan/page',
    {
      config: { access: { permission: P.list } },
      schema: {
        tags,
        summary:
          'Page of mappings {records: [{id, category, education[]}], total, current, size}; filter category',
        querystring: pagingSchema.extend(educationPlanQuerySchema.shape),
        response: { 200: envelopeOf(pageOf(educationPlanSchema)) },
      },
    },
    async (req) => {
      const { current, size, ...search } = req.query;
      return ok(req, await pageEducationPlans(ctx.db, search, { current, size }));
    },
  );

  app.post(
    '/recruit/educationPlan',
    {
      config: { access: { permission: P.add }, labels: EDUCATION_PLAN_LABELS },
      schema: {
        tags,
        summary:
          'Creates a mapping {category, education[]}; data is the new id; 409 when the category has one. Province-level accounts only (403 province.only).',
        body: educationPlanCreateSchema,
        response: { 200: envelopeOf(z.number().int()) },
      },
    },
    async (req) => {
      requireProvinceLevel(req.admin, 'educationPlan');
      return ok(req, await createEducationPlan(req, ctx.db, req.body), 'common.saved');
    },
  );

  app.put(
    '/recruit/educationPlan',
    {
      config: { access: { permission: P.edit }, labels: EDUCATION_PLAN_LABELS },
      schema: {
        tags,
        summary:
          'Updates a mapping {id, category, education[]}; data is the id; 404 unknown id, 409 category taken. Province-level accounts only (403 province.only).',
        body: educationPlanUpdateSchema,
        response: { 200: envelopeOf(z.number().int()) },
      },
    },
    async (req) => {
      requireProvinceLevel(req.admin, 'educationPlan');
      const { id, ...input } = req.body;
      return ok(req, await updateEducationPlan(req, ctx.db, id, input), 'common.saved');
    },
  );

  app.delete(
    '/recruit/educationPlan/:id',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary:
          'Deletes a mapping; 404 when it does not exist. Province-level accounts only (403 province.only).',
        params: idParamSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      requireProvinceLevel(req.admin, 'educationPlan');
      await deleteEducationPlan(ctx.db, req.params.id);
      return ok(req, null, 'common.deleted');
    },
  );
}
