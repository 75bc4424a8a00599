import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMISSIONS, planDataQuerySchema } from '@tegang/domain';
import { importRoutes } from '../../imports/routes';
import { exportRoutes } from '../../lib/export-routes';
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

  exportRoutes(app, {
    base: '/recruit/recruitPlanData',
    permission: PERMISSIONS.planData.export,
    tag: 'planData',
    query: planDataQuerySchema,
    summary: 'The plan data of the token’s filters in the holder’s region as xlsx (template columns first)',
    link: (adminId, filters) => planDataExportLink(ctx, adminId, filters),
    open: (token, lang) => exportPlanData(ctx, token, lang),
  });
}
