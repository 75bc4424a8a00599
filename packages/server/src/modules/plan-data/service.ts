import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { categoryEducation, recruitPlanData } from '../../db/schema';

/**
 * The demand of a plan as the candidate's cascade reads it (spec §7 recruitPlanData calls; issue 2:
 * education → category → county → learning period → subject, offered only where there is demand).
 * Only rows with status '1' and demandNumber > 0 count.
 */
const live = (planId: number) =>
  and(
    eq(recruitPlanData.planId, planId),
    eq(recruitPlanData.status, '1'),
    gt(recruitPlanData.demandNumber, 0),
  );

/** Categories open to an education level that have demand in the plan. */
export async function categoriesForEducation(db: Db, planId: number, education: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: recruitPlanData.category })
    .from(recruitPlanData)
    .innerJoin(categoryEducation, eq(categoryEducation.category, recruitPlanData.category))
    .where(and(live(planId), sql`${education} = any(${categoryEducation.education})`))
    .orderBy(asc(recruitPlanData.category));
  return rows.map((r) => r.category);
}

/** True when `education` may apply to `category` (the category-education mapping). */
export async function educationAllowed(db: Db, category: string, education: string): Promise<boolean> {
  const [row] = await db
    .select({ id: categoryEducation.id })
    .from(categoryEducation)
    .where(
      and(eq(categoryEducation.category, category), sql`${education} = any(${categoryEducation.education})`),
    );
  return Boolean(row);
}

/** Counties (with their city) that have demand in a category. */
export async function countiesForCategory(db: Db, planId: number, category: string) {
  return db
    .selectDistinct({
      provinceCode: recruitPlanData.provinceCode,
      cityCode: recruitPlanData.cityCode,
      countyCode: recruitPlanData.countyCode,
    })
    .from(recruitPlanData)
    .where(and(live(planId), eq(recruitPlanData.category, category)))
    .orderBy(asc(recruitPlanData.countyCode));
}

export async function learningPeriodsForCounty(
  db: Db,
  planId: number,
  category: string,
  countyCode: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ learningPeriod: recruitPlanData.learningPeriod })
    .from(recruitPlanData)
    .where(
      and(live(planId), eq(recruitPlanData.category, category), eq(recruitPlanData.countyCode, countyCode)),
    )
    .orderBy(asc(recruitPlanData.learningPeriod));
  return rows.map((r) => r.learningPeriod);
}

export async function subjectsForLearningPeriod(
  db: Db,
  planId: number,
  category: string,
  countyCode: string,
  learningPeriod: string,
) {
  return db
    .select({ subject: recruitPlanData.subject, demandNumber: recruitPlanData.demandNumber })
    .from(recruitPlanData)
    .where(
      and(
        live(planId),
        eq(recruitPlanData.category, category),
        eq(recruitPlanData.countyCode, countyCode),
        eq(recruitPlanData.learningPeriod, learningPeriod),
      ),
    )
    .orderBy(asc(recruitPlanData.subject));
}

/** The demand row an application points at, or undefined when the choice has no demand. */
export async function findDemand(
  db: Db,
  planId: number,
  choice: { planType: string; countyCode: string; academicSession: string; subject: string },
) {
  const [row] = await db
    .select()
    .from(recruitPlanData)
    .where(
      and(
        live(planId),
        eq(recruitPlanData.category, choice.planType),
        eq(recruitPlanData.countyCode, choice.countyCode),
        eq(recruitPlanData.learningPeriod, choice.academicSession),
        eq(recruitPlanData.subject, choice.subject),
      ),
    );
  return row;
}
