import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  enrollAdminUpdateSchema,
  enrollQuerySchema,
  formatDateTime,
  hasPermission,
  PERMISSIONS,
  translate,
  type MessageKey,
} from '@tegang/domain';
import { enroll } from '../../db/schema';
import { writeEnrollExport } from '../../documents/enroll-export';
import { loadDicts } from '../../lib/dicts';
import { attachment, consumeDownloadToken, issueDownloadToken } from '../../lib/downloads';
import { ok, page } from '../../lib/envelope';
import { AppError, forbidden } from '../../lib/errors';
import { idListSchema, idParamSchema, offsetOf, pagingSchema } from '../../lib/paging';
import { scopeWhere } from '../../lib/scope';
import { loadAdmin } from '../../lib/sessions';
import {
  deleteEnrolls,
  eachEnroll,
  enrollPdf,
  enrollSearch,
  findEnroll,
  pageEnrolls,
  photoDataUrl,
  toEnroll,
} from './service';

const P = PERMISSIONS.enroll;
/** At most this many forms regenerate in one generateApply call (each takes ~30 ms). */
const GENERATE_MAX = 200;

/**
 * Enrolment records in the back office (spec §2 "Enrolment records", §7 "Enrolment"): every list,
 * detail, edit, delete and export is narrowed on the server to the administrator's region (spec §6).
 */
export async function enrollAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const inScope = (id: number, scope: Parameters<typeof scopeWhere>[1]) =>
    and(eq(enroll.id, id), scopeWhere(enroll, scope));

  app.get(
    '/candidate/enroll/page',
    {
      config: { access: { permission: P.list } },
      schema: {
        tags: ['enroll'],
        summary:
          'Page of enrolments in the caller’s region: {records: Enroll[], total, current, size}; filters of spec §2',
        querystring: pagingSchema.extend(enrollQuerySchema.shape),
      },
    },
    async (req) => {
      const { current, size, ...query } = req.query;
      const { records, total } = await pageEnrolls(
        ctx.db,
        enrollSearch(query, req.admin!.scope),
        offsetOf({ current, size }),
        size,
      );
      return ok(req, page(records, total, current, size));
    },
  );

  app.get(
    '/candidate/enroll/getEnrollCreateStatus',
    {
      config: { access: { admin: true } },
      schema: { tags: ['enroll'], summary: 'Form generation status options [{value, label}]' },
    },
    async (req) =>
      ok(
        req,
        ['0', '1'].map((value) => ({
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
        summary: 'One enrolment (Enroll + pictureData) in the caller’s region; 404 outside it',
        params: idParamSchema,
      },
    },
    async (req) => {
      const found = await findEnroll(ctx.db, inScope(req.params.id, req.admin!.scope));
      if (!found) throw new AppError(404, 'enroll.notFound');
      return ok(req, {
        ...toEnroll(found.row, found.plan),
        pictureData: await photoDataUrl(ctx, found.row.picture),
      });
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
      },
    },
    async (req) => {
      const [row] = await ctx.db
        .update(enroll)
        .set({ phone: req.body.phone, createStatus: '0', updateTime: ctx.now() })
        .where(inScope(req.body.id, req.admin!.scope))
        .returning({ id: enroll.id });
      if (!row) throw new AppError(404, 'enroll.notFound');
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
      schema: { tags: ['enroll'], summary: 'Delete one enrolment and its files', params: idParamSchema },
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
      },
    },
    async (req) => {
      const rows = await ctx.db
        .select({ id: enroll.id })
        .from(enroll)
        .where(and(inArray(enroll.id, req.body.idList), scopeWhere(enroll, req.admin!.scope)));
      for (const { id } of rows) {
        const found = await findEnroll(ctx.db, eq(enroll.id, id));
        if (found) await enrollPdf(ctx, found.row, found.plan, true);
      }
      return ok(req, { count: rows.length });
    },
  );

  app.post(
    '/candidate/enroll/exportToken',
    {
      config: { access: { permission: P.export } },
      schema: {
        tags: ['enroll'],
        summary: 'A single-use link (5 min) to the xlsx export of the current filters: {url}',
        body: enrollQuerySchema,
      },
    },
    async (req) => {
      const token = await issueDownloadToken(
        ctx.db,
        {
          kind: 'enroll-export',
          resourceId: 0,
          subjectKind: 'admin',
          subjectId: req.admin!.id,
          params: req.body,
        },
        ctx.now(),
      );
      return ok(req, { url: `/candidate/enroll/export?token=${token}` });
    },
  );

  app.get(
    '/candidate/enroll/export',
    {
      config: { access: { download: true } },
      schema: {
        tags: ['enroll'],
        summary: 'The enrolments of the token’s filters in the holder’s region as xlsx, streamed',
        querystring: z.object({ token: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const grant = await consumeDownloadToken(ctx.db, req.query.token, 'enroll-export', ctx.now());
      const admin = await loadAdmin(ctx.db, grant.subjectId, 0);
      if (!admin || !hasPermission(admin.permissions, P.export)) throw forbidden();
      const query = enrollQuerySchema.parse(grant.params ?? {});
      const stream = writeEnrollExport(
        eachEnroll(ctx.db, enrollSearch(query, admin.scope)),
        await loadDicts(ctx.db),
        req.lang,
      );
      const name = `${translate(req.lang, 'enroll.export.sheet')}-${formatDateTime(ctx.now()).replace(/[ :]/g, '')}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(name))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
