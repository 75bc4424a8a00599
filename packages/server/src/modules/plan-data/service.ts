import { and, asc, eq, getTableColumns, gt, sql, type Placeholder } from 'drizzle-orm';
import { PLAN_DATA_STATUS, type DemandOption, type DemandRow, type RegionNode } from '@tegang/domain';
import type { Db } from '../../db';
import { categoryEducation, recruitPlanData } from '../../db/schema';
import { loadDicts } from '../../lib/dicts';
import { perDb } from '../../lib/per-db';
import { buildRegionTree, loadRegions } from '../../lib/regions';
import { postCounts, type PostCountsCache } from './post-counts';

/**
 * The demand of a plan as the candidate's cascade reads it (spec §7 recruitPlanData calls: education
 * → category → county → learning period → subject, offered only where there is demand). Only active
 * rows (status PLAN_DATA_STATUS.active) with demandNumber > 0 count, in every call.
 */
const live = (planId: number | Placeholder) =>
  and(
    eq(recruitPlanData.planId, planId),
    eq(recruitPlanData.status, PLAN_DATA_STATUS.active),
    gt(recruitPlanData.demandNumber, 0),
  );

/**
 * The live demand rows of a plan (GET /api/recruitPlanData/getRecruitPlanDataByPlanId/{planId}),
 * ordered by county, category, learning period, subject; [] for an unknown plan.
 */
export async function liveDemandRows(db: Db, planId: number): Promise<DemandRow[]> {
  return db
    .select({
      countyCode: recruitPlanData.countyCode,
      cityCode: recruitPlanData.cityCode,
      category: recruitPlanData.category,
      learningPeriod: recruitPlanData.learningPeriod,
      subject: recruitPlanData.subject,
      demandNumber: recruitPlanData.demandNumber,
    })
    .from(recruitPlanData)
    .where(live(planId))
    .orderBy(
      asc(recruitPlanData.countyCode),
      asc(recruitPlanData.category),
      asc(recruitPlanData.learningPeriod),
      asc(recruitPlanData.subject),
    );
}

/** `values` of dictionary `type` as cascade options (label = the value when the item is unknown). */
export async function dictOptions(db: Db, type: string, values: string[]): Promise<DemandOption[]> {
  const items = (await loadDicts(db)).items(type);
  return values.map((value) => {
    const item = items.find((i) => i.value === value);
    return { value, label: item?.label ?? value, labelEn: item?.labelEn ?? null };
  });
}

/** The city → county tree of the counties with live demand in `category` ([] when none). */
export async function regionTreeForCategory(db: Db, planId: number, category: string): Promise<RegionNode[]> {
  const counties = await countiesForCategory(db, planId, category);
  const wanted = new Set(counties.flatMap((c) => [c.cityCode, c.countyCode]));
  return buildRegionTree((await loadRegions(db)).filter((r) => wanted.has(r.code)));
}

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
    .where(and(eq(categoryEducation.category, category), allowsEducation(education)))
    .limit(1);
  return Boolean(row);
}
/** The condition on a category-education row: its educations include `education`. */
const allowsEducation = (education: unknown) => sql`${education} = any(${categoryEducation.education})`;

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

/** Learning periods with live demand in a county and category, in code order. */
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

/**
 * Subjects with live demand (active, demandNumber > 0) in a county, category and learning period, in
 * code order, with their demand and enrolments so far (getRecruitPlanDataSubjectByLearningPeriod).
 * Read from the plan's cached post counts (post-counts.ts, RATIO_CACHE_SECONDS): no query per request.
 */
export async function subjectRatios(
  db: Db,
  planId: number,
  choice: { category: string; countyCode: string; learningPeriod: string },
  cache: PostCountsCache,
): Promise<{ subject: string; demand: number; enrolled: number }[]> {
  const { posts } = await postCounts(db, planId, cache);
  return posts
    .filter(
      (p) =>
        p.demand > 0 &&
        p.category === choice.category &&
        p.countyCode === choice.countyCode &&
        p.learningPeriod === choice.learningPeriod,
    )
    .map((p) => ({ subject: p.subject, demand: p.demand, enrolled: p.enrolled }))
    .sort((a, b) => (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0));
}

/**
 * The demand row an application points at, or undefined when the choice has no demand, with
 * `educationAllowed`: whether `education` may apply to the row's category (the category-education
 * mapping; see {@link educationAllowed} when there is no row). One query for both of an application's
 * checks.
 */
export async function findDemand(
  db: Db,
  planId: number,
  choice: {
    planType: string;
    countyCode: string;
    academicSession: string;
    subject: string;
    education: string;
  },
) {
  const { planType, countyCode, academicSession, subject, education } = choice;
  const [row] = await demandQuery(db).execute({
    planId,
    planType,
    countyCode,
    academicSession,
    subject,
    education,
  });
  return row;
}
/** findDemand's query, prepared once per database (every application runs it). */
const demandQuery = perDb((db: Db) =>
  db
    .select({
      ...getTableColumns(recruitPlanData),
      educationAllowed: sql<boolean>`exists (select 1 from ${categoryEducation}
        where ${categoryEducation.category} = ${recruitPlanData.category}
          and ${allowsEducation(sql.placeholder('education'))})`,
    })
    .from(recruitPlanData)
    .where(
      and(
        live(sql.placeholder('planId')),
        eq(recruitPlanData.category, sql.placeholder('planType')),
        eq(recruitPlanData.countyCode, sql.placeholder('countyCode')),
        eq(recruitPlanData.learningPeriod, sql.placeholder('academicSession')),
        eq(recruitPlanData.subject, sql.placeholder('subject')),
      ),
    )
    .prepare('plan_data_demand'),
);
