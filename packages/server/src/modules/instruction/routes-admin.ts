import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  INSTRUCTION_LABELS,
  PERMISSIONS,
  instructionCreateSchema,
  instructionQuerySchema,
  instructionUpdateSchema,
} from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { idListSchema, idParamSchema, pagingSchema } from '../../lib/paging';
import {
  createInstruction,
  deleteInstructions,
  getInstruction,
  instructionTypeOptions,
  pageInstructions,
  updateInstruction,
} from './service-admin';

const P = PERMISSIONS.instruction;
const tags = ['instruction'];

/**
 * Instructions in the back office (spec §7 "Instructions", §3 "Instruction", §5 "Required on blur"):
 * the paged list, the type options, create and update (encrypted; HTML sanitised; one per plan and
 * type, else 409), detail and delete. Errors: 400 naming the field ('{label}不能为空', unknown plan,
 * content empty once sanitised or over 100 KB), 403 without the key, 404 unknown id, 409 duplicate.
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
      schema: { tags, summary: "Instruction type options [{value, label}] in the caller's language" },
    },
    async (req) => ok(req, instructionTypeOptions(req.lang)),
  );

  app.post(
    '/recruit/instruction',
    {
      config: { access: { permission: P.add }, encrypted: true, labels: INSTRUCTION_LABELS },
      schema: {
        tags,
        summary: 'Creates an instruction {planId, type, context} (encrypted; HTML sanitised); data is the id',
        body: instructionCreateSchema,
      },
    },
    async (req) => ok(req, await createInstruction(ctx.db, req.lang, req.body), 'common.saved'),
  );

  app.put(
    '/recruit/instruction',
    {
      config: { access: { permission: P.edit }, encrypted: true, labels: INSTRUCTION_LABELS },
      schema: {
        tags,
        summary:
          'Updates an instruction {id, planId, type, context} (encrypted; HTML sanitised); data is the id',
        body: instructionUpdateSchema,
      },
    },
    async (req) => {
      const { id, ...input } = req.body;
      return ok(req, await updateInstruction(ctx.db, req.lang, id, input), 'common.saved');
    },
  );

  app.delete(
    '/recruit/instruction/deleteByIds',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary: 'Deletes instructions {idList}: all of them, or nothing when one does not exist (404)',
        body: idListSchema,
      },
    },
    async (req) => {
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
      },
    },
    async (req) => ok(req, await getInstruction(ctx.db, req.params.id)),
  );

  app.delete(
    '/recruit/instruction/:id',
    {
      config: { access: { permission: P.remove } },
      schema: { tags, summary: 'Deletes one instruction; 404 when unknown', params: idParamSchema },
    },
    async (req) => {
      await deleteInstructions(ctx.db, [req.params.id]);
      return ok(req, null, 'common.deleted');
    },
  );
}
