import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  INSTRUCTION_CONTEXT_MAX_BYTES,
  INSTRUCTION_LABELS,
  INSTRUCTION_TYPES,
  instructionTypeLabel,
  translate,
  utf8Length,
  type CodeOption,
  type Instruction,
  type InstructionInput,
  type InstructionType,
  type Lang,
  type MessageKey,
  type Page,
} from '@tegang/domain';
import type { Db } from '../../db';
import { instruction, recruitPlan } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { fieldError } from '../../lib/field-error';
import { plainTextOf, sanitizeRichText } from '../../lib/html';
import { pageOf, type Paging } from '../../lib/paging';

/**
 * Instructions in the back office (spec §3 "Instruction", §5, §7 "Instructions"): the paged list,
 * detail, create and update (HTML sanitised on write, one notice per plan and type), delete, and the
 * type options. The candidate's enrolment notice is read by service.ts.
 */

type InstructionRow = typeof instruction.$inferSelect;

/** A 400 naming one payload field by its INSTRUCTION_LABELS label, in the caller's language. */
const payloadError = (lang: Lang, field: keyof typeof INSTRUCTION_LABELS, messageKey: MessageKey) =>
  fieldError({ lang }, field, INSTRUCTION_LABELS[field]!, messageKey);

/** Rows as the API answers them, with their plans' names. */
async function toInstructions(db: Db, rows: InstructionRow[]): Promise<Instruction[]> {
  const planIds = [...new Set(rows.map((r) => r.planId))];
  const plans = planIds.length
    ? await db
        .select({ id: recruitPlan.id, name: recruitPlan.name })
        .from(recruitPlan)
        .where(inArray(recruitPlan.id, planIds))
    : [];
  const names = new Map(plans.map((p) => [p.id, p.name]));
  return rows.map((r) => ({
    id: r.id,
    planId: r.planId,
    planName: names.get(r.planId) ?? null,
    type: r.type as InstructionType,
    context: r.context,
    createTime: r.createTime.toISOString(),
    updateTime: r.updateTime.toISOString(),
  }));
}

export interface InstructionSearch {
  planId?: number;
  type?: string;
}

/**
 * GET /recruit/instruction/page (spec §7, §9 paging): instructions of plan `planId` and of `type`
 * (each filter left out when empty), newest first: {records: Instruction[], total, current, size}.
 */
export async function pageInstructions(
  db: Db,
  search: InstructionSearch,
  paging: Paging,
): Promise<Page<Instruction>> {
  return pageOf(db, instruction, paging, {
    where: [
      search.planId ? eq(instruction.planId, search.planId) : undefined,
      search.type ? eq(instruction.type, search.type) : undefined,
    ],
    orderBy: [desc(instruction.planId), asc(instruction.type), desc(instruction.id)],
    toRecords: (rows) => toInstructions(db, rows),
  });
}

/** GET /recruit/instruction/{id}: one instruction with its plan's name; 404 error.notFound. */
export async function getInstruction(db: Db, id: number): Promise<Instruction> {
  const rows = await db.select().from(instruction).where(eq(instruction.id, id));
  if (!rows.length) throw notFound();
  return (await toInstructions(db, rows))[0]!;
}

/**
 * The HTML to store: `context` sanitised (lib/html.ts). 400 on context when nothing visible is left
 * (instruction.context.empty) or when it is still over 100 KB (instruction.context.tooLarge).
 */
function cleanContext(lang: Lang, context: string): string {
  const clean = sanitizeRichText(context);
  if (!plainTextOf(clean)) throw payloadError(lang, 'context', 'instruction.context.empty');
  if (utf8Length(clean) > INSTRUCTION_CONTEXT_MAX_BYTES)
    throw payloadError(lang, 'context', 'instruction.context.tooLarge');
  return clean;
}

/**
 * Writes one instruction under the lock of its plan row, so that two concurrent saves of the same
 * plan and type are serialised: 400 on planId when the plan does not exist, 409 instruction.exists
 * when another instruction of the plan has that type, 404 when `id` (update) does not exist.
 */
async function save(db: Db, lang: Lang, input: InstructionInput, id?: number): Promise<number> {
  const context = cleanContext(lang, input.context);
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ id: recruitPlan.id, name: recruitPlan.name })
      .from(recruitPlan)
      .where(eq(recruitPlan.id, input.planId))
      .for('update');
    if (!plan) throw payloadError(lang, 'planId', 'instruction.plan.unknown');
    if (id !== undefined) {
      const [current] = await tx
        .select({ id: instruction.id })
        .from(instruction)
        .where(eq(instruction.id, id))
        .for('update');
      if (!current) throw notFound();
    }
    const sameType: SQL[] = [eq(instruction.planId, input.planId), eq(instruction.type, input.type)];
    if (id !== undefined) sameType.push(ne(instruction.id, id));
    const [other] = await tx
      .select({ id: instruction.id })
      .from(instruction)
      .where(and(...sameType))
      .limit(1);
    if (other)
      throw conflict('instruction.exists', { plan: plan.name, type: instructionTypeLabel(input.type) });
    const values = { planId: input.planId, type: input.type, context };
    if (id === undefined) {
      const [row] = await tx.insert(instruction).values(values).returning({ id: instruction.id });
      return row!.id;
    }
    await tx
      .update(instruction)
      .set({ ...values, updateTime: sql`now()` })
      .where(eq(instruction.id, id));
    return id;
  });
}

/** POST /recruit/instruction: a new instruction (errors as `save`); returns its id. */
export function createInstruction(db: Db, lang: Lang, input: InstructionInput): Promise<number> {
  return save(db, lang, input);
}

/** PUT /recruit/instruction: replaces plan, type and content of `id` (errors as `save`); returns id. */
export function updateInstruction(db: Db, lang: Lang, id: number, input: InstructionInput): Promise<number> {
  return save(db, lang, input, id);
}

/**
 * DELETE /recruit/instruction/{id} and deleteByIds {idList}: all or nothing, in one transaction;
 * 404 error.notFound when any of them does not exist (nothing is deleted then).
 */
export async function deleteInstructions(db: Db, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: instruction.id })
      .from(instruction)
      .where(inArray(instruction.id, wanted))
      .orderBy(asc(instruction.id))
      .for('update');
    if (rows.length !== wanted.length) throw notFound();
    await tx.delete(instruction).where(inArray(instruction.id, wanted));
  });
}

/** GET /recruit/instruction/getInstructionType: [{value: '1'|'2'|'3', label}] in `lang`. */
export function instructionTypeOptions(lang: Lang): CodeOption[] {
  return INSTRUCTION_TYPES.map((value) => ({ value, label: translate(lang, instructionTypeLabel(value)) }));
}

/** The plans the instructions `ids` hang off (unknown ids add nothing), for the province guard. */
export async function instructionPlanIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectDistinct({ planId: instruction.planId })
    .from(instruction)
    .where(inArray(instruction.id, [...ids]));
  return rows.map((r) => r.planId);
}
