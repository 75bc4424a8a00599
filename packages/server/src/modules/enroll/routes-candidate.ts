import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CREATE_STATUS, ENROLL_LABELS, idNumber, translate, validate } from '@tegang/domain';
import { enroll } from '../../db/schema';
import { findOpenPlan } from '../recruit-plan/service';
import { attachment, consumeDownloadToken, issueDownloadToken } from '../../lib/downloads';
import { ok } from '../../lib/envelope';
import { AppError, ValidationError, conflict } from '../../lib/errors';
import {
  checkApplication,
  enrollPdf,
  enrollValues,
  enrolmentClosedReason,
  findEnroll,
  isUniqueViolation,
  PHOTO_FIELD,
  photoError,
  photoDataUrl,
  requireOpenWindow,
  storePhoto,
  toEnroll,
} from './service';

const planIdParams = z.object({ planId: idNumber() });
const idParams = z.object({ id: idNumber() });
const planIdField = z.object({ planId: idNumber() });

/**
 * Reads a multipart application: text fields, and the photo `updateImg` (at most 2 MB, else 400).
 * A truncated or malformed body is a 400 'error.multipart' (issue 6), never a 500.
 */
async function readApplication(
  req: FastifyRequest,
): Promise<{ fields: Record<string, string>; photo: Buffer | null }> {
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
 * The candidate's application (spec §7 "Candidate application"; issue 2): whether a plan is open,
 * apply and edit inside the enrolment window, read back, and download the enrolment form.
 */
export async function enrollCandidateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const access = { candidate: true } as const;

  /** The multipart application of the calling candidate, checked against the plan's open window and rules. */
  const readCheckedApplication = async (req: FastifyRequest) => {
    const { fields, photo } = await readApplication(req);
    const candidateId = req.candidate!.id;
    // The plan id is checked before it reaches the database (issue 6: planId=1e30 is a 400).
    const planId = validate(planIdField, fields, req.lang, ENROLL_LABELS);
    if (!planId.ok) throw new ValidationError(planId.errors);
    const plan = await requireOpenWindow(ctx.db, planId.data.planId, ctx.now());
    const checked = await checkApplication(ctx.db, candidateId, plan, fields, req.lang);
    return { photo, candidateId, plan, checked };
  };

  app.get(
    '/api/recruitPlan/checkCanCandidate',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary:
          'Check-candidate response (spec §3): {canCandidate, planId, message, limitBirth, plan}; message says when enrolment opens or that it ended',
      },
    },
    async (req) => {
      const plan = await findOpenPlan(ctx.db);
      const reason = enrolmentClosedReason(plan, ctx.now());
      return ok(req, {
        canCandidate: !reason,
        planId: plan?.id ?? null,
        message: reason ? translate(req.lang, reason.key, reason.params) : '',
        limitBirth: plan?.limitBirth ?? null,
        plan: plan
          ? {
              id: plan.id,
              name: plan.name,
              year: plan.year,
              enrollStartTime: plan.enrollStartTime,
              enrollEndTime: plan.enrollEndTime,
              customerServicePhone: plan.customerServicePhone,
              serviceCenter: plan.serviceCenter,
            }
          : null,
      });
    },
  );

  app.get(
    '/api/apply/:planId',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary: "The apply-info flag: '1' when the candidate has applied to the plan, else '0'",
        params: planIdParams,
      },
    },
    async (req) => {
      const [row] = await ctx.db
        .select({ id: enroll.id })
        .from(enroll)
        .where(and(eq(enroll.planId, req.params.planId), eq(enroll.candidateId, req.candidate!.id)));
      return ok(req, row ? '1' : '0');
    },
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
      },
    },
    async (req) => {
      const { photo, candidateId, plan, checked } = await readCheckedApplication(req);
      const [existing] = await ctx.db
        .select({ id: enroll.id })
        .from(enroll)
        .where(and(eq(enroll.planId, plan.id), eq(enroll.candidateId, candidateId)));
      if (existing) throw conflict('enroll.duplicate');
      if (!photo) throw photoError('enroll.photo.required', req.lang);
      const picture = await storePhoto(ctx, photo, req.lang);
      try {
        const id = await ctx.db.transaction(async (tx) => {
          // Under a share lock the plan cannot be closed or withdrawn until this enrolment is in.
          await requireOpenWindow(tx, plan.id, ctx.now(), true);
          const now = ctx.now();
          const [row] = await tx
            .insert(enroll)
            .values({
              ...enrollValues(checked),
              planId: plan.id,
              candidateId,
              picture,
              createTime: now,
              updateTime: now,
            })
            .returning({ id: enroll.id });
          return row!.id;
        });
        return ok(req, { id }, 'common.saved');
      } catch (e) {
        await ctx.storage.remove(picture);
        if (isUniqueViolation(e))
          throw conflict(
            (e as { constraint?: string }).constraint === 'enroll_plan_id_card_uq'
              ? 'enroll.duplicateIdCard'
              : 'enroll.duplicate',
          );
        throw e;
      }
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
      },
    },
    async (req) => {
      const { photo, candidateId, plan, checked } = await readCheckedApplication(req);
      const current = await findEnroll(
        ctx.db,
        and(eq(enroll.planId, plan.id), eq(enroll.candidateId, candidateId)),
      );
      if (!current) throw new AppError(404, 'enroll.notFound');
      const picture = photo ? await storePhoto(ctx, photo, req.lang) : current.row.picture;
      try {
        await ctx.db
          .update(enroll)
          .set({
            ...enrollValues(checked),
            picture,
            createStatus: CREATE_STATUS.pending,
            updateTime: ctx.now(),
          })
          .where(eq(enroll.id, current.row.id));
      } catch (e) {
        if (photo && picture) await ctx.storage.remove(picture);
        throw e;
      }
      if (photo && current.row.picture) await ctx.storage.remove(current.row.picture);
      return ok(req, { id: current.row.id }, 'common.saved');
    },
  );

  app.get(
    '/api/enroll/getEnrollByPlanId/:planId',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary: "The candidate's own enrolment in a plan (Enroll + pictureData), or null",
        params: planIdParams,
      },
    },
    async (req) => {
      const found = await findEnroll(
        ctx.db,
        and(eq(enroll.planId, req.params.planId), eq(enroll.candidateId, req.candidate!.id)),
      );
      if (!found) return ok(req, null);
      return ok(req, {
        ...toEnroll(found.row, found.plan),
        pictureData: await photoDataUrl(ctx, found.row.picture),
      });
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
      },
    },
    async (req) => {
      const found = await findEnroll(
        ctx.db,
        and(eq(enroll.id, req.params.id), eq(enroll.candidateId, req.candidate!.id)),
      );
      if (!found) throw new AppError(404, 'enroll.notFound');
      const token = await issueDownloadToken(
        ctx.db,
        {
          kind: 'enroll-form',
          resourceId: found.row.id,
          subjectKind: 'candidate',
          subjectId: req.candidate!.id,
        },
        ctx.now(),
      );
      return ok(req, { url: `/api/enroll/downloadEnrollFile/${found.row.id}?token=${token}` });
    },
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
      const grant = await consumeDownloadToken(ctx.db, req.query.token, 'enroll-form', ctx.now());
      if (grant.resourceId !== req.params.id) throw new AppError(400, 'error.downloadToken');
      const found = await findEnroll(
        ctx.db,
        and(eq(enroll.id, grant.resourceId), eq(enroll.candidateId, grant.subjectId)),
      );
      if (!found) throw new AppError(404, 'enroll.notFound');
      const pdf = await enrollPdf(ctx, found.row, found.plan);
      await ctx.db
        .update(enroll)
        .set({ pdfDownloadNum: sql`${enroll.pdfDownloadNum} + 1`, isDownload: '1' })
        .where(eq(enroll.id, found.row.id));
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          attachment(
            `${translate(req.lang, 'enroll.form.title', { plan: found.plan.name })}-${found.row.name}.pdf`,
          ),
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
