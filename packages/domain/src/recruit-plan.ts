import { z } from 'zod';
import type { MessageKey } from './i18n';
import { cstDate, windowState } from './time';
import { retentionYearsSchema } from './retention';
import {
  dateString,
  dateTimeString,
  idNumber,
  isValidDate,
  optionalString,
  requiredString,
  type FieldLabels,
} from './validation';

/**
 * Recruit plan (spec §2 "Recruit plan", §3, §4 "Plan timeline order", §5 "Recruit plan").
 * Times are ISO 8601 instants; limitBirth is a YYYY-MM-DD date (candidates must be born on or after it).
 */

/** The nine ranges of the plan form, in timeline order: [start field, end field, label]. */
export const PLAN_RANGES = [
  ['startTime', 'endTime', 'field.planTime'],
  ['enrollStartTime', 'enrollEndTime', 'field.enrollTime'],
  ['auditStartTime', 'auditEndTime', 'field.auditTime'],
  ['ticketPrintStartTime', 'ticketPrintEndTime', 'field.ticketPrintTime'],
  ['examStartTime', 'examEndTime', 'field.examTime'],
  ['scoreQueryStartTime', 'scoreQueryEndTime', 'field.scoreQueryTime'],
  ['interviewStartTime', 'interviewEndTime', 'field.interviewTime'],
  ['physicalExamStartTime', 'physicalExamEndTime', 'field.physicalExamTime'],
  ['listPublishedStartTime', 'listPublishedEndTime', 'field.listPublishedTime'],
] as const satisfies readonly (readonly [string, string, MessageKey])[];

export type PlanTimeField = (typeof PLAN_RANGES)[number][0 | 1];
export type PlanTimeline = Record<PlanTimeField, string>;

/** Labels of the plan payload: both ends of a range carry the range's label. */
export const RECRUIT_PLAN_LABELS: FieldLabels = {
  name: 'field.recruitPlan.name',
  birthLimits: 'field.birthLimits',
  retentionYears: 'field.retentionYears',
  ...Object.fromEntries(
    PLAN_RANGES.flatMap(([s, e, label]) => [
      [s, label],
      [e, label],
    ]),
  ),
};

/**
 * Each later stage's start must not precede (or must follow) the previous stage's end
 * (spec §5): [earlier range's end, later range's start, strictly after?, message].
 */
const ORDER_RULES: readonly [PlanTimeField, PlanTimeField, boolean, MessageKey][] = [
  ['enrollEndTime', 'auditStartTime', false, 'plan.audit.afterEnroll'],
  ['auditEndTime', 'ticketPrintStartTime', false, 'plan.ticket.afterAudit'],
  ['ticketPrintEndTime', 'examStartTime', true, 'plan.exam.afterTicket'],
  ['examEndTime', 'scoreQueryStartTime', true, 'plan.score.afterExam'],
  ['scoreQueryEndTime', 'interviewStartTime', true, 'plan.interview.afterScore'],
  ['interviewEndTime', 'physicalExamStartTime', true, 'plan.physical.afterInterview'],
  ['physicalExamEndTime', 'listPublishedStartTime', true, 'plan.list.afterPhysical'],
];

export interface TimelineIssue {
  field: PlanTimeField | 'limitBirth' | 'birthLimits';
  message: MessageKey;
  params?: Record<string, string>;
}

/**
 * The timeline rules of spec §4/§5 over a complete plan: every range starts before it ends; online
 * enrolment lies inside the plan window (on or after its start, before its end); each stage follows
 * the previous one; limitBirth is not after `today` (YYYY-MM-DD, China Standard Time).
 * Returns the broken rules, each on the field a form should mark; [] when the timeline is sound.
 */
export function checkPlanTimeline(
  plan: PlanTimeline & { limitBirth?: string; birthLimits?: BirthLimits },
  today = cstDate(),
): TimelineIssue[] {
  const issues: TimelineIssue[] = [];
  const t = (f: PlanTimeField) => new Date(plan[f]).getTime();
  for (const [start, end, label] of PLAN_RANGES) {
    if (!(t(start) < t(end))) issues.push({ field: start, message: 'plan.range.order', params: { label } });
  }
  if (t('enrollStartTime') < t('startTime') || !(t('enrollEndTime') < t('endTime'))) {
    issues.push({ field: 'enrollStartTime', message: 'plan.enroll.inside' });
  }
  for (const [earlierEnd, laterStart, strict, message] of ORDER_RULES) {
    const ok = strict ? t(laterStart) > t(earlierEnd) : t(laterStart) >= t(earlierEnd);
    if (!ok) issues.push({ field: laterStart, message });
  }
  if (plan.limitBirth && plan.limitBirth > today)
    issues.push({ field: 'limitBirth', message: 'plan.limitBirth.future' });
  for (const [education, date] of Object.entries(plan.birthLimits ?? {})) {
    if (date > today) {
      issues.push({
        field: 'birthLimits',
        message: 'plan.birthLimits.future',
        params: { education, label: 'field.birthLimits' },
      });
      break;
    }
  }
  return issues;
}

const timeFields = Object.fromEntries(
  PLAN_RANGES.flatMap(([start, end]) => {
    // spec §5: "The enrolment range message is just its label".
    const required: MessageKey = start === 'enrollStartTime' ? 'plan.enrollTime.required' : 'rule.required';
    return [
      [start, dateTimeString(required)],
      [end, dateTimeString(required)],
    ];
  }),
) as Record<PlanTimeField, ReturnType<typeof dateTimeString>>;

/**
 * Birth date limits by education (spec §3 limitBirth, per education): education dictionary code (sys_education) → the earliest
 * allowed birth date YYYY-MM-DD. An education without an entry falls back to the plan's limitBirth.
 */
export type BirthLimits = Record<string, string>;

/** At most this many per-education limits on a plan (the education dictionary is short). */
export const BIRTH_LIMITS_MAX = 20;
/** The shape of a dictionary code (membership in sys_education is checked by the server). */
const EDUCATION_CODE_RE = /^[0-9A-Za-z_-]{1,32}$/;

/**
 * The birthLimits of a plan payload: an object {education code: 'YYYY-MM-DD'}; missing or null is {}.
 * Every broken entry is reported on the field `birthLimits`, naming the education: a malformed code
 * 'plan.birthLimits.education', a date that is not a real YYYY-MM-DD date 'plan.birthLimits.date'
 * (not after today: checkPlanTimeline).
 */
export const birthLimitsSchema = z
  .preprocess((v) => (v === undefined || v === null ? {} : v), z.record(z.string(), z.unknown()))
  .superRefine((limits, ctx) => {
    const entries = Object.entries(limits);
    if (entries.length > BIRTH_LIMITS_MAX) ctx.addIssue({ code: 'custom', message: 'rule.invalidOption' });
    for (const [education, date] of entries) {
      if (!EDUCATION_CODE_RE.test(education)) {
        ctx.addIssue({ code: 'custom', message: 'plan.birthLimits.education', params: { education } });
        return;
      }
      if (typeof date !== 'string' || !isValidDate(date)) {
        ctx.addIssue({
          code: 'custom',
          message: 'plan.birthLimits.date',
          params: { education, date: typeof date === 'string' ? date.slice(0, 40) : String(date) },
        });
        return;
      }
    }
  })
  .transform((limits) => limits as BirthLimits);

/** A plan's age rule: the general limitBirth and the per-education limits. */
export interface BirthLimited {
  limitBirth: string | null | undefined;
  birthLimits?: BirthLimits | null;
}

/**
 * The earliest allowed birth date (YYYY-MM-DD) for a candidate of `education` under `plan`
 * birthLimits[education] when the plan has one, else limitBirth; null for no limit.
 */
export function birthLimitFor(plan: BirthLimited, education: string | null | undefined): string | null {
  const own = education ? plan.birthLimits?.[education] : undefined;
  return own ?? plan.limitBirth ?? null;
}

/**
 * Whether `birthday` (YYYY-MM-DD, from the ID number) meets the limit of `education` under `plan`:
 * null when it does, else the message (zh/en catalogues) with its params. `educationLabel` is the
 * education's dictionary label to name in the message (the code when unknown). The message names the
 * education when the plan has a limit of its own for it ('enroll.limitBirthFor'), else the general
 * one ('enroll.limitBirth').
 */
export function birthLimitIssue(
  plan: BirthLimited,
  education: string | null | undefined,
  birthday: string,
  educationLabel?: string,
): { message: MessageKey; params: Record<string, string> } | null {
  const date = birthLimitFor(plan, education);
  if (!date || birthday >= date) return null;
  const own = Boolean(education && plan.birthLimits?.[education]);
  return own
    ? { message: 'enroll.limitBirthFor', params: { date, education: educationLabel ?? education! } }
    : { message: 'enroll.limitBirth', params: { date } };
}

/** Fields of a plan as the form sends them (POST /recruit/recruitPlan). */
export const recruitPlanFields = z.object({
  name: requiredString(100),
  year: z.string({ error: 'rule.required' }).regex(/^\d{4}$/, { error: 'rule.year' }),
  company: requiredString(100),
  // Bounded above by today (checkPlanTimeline), whose message says so better than the year range.
  limitBirth: dateString('rule.required', 9999),
  birthLimits: birthLimitsSchema,
  ...timeFields,
  customerServicePhone: optionalString(50),
  serviceCenter: optionalString(5000, 'text'),
  /** Years the candidates' personal data is kept after the list publication (docs/security.md "Retention"). */
  retentionYears: retentionYearsSchema,
});

function refineTimeline(plan: z.output<typeof recruitPlanFields>, ctx: z.RefinementCtx) {
  for (const issue of checkPlanTimeline(plan)) {
    ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message, params: issue.params });
  }
}

/** Create payload: all fields, the timeline rules of §5. Status starts at 0 (unpublished). */
export const recruitPlanCreateSchema = recruitPlanFields.superRefine(refineTimeline, {
  when: (p) => p.issues.length === 0,
});
/** Update payload (PUT /recruit/recruitPlan): the same plus id. */
export const recruitPlanUpdateSchema = recruitPlanFields
  .extend({ id: idNumber() })
  .superRefine(refineTimeline, { when: (p) => p.issues.length === 0 });
export type RecruitPlanInput = z.output<typeof recruitPlanCreateSchema>;

/** Search of GET /recruit/recruitPlan/page. */
export const recruitPlanQuerySchema = z.object({
  name: optionalString(100),
  year: optionalString(4),
  status: optionalString(2),
});
/** The search fields of GET /recruit/recruitPlan/page (paging comes beside them). */
export type RecruitPlanQuery = Partial<Record<keyof z.output<typeof recruitPlanQuerySchema>, string>>;

/** Plan status codes (spec §4): 0 unpublished (deletable), 1 enrolling/open, 2 closed. */
export const PLAN_STATUS = { draft: '0', open: '1', closed: '2' } as const;
export type PlanStatus = (typeof PLAN_STATUS)[keyof typeof PLAN_STATUS];
export const PLAN_STATUSES: readonly PlanStatus[] = ['0', '1', '2'];
/**
 * Status of a demand row of a plan (spec §3 "Recruit plan data"): only active rows with demand > 0
 * are offered to candidates (the /api/recruitPlanData cascade and POST /api/apply).
 */
export const PLAN_DATA_STATUS = { inactive: '0', active: '1' } as const;
export type PlanDataStatus = (typeof PLAN_DATA_STATUS)[keyof typeof PLAN_DATA_STATUS];
/** Allowed transitions of POST /recruit/recruitPlan/updateStatus/{id}/{status}. */
export const PLAN_STATUS_TRANSITIONS: Record<PlanStatus, readonly PlanStatus[]> = {
  '0': ['1'],
  '1': ['0', '2'],
  '2': ['1'],
};
export function canChangePlanStatus(from: string, to: string): boolean {
  return (PLAN_STATUS_TRANSITIONS[from as PlanStatus] ?? []).includes(to as PlanStatus);
}

/** The response schema of a plan's timeline: the nine ranges as ISO 8601 instants. */
export const planTimelineSchema = z.object(
  Object.fromEntries(
    PLAN_RANGES.flatMap(([start, end]) => [
      [start, z.string()],
      [end, z.string()],
    ]),
  ) as Record<PlanTimeField, z.ZodString>,
) satisfies z.ZodType<PlanTimeline>;

/** The status of a plan (PLAN_STATUS). */
export const planStatusSchema = z.enum(PLAN_STATUS);

/** A plan as the API returns it. */
export const recruitPlanSchema = planTimelineSchema.extend({
  id: z.number().int(),
  name: z.string(),
  year: z.string(),
  company: z.string(),
  limitBirth: z.string(),
  /** Per-education birth limits (education code → YYYY-MM-DD); {} when none. */
  birthLimits: z.record(z.string(), z.string()),
  status: planStatusSchema,
  /** The plan's SMS notices to candidates are on (docs/decisions.md "SMS notices to candidates"). */
  smsNotify: z.boolean(),
  customerServicePhone: z.string().nullable(),
  serviceCenter: z.string().nullable(),
  /** Years the candidates' personal data is kept after the list-publication end (retention.ts). */
  retentionYears: z.number().int(),
  /** When the retention job de-identified the plan's personal data (ISO 8601); null while kept. */
  purgeTime: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type RecruitPlan = z.output<typeof recruitPlanSchema>;

/** A plan of GET /recruit/recruitPlan/listRecruitPlan (the plan pickers). */
export const planOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  year: z.string(),
  status: planStatusSchema,
  /** The plan's SMS notices to candidates are on (the audit screen warns while they are off). */
  smsNotify: z.boolean(),
});
export type PlanOption = z.output<typeof planOptionSchema>;

/** A live demand row of a plan (GET /api/recruitPlanData/getRecruitPlanDataByPlanId/{planId}). */
export const demandRowSchema = z.object({
  countyCode: z.string(),
  cityCode: z.string(),
  category: z.string(),
  learningPeriod: z.string(),
  subject: z.string(),
  /** Number of posts, > 0. */
  demandNumber: z.number().int(),
});
export type DemandRow = z.output<typeof demandRowSchema>;

/** A choice of the candidate's demand cascade: dictionary value with its zh and en labels. */
export const demandOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  labelEn: z.string().nullable(),
});
export type DemandOption = z.output<typeof demandOptionSchema>;

/**
 * A subject choice of the cascade, with its number of posts and the live ratio "applicants/demand"
 * `enrolled` applications so far (every audit status) against `demand` (= demandNumber).
 * The counts may be a few seconds old (RATIO_CACHE_SECONDS).
 */
export const subjectDemandOptionSchema = demandOptionSchema.extend({
  demandNumber: z.number().int(),
  enrolled: z.number().int(),
  demand: z.number().int(),
});
export type SubjectDemandOption = z.output<typeof subjectDemandOptionSchema>;

/**
 * A region of the demand cascade (GET /api/recruitPlanData/getRecruitPlanDataRegionByCategory): a city
 * (level 2) with the counties (level 3) where the plan has demand in the category.
 */
export interface DemandRegion {
  code: string;
  name: string;
  level: number;
  children?: DemandRegion[];
}
export const demandRegionSchema: z.ZodType<DemandRegion> = z
  .object({
    code: z.string(),
    name: z.string(),
    level: z.number().int(),
    get children() {
      return z.array(demandRegionSchema).optional();
    },
    // A recursive schema needs an id for the OpenAPI document (app.ts jsonSchemaTransformObject).
  })
  .meta({ id: 'DemandRegion' });

/**
 * The stages of the plan timeline (spec §4), in order, with their ranges: the candidate menu shows
 * the current one and the gates below use them.
 */
export const PLAN_PHASES = [
  ['enroll', 'enrollStartTime', 'enrollEndTime'],
  ['audit', 'auditStartTime', 'auditEndTime'],
  ['ticketPrint', 'ticketPrintStartTime', 'ticketPrintEndTime'],
  ['exam', 'examStartTime', 'examEndTime'],
  ['scoreQuery', 'scoreQueryStartTime', 'scoreQueryEndTime'],
  ['interview', 'interviewStartTime', 'interviewEndTime'],
  ['physicalExam', 'physicalExamStartTime', 'physicalExamEndTime'],
  ['listPublished', 'listPublishedStartTime', 'listPublishedEndTime'],
] as const satisfies readonly (readonly [string, PlanTimeField, PlanTimeField])[];
export type PlanPhaseName = (typeof PLAN_PHASES)[number][0];

/**
 * Where `now` lies on the timeline: 'notStarted' before online enrolment, a stage inside its range,
 * 'waiting' between two stages (`next` is the coming one), 'finished' after the list publication.
 * Catalogue key of a phase: `plan.phase.<phase>`.
 */
export interface PlanPhase {
  phase: PlanPhaseName | 'notStarted' | 'waiting' | 'finished';
  /** The stage that comes next (null when finished or in the last stage). */
  next: PlanPhaseName | null;
  /** When the current stage ends, or the next one starts (ISO 8601); null when finished. */
  until: string | null;
}

export function planPhase(plan: Partial<PlanTimeline>, now: Date = new Date()): PlanPhase {
  const t = now.getTime();
  const at = (f: PlanTimeField) => (plan[f] ? new Date(plan[f]!).getTime() : NaN);
  for (let i = 0; i < PLAN_PHASES.length; i++) {
    const [name, start, end] = PLAN_PHASES[i]!;
    const next = PLAN_PHASES[i + 1]?.[0] ?? null;
    if (t < at(start)) {
      return { phase: i === 0 ? 'notStarted' : 'waiting', next: name, until: plan[start] ?? null };
    }
    if (t < at(end)) return { phase: name, next, until: plan[end] ?? null };
  }
  return { phase: 'finished', next: null, until: null };
}

/**
 * True inside the ticket print window [start, end) (spec §3: ticket download only then). The one
 * test of that window: the candidate menu and stage card read it on the plan as the API answers it
 * (ISO strings), the server's ticket gate (admission-ticket/service-candidate.ts) on the plan's row
 * (Dates).
 */
export function ticketPrintOpen(
  plan: { ticketPrintStartTime: string | Date; ticketPrintEndTime: string | Date },
  now = new Date(),
): boolean {
  return windowState(plan.ticketPrintStartTime, plan.ticketPrintEndTime, now) === 'open';
}

/** True from the score-query start on (spec §3: results are readable from then, never before). */
export function resultsOpen(plan: Pick<PlanTimeline, 'scoreQueryStartTime'>, now = new Date()): boolean {
  return now.getTime() >= new Date(plan.scoreQueryStartTime).getTime();
}

/**
 * Why a plan may not be archived yet (status 已结束, PLAN_STATUS.closed): the window of the timeline
 * that is open now or comes next, and when the last window ends. Times are ISO 8601 instants.
 */
export interface ArchiveRefusal {
  /** The stage open now, or the next one to come. */
  phase: PlanPhaseName;
  /** The label of that stage's range (field.ticketPrintTime …), a catalogue key. */
  label: MessageKey;
  /** True when the stage is open now, false when it is still to come. */
  open: boolean;
  /** When that stage ends. */
  end: string;
  /** When the last stage (the list publication) ends: from then on the plan may be archived. */
  archivableFrom: string;
}

/**
 * Whether `plan` may be set to 已结束 at `now` (spec §4 "Recruit plan status"): 已结束 means archived
 * after the last window of the timeline, because candidates' pages (form, ticket, results) follow the
 * plan through every stage up to the list publication. Null when every stage has ended; else the
 * stage that is open or to come (ArchiveRefusal). The server refuses the change with it (400
 * 'plan.status.cycleRunning') and the console greys the action with the same reason.
 */
export function planArchivable(plan: PlanTimeline, now: Date = new Date()): ArchiveRefusal | null {
  const { phase, next } = planPhase(plan, now);
  const name = phase === 'finished' ? null : phase === 'notStarted' || phase === 'waiting' ? next : phase;
  if (!name) return null;
  const [, start, end] = PLAN_PHASES.find(([n]) => n === name)!;
  const label = PLAN_RANGES.find(([s]) => s === start)![2];
  return {
    phase: name,
    label,
    open: name === phase,
    end: plan[end],
    archivableFrom: plan.listPublishedEndTime,
  };
}
