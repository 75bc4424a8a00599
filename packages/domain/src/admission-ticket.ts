import { z } from 'zod';
import type { FieldColumn } from './imports';
import { enrollSearchFields } from './enroll';
import { jobProgressSchema } from './jobs';
import { dateString, idNumber, optionalString, requiredString, type FieldLabels } from './validation';

/**
 * Admission tickets (spec §2 "Admission tickets", §3 "Admission ticket", §5 "Admission ticket",
 * §7 "Admission tickets"). One ticket per enrolment that passed the on-site audit. The
 * candidate's own fields (name, ID card, phone, county, academic session, subject) are read from the
 * enrolment; the ticket holds the exam fields below.
 */

/** Ticket status (GET …/getAdmissionTicketStatus): '0' not distributed, '1' distributed to the candidate. */
export const TICKET_STATUS = { pending: '0', distributed: '1' } as const;
export type TicketStatus = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];
export const TICKET_STATUSES: readonly TicketStatus[] = ['0', '1'];

/** Ticket PDF generation status: '0' not generated (or stale after an edit), '1' generated. */
export const TICKET_CREATE_STATUS = { pending: '0', generated: '1' } as const;
export type TicketCreateStatus = (typeof TICKET_CREATE_STATUS)[keyof typeof TICKET_CREATE_STATUS];

/** The exam fields of a ticket, in form order (spec §3). */
export const TICKET_EXAM_FIELDS = [
  'admissionNumber',
  'examDate',
  'examTime',
  'examPlace',
  'examAddress',
  'examRoomNumber',
  'seatNumber',
  'examinationRoomNotice',
] as const;
export type TicketExamField = (typeof TICKET_EXAM_FIELDS)[number];
/** The eight exam fields of a ticket as text (a row, a seat, an import row). */
export type TicketExamValues = Record<TicketExamField, string>;
/** The response schema of the eight exam fields. */
export const ticketExamValuesSchema = z.object(
  Object.fromEntries(TICKET_EXAM_FIELDS.map((f) => [f, z.string()])) as Record<TicketExamField, z.ZodString>,
) satisfies z.ZodType<TicketExamValues>;

/**
 * The ticket's field table: the eight exam fields in form order with caption, width and template
 * example. The ticket import's columns (after the ID number), the ticket export's exam columns and
 * the import template are this list.
 */
export const TICKET_EXAM_COLUMNS: readonly FieldColumn<TicketExamField>[] = [
  { key: 'admissionNumber', labelKey: 'field.admissionNumber', width: 20, example: '20265201020100101' },
  { key: 'examDate', labelKey: 'field.examDate', width: 12, example: '2026-07-04' },
  { key: 'examTime', labelKey: 'field.examTimeOfDay', width: 16, example: '09:00-11:30' },
  { key: 'examPlace', labelKey: 'field.examPlace', width: 20, example: '贵阳市第一中学' },
  { key: 'examAddress', labelKey: 'field.examAddress', width: 30, example: '贵阳市南明区…' },
  { key: 'examRoomNumber', labelKey: 'field.examRoomNumber', width: 8, example: '001' },
  { key: 'seatNumber', labelKey: 'field.seatNumber', width: 8, example: '01' },
  {
    key: 'examinationRoomNotice',
    labelKey: 'field.examinationRoomNotice',
    width: 40,
    example: '请携带身份证和准考证，提前30分钟到达考场。',
  },
];

/**
 * The eight exam fields of `row` (a ticket row, a form's values, an import row) and nothing else,
 * each passed through `each` (default: the value, '' for a missing one; e.g. trim for a form).
 */
export function pickExam(
  row: Partial<Record<TicketExamField, string | null>>,
  each: (value: string | null | undefined) => string = (value) => value ?? '',
): TicketExamValues {
  const exam = {} as TicketExamValues;
  for (const field of TICKET_EXAM_FIELDS) exam[field] = each(row[field]);
  return exam;
}

/** Labels of the ticket fields ('{label}不能为空' of spec §5). */
export const ADMISSION_TICKET_LABELS: FieldLabels = {
  enrollId: 'field.enrollId',
  ...Object.fromEntries(TICKET_EXAM_COLUMNS.map((c) => [c.key, c.labelKey])),
};

/** Lengths of the ticket columns. */
export const TICKET_MAX = {
  admissionNumber: 32,
  examTime: 50,
  examPlace: 100,
  examAddress: 200,
  examRoomNumber: 16,
  seatNumber: 8,
  examinationRoomNotice: 2000,
} as const;

/** The exam fields, each required (spec §5 on blur, '{label}不能为空'). examDate is YYYY-MM-DD. */
export const ticketExamSchema = z.object({
  admissionNumber: requiredString(TICKET_MAX.admissionNumber),
  examDate: dateString(),
  examTime: requiredString(TICKET_MAX.examTime),
  examPlace: requiredString(TICKET_MAX.examPlace),
  examAddress: requiredString(TICKET_MAX.examAddress),
  examRoomNumber: requiredString(TICKET_MAX.examRoomNumber),
  seatNumber: requiredString(TICKET_MAX.seatNumber),
  examinationRoomNotice: requiredString(TICKET_MAX.examinationRoomNotice, 'rule.required', 'text'),
});

/** POST /candidate/admissionTicket (encrypted): a ticket for one enrolment (audit passed) of a plan. */
export const admissionTicketCreateSchema = ticketExamSchema.extend({ enrollId: idNumber() });
/** PUT /candidate/admissionTicket (encrypted): the exam fields of ticket `id`. */
export const admissionTicketUpdateSchema = ticketExamSchema.extend({ id: idNumber() });
export type AdmissionTicketInput = z.output<typeof admissionTicketCreateSchema>;
/** What the web sends (encrypted) to POST /candidate/admissionTicket. */
export type TicketCreatePayload = z.input<typeof admissionTicketCreateSchema>;
/** What the web sends (encrypted) to PUT /candidate/admissionTicket (the server marks its PDF stale). */
export type TicketUpdatePayload = z.input<typeof admissionTicketUpdateSchema>;

/** Search of GET /candidate/admissionTicket/page and the export (spec §2 columns as filters). */
export const admissionTicketQuerySchema = z.object({
  ...enrollSearchFields,
  admissionNumber: optionalString(TICKET_MAX.admissionNumber),
  examRoomNumber: optionalString(TICKET_MAX.examRoomNumber),
  status: optionalString(2),
  ticketCreateStatus: optionalString(2),
  isDownload: optionalString(2),
});
export type AdmissionTicketQuery = z.output<typeof admissionTicketQuerySchema>;

/** One row of the list (spec §2 columns) and the detail. Dates YYYY-MM-DD, times ISO 8601. */
export const admissionTicketSchema = ticketExamValuesSchema.extend({
  id: z.number().int(),
  planId: z.number().int(),
  planYear: z.string(),
  planName: z.string(),
  enrollId: z.number().int(),
  name: z.string(),
  idCard: z.string(),
  phone: z.string(),
  enrollCounty: z.string(),
  countyCode: z.string(),
  academicSession: z.string(),
  subject: z.string(),
  /** {@link TICKET_STATUS}. */
  status: z.string(),
  /** {@link TICKET_CREATE_STATUS}. */
  ticketCreateStatus: z.string(),
  ticketFileDownloadNum: z.number().int(),
  /** '1' downloaded at least once, else '0'. */
  isDownload: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type AdmissionTicket = z.output<typeof admissionTicketSchema>;

/** The candidate's ticket (GET /api/admissionTicket/getAdmissionTicketByPlanId/{planId}; spec §3 ticketData). */
export const candidateTicketSchema = ticketExamValuesSchema.extend({
  id: z.number().int(),
  planId: z.number().int(),
  name: z.string(),
  /** The ID number (spec ticketData "card"). */
  card: z.string(),
  phone: z.string(),
  enrollCounty: z.string(),
  academicSession: z.string(),
  subject: z.string(),
  ticketFileDownloadNum: z.number().int(),
  /**
   * Where to get a single-use download link: GET /api/admissionTicket/downloadToken/{id} answers
   * {url} = /api/admissionTicket/downloadTicketFile/{id}?token=… (valid 5 minutes, used once).
   */
  ticketFileUrl: z.string(),
});
export type CandidateTicket = z.output<typeof candidateTicketSchema>;

/**
 * GET /candidate/admissionTicket/ticketless: an enrolment of the plan whose audit passed and that has
 * no ticket yet (the add form's choice).
 */
export const ticketlessEnrollSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  idCard: z.string(),
  enrollCounty: z.string(),
  academicSession: z.string(),
  subject: z.string(),
});
export type TicketlessEnroll = z.output<typeof ticketlessEnrollSchema>;

/** GET /candidate/admissionTicket/generateJob/{jobId}: a ticket PDF job's progress. */
export const ticketJobViewSchema = jobProgressSchema.extend({
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  /** The state in words, with the first failure's detail. */
  message: z.string(),
});
export type TicketJobView = z.output<typeof ticketJobViewSchema>;

/** POST …/generateAdmissionTicket: the queued job and how many tickets it makes. */
export const ticketJobQueuedSchema = z.object({ jobId: z.number().int(), total: z.number().int() });

/** {count} of tickets a batch (distribute, cancel, …) changed. */
export const ticketCountSchema = z.object({ count: z.number().int() });

/** idList of distributed / cancelDistributed / deleteByIds / generateAdmissionTicket. */
export const TICKET_BATCH_MAX = 1000;
export const ticketIdListSchema = z.object({
  idList: z
    .array(idNumber(), { error: 'rule.required' })
    .min(1, { error: 'rule.required' })
    .max(TICKET_BATCH_MAX),
});

/**
 * POST …/generateAdmissionTicket (encrypted): either the tickets of `idList` or every ticket of
 * `planId` (only those not generated unless `regenerate`). Answers the job to follow for a plan.
 */
export const ticketGenerateSchema = z
  .object({
    planId: idNumber().optional(),
    idList: z.array(idNumber()).max(TICKET_BATCH_MAX).optional(),
    regenerate: z.boolean().optional(),
  })
  .refine((v) => v.planId !== undefined || (v.idList?.length ?? 0) > 0, {
    error: 'rule.required',
    path: ['idList'],
  });

// ---------------------------------------------------------------------------------------------
// Room and seat arrangement (spec §2 "Admission tickets").

/** Default room size (seats per exam room). */
export const ROOM_SIZE_DEFAULT = 30;
export const ROOM_SIZE_MAX = 99;
export const EXAM_SITES_MAX = 200;

/**
 * An exam site: `code` two digits (01–99) unique in the plan; it takes the passed applicants whose
 * enrolled county lies under `regionCode` (a province, city or county code of GB/T 2260, matched as
 * a prefix of the county code with trailing zeros dropped). An applicant under several sites goes to
 * the one with the longest (most specific) region code; ties go to the first site listed.
 */
export const examSiteSchema = z.object({
  code: z.string({ error: 'rule.required' }).regex(/^(0[1-9]|[1-9]\d)$/, { error: 'arrange.siteCode' }),
  name: requiredString(TICKET_MAX.examPlace),
  address: requiredString(TICKET_MAX.examAddress),
  regionCode: z.string({ error: 'rule.required' }).regex(/^\d{6}$/, { error: 'arrange.regionCode' }),
});
export type ExamSite = z.output<typeof examSiteSchema>;

/** POST /candidate/admissionTicket/arrange/preview and /arrange (the settings are kept per plan). */
export const arrangementSchema = z.object({
  planId: idNumber(),
  roomSize: z.coerce
    .number({ error: 'rule.integer' })
    .int({ error: 'rule.integer' })
    .min(1, { error: 'rule.integer' })
    .max(ROOM_SIZE_MAX, { error: 'arrange.roomSizeMax' })
    .default(ROOM_SIZE_DEFAULT),
  examDate: dateString(),
  examTime: requiredString(TICKET_MAX.examTime),
  examinationRoomNotice: requiredString(TICKET_MAX.examinationRoomNotice, 'rule.required', 'text'),
  sites: z.array(examSiteSchema).min(1, { error: 'arrange.sitesRequired' }).max(EXAM_SITES_MAX),
});
export type ArrangementInput = z.output<typeof arrangementSchema>;

export const ARRANGEMENT_LABELS: FieldLabels = {
  roomSize: 'field.roomSize',
  examDate: 'field.examDate',
  examTime: 'field.examTimeOfDay',
  examinationRoomNotice: 'field.examinationRoomNotice',
  sites: 'field.examSites',
  code: 'field.siteCode',
  name: 'field.examPlace',
  address: 'field.examAddress',
  regionCode: 'field.siteRegion',
};

/**
 * The admission number (documented pattern, 17 digits):
 * year (4) + site region code (6, GB/T 2260) + site code (2) + room (3) + seat (2).
 * E.g. 2026 520102 01 003 17 → '20265201020100317'.
 */
export function admissionNumberOf(
  year: string,
  regionCode: string,
  siteCode: string,
  room: number,
  seat: number,
): string {
  return `${year}${regionCode}${siteCode}${String(room).padStart(3, '0')}${String(seat).padStart(2, '0')}`;
}
export const ADMISSION_NUMBER_RE = /^\d{4}\d{6}\d{2}\d{3}\d{2}$/;

/** One room of an arrangement. */
export const arrangedRoomSchema = z.object({
  siteCode: z.string(),
  siteName: z.string(),
  /** Room number as printed ('001'). */
  roomNumber: z.string(),
  academicSession: z.string(),
  subject: z.string(),
  /** Seats taken, of roomSize. */
  seats: z.number().int(),
  /** Of those, seats of tickets already distributed (kept as they are). */
  kept: z.number().int(),
});
export type ArrangedRoom = z.output<typeof arrangedRoomSchema>;

/** The answer of arrange/preview and arrange: what is (or would be) written. */
export const arrangementResultSchema = z.object({
  planId: z.number().int(),
  /** Passed applicants of the plan in the caller's scope. */
  applicants: z.number().int(),
  /** Tickets written or to be written (new or rearranged). */
  arranged: z.number().int(),
  /** Distributed tickets left as they are. */
  kept: z.number().int(),
  /** Passed applicants under no site's region (listed by name, ID number masked, county). */
  unassigned: z.array(
    z.object({ enrollId: z.number().int(), name: z.string(), idCard: z.string(), enrollCounty: z.string() }),
  ),
  rooms: z.array(arrangedRoomSchema),
  /** True when saved (arrange), false for a preview. */
  saved: z.boolean(),
});
export type ArrangementResult = z.output<typeof arrangementResultSchema>;

/** GET …/arrange/{planId}: the plan's kept arrangement settings (as saved), or null. */
export const arrangementSettingsSchema = z
  .object({
    planId: z.number().int(),
    roomSize: z.number().int(),
    examDate: z.string(),
    examTime: z.string(),
    examinationRoomNotice: z.string(),
    sites: z.array(
      z.object({ code: z.string(), name: z.string(), address: z.string(), regionCode: z.string() }),
    ),
  })
  .nullable() satisfies z.ZodType<ArrangementInput | null>;

/**
 * GET /verify/ticket/{token} as JSON (the proctor's check; never the ID number or phone). Only a valid
 * ticket shows who sits where; one not distributed or cancelled ('invalid') or past its token's expiry
 * ('expired') shows nothing of the candidate.
 */
export type TicketVerification = ValidTicketVerification | { valid: false; state: 'invalid' | 'expired' };

/** A distributed ticket within its expiry, as the proctor sees it. */
export interface ValidTicketVerification {
  valid: true;
  state: 'valid';
  name: string;
  admissionNumber: string;
  /** 报考学段 of the ticket's enrolment: its dictionary label in the caller's language. */
  academicSession: string;
  /** 报考学科 of the ticket's enrolment: its dictionary label in the caller's language. */
  subject: string;
  examDate: string;
  examTime: string;
  examPlace: string;
  examRoomNumber: string;
  seatNumber: string;
  /** The candidate's photo as a data: URL, or null. */
  photo: string | null;
  /** '1' (distributed): other tickets are not shown. */
  status: string;
}
