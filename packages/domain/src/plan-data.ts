import { z } from 'zod';
import { idNumber, INT_MAX, optionalString, requiredString, type FieldLabels } from './validation';
import { PLAN_DATA_STATUS } from './recruit-plan';

/**
 * Recruit plan data in the back office (spec §3 "Recruit plan data", §5, §7 "/recruit/recruitPlanData",
 * §9 "demandNumber"): one demand row per (plan, county, category, learning period, subject). The county
 * is a level-3 region (its province and city are read from sys_region); category, learning period and
 * subject are values of the dictionaries recruit_plan_category, recruit_learning_period and
 * recruit_subject (checked by the server). demandNumber is a whole number ≥ 0.
 */

/** Labels of the payload (messages '{label}不能为空' of spec §5). */
export const PLAN_DATA_LABELS: FieldLabels = {
  planId: 'field.planId',
  countyCode: 'field.countyCode',
  category: 'field.category',
  learningPeriod: 'field.learningPeriod',
  subject: 'field.subject',
  demandNumber: 'field.demandNumber',
};

/** demandNumber (spec §9): required, an integer from 0 (step 1); digit strings are accepted. */
const demandNumber = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? 'rule.required'
          : 'rule.integer',
    })
    .int({ error: 'rule.integer' })
    .min(0, { error: 'rule.integer' })
    .max(INT_MAX, { error: 'rule.integer' }),
);

/** POST /recruit/recruitPlanData (encrypted). */
export const planDataCreateSchema = z.object({
  planId: idNumber('rule.required', 'rule.invalidOption'),
  countyCode: requiredString(12),
  category: requiredString(32),
  learningPeriod: requiredString(32),
  subject: requiredString(32),
  demandNumber,
});
/** PUT /recruit/recruitPlanData (encrypted): the same plus id; the status is unchanged. */
export const planDataUpdateSchema = planDataCreateSchema.extend({ id: idNumber() });
export type PlanDataInput = z.output<typeof planDataCreateSchema>;
/** What the web sends (encrypted) to POST/PUT /recruit/recruitPlanData (PUT with the id). */
export type PlanDataPayload = z.input<typeof planDataCreateSchema> & { id?: number };

/** Search of GET /recruit/recruitPlanData/page: every field equal when given. */
export const planDataQuerySchema = z.object({
  planId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    idNumber('rule.invalidOption', 'rule.invalidOption').optional(),
  ),
  provinceCode: optionalString(12),
  cityCode: optionalString(12),
  countyCode: optionalString(12),
  category: optionalString(32),
  learningPeriod: optionalString(32),
  subject: optionalString(32),
  status: optionalString(1),
});
/** The search fields of the page (paging comes beside them). */
export type PlanDataQuery = Partial<Record<keyof z.output<typeof planDataQuerySchema>, string | number>>;

/** The status of a plan data row: 1 active, 0 inactive (PLAN_DATA_STATUS). */
export const planDataStatusSchema = z.enum([PLAN_DATA_STATUS.inactive, PLAN_DATA_STATUS.active]);

/** A plan data row as the back office sees it. */
export const planDataSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  provinceCode: z.string(),
  cityCode: z.string(),
  countyCode: z.string(),
  /** "Province / City / County" names, for the list. */
  regionName: z.string(),
  category: z.string(),
  learningPeriod: z.string(),
  subject: z.string(),
  demandNumber: z.number().int(),
  status: planDataStatusSchema,
  createTime: z.string(),
  updateTime: z.string(),
});
export type PlanData = z.output<typeof planDataSchema>;

/** A status option of GET /recruit/recruitPlanData/getRecruitPlanDataStatus, with its zh and en labels. */
export const planDataStatusOptionSchema = z.object({
  value: planDataStatusSchema,
  label: z.string(),
  labelEn: z.string(),
});
export type PlanDataStatusOption = z.output<typeof planDataStatusOptionSchema>;
