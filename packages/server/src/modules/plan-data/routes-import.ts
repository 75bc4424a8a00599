import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '@tegang/domain';
import { importRoutes } from '../../imports/routes';
import { planDataImport, planIdParam } from './import';

/**
 * Import of recruit plan data (spec §7 "Recruit plan data": importExcel, downLoadExcelTemplate; with
 * checkImport/{id} and pageImportError of the one import mechanism): POST
 * /recruit/recruitPlanData/importExcel?planId= (multipart `file`).
 */
export async function planDataImportRoutes(app: FastifyInstance) {
  importRoutes(app, planDataImport, {
    base: '/recruit/recruitPlanData',
    permission: PERMISSIONS.planData.import,
    importPath: 'importExcel',
    templatePath: 'downLoadExcelTemplate',
    tag: 'planData',
    param: ({ query }) => planIdParam(query),
  });
}
