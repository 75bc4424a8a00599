import { and, desc, eq } from 'drizzle-orm';
import { INSTRUCTION_TYPE, type EnrollNotice } from '@tegang/domain';
import type { Db } from '../../db';
import { instruction } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** Instruction types (spec §3 Instruction; GET /recruit/instruction/getInstructionType). */
export const INSTRUCTION_TYPE_ENROLL_NOTICE = INSTRUCTION_TYPE.enrollNotice;

/**
 * The newest enrolment notice of a plan (GET /api/instruction/getEnrollNotice/{id}):
 * {context: sanitised HTML}. 404 'error.notFound' when the plan has none.
 */
export async function enrollNotice(db: Db, planId: number): Promise<EnrollNotice> {
  const [row] = await db
    .select({ context: instruction.context })
    .from(instruction)
    .where(and(eq(instruction.planId, planId), eq(instruction.type, INSTRUCTION_TYPE_ENROLL_NOTICE)))
    .orderBy(desc(instruction.id))
    .limit(1);
  if (!row) throw notFound();
  return row;
}
