import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMISSIONS, planDataQuerySchema } from '@tegang/domain';
import { importRoutes } from '../../imports/routes';
import { attachment } from '../../lib/downloads';
import { ok } from '../../lib/envelope';
import { exportPlanData, planDataExportLink } from './export';
import { planDataImport, planIdParam } from './import';

/**
 * Recruit plan data in and out as spreadsheets (spec §7 "Recruit plan data": importExcel,
 * downLoadExcelTemplate, export): POST /recruit/recruitPlanData/importExcel?planId= (multipart `file`)
 * with checkImport/{id} and pageImportError of the one import mechanism; POST …/exportToken giving a
 * single-use link to GET …/export?token (xlsx of the current filters in the caller's region).
 */
export async function planDataFileRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  importRoutes(app, planDataImport, {
    base: '/recruit/recruitPlanData',
    permission: PERMISSIONS.planData.import,
    importPath: 'importExcel',
    templatePath: 'downLoadExcelTemplate',
    tag: 'planData',
    param: ({ query }) => planIdParam(query),
  });

  app.post(
    '/recruit/recruitPlanData/exportToken',
    {
      config: { access: { permission: PERMISSIONS.planData.export } },
      schema: {
        tags: ['planData'],
        summary: 'A single-use link (5 min) to the xlsx export of the current filters: {url}',
        body: planDataQuerySchema,
      },
    },
    async (req) => ok(req, await planDataExportLink(ctx, req.admin!.id, req.body)),
  );

  app.get(
    '/recruit/recruitPlanData/export',
    {
      config: { access: { download: true } },
      schema: {
        tags: ['planData'],
        summary:
          'The plan data of the token’s filters in the holder’s region as xlsx (template columns first)',
        querystring: z.object({ token: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const { stream, fileName } = await exportPlanData(ctx, req.query.token, req.lang);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
