import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import {
  PLAN_RANGES,
  type CandidateEnroll,
  type CandidateInfo,
  type CanCandidate,
  type Enroll,
  type PlanTimeField,
} from '@tegang/domain';

/**
 * Response schemas of the candidate's hot reads (DESIGN "Envelope" {code, msg, data}): zod schemas
 * of the domain's answer types (`satisfies` keeps them in step: a field missing here would fail the
 * type check, since fast-json-stringify leaves out what the schema does not name), turned into JSON
 * Schema once and compiled by fast-json-stringify (about twice JSON.stringify's speed on these
 * shapes). A route opts in with `serializerCompiler: fastSerializer` beside `response`: the app's
 * default serialiser (fastify-type-provider-zod) validates and then calls JSON.stringify.
 */
export function fastSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  const json = z.toJSONSchema(schema as z.ZodType, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  });
  return fastJson(json as never) as (data: unknown) => string;
}

/** The success envelope around `data`. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

const nullableString = z.string().nullable();
const planTimeline = Object.fromEntries(
  PLAN_RANGES.flatMap(([start, end]) => [
    [start, z.string()],
    [end, z.string()],
  ]),
) as Record<PlanTimeField, z.ZodString>;

/** GET /api/recruitPlan/checkCanCandidate. */
export const canCandidateSchema = z.object({
  canCandidate: z.boolean(),
  planId: z.number().int().nullable(),
  message: z.string(),
  limitBirth: nullableString,
  birthLimits: z.record(z.string(), z.string()),
  plan: z
    .object({
      id: z.number().int(),
      name: z.string(),
      year: z.string(),
      ...planTimeline,
      customerServicePhone: nullableString,
      serviceCenter: nullableString,
    })
    .nullable(),
}) satisfies z.ZodType<CanCandidate>;

/** GET /api/auth/getInfo. */
export const candidateInfoSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  realName: z.string(),
  idCard: z.string(),
  gender: z.string(),
  birthday: z.string(),
  telephone: z.string(),
}) satisfies z.ZodType<CandidateInfo>;

/** The enrolment as the API answers it (domain `Enroll`). */
export const enrollSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planYear: z.string(),
  planName: z.string(),
  candidateId: z.number().int(),
  name: z.string(),
  gender: z.string(),
  idCard: z.string(),
  maritalStatus: z.string(),
  birthday: z.string(),
  nation: z.string(),
  veteran: z.string(),
  politicalAffiliation: z.string(),
  phone: z.string(),
  domicile: z.string(),
  address: z.string(),
  picture: nullableString,
  graduateCollege: z.string(),
  education: z.string(),
  graduationDate: z.string(),
  major: z.string(),
  isNormal: z.string(),
  freshmen: z.string(),
  teacherCertification: z.string(),
  teacherCertificationType: nullableString,
  teacherCertificationSubject: nullableString,
  isAdjust: z.string(),
  priorityCondition: z.string(),
  priorityContent: nullableString,
  planType: z.string(),
  provinceCode: z.string(),
  cityCode: z.string(),
  countyCode: z.string(),
  enrollCounty: z.string(),
  academicSession: z.string(),
  subject: z.string(),
  createStatus: z.string(),
  pdfDownloadNum: z.number().int(),
  isDownload: z.string(),
  auditStatus: z.string(),
  auditReason: nullableString,
  auditTime: nullableString,
  auditorId: z.number().int().nullable(),
  version: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
}) satisfies z.ZodType<Enroll>;

/** GET /api/enroll/getEnrollByPlanId/{planId}: the own enrolment with its photo's address, or null. */
export const candidateEnrollSchema = enrollSchema
  .extend({ pictureUrl: nullableString })
  .nullable() satisfies z.ZodType<CandidateEnroll | null>;
