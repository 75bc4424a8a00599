import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { enrollCompareQuerySchema, PERMISSIONS, pageOf, enrollCompareRowSchema } from '@tegang/domain';
import { importRoutes } from '../../imports/routes';
import { ok } from '../../lib/envelope';
import { exportRoutes } from '../../lib/export-routes';
import { pagingSchema } from '../../lib/paging';
import { compareParam, enrollCompareImport } from './import';
import { compareExportLink, exportCompare, pageCompare } from './service';
import { envelopeOf } from '../../lib/fast-response';

const P = PERMISSIONS.enrollCompare;
const tags = ['enrollCompare'];

/**
 * Enrolment comparison (spec §2 "Enrolment comparison", §7: GET /candidate/enrollCompare/page,
 * importExcel/{param}, export): the list in the caller's region, the import of an external list
 * (param = plan id; multipart `file` and optional `dataSource`) through the one import mechanism
 * (with checkImport/{id}, pageImportError and template), and the xlsx export behind a single-use link.
 */
export async function enrollCompareRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/candidate/enrollCompare/page',
    {
      config: { access: { permission: P.list } },
      schema: {
        tags,
        summary:
          'Page of comparison rows in the caller’s region: {records: EnrollCompareRow[], total, current, size}; filters planId, name, idCard, dataSource, result (1 differing, 0 matching)',
        querystring: pagingSchema.extend(enrollCompareQuerySchema.shape),
        response: { 200: envelopeOf(pageOf(enrollCompareRowSchema)) },
      },
    },
    async (req) => ok(req, await pageCompare(ctx.db, req.admin!.scope, req.query, req.lang)),
  );

  importRoutes(app, enrollCompareImport, {
    base: '/candidate/enrollCompare',
    permission: P.import,
    importPath: 'importExcel/:param',
    templatePath: 'template',
    tag: 'enrollCompare',
    param: ({ param, fields }) => compareParam(param, fields),
  });

  exportRoutes(app, {
    base: '/candidate/enrollCompare',
    permission: P.export,
    tag: 'enrollCompare',
    query: enrollCompareQuerySchema,
    summary: 'The comparison rows of the token’s filters in the holder’s region as xlsx, streamed',
    link: (adminId, filters) => compareExportLink(ctx, adminId, filters),
    open: (token, lang) => exportCompare(ctx, token, lang),
  });
}
