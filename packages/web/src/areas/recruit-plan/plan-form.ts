import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import {
  PLAN_RANGES,
  checkPlanTimeline,
  formatDateTime,
  parseInstant,
  RETENTION_YEARS,
  type PlanTimeline,
  type RecruitPlan,
} from '@tegang/domain';
import type { FormFieldIssue } from '../../components/form-errors';
import type { PlanPayload } from './api';

/**
 * The plan form <-> the plan payload: the timeline as one range picker per PLAN_RANGES entry, shown
 * and read in China Standard Time, and the domain's timeline rules placed on the range they concern.
 */

/** The form's range fields: one picker per PLAN_RANGES entry, named after its label ('planTime' …). */
export const RANGES = PLAN_RANGES.map(([start, end, label]) => ({
  start,
  end,
  label,
  name: label.slice('field.'.length),
}));
export const RANGE_OF_FIELD = new Map<string, string>(
  RANGES.flatMap((r) => [[r.start, r.name] as const, [r.end, r.name] as const]),
);

/** A row of the form's per-education age limits (birthLimits): an education code, its earliest birth date. */
export interface BirthLimitRow {
  education?: string;
  date?: Dayjs | string;
}

export type PlanForm = {
  name: string;
  year: Dayjs | string;
  company: string;
  limitBirth: Dayjs | string;
  birthLimits?: BirthLimitRow[];
  customerServicePhone?: string;
  serviceCenter?: string;
  retentionYears?: number;
} & Record<string, unknown>;

/** An instant as the picker shows it: China Standard Time wall clock (the programme's zone). */
export const toPicker = (iso: string) => dayjs(formatDateTime(iso));
/**
 * The picker's wall clock read as China Standard Time, as an ISO instant. ProForm hands range values
 * over as formatted strings and single dates as Dayjs: both are accepted.
 */
export const fromPicker = (d: Dayjs | string) =>
  new Date(parseInstant(dayjs(d).format('YYYY-MM-DD HH:mm:ss'))!).toISOString();
/** A date field's value as 'YYYY-MM-DD' (or 'YYYY' with `format`). */
export const dayOf = (d: Dayjs | string | undefined, format = 'YYYY-MM-DD') =>
  d ? dayjs(d).format(format) : undefined;
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** The timeline of the form's ranges; null while a range is incomplete. */
export function timelineOf(values: PlanForm): PlanTimeline | null {
  const timeline: Partial<PlanTimeline> = {};
  for (const r of RANGES) {
    const range = values[r.name] as [Dayjs | string, Dayjs | string] | undefined;
    if (!range?.[0] || !range?.[1]) return null;
    timeline[r.start] = fromPicker(range[0]);
    timeline[r.end] = fromPicker(range[1]);
  }
  return timeline as PlanTimeline;
}

/** A stored plan as the form holds it. */
export function planToForm(record: RecruitPlan): PlanForm {
  return {
    name: record.name,
    year: dayjs(`${record.year}-01-01`),
    company: record.company,
    limitBirth: dayjs(record.limitBirth),
    birthLimits: Object.entries(record.birthLimits ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([education, date]) => ({ education, date: dayjs(date) })),
    customerServicePhone: record.customerServicePhone ?? undefined,
    serviceCenter: record.serviceCenter ?? undefined,
    retentionYears: record.retentionYears,
    ...Object.fromEntries(RANGES.map((r) => [r.name, [toPicker(record[r.start]), toPicker(record[r.end])]])),
  };
}

/**
 * The form's age-limit rows as the payload's birthLimits {education code: 'YYYY-MM-DD'}; rows without
 * an education or a date are left out (the form's rules require both).
 */
export function birthLimitsOf(rows: BirthLimitRow[] | undefined): Record<string, string> {
  const limits: Record<string, string> = {};
  for (const row of rows ?? []) {
    const date = dayOf(row?.date);
    if (row?.education && date) limits[row.education] = date;
  }
  return limits;
}

/** The educations chosen more than once in the age-limit rows (the form refuses them). */
export function duplicateEducations(rows: BirthLimitRow[] | undefined): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const row of rows ?? []) {
    if (!row?.education) continue;
    if (seen.has(row.education)) twice.add(row.education);
    seen.add(row.education);
  }
  return [...twice];
}

/**
 * The body of POST/PUT /recruit/recruitPlan: trimmed texts, the year, the birth limits (general and
 * per education), the timeline, the retention years.
 */
export function planToPayload(values: PlanForm): PlanPayload {
  return {
    name: values.name.trim(),
    year: dayOf(values.year, 'YYYY'),
    company: values.company.trim(),
    limitBirth: dayOf(values.limitBirth),
    birthLimits: birthLimitsOf(values.birthLimits),
    ...timelineOf(values),
    customerServicePhone: values.customerServicePhone?.trim() || null,
    serviceCenter: values.serviceCenter?.trim() || null,
    retentionYears: values.retentionYears ?? RETENTION_YEARS.default,
  } as PlanPayload;
}

/** Spec §5: the timeline rules of the domain, each on the range picker it concerns. */
export function timelineIssues(values: PlanForm, t: TFunction): FormFieldIssue[] {
  const timeline = timelineOf(values);
  if (!timeline) return [];
  return checkPlanTimeline({
    ...timeline,
    limitBirth: dayOf(values.limitBirth),
    birthLimits: birthLimitsOf(values.birthLimits),
  }).map((issue) => ({
    name: RANGE_OF_FIELD.get(issue.field) ?? issue.field,
    message: t(
      issue.message,
      Object.fromEntries(Object.entries(issue.params ?? {}).map(([k, v]) => [k, t(v)])),
    ),
  }));
}
