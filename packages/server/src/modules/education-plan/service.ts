import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { EducationPlan, EducationPlanInput, Page } from '@tegang/domain';
import type { Db } from '../../db';
import { categoryEducation } from '../../db/schema';
import { loadDicts } from '../../lib/dicts';
import { conflict, notFound, type AppError } from '../../lib/errors';
import { pageOf, type Paging } from '../../lib/paging';
import { fieldError } from '../../lib/field-error';
import { isPgError } from '../../lib/pg-error';

/**
 * Category–education mapping (spec §3 "Category-education mapping", §7 "/recruit/educationPlan"): one
 * row per plan category (dictionary recruit_plan_category) listing the education levels (dictionary
 * sys_education) that may apply to it. The candidate cascade reads it (plan-data/service.ts).
 */

type Row = typeof categoryEducation.$inferSelect;

/** A row as the API answers it (times ISO 8601). */
function toEducationPlan(row: Row): EducationPlan {
  return {
    id: row.id,
    category: row.category,
    education: row.education,
    createTime: row.createTime.toISOString(),
    updateTime: row.updateTime.toISOString(),
  };
}

/** GET /recruit/educationPlan/page: category equal when given; by category then id (spec §9 paging). */
export function pageEducationPlans(
  db: Db,
  search: { category?: string },
  paging: Paging,
): Promise<Page<EducationPlan>> {
  return pageOf(db, categoryEducation, paging, {
    where: [search.category ? eq(categoryEducation.category, search.category) : undefined],
    orderBy: [asc(categoryEducation.category), asc(categoryEducation.id)],
    toRecords: (rows) => rows.map(toEducationPlan),
  });
}

/**
 * The dictionary rules of a payload: category a recruit_plan_category value, every education a
 * sys_education value (else 400 naming the field, 'rule.invalidOption'); a category already mapped by
 * another row than `selfId` is 409 educationPlan.category.exists. Returns that 409, for a unique
 * violation of a concurrent write.
 */
async function checkInput(
  req: FastifyRequest,
  db: Db,
  input: EducationPlanInput,
  selfId?: number,
): Promise<AppError> {
  const dicts = await loadDicts(db);
  if (!dicts.has('recruit_plan_category', input.category))
    throw fieldError(req, 'category', 'field.category', 'rule.invalidOption');
  if (!input.education.every((e) => dicts.has('sys_education', e)))
    throw fieldError(req, 'education', 'field.education', 'rule.invalidOption');
  const [taken] = await db
    .select({ id: categoryEducation.id })
    .from(categoryEducation)
    .where(
      and(
        eq(categoryEducation.category, input.category),
        selfId ? ne(categoryEducation.id, selfId) : undefined,
      ),
    );
  const duplicate = conflict('educationPlan.category.exists', {
    category: dicts.label('recruit_plan_category', input.category, req.lang),
  });
  if (taken) throw duplicate;
  return duplicate;
}

/** POST /recruit/educationPlan: a new mapping; returns its id. 400 bad dictionary value, 409 category taken. */
export async function createEducationPlan(
  req: FastifyRequest,
  db: Db,
  input: EducationPlanInput,
): Promise<number> {
  const duplicate = await checkInput(req, db, input);
  try {
    const [row] = await db
      .insert(categoryEducation)
      .values({ category: input.category, education: input.education })
      .returning({ id: categoryEducation.id });
    return row!.id;
  } catch (err) {
    // A concurrent insert of the same category (unique index).
    if (isPgError(err, '23505')) throw duplicate;
    throw err;
  }
}

/** PUT /recruit/educationPlan: replaces category and education of row `id`; 404 when missing, else as create. */
export async function updateEducationPlan(
  req: FastifyRequest,
  db: Db,
  id: number,
  input: EducationPlanInput,
): Promise<number> {
  const duplicate = await checkInput(req, db, input, id);
  try {
    const [row] = await db
      .update(categoryEducation)
      .set({ category: input.category, education: input.education, updateTime: new Date() })
      .where(eq(categoryEducation.id, id))
      .returning({ id: categoryEducation.id });
    if (!row) throw notFound();
    return row.id;
  } catch (err) {
    if (isPgError(err, '23505')) throw duplicate;
    throw err;
  }
}

/** DELETE /recruit/educationPlan/{id}: removes the mapping; 404 when it does not exist. */
export async function deleteEducationPlan(db: Db, id: number): Promise<void> {
  const rows = await db
    .delete(categoryEducation)
    .where(eq(categoryEducation.id, id))
    .returning({ id: categoryEducation.id });
  if (!rows.length) throw notFound();
}
