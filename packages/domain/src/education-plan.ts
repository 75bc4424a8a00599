import { z } from 'zod';
import { idNumber, optionalString, requiredString, type FieldLabels } from './validation';

/**
 * Category–education mapping (spec §3 "Category-education mapping", §5, §7 "/recruit/educationPlan"):
 * which education levels (dictionary sys_education) may apply to a plan category (dictionary
 * recruit_plan_category). One row per category. Dictionary membership is checked by the server.
 */

/** Labels of the mapping payload (messages '{label}不能为空' of spec §5). */
export const EDUCATION_PLAN_LABELS: FieldLabels = {
  category: 'field.category',
  education: 'field.education',
};

/** The education levels: at least one sys_education value, each a non-empty code, no repeats kept. */
const educationList = z
  .array(z.unknown(), { error: 'rule.required' })
  .max(50, { error: 'rule.maxLength' })
  .superRefine((values, ctx) => {
    if (values.length === 0) ctx.addIssue({ code: 'custom', message: 'rule.required' });
    else if (!values.every((v) => typeof v === 'string' && /^[\w-]{1,32}$/.test(v)))
      ctx.addIssue({ code: 'custom', message: 'rule.invalidOption' });
  })
  .transform((values) => [...new Set(values as string[])]);

/** POST /recruit/educationPlan: {category, education: string[]}. */
export const educationPlanCreateSchema = z.object({
  category: requiredString(32),
  education: educationList,
});
/** PUT /recruit/educationPlan: the same plus id. */
export const educationPlanUpdateSchema = educationPlanCreateSchema.extend({ id: idNumber() });
export type EducationPlanInput = z.output<typeof educationPlanCreateSchema>;
/** What the web sends to POST/PUT /recruit/educationPlan (PUT with the id). */
export type EducationPlanPayload = z.input<typeof educationPlanCreateSchema> & { id?: number };

/** Search of GET /recruit/educationPlan/page: category equal (empty: all). */
export const educationPlanQuerySchema = z.object({
  category: optionalString(32),
});
export type EducationPlanQuery = Partial<Record<keyof z.output<typeof educationPlanQuerySchema>, string>>;

/** A mapping as the API returns it (response schema of the page). */
export const educationPlanSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  education: z.array(z.string()),
  createTime: z.string(),
  updateTime: z.string(),
});
export type EducationPlan = z.output<typeof educationPlanSchema>;
