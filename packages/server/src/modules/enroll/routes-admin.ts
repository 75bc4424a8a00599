import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CREATE_STATUSES,
  enrollAdminUpdateSchema,
  enrollQuerySchema,
  PERMISSIONS,
  translate,
  type MessageKey,
  type EnrollDetail,
  pageOf,
  codeOptionSchema,
} from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { photoParams, sendPhoto } from './photo-route';
import { exportRoutes } from '../../lib/export-routes';
import { idListSchema, idParamSchema, pagingSchema } from '../../lib/paging';
import {
  ADMIN_PHOTO_PREFIX,
  deleteEnrolls,
  enrollmentDetail,
  exportEnrolls,
  exportLink,
  pageEnrollsInScope,
  regenerateForms,
  scopedPhoto,
  updateEnrollPhone,
} from './service-admin';
import { envelopeOf, enrollSchema, encryptedEnvelope } from '../../lib/fast-response';

const P = PERMISSIONS.enroll;
/**
 * GET /candidate/enroll/{id}: the enrolment with its photo's address under ADMIN_PHOTO_PREFIX, or null
 * (domain EnrollDetail).
 */
const enrollDetailSchema = enrollSchema.extend({
  pictureUrl: z.string().nullable(),
}) satisfies z.ZodType<EnrollDetail>;
/** At most this many forms regenerate in one generateApply call (each takes ~30 ms). */
const GENERATE_MAX = 200;

/**
 * Enrolment records in the back office (spec §2 "Enrolment records", §7 "Enrolment"): every list,
 * detail, edit, delete and export is narrowed on the server to the administrator's region (spec §6).
 */
export async function enrollAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/candidate/enroll/page',
    {
      config: { access: { permission: P.list } },
      schema: {
        tags: ['enroll'],
        summary:
          'Page of enrolments in the caller’s region: {records: Enroll[], total, current, size}; filters of spec §2',
        querystring: pagingSchema.extend(enrollQuerySchema.shape),
        response: { 200: envelopeOf(pageOf(enrollSchema)) },
      },
    },
    async (req) => ok(req, await pageEnrollsInScope(ctx.db, req.admin!.scope, req.query)),
  );

  app.get(
    '/candidate/enroll/getEnrollCreateStatus',
    {
      config: { access: { admin: true } },
      schema: {
        tags: ['enroll'],
        summary: 'Form generation status options [{value, label}]',
        response: { 200: envelopeOf(z.array(codeOptionSchema)) },
      },
    },
    async (req) =>
      ok(
        req,
        CREATE_STATUSES.map((value) => ({
          value,
          label: translate(req.lang, `status.createStatus.${value}` as MessageKey),
        })),
      ),
  );

  app.get(
    '/candidate/enroll/:id',
    {
      config: { access: { permission: P.query } },
      schema: {
        tags: ['enroll'],
        summary:
          'One enrolment in the caller’s region (Enroll + pictureUrl: the photo’s own address, /candidate/enroll/photo/{id}/{version}.jpg, GET with the admin token; null when none); 404 outside it',
        params: idParamSchema,
        response: { 200: envelopeOf(enrollDetailSchema) },
      },
    },
    async (req) => ok(req, await enrollmentDetail(ctx, req.params.id, req.admin!.scope)),
  );

  app.get(
    `${ADMIN_PHOTO_PREFIX}/:id/:file`,
    {
      config: { access: { permission: P.query } },
      compress: false,
      schema: {
        tags: ['enroll'],
        summary:
          'The photo (JPEG) of an enrolment in the caller’s region, at {id}/{version}.jpg (version: photoVersion of the stored photo); 404 outside the region or for another version. Cache-Control private, a year, immutable',
        params: photoParams,
      },
    },
    async (req, reply) => {
      const version = req.params.file.slice(0, -4);
      const data = await scopedPhoto(ctx, req.params.id, version, req.admin!.scope);
      return sendPhoto(reply, data, 'Authorization');
    },
  );

  app.put(
    '/candidate/enroll',
    {
      config: { access: { permission: P.edit }, encrypted: true },
      schema: {
        tags: ['enroll'],
        summary: 'Edit an enrolment (encrypted {id, phone}): the list is read-only except the phone',
        body: enrollAdminUpdateSchema,
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) => {
      await updateEnrollPhone(ctx, req.body.id, req.body.phone, req.admin!.scope);
      return ok(req, null, 'common.saved');
    },
  );

  app.delete(
    '/candidate/enroll/deleteByIds',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags: ['enroll'],
        summary: 'Delete enrolments {idList} (all in the caller’s region, or none)',
        body: idListSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await deleteEnrolls(ctx, req.body.idList, req.admin!.scope);
      return ok(req, null, 'common.deleted');
    },
  );

  app.delete(
    '/candidate/enroll/:id',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags: ['enroll'],
        summary: 'Delete one enrolment and its files',
        params: idParamSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await deleteEnrolls(ctx, [req.params.id], req.admin!.scope);
      return ok(req, null, 'common.deleted');
    },
  );

  app.post(
    '/candidate/enroll/generateApply',
    {
      config: { access: { permission: P.generate }, encrypted: true },
      schema: {
        tags: ['enroll'],
        summary: `Regenerate enrolment form PDFs (encrypted {idList}, at most ${GENERATE_MAX}); answers {count}`,
        body: z.object({ idList: idListSchema.shape.idList.max(GENERATE_MAX) }),
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) => ok(req, { count: await regenerateForms(ctx, req.body.idList, req.admin!.scope) }),
  );

  exportRoutes(app, {
    base: '/candidate/enroll',
    permission: P.export,
    tag: 'enroll',
    query: enrollQuerySchema,
    summary: 'The enrolments of the token’s filters in the holder’s region as xlsx, streamed',
    link: (adminId, filters) => exportLink(ctx, adminId, filters),
    open: (token, lang) => exportEnrolls(ctx, token, lang),
  });
}
