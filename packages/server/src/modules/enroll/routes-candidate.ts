import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CANDIDATE_AUTH_HEADER,
  idNumber,
  enrollIdSchema,
  downloadLinkSchema,
  myEnrollListSchema,
} from '@tegang/domain';
import { candidateEnrollSchema, canCandidateSchema, envelopeOf } from '../../lib/fast-response';
import { photoParams, sendPhoto } from './photo-route';
import { attachment } from '../../lib/downloads';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import {
  applyFlag,
  CANDIDATE_PHOTO_PREFIX,
  candidateStatus,
  downloadEnrollForm,
  editApplication,
  enrollFormLink,
  ownEnrollment,
  ownPhoto,
  PHOTO_FIELD,
  photoError,
  submitApplication,
  type Submission,
} from './service-candidate';
import { myEnrollList } from './service-my-enroll';

const planIdParams = z.object({ planId: idNumber() });
const idParams = z.object({ id: idNumber() });

/**
 * Reads a multipart application: text fields, and the photo `updateImg` (at most 2 MB, else 400).
 * A truncated or malformed body is a 400 'error.multipart', never a 500.
 */
async function readApplication(req: FastifyRequest): Promise<Submission> {
  if (!req.isMultipart()) throw new AppError(400, 'error.badRequest');
  const fields: Record<string, string> = {};
  let photo: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === PHOTO_FIELD && data.length) photo = data;
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw photoError('enroll.photo.size', req.lang);
    // Everything else here is the client's body: cut short, no boundary, bad part headers, too many parts.
    throw new AppError(400, 'error.multipart');
  }
  return { fields, photo };
}

/**
 * The candidate's application (spec §7 "Candidate application"): whether a plan is open,
 * apply and edit inside the enrolment window, read back, and download the enrolment form.
 */
export async function enrollCandidateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const access = { candidate: true } as const;

  app.get(
    '/api/recruitPlan/checkCanCandidate',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary:
          'Check-candidate response (spec §3): {canCandidate, planId, message, limitBirth, birthLimits, plan}; message says when enrolment opens or that it ended. planId/plan are the open plan whenever one is open, whether or not the candidate applied to it; with none open, the latest closed plan the candidate applied to, else null. Earlier plans: GET /api/enroll/listMyEnroll',
        response: { 200: envelopeOf(canCandidateSchema) },
      },
    },
    async (req) => ok(req, await candidateStatus(ctx, req.candidate!.id, req.lang)),
  );

  app.get(
    '/api/apply/:planId',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary: "The apply-info flag: '1' when the candidate has applied to the plan, else '0'",
        params: planIdParams,
        response: { 200: envelopeOf(z.enum(['0', '1'])) },
      },
    },
    async (req) => ok(req, await applyFlag(ctx.db, req.params.planId, req.candidate!.id)),
  );

  app.post(
    '/api/apply',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary:
          'Apply (multipart: the form fields of enrollApplySchema + photo updateImg, JPEG/PNG ≤ 2 MB). 409 when already applied; 400 outside the enrolment window',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(enrollIdSchema) },
      },
    },
    async (req) => {
      const id = await submitApplication(ctx, req.candidate!.id, await readApplication(req), req.lang);
      return ok(req, { id }, 'common.saved');
    },
  );

  app.put(
    '/api/apply',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary:
          'Edit the own application while the enrolment window is open (multipart as POST; the photo is optional)',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(enrollIdSchema) },
      },
    },
    async (req) => {
      const id = await editApplication(ctx, req.candidate!.id, await readApplication(req), req.lang);
      return ok(req, { id }, 'common.saved');
    },
  );

  /**
   * GET /api/enroll/listMyEnroll: the candidate's applications across plans, newest plan first (the
   * 我的报名 page, the earlier plans on the home card). Her own rows only, by the session's candidate
   * (nothing from the client names her); no region scope applies. Answers MyEnroll[] (domain
   * my-enroll.ts): each {plan: {id, name, year, status, the timeline, customerServicePhone, purged},
   * enrollId, serialNo, auditStatus, auditReason, ticket ('1' distributed / '0' pending, inside the
   * plan's print window only, else null), result ({admissionStatus, officeSchool} from the plan's
   * score-query start on, else null)}; [] without applications. Errors: 401 without a candidate
   * session. Not cached: audit decisions, tickets and results change it.
   */
  app.get(
    '/api/enroll/listMyEnroll',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary:
          "The candidate's own applications across plans, newest plan first: [{plan (timeline, status, purged), enrollId, serialNo, auditStatus, auditReason, ticket (only inside the plan's print window), result {admissionStatus, officeSchool} (from its score-query start)}]",
        response: { 200: envelopeOf(myEnrollListSchema) },
      },
    },
    async (req, reply) => {
      const list = await myEnrollList(ctx, req.candidate!.id);
      reply.header('cache-control', 'no-store');
      return ok(req, list);
    },
  );

  app.get(
    '/api/enroll/getEnrollByPlanId/:planId',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary:
          "The candidate's own enrolment in a plan (Enroll + pictureUrl: the photo's own address, GET with the candidate token), or null",
        params: planIdParams,
        response: { 200: envelopeOf(candidateEnrollSchema) },
      },
    },
    async (req) => ok(req, await ownEnrollment(ctx, req.params.planId, req.candidate!.id)),
  );

  app.get(
    `${CANDIDATE_PHOTO_PREFIX}/:id/:file`,
    {
      config: { access },
      // A JPEG is compressed already.
      compress: false,
      schema: {
        tags: ['candidate'],
        summary:
          "The candidate's own enrolment photo (JPEG) at the pictureUrl of getEnrollByPlanId: {id}/{version}.jpg; 404 for another candidate's enrolment or an old version. Cache-Control private, a year, immutable",
        params: photoParams,
      },
    },
    async (req, reply) => {
      const data = await ownPhoto(ctx, req.params.id, req.params.file.slice(0, -4), req.candidate!.id);
      return sendPhoto(reply, data, CANDIDATE_AUTH_HEADER);
    },
  );

  app.get(
    '/api/enroll/downloadToken/:id',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary: 'A single-use link (5 min) to the own enrolment form PDF: {url}',
        params: idParams,
        response: { 200: envelopeOf(downloadLinkSchema) },
      },
    },
    async (req) => ok(req, await enrollFormLink(ctx, req.params.id, req.candidate!.id)),
  );

  app.get(
    '/api/enroll/downloadEnrollFile/:id',
    {
      config: { access: { download: true } },
      schema: {
        tags: ['candidate'],
        summary: 'The enrolment form PDF (A4) by a download token from downloadToken; counts the download',
        params: idParams,
        querystring: z.object({ token: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const { pdf, fileName } = await downloadEnrollForm(ctx, req.params.id, req.query.token, req.lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
