import { z } from 'zod';
import type { MessageKey } from './i18n';
import type { PlanTimeline } from './recruit-plan';
import type { RegionNode } from './region';
import { regionCodePath } from './idcard';
import { SERIAL_NO_MAX_LENGTH } from './enroll-serial';
import {
  codeString,
  dateString,
  idCardString,
  idNumber,
  numberFilter,
  optionalString,
  phoneString,
  requiredString,
  type FieldLabels,
} from './validation';

/**
 * Enrolment (报名), spec §2 "Enrolment records" form groups, §3 "Enrolment", §5 "Enrolment edit".
 * Dictionary-coded fields carry the item value; the server checks membership in the dictionary.
 */

/** Which dictionary each coded field of the form uses (spec §3 "Dictionary types used"). */
export const ENROLL_DICT_FIELDS = {
  gender: 'sys_user_sex',
  maritalStatus: 'sys_marital_status',
  nation: 'sys_nation',
  veteran: 'sys_yes_no',
  politicalAffiliation: 'sys_political',
  education: 'sys_education',
  isNormal: 'sys_yes_no',
  freshmen: 'recruit_freshmen_type',
  teacherCertification: 'recruit_teacher_certification',
  teacherCertificationType: 'recruit_teacher_certification_type',
  teacherCertificationSubject: 'recruit_subject',
  isAdjust: 'sys_yes_no',
  priorityCondition: 'sys_yes_no',
  priorityContent: 'recruit_priority_content_type',
  planType: 'recruit_plan_category',
  academicSession: 'recruit_learning_period',
  subject: 'recruit_subject',
} as const;
export type EnrollDictField = keyof typeof ENROLL_DICT_FIELDS;

/** Value of recruit_teacher_certification meaning "holds a certificate": type and subject then required. */
export const TEACHER_CERTIFICATION_HELD = '1';
/** sys_yes_no "yes" (also the yes of the website's show flags, menu keep-alive, system dictionaries). */
export const YES = '1';

/** Fields of the application that apply only under a condition on another field. */
export const ENROLL_CONDITIONAL_FIELDS = [
  'teacherCertificationType',
  'teacherCertificationSubject',
  'priorityContent',
] as const;
export type EnrollConditionalField = (typeof ENROLL_CONDITIONAL_FIELDS)[number];

/**
 * The certificate/priority rule of the application (spec §5 application form), the one place both
 * sides ask: certificate type and subject apply only when a teacher's certificate is held
 * (teacherCertification = TEACHER_CERTIFICATION_HELD), the priority content only when a priority
 * condition is claimed (priorityCondition = YES). A field that applies is shown and required; one
 * that does not is hidden, not sent, and stored as null.
 */
export function enrollFieldApplies(
  field: EnrollConditionalField,
  values: { teacherCertification?: string | null; priorityCondition?: string | null },
): boolean {
  return field === 'priorityContent'
    ? values.priorityCondition === YES
    : values.teacherCertification === TEACHER_CERTIFICATION_HELD;
}
/** sys_yes_no "no". */
export const NO = '0';

/** Basic info group of the form, in display order (spec §2). */
export const ENROLL_BASIC_FIELDS = [
  'name',
  'gender',
  'idCard',
  'maritalStatus',
  'birthday',
  'nation',
  'veteran',
  'politicalAffiliation',
  'phone',
  'domicile',
  'address',
  'picture',
  'graduateCollege',
  'education',
  'graduationDate',
  'major',
  'isNormal',
  'freshmen',
  'teacherCertification',
  'teacherCertificationType',
  'teacherCertificationSubject',
  'isAdjust',
  'priorityCondition',
  'priorityContent',
] as const;
/**
 * GB/T 2260 grouping names that stand for no place of their own (北京市 → 市辖区 → 东城区): left out of
 * the domicile text, which reads 北京市东城区.
 */
export const DOMICILE_GROUPING_NAMES: readonly string[] = [
  '市辖区',
  '县',
  '省直辖县级行政区划',
  '自治区直辖县级行政区划',
];

/**
 * The domicile (户籍所在地) text of a chosen region path, as the application stores it: the names
 * from the province down, joined without a separator, grouping names left out
 * (['贵州省', '贵阳市', '南明区'] → '贵州省贵阳市南明区'). The stored field stays free text (at most 100
 * characters, enrollApplySchema), so older applications typed by hand remain valid.
 */
export function domicileText(names: readonly string[]): string {
  return names.filter((n) => !DOMICILE_GROUPING_NAMES.includes(n)).join('');
}

/**
 * The path of region codes in `tree` whose domicileText is `text` (the reverse of domicileText), or []
 * when the text names no province/city/county of the tree (text typed by hand in an older
 * application). A province or city alone matches too.
 */
export function domicilePath(tree: readonly RegionNode[], text: string | null | undefined): string[] {
  const walk = (nodes: readonly RegionNode[] | undefined, rest: string): string[] | null => {
    for (const node of nodes ?? []) {
      const grouping = DOMICILE_GROUPING_NAMES.includes(node.name);
      const name = grouping ? '' : node.name;
      if (!rest.startsWith(name)) continue;
      const after = rest.slice(name.length);
      if (after === '' && !grouping) return [node.code];
      const below = walk(node.children, after);
      if (below) return [node.code, ...below];
    }
    return null;
  };
  return text ? (walk(tree, text.trim()) ?? []) : [];
}

/**
 * The region nodes, from the province down, of the GB/T 2260 address code an ID number starts with
 * (IdCardInfo.regionCode), when every level exists in `tree`; [] otherwise (a code the list does not
 * hold, e.g. of a county merged since the number was issued): the candidate then picks the domicile.
 * The domicile text of the result is domicileText(nodes.map((n) => n.name)).
 */
export function regionNodesOfCode(tree: readonly RegionNode[], regionCode: string): RegionNode[] {
  const nodes: RegionNode[] = [];
  let level: readonly RegionNode[] | undefined = tree;
  for (const code of regionCodePath(regionCode)) {
    const node: RegionNode | undefined = level?.find((n) => n.code === code);
    if (!node) return [];
    nodes.push(node);
    level = node.children;
  }
  return nodes;
}

/** Enrolment info group (spec §2). */
export const ENROLL_INFO_FIELDS = ['planType', 'enrollCounty', 'academicSession', 'subject'] as const;

/** Labels where the payload name differs from the label key. */
export const ENROLL_LABELS: FieldLabels = {
  countyCode: 'field.enrollCounty',
  cityCode: 'field.enrollCounty',
};

/** The enrolment info part, shared by the candidate form and the admin edit (spec §5 "Enrolment edit"). */
const enrollInfo = {
  planType: codeString('enroll.planType.required'),
  cityCode: codeString('enroll.county.required'),
  countyCode: codeString('enroll.county.required'),
  academicSession: codeString('enroll.academicSession.required'),
  subject: codeString('enroll.subject.required'),
};

/**
 * The candidate's application (POST /api/apply, multipart fields; the photo `updateImg` is checked
 * apart). Birthday and gender are derived from the ID number by the server; those sent are ignored.
 * Conditional fields (certificate type and subject, priority content): enrollFieldApplies.
 */
export const enrollApplySchema = z
  .object({
    planId: idNumber(),
    name: requiredString(30),
    idCard: idCardString(),
    maritalStatus: codeString(),
    nation: codeString(),
    veteran: codeString(),
    politicalAffiliation: codeString(),
    phone: phoneString('enroll.phone.required'),
    domicile: requiredString(100),
    address: requiredString(200),
    graduateCollege: requiredString(100),
    education: codeString(),
    graduationDate: dateString(),
    major: requiredString(100),
    isNormal: codeString(),
    freshmen: codeString(),
    teacherCertification: codeString(),
    teacherCertificationType: optionalString(32),
    teacherCertificationSubject: optionalString(32),
    isAdjust: codeString(),
    priorityCondition: codeString(),
    priorityContent: optionalString(32),
    ...enrollInfo,
  })
  .superRefine((form, ctx) => {
    const requireIf = (cond: boolean, field: keyof typeof form) => {
      if (cond && !form[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'rule.required' });
    };
    for (const field of ENROLL_CONDITIONAL_FIELDS) requireIf(enrollFieldApplies(field, form), field);
  });
export type EnrollApplyInput = z.output<typeof enrollApplySchema>;

/** Admin edit (PUT /candidate/enroll): the list is read-only except the phone (spec §2). */
export const enrollAdminUpdateSchema = z.object({
  id: idNumber(),
  phone: phoneString('enroll.phone.required'),
});

/** Search of GET /candidate/enroll/page and /export (spec §2 columns as filters). */
/**
 * The fields of the one enrolment search (spec §2 list filters of enrolments, admission tickets and
 * admission results): each list's query schema spreads these and adds its own; the server gives each
 * field one meaning in every list (lib/enroll-filters.ts, docs/decisions.md "One enrolment search").
 */
export const enrollSearchFields = {
  planId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idNumber().optional()),
  name: optionalString(30),
  idCard: numberFilter(18, true),
  phone: numberFilter(11),
  cityCode: optionalString(12),
  countyCode: optionalString(12),
  academicSession: optionalString(32),
  subject: optionalString(32),
};

export const enrollQuerySchema = z.object({
  ...enrollSearchFields,
  /** 报名序号, the whole number (enroll-serial.ts). */
  serialNo: numberFilter(SERIAL_NO_MAX_LENGTH),
  createStatus: optionalString(2),
  isDownload: optionalString(2),
  auditStatus: optionalString(2),
});
export type EnrollQuery = z.output<typeof enrollQuerySchema>;
/** The filters the back office sends to GET /candidate/enroll/page and the export (before parsing). */
export type EnrollFilters = Partial<Record<Exclude<keyof EnrollQuery, 'planId'>, string>> & {
  planId?: number;
};

/** Form generation status (spec §4): server-supplied code list. */
export const CREATE_STATUS = { pending: '0', generated: '1' } as const;
export type CreateStatus = (typeof CREATE_STATUS)[keyof typeof CREATE_STATUS];
/** Every CREATE_STATUS value, in order (the options of GET /candidate/enroll/getEnrollCreateStatus). */
export const CREATE_STATUSES: readonly CreateStatus[] = [CREATE_STATUS.pending, CREATE_STATUS.generated];

/**
 * On-site audit of an application (spec §2 "Enrolment records", audit): pending (待审核) until a reviewer of its region
 * passes (审核通过) or rejects it with a reason (审核不通过). A rejected application may be corrected and
 * resubmitted while enrolment is open, which makes it pending again; a passed one is final.
 */
export const AUDIT_STATUS = { pending: '0', passed: '1', rejected: '2' } as const;
export type AuditStatus = (typeof AUDIT_STATUS)[keyof typeof AUDIT_STATUS];
/** Every AUDIT_STATUS value, in order (labels: catalogue `status.audit.{value}`). */
export const AUDIT_STATUSES: readonly AuditStatus[] = [
  AUDIT_STATUS.pending,
  AUDIT_STATUS.passed,
  AUDIT_STATUS.rejected,
];
/** A rejection's reason: required, at most this many characters. */
export const AUDIT_REASON_MAX = 200;
/**
 * The audit reason an enrolment shows: a reason belongs to a rejection, so none while the application
 * is pending again or passed (rows resubmitted before the reason was cleared still hold one).
 */
export const shownAuditReason = (auditStatus: string, auditReason: string | null): string | null =>
  auditStatus === AUDIT_STATUS.rejected ? auditReason : null;
/** At most this many applications in one audit decision (POST /candidate/enroll/audit). */
export const AUDIT_BATCH_MAX = 500;

/**
 * POST /candidate/enroll/audit (spec §2 "Enrolment records", audit pass/reject singly or in batch): one
 * decision for 1..AUDIT_BATCH_MAX applications: pass ('1') or reject ('2'); a rejection needs its reason
 * ('enroll.audit.reasonRequired'), at most AUDIT_REASON_MAX characters. A pass ignores any reason given
 * (stored as null). `versions` is required: `versions[i]` is the `version` of `idList[i]` as the reviewer
 * read it (list row or detail), so a decision is bound to what was seen (docs/security.md "Trails");
 * a different length answers 'enroll.audit.versionsMismatch' on `versions`.
 */
export const enrollAuditSchema = z
  .object({
    idList: z
      .array(idNumber(), { error: 'rule.required' })
      .min(1, { error: 'rule.required' })
      .max(AUDIT_BATCH_MAX, { error: 'enroll.audit.tooMany' }),
    versions: z
      // a version is a positive int4 like an id: the same rule and message
      .array(idNumber(), { error: 'rule.required' })
      .min(1, { error: 'rule.required' })
      .max(AUDIT_BATCH_MAX, { error: 'enroll.audit.tooMany' }),
    auditStatus: z.enum([AUDIT_STATUS.passed, AUDIT_STATUS.rejected], { error: 'rule.invalidOption' }),
    auditReason: optionalString(AUDIT_REASON_MAX, 'text'),
  })
  .superRefine((v, ctx) => {
    if (v.auditStatus === AUDIT_STATUS.rejected && !v.auditReason)
      ctx.addIssue({ code: 'custom', path: ['auditReason'], message: 'enroll.audit.reasonRequired' });
    if (v.versions.length !== v.idList.length)
      ctx.addIssue({ code: 'custom', path: ['versions'], message: 'enroll.audit.versionsMismatch' });
  });
export type EnrollAuditInput = z.output<typeof enrollAuditSchema>;

/**
 * How long after a pass its reviewer may take it back (POST /candidate/enroll/audit/undo), seconds:
 * the workbench offers 撤销 in a toast for AUDIT_UNDO_TOAST_SECONDS, the server allows a margin for a
 * slow network on top.
 */
export const AUDIT_UNDO_SECONDS = 60;
/** How long the workbench's "passed" toast offers 撤销, seconds. */
export const AUDIT_UNDO_TOAST_SECONDS = 10;
/**
 * POST /candidate/enroll/audit/undo: the pass to take back, as the reviewer's own decision left it —
 * the enrolment's id and the version the pass gave it (the version read + 1). A later change of the
 * enrolment (a resubmission, another decision) raises the version, and the undo is refused.
 */
export const enrollAuditUndoSchema = z.object({ id: idNumber(), version: idNumber() });
export type EnrollAuditUndoInput = z.output<typeof enrollAuditUndoSchema>;
/** The enrolment's version after an undo ({version} of POST /candidate/enroll/audit/undo). */
export const enrollVersionSchema = z.object({ version: z.number().int() });

/** The enrolment as the API returns it (admin detail and candidate view); coded fields carry codes. */
export interface Enroll {
  id: number;
  planId: number;
  planYear: string;
  planName: string;
  candidateId: number;
  /** 报名序号: plan year, county code and the county's sequence in the plan (null only before it is given). */
  serialNo: string | null;
  name: string;
  gender: string;
  idCard: string;
  maritalStatus: string;
  birthday: string;
  nation: string;
  veteran: string;
  politicalAffiliation: string;
  phone: string;
  domicile: string;
  address: string;
  picture: string | null;
  graduateCollege: string;
  education: string;
  graduationDate: string;
  major: string;
  isNormal: string;
  freshmen: string;
  teacherCertification: string;
  teacherCertificationType: string | null;
  teacherCertificationSubject: string | null;
  isAdjust: string;
  priorityCondition: string;
  priorityContent: string | null;
  planType: string;
  provinceCode: string;
  cityCode: string;
  countyCode: string;
  enrollCounty: string;
  academicSession: string;
  subject: string;
  createStatus: string;
  pdfDownloadNum: number;
  isDownload: string;
  auditStatus: string;
  auditReason: string | null;
  auditTime: string | null;
  auditorId: number | null;
  /**
   * Raised by every change of the enrolment (apply, edit, phone edit, audit); an audit names the
   * version it decided on (enrollAuditSchema `versions`).
   */
  version: number;
  createTime: string;
  updateTime: string;
}

/**
 * The photo rules (docs/decisions.md "Photos"): JPEG or PNG sniffed by content, at most 2 MB, at least
 * 200x280 px.
 */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_MIN_WIDTH = 200;
export const PHOTO_MIN_HEIGHT = 280;
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
/** Spec-side check of a chosen file before upload (the server sniffs the content again). */
export function checkPhotoFile(file: { size: number; type: string }): MessageKey | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'enroll.photo.type';
  return file.size > PHOTO_MAX_BYTES ? 'enroll.photo.size' : null;
}

/** limitBirth (spec §3): the candidate must be born on or after it. Both YYYY-MM-DD. */
export function meetsBirthLimit(birthday: string, limitBirth: string | null | undefined): boolean {
  return !limitBirth || birthday >= limitBirth;
}

/** One dashboard bar: enrolments against demand for a county, learning period or subject. */
export const demandBarSchema = z.object({
  key: z.string(),
  label: z.string().nullable(),
  enrolled: z.number().int(),
  /** Of the enrolments, those whose audit passed (AUDIT_STATUS.passed). */
  passed: z.number().int(),
  demand: z.number().int(),
});
export type DemandBar = z.output<typeof demandBarSchema>;
/** Enrolments by audit status (AUDIT_STATUS: pending '0', passed '1', rejected '2'). */
export type AuditCounts = Record<keyof typeof AUDIT_STATUS, number>;
export const auditCountsSchema = z.object({
  pending: z.number().int(),
  passed: z.number().int(),
  rejected: z.number().int(),
}) satisfies z.ZodType<AuditCounts>;
/**
 * One post of a plan (county × plan category × learning period × subject, one recruit plan data
 * row): its demand (0 when the row is inactive or gone) against its enrolments and passed audits.
 */
export const postRatioSchema = z.object({
  countyCode: z.string(),
  countyName: z.string().nullable(),
  category: z.string(),
  learningPeriod: z.string(),
  subject: z.string(),
  demand: z.number().int(),
  enrolled: z.number().int(),
  passed: z.number().int(),
});
export type PostRatio = z.output<typeof postRatioSchema>;
/** GET /candidate/enroll/statistics: a plan's enrolments against demand in the caller's region. */
export const enrollStatisticsSchema = z.object({
  planId: z.number().int().nullable(),
  planName: z.string().nullable(),
  total: z.number().int(),
  demand: z.number().int(),
  /** The `total` enrolments by audit status. */
  audit: auditCountsSchema,
  byCounty: z.array(demandBarSchema),
  byPeriod: z.array(demandBarSchema),
  bySubject: z.array(demandBarSchema),
  /** Every post in the region with demand or enrolments, by county, category, period, subject. */
  posts: z.array(postRatioSchema),
  /**
   * When the counts were read (ISO 8601; null without a plan). The server reuses them for a few
   * seconds (RATIO_CACHE_SECONDS), so an audit decision can take that long to show.
   */
  asOf: z.string().nullable(),
});
export type EnrollStatistics = z.output<typeof enrollStatisticsSchema>;

/**
 * A post ratio "count:demand" reduced to "n:1" ("3.2:1", "4:1", one decimal at most), or null when
 * there is no demand to divide by or nobody applied (`applicants`, default `count`, is 0): the screens
 * and the export show "—" then, never "0:1" or "0.0:1". `count` is the applicants themselves, or of
 * them those who passed the audit (then "0:1" says that none passed yet). A ratio above 0 but under
 * 0.05 (1 applicant for 30 posts) is "<0.1:1", not rounded to 0.
 */
export function postRatio(count: number, demand: number, applicants = count): string | null {
  if (!(demand > 0) || !(applicants > 0)) return null;
  if (count > 0 && count / demand < 0.05) return '<0.1:1';
  const ratio = Math.round((count / demand) * 10) / 10;
  return `${ratio}:1`;
}

/** Download flag of an enrolment: '1' once the candidate downloaded the enrolment form. */
export const DOWNLOADED = { no: '0', yes: '1' } as const;
/** GET /api/apply/{planId}: APPLY_FLAG.applied when the candidate has applied to the plan. */
export const APPLY_FLAG = { none: '0', applied: '1' } as const;
export type ApplyFlag = (typeof APPLY_FLAG)[keyof typeof APPLY_FLAG];

/** The open plan as GET /api/recruitPlan/checkCanCandidate returns it (times ISO 8601). */
export interface CandidatePlan extends PlanTimeline {
  id: number;
  name: string;
  year: string;
  customerServicePhone: string | null;
  /** The service-centre notes (HTML). */
  serviceCenter: string | null;
}

/** GET /api/recruitPlan/checkCanCandidate (spec §3 "Check-candidate response"), plus the plan. */
export interface CanCandidate {
  /** True inside the plan's online enrolment window. */
  canCandidate: boolean;
  /**
   * The open plan; when none is open, the most recent closed plan the candidate applied to (
   * the application, its audit and its form stay reachable after enrolment ends); else null.
   */
  planId: number | null;
  /** Why the candidate cannot apply (and when the window opens), in the caller's language; '' when open. */
  message: string;
  /** Candidates must be born on or after it (YYYY-MM-DD); null for no limit. */
  limitBirth: string | null;
  /** Per-education limits (education code → YYYY-MM-DD) that replace limitBirth (birthLimitFor); {} when none. */
  birthLimits: Record<string, string>;
  plan: CandidatePlan | null;
}

/**
 * An enrolment in the back office's detail (GET /candidate/enroll/{id}) with the address of its photo
 * (null when none): GET {pictureUrl} (/candidate/enroll/photo/{id}/{version}.jpg) with the
 * administrator's token answers the JPEG inside their region (404 outside it), cacheable for a year
 * (the address changes with the photo; docs/decisions.md "Photos by their own address").
 */
export type EnrollDetail = Enroll & { pictureUrl: string | null };
/**
 * The candidate's own enrolment (GET /api/enroll/getEnrollByPlanId/{planId}) with the address of its
 * photo (null when none): GET {pictureUrl} with the candidate's token answers the JPEG, cacheable for a
 * year (the address changes with the photo).
 */
export type CandidateEnroll = Enroll & { pictureUrl: string | null };

/** A one-time download link ({url}, valid 5 minutes) of an enrolment form or an export. */
export const downloadLinkSchema = z.object({ url: z.string() });
export type DownloadLink = z.output<typeof downloadLinkSchema>;

/** One decision of GET /candidate/enroll/auditHistory/{id} (newest first). */
export const auditHistoryEntrySchema = z.object({
  /** When it was decided (ISO time). */
  time: z.string(),
  /** The reviewer's user name at the time of the decision. */
  reviewer: z.string().nullable(),
  /** '1' passed, '2' rejected (AUDIT_STATUS), or AUDIT_UNDONE: the pass before it taken back. */
  decision: z.string(),
  /** The rejection reason; null for a pass or an undo. */
  reason: z.string().nullable(),
});
export type AuditHistoryEntry = z.output<typeof auditHistoryEntrySchema>;
/** The `decision` of an audit history entry that took the reviewer's pass back. */
export const AUDIT_UNDONE = 'undone';

/** An answer that names one enrolment: {id} of POST/PUT /api/apply; null id when none (pendingNeighbour). */
export const enrollIdSchema = z.object({ id: z.number().int() });
/**
 * GET /candidate/enroll/pendingNeighbour: the pending enrolment to show next (null: no other one is
 * pending in the list), `wrapped` when the search went past the end of the list (or its start, going
 * back) and came round.
 */
export const enrollNeighbourSchema = z.object({ id: z.number().int().nullable(), wrapped: z.boolean() });
export type EnrollNeighbour = z.output<typeof enrollNeighbourSchema>;
/** How many enrolments a batch changed: {count} of the audit and of generateApply. */
export const enrollCountSchema = z.object({ count: z.number().int() });
