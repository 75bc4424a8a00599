import { z } from 'zod';
import { enrollSearchFields } from './enroll';
import { optionalString, type FieldLabels } from './validation';

/**
 * Admission results (spec §2 "Admission results", §3 "Admission result", §6 "view-only",
 * §7 "Admission results"). One result per enrolment of a plan, imported by the exam office
 * (import mechanism); the back office only reads, exports and deletes them. The basic group of the
 * detail is read from the enrolment, the admission group from the result.
 *
 * The physical examination result is sensitive personal data (PIPL art. 28): stored encrypted
 * (AES-256-GCM), masked in lists and exports, shown in the detail only with
 * PERMISSIONS.admissionResult.physicalExam, and every clear view is written to the operation log.
 */

/** Admission status (GET …/getAdmissionStatus): '0' not admitted, '1' admitted, '2' pending (待定). */
export const ADMISSION_STATUS = { notAdmitted: '0', admitted: '1', pending: '2' } as const;
export type AdmissionStatus = (typeof ADMISSION_STATUS)[keyof typeof ADMISSION_STATUS];
export const ADMISSION_STATUSES: readonly AdmissionStatus[] = ['0', '1', '2'];

/** Pass / fail (GET …/getAdmissionPass): review result and pre-job training. '1' 合格, '0' 不合格. */
export const ADMISSION_PASS = { failed: '0', passed: '1' } as const;
export type AdmissionPass = (typeof ADMISSION_PASS)[keyof typeof ADMISSION_PASS];
export const ADMISSION_PASSES: readonly AdmissionPass[] = ['0', '1'];

/** What lists and exports show instead of the physical examination result. */
export const MASKED = '***';

/** Basic group of the detail (spec §2), read from the enrolment (admissionNumber from the result). */
export const RESULT_BASIC_FIELDS = [
  'name',
  'admissionNumber',
  'gender',
  'idCard',
  'birthday',
  'nation',
  'politicalAffiliation',
  'graduateCollege',
  'education',
  'major',
  'freshmen',
  'isNormal',
  'teacherCertification',
  'teacherCertificationType',
  'address',
  'phone',
  'enrollCounty',
  'academicSession',
  'subject',
] as const;

/** Admission group of the detail (spec §2), the result's own fields. */
export const RESULT_ADMISSION_FIELDS = [
  'reviewResult',
  'writeExamScore',
  'interviewScore',
  'examTotalScore',
  'physicalExamination',
  'preJobTraining',
  'admissionCounty',
  'admissionAcademicSession',
  'admissionSubject',
  'officeSchool',
  'remarks',
  'admissionStatus',
] as const;

export const ADMISSION_RESULT_LABELS: FieldLabels = {
  planYear: 'field.planYear',
  admissionNumber: 'field.admissionNumber',
  reviewResult: 'field.reviewResult',
  writeExamScore: 'field.writeExamScore',
  interviewScore: 'field.interviewScore',
  examTotalScore: 'field.examTotalScore',
  physicalExamination: 'field.physicalExamination',
  preJobTraining: 'field.preJobTraining',
  admissionCounty: 'field.admissionCounty',
  admissionAcademicSession: 'field.admissionAcademicSession',
  admissionSubject: 'field.admissionSubject',
  officeSchool: 'field.officeSchool',
  remarks: 'field.remarks',
  admissionStatus: 'field.admissionStatus',
  region: 'field.region',
};

/** A score: 0–1000 with at most two decimals, kept as text ('85.5') so that no float rounding shows. */
export const SCORE_RE = /^(1000(\.0{1,2})?|\d{1,3}(\.\d{1,2})?)$/;
export const RESULT_MAX = {
  admissionNumber: 32,
  physicalExamination: 200,
  officeSchool: 100,
  remarks: 500,
  admissionCounty: 64,
  admissionAcademicSession: 32,
  admissionSubject: 32,
} as const;

/** Search of GET /candidate/admissionResults/page and the export. */
export const admissionResultQuerySchema = z.object({
  planId: enrollSearchFields.planId,
  name: enrollSearchFields.name,
  idCard: enrollSearchFields.idCard,
  admissionNumber: optionalString(RESULT_MAX.admissionNumber),
  cityCode: enrollSearchFields.cityCode,
  countyCode: enrollSearchFields.countyCode,
  // The admitted post's learning period and subject (they may differ from the applied ones).
  admissionAcademicSession: optionalString(32),
  admissionSubject: optionalString(32),
  admissionStatus: optionalString(2),
});
export type AdmissionResultQuery = z.output<typeof admissionResultQuerySchema>;

/** One row of the list (spec §3 "Admission result"); physicalExamination is always {@link MASKED} or null here. */
export const admissionResultRowSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planYear: z.string(),
  planName: z.string(),
  enrollId: z.number().int(),
  name: z.string(),
  idCard: z.string(),
  admissionNumber: z.string().nullable(),
  /** The enrolled county's name (spec "region"); codes for the filter. */
  region: z.string(),
  cityCode: z.string(),
  countyCode: z.string(),
  admissionAcademicSession: z.string().nullable(),
  admissionSubject: z.string().nullable(),
  examTotalScore: z.string().nullable(),
  physicalExamination: z.string().nullable(),
  remarks: z.string().nullable(),
  /** {@link ADMISSION_STATUS}. */
  admissionStatus: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type AdmissionResultRow = z.output<typeof admissionResultRowSchema>;

/**
 * GET /candidate/admissionResults/{id}: both groups of spec §2. `physicalExamination` is in clear only
 * for holders of the physicalExam permission (the view is logged), else {@link MASKED} (or null when
 * none was imported); `physicalExaminationVisible` says which.
 */
export const admissionResultDetailSchema = admissionResultRowSchema.extend({
  gender: z.string(),
  birthday: z.string(),
  nation: z.string(),
  politicalAffiliation: z.string(),
  graduateCollege: z.string(),
  education: z.string(),
  major: z.string(),
  freshmen: z.string(),
  isNormal: z.string(),
  teacherCertification: z.string(),
  teacherCertificationType: z.string().nullable(),
  address: z.string(),
  phone: z.string(),
  enrollCounty: z.string(),
  academicSession: z.string(),
  subject: z.string(),
  reviewResult: z.string().nullable(),
  writeExamScore: z.string().nullable(),
  interviewScore: z.string().nullable(),
  preJobTraining: z.string().nullable(),
  /** The admitted county's name (its GB/T 2260 code in admissionCountyCode). */
  admissionCounty: z.string().nullable(),
  admissionCountyCode: z.string().nullable(),
  officeSchool: z.string().nullable(),
  physicalExaminationVisible: z.boolean(),
});
export type AdmissionResultDetail = z.output<typeof admissionResultDetailSchema>;

/**
 * The candidate's result (GET /api/admissionResults/getAdmissionResultsByPlanId/{planId}; spec §3
 * recruitData plus the physical examination): only from the plan's score-query start on.
 * physicalExamination is the candidate's own, in clear.
 */
export const candidateResultSchema = z.object({
  planId: z.number().int(),
  name: z.string(),
  idCard: z.string(),
  admissionNumber: z.string().nullable(),
  writeExamScore: z.string().nullable(),
  interviewScore: z.string().nullable(),
  examTotalScore: z.string().nullable(),
  physicalExamination: z.string().nullable(),
  /** {@link ADMISSION_STATUS}. */
  admissionStatus: z.string(),
  officeSchool: z.string().nullable(),
  /** The admitted county's name (its GB/T 2260 code in admissionCountyCode). */
  admissionCounty: z.string().nullable(),
  admissionCountyCode: z.string().nullable(),
  admissionAcademicSession: z.string().nullable(),
  admissionSubject: z.string().nullable(),
  remarks: z.string().nullable(),
});
export type CandidateResult = z.output<typeof candidateResultSchema>;
