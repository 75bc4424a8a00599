import fastJson from 'fast-json-stringify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PLAN_RANGES,
  type ApiResult,
  type CandidateEnroll,
  type CandidateInfo,
  type CanCandidate,
  type Enroll,
  type PlanTimeField,
} from '@tegang/domain';
import type { EncryptedData } from '@tegang/domain/crypto';

/**
 * Response serialisation (DESIGN "Envelope" {code, msg, data}): every JSON route declares
 * `response: { 200: envelopeOf(XSchema) }` with a zod schema of the domain's answer type
 * (`satisfies z.ZodType<T>` keeps it in step: fast-json-stringify leaves out what the schema does not
 * name, so a field missing here must fail the type check rather than vanish from the answer). The
 * schema is turned into JSON Schema once and compiled by fast-json-stringify (about twice
 * JSON.stringify's speed on these shapes). Routes that answer a file, a stream or a redirect declare
 * no JSON response schema; Fastify then sends their payload as it is.
 */
export function fastSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  const json = z.toJSONSchema(schema as z.ZodType, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  });
  return fastJson(json as never) as (data: unknown) => string;
}

/** Answers are checked against their schema under the test runner only (see fastSerializerCompiler). */
const checkAnswers = Boolean(process.env.VITEST);
const compiled = new WeakMap<object, (data: unknown) => string>();

/**
 * The app's serializer compiler (`app.setSerializerCompiler`): `fastSerializer` of the route's zod
 * response schema, compiled once per schema object (a schema shared by several routes or status codes
 * is compiled once). Under the test runner (VITEST) each answer is first checked against the schema
 * and a mismatch fails the request with fastify-type-provider-zod's ResponseSerializationError (500):
 * fast-json-stringify would otherwise write `""` for a null in a string field or 0 for a missing
 * number, and the tests would not see it. Throws InvalidSchemaError for a schema that is not zod.
 */
export function fastSerializerCompiler({
  schema,
  method,
  url,
}: {
  schema: unknown;
  method: string;
  url: string;
}): (data: unknown) => string {
  if (!(schema instanceof z.ZodType)) throw new InvalidSchemaError(JSON.stringify(schema));
  let serialise = compiled.get(schema);
  if (!serialise) {
    serialise = fastSerializer({ schema });
    compiled.set(schema, serialise);
  }
  if (!checkAnswers) return serialise;
  const write = serialise;
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return write(data);
  };
}

/** The success envelope around `data`. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/**
 * The success envelope of an encrypted call (spec §7 "encrypted"; plugins/access.ts encrypts `data`
 * with the call's AES key before serialisation): `data` is the ciphertext {iv, d} (domain
 * `EncryptedData`, opened by the web's decryptData); its plain shape is the route's domain type.
 * Typed as the plain envelope the handler returns, since the encryption happens after it.
 */
export const encryptedEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  encrypted: z.literal(true),
  data: z.object({ iv: z.string(), d: z.string() }) satisfies z.ZodType<EncryptedData>,
}) as unknown as z.ZodType<ApiResult<unknown>>;

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
  serialNo: nullableString,
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
