import { z } from 'zod';
import { idNumber, optionalString } from './validation';

/**
 * Enrolment comparison (spec §2 "Enrolment comparison", §7 GET /candidate/enrollCompare/page,
 * importExcel/{param}, export): rows of an external list matched to enrolments by ID number and plan.
 */
export const ENROLL_COMPARE_SOURCE_MAX = 64;

/** Filters of the list and the export. `result`: '1' rows with differences, '0' rows that match. */
export const enrollCompareQuerySchema = z.object({
  planId: idNumber().optional(),
  name: optionalString(30),
  idCard: optionalString(18),
  dataSource: optionalString(ENROLL_COMPARE_SOURCE_MAX),
  result: z.enum(['0', '1'], { error: 'rule.invalidOption' }).optional(),
});
export type EnrollCompareQuery = z.output<typeof enrollCompareQuerySchema>;

/** The fields compared, in order (a difference names one of these, or 'enroll' when none matched). */
export const ENROLL_COMPARE_FIELDS = ['name', 'enrollCounty', 'academicSession', 'subject', 'phone'] as const;
export type EnrollCompareField = (typeof ENROLL_COMPARE_FIELDS)[number] | 'enroll';

/** One disagreement: the enrolment's value (expected) against the list's (actual), as shown. */
export const enrollCompareDifferenceSchema = z.object({
  field: z.enum([...ENROLL_COMPARE_FIELDS, 'enroll']),
  expected: z.string().nullable(),
  actual: z.string().nullable(),
});
export type EnrollCompareDifference = z.output<typeof enrollCompareDifferenceSchema>;

/** One row of the list (spec §2 columns: plan, name, ID card, academic session, subject, data source, error details). */
export const enrollCompareRowSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  name: z.string(),
  idCard: z.string(),
  academicSession: z.string().nullable(),
  subject: z.string().nullable(),
  dataSource: z.string(),
  differences: z.array(enrollCompareDifferenceSchema),
  /** The differences as one readable line in the caller's language; '' when the row matches. */
  errorDetails: z.string(),
  createTime: z.string(),
});
export type EnrollCompareRow = z.output<typeof enrollCompareRowSchema>;
