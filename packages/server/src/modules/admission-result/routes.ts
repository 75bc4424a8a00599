import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  admissionResultQuerySchema,
  PERMISSIONS,
  pageOf,
  admissionResultRowSchema,
  admissionResultDetailSchema,
  codeOptionSchema,
} from '@tegang/domain';
import { importRoutes } from '../../imports/routes';
import { attachment } from '../../lib/downloads';
import { ok } from '../../lib/envelope';
import { exportRoutes } from '../../lib/export-routes';
import { idListSchema, idParamSchema, pagingSchema } from '../../lib/paging';
import { exportResults, resultExportLink } from './export';
import { admissionResultImport, resultParam } from './import';
import {
  admissionPassOptions,
  admissionStatusOptions,
  deleteResults,
  pageResults,
  resultDetail,
} from './service';
import { planResultTemplate } from './template';
import { envelopeOf } from '../../lib/fast-response';

const R = PERMISSIONS.admissionResult;
const tags = ['admissionResults'];
const BASE = '/candidate/admissionResults';

/**
 * Admission results in the back office (spec §2 "Admission results", §7 "Admission results"):
 * the read-only list and its two-group detail, delete, the code lists, the import (param = plan id)
 * through the one import mechanism, and the xlsx export behind a single-use link. Everything is
 * narrowed to the caller's region by the enrolment's codes; the physical examination result is masked
 * everywhere but in the detail for holders of R.physicalExam (each such view is in the operation log).
 */
export async function admissionResultRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    `${BASE}/page`,
    {
      config: { access: { permission: R.list } },
      schema: {
        tags,
        summary:
          'Page of admission results in the caller’s region: {records: AdmissionResultRow[], total, current, size}; physicalExamination is "***" or null; filters planId, name, idCard, admissionNumber, cityCode, countyCode, admissionAcademicSession, admissionSubject, admissionStatus',
        querystring: pagingSchema.extend(admissionResultQuerySchema.shape),
        response: { 200: envelopeOf(pageOf(admissionResultRowSchema)) },
      },
    },
    async (req) => ok(req, await pageResults(ctx.db, req.admin!.scope, req.query)),
  );

  app.get(
    `${BASE}/getAdmissionStatus`,
    {
      config: { access: { open: true } },
      schema: {
        tags,
        summary:
          'Admission status options [{value, label}] in the caller’s language (0 not admitted, 1 admitted, 2 pending)',
        response: { 200: envelopeOf(z.array(codeOptionSchema)) },
      },
    },
    async (req) => ok(req, admissionStatusOptions(req.lang)),
  );

  app.get(
    `${BASE}/getAdmissionPass`,
    {
      config: { access: { permission: R.list } },
      schema: {
        tags,
        summary:
          'Pass / fail options [{value, label}] of the review result and the pre-job training (1 passed, 0 failed)',
        response: { 200: envelopeOf(z.array(codeOptionSchema)) },
      },
    },
    async (req) => ok(req, admissionPassOptions(req.lang)),
  );

  importRoutes(app, admissionResultImport, {
    base: BASE,
    permission: R.import,
    importPath: 'importExcel/:param',
    templatePath: 'downLoadExcelTemplate',
    tag: 'admissionResults',
    param: ({ param }) => resultParam(ctx.db, param),
  });

  app.get(
    `${BASE}/downLoadPlanTemplate`,
    {
      config: { access: { permission: R.import } },
      schema: {
        tags,
        summary:
          'The results import template (xlsx, caller’s language) prefilled with plan planId’s ticket holders in the caller’s region: 身份证号, 姓名, 准考证号 filled, one row per ticket, no example row; 400 import.planRequired for an unknown plan',
        querystring: z.object({ planId: idParamSchema.shape.id }),
      },
    },
    async (req, reply) => {
      const file = await planResultTemplate(ctx.db, req.admin!.scope, req.query.planId, req.lang);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.buffer);
    },
  );

  exportRoutes(app, {
    base: BASE,
    permission: R.export,
    tag: 'admissionResults',
    query: admissionResultQuerySchema,
    summary:
      'The results of the token’s filters in the holder’s region as xlsx (list columns and the admission group; physical exam "***"), streamed; 400 for a used or expired token, 403 without the export right',
    link: (adminId, filters) => resultExportLink(ctx, adminId, filters),
    open: (token, lang) => exportResults(ctx, token, lang),
  });

  app.delete(
    `${BASE}/deleteByIds`,
    {
      config: { access: { permission: R.remove } },
      schema: {
        tags,
        summary: 'Delete results {idList} (all in the caller’s region, or none: 404 result.notFound)',
        body: idListSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await deleteResults(ctx, req.body.idList, req.admin!.scope);
      return ok(req, null, 'common.deleted');
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { access: { permission: R.query } },
      schema: {
        tags,
        summary:
          'One result (AdmissionResultDetail: basic group from the enrolment, admission group from the result) in the caller’s region, 404 result.notFound outside; physical exam in clear only with candidate:admissionResults:physicalExam (physicalExaminationVisible true; the view is written to the operation log), else "***" or null',
        params: idParamSchema,
        response: { 200: envelopeOf(admissionResultDetailSchema) },
      },
    },
    async (req, reply) => {
      const detail = await resultDetail(ctx, req.params.id, { admin: req.admin!, ip: req.ip, url: req.url });
      if (detail.physicalExaminationVisible) reply.header('cache-control', 'no-store');
      return ok(req, detail);
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { access: { permission: R.remove } },
      schema: {
        tags,
        summary: 'Delete one result in the caller’s region (404 result.notFound outside)',
        params: idParamSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await deleteResults(ctx, [req.params.id], req.admin!.scope);
      return ok(req, null, 'common.deleted');
    },
  );
}
