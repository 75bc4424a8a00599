import { z } from 'zod';
import type { MessageKey } from './i18n';
import { isEmpty } from './rules';
import { idNumber, isCleanText, optionalString, type FieldLabels } from './validation';

/**
 * Instructions (spec §3 "Instruction", §5 "Required on blur", §7 "Instructions"): the HTML notices
 * of a plan, at most one per plan and type. Type '1' is the enrolment notice the candidate accepts
 * before applying (GET /api/instruction/getEnrollNotice/{id}).
 */

/** Instruction types: 1 报名须知 (enrolment notice), 2 考试须知 (exam notice), 3 准考证须知 (ticket notice). */
export const INSTRUCTION_TYPE = { enrollNotice: '1', examNotice: '2', ticketNotice: '3' } as const;
export type InstructionType = (typeof INSTRUCTION_TYPE)[keyof typeof INSTRUCTION_TYPE];
export const INSTRUCTION_TYPES: readonly [InstructionType, ...InstructionType[]] = ['1', '2', '3'];

/** The message key of a type's label (zh/en in the catalogues). */
export const instructionTypeLabel = (type: InstructionType): MessageKey => `status.instructionType.${type}`;

/** The largest notice accepted: 100 KB of UTF-8, before and after sanitising. */
export const INSTRUCTION_CONTEXT_MAX_BYTES = 100 * 1024;

/** UTF-8 length of `text` in bytes. */
export const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** Labels of the instruction payload ('{label}不能为空', spec §5). */
export const INSTRUCTION_LABELS: FieldLabels = {
  planId: 'field.instruction.planId',
  type: 'field.instruction.type',
  context: 'field.instruction.context',
};

/** The message of a missing value (`required`) or a wrong one (`invalid`). */
const requiredOr =
  (invalid: MessageKey) =>
  (issue: { input?: unknown }): MessageKey =>
    isEmpty(issue.input) ? 'rule.required' : invalid;

/** Fields of an instruction as the form sends them (POST /recruit/instruction). */
export const instructionCreateSchema = z.object({
  planId: idNumber(),
  type: z.enum(INSTRUCTION_TYPES, { error: requiredOr('rule.invalidOption') }),
  context: z
    .string({ error: 'rule.required' })
    .trim()
    .min(1, { error: 'rule.required' })
    .refine((v) => utf8Length(v) <= INSTRUCTION_CONTEXT_MAX_BYTES, {
      error: 'instruction.context.tooLarge',
      abort: true,
    })
    .refine((v) => isCleanText(v, 'text'), { error: 'rule.control' }),
});
/** Update payload (PUT /recruit/instruction): the same plus id. */
export const instructionUpdateSchema = instructionCreateSchema.extend({ id: idNumber() });
export type InstructionInput = z.output<typeof instructionCreateSchema>;

/** Search of GET /recruit/instruction/page: plan and type, both optional (paging beside them). */
export const instructionQuerySchema = z.object({
  planId: z.preprocess((v) => (isEmpty(v) ? undefined : v), idNumber().optional()),
  type: optionalString(2),
});
export type InstructionQuery = Partial<{ planId: number | string; type: string }>;

/** An instruction as the API returns it (the list adds the plan's name). */
export const instructionSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  /** The plan's name (null only if the plan vanished meanwhile). */
  planName: z.string().nullable(),
  type: z.enum(INSTRUCTION_TYPES),
  /** Sanitised HTML. */
  context: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Instruction = z.output<typeof instructionSchema>;

/** GET /api/instruction/getEnrollNotice/{id}: the plan's enrolment notice (sanitised HTML). */
export const enrollNoticeSchema = z.object({ context: z.string() });
export type EnrollNotice = z.output<typeof enrollNoticeSchema>;
