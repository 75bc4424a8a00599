import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INSTRUCTION_LABELS,
  PERMISSIONS,
  instructionCreateSchema,
  instructionQuerySchema,
  instructionUpdateSchema,
  instructionSchema,
  pageOf,
  codeOptionSchema,
} from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { idListSchema, idParamSchema, pagingSchema } from '../../lib/paging';
import { requirePlanProvince } from '../../lib/scope';
import {
  createInstruction,
  deleteInstructions,
  getInstruction,
  instructionPlanIds,
  instructionTypeOptions,
  pageInstructions,
  updateInstruction,
} from './service-admin';
import { envelopeOf, encryptedEnvelope } from '../../lib/fast-response';

const P = PERMISSIONS.instruction;
const tags = ['instruction'];

/**
 * Instructions in the back office (spec §7 "Instructions", §3 "Instruction", §5 "Required on blur"):
 * the paged list, the type options, create and update (encrypted; HTML sanitised; one per plan and
 * type, else 409), detail and delete. Errors: 400 naming the field ('{label}不能为空', unknown plan,
 * content empty once sanitised or over 100 KB), 403 without the key, 404 unknown id, 409 duplicate.
 * Writes are province-only (docs/security.md "Province-wide objects"): 403 'province.only' for a city
 * or county account, 'province.other' when the plan belongs to another province.
 */
export async function instructionAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/recruit/instruction/page',
    {
      config: { access: { permission: P.list }, labels: INSTRUCTION_LABELS },
      schema: {
        tags,
        summary:
          'Page of instructions {records: [{id, planId, planName, type, context, createTime, updateTime}], total, current, size}: current, size, planId, type',
        querystring: pagingSchema.extend(instructionQuerySchema.shape),
        response: { 200: envelopeOf(pageOf(instructionSchema)) },
      },
    },
    async (req) => {
      const { current, size, planId, type } = req.query;
      return ok(req, await pageInstructions(ctx.db, { planId, type }, { current, size }));
    },
  );

  app.get(
    '/recruit/instruction/getInstructionType',
    {
      config: { access: { admin: true } },
      schema: {
        tags,
        summary: "Instruction type options [{value, label}] in the caller's language",
        response: { 200: envelopeOf(z.array(codeOptionSchema)) },
      },
    },
    async (req) => ok(req, instructionTypeOptions(req.lang)),
  );

  app.post(
    '/recruit/instruction',
    {
      config: { access: { permission: P.add }, encrypted: true, labels: INSTRUCTION_LABELS },
      schema: {
        tags,
        summary:
          'Creates an instruction {planId, type, context} (encrypted; HTML sanitised); data is the id. Province-level accounts only (403 province.only / province.other).',
        body: instructionCreateSchema,
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) => {
      await requirePlanProvince(ctx.db, req.admin, 'instruction', [req.body.planId]);
      return ok(req, await createInstruction(ctx.db, req.lang, req.body), 'common.saved');
    },
  );

  app.put(
    '/recruit/instruction',
    {
      config: { access: { permission: P.edit }, encrypted: true, labels: INSTRUCTION_LABELS },
      schema: {
        tags,
        summary:
          'Updates an instruction {id, planId, type, context} (encrypted; HTML sanitised); data is the id. Province-level accounts only (403 province.only / province.other).',
        body: instructionUpdateSchema,
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) => {
      const { id, ...input } = req.body;
      // Both the plan it hangs off now and the one it moves to must be the caller's.
      const planIds = [...(await instructionPlanIds(ctx.db, [id])), input.planId];
      await requirePlanProvince(ctx.db, req.admin, 'instruction', planIds);
      return ok(req, await updateInstruction(ctx.db, req.lang, id, input), 'common.saved');
    },
  );

  app.delete(
    '/recruit/instruction/deleteByIds',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary:
          'Deletes instructions {idList}: all of them, or nothing when one does not exist (404). Province-level accounts only (403 province.only / province.other).',
        body: idListSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      const planIds = await instructionPlanIds(ctx.db, req.body.idList);
      await requirePlanProvince(ctx.db, req.admin, 'instruction', planIds);
      await deleteInstructions(ctx.db, req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );

  app.get(
    '/recruit/instruction/:id',
    {
      config: { access: { permission: P.query } },
      schema: {
        tags,
        summary: 'One instruction (context is sanitised HTML); 404 when unknown',
        params: idParamSchema,
        response: { 200: envelopeOf(instructionSchema) },
      },
    },
    async (req) => ok(req, await getInstruction(ctx.db, req.params.id)),
  );

  app.delete(
    '/recruit/instruction/:id',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary:
          'Deletes one instruction; 404 when unknown. Province-level accounts only (403 province.only / province.other).',
        params: idParamSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      const planIds = await instructionPlanIds(ctx.db, [req.params.id]);
      await requirePlanProvince(ctx.db, req.admin, 'instruction', planIds);
      await deleteInstructions(ctx.db, [req.params.id]);
      return ok(req, null, 'common.deleted');
    },
  );
}
