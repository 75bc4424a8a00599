import type { Readable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import {
  planDataQuerySchema,
  PERMISSIONS,
  translate,
  type DownloadLink,
  type Lang,
  type MessageKey,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import { recruitPlan, recruitPlanData } from '../../db/schema';
import { streamSheet } from '../../documents/xlsx-stream';
import { loadDicts } from '../../lib/dicts';
import { exportFileName, exportLink, openExport } from '../../lib/exports';
import { planDataWhere } from './service-admin';
import { loadRegions } from '../../lib/regions';

type Search = ReturnType<typeof planDataQuerySchema.parse>;

/** POST /recruit/recruitPlanData/exportToken: a single-use link (5 min) to the export of `search`. */
export function planDataExportLink(ctx: AppContext, adminId: number, search: Search): Promise<DownloadLink> {
  return exportLink(ctx, 'plan-data-export', '/recruit/recruitPlanData/export', adminId, search);
}

const EXPORT_HEADER: [MessageKey, number][] = [
  ['import.col.county', 16],
  ['import.col.category', 18],
  ['import.col.learningPeriod', 12],
  ['import.col.subject', 12],
  ['import.col.demandNumber', 12],
  ['enrollCompare.col.plan', 36],
  ['field.status', 10],
];

/**
 * GET /recruit/recruitPlanData/export?token (spec §7 "Recruit plan data: export"): the rows of the
 * token's filters inside the holder's current region as a streamed xlsx whose first columns are the
 * import template's (county, category, learning period, subject, demand — by name and label, so an
 * export can be edited and imported again), then the plan and the status. 403 when the holder lost
 * the export right; 400 for a used or expired token.
 */
export async function exportPlanData(
  ctx: AppContext,
  token: string,
  lang: Lang,
): Promise<{ stream: Readable; fileName: string }> {
  const { admin, filters } = await openExport(ctx, token, 'plan-data-export', PERMISSIONS.planData.export);
  const where = planDataWhere(admin.scope, planDataQuerySchema.parse(filters));
  const [dicts, regions] = await Promise.all([loadDicts(ctx.db), loadRegions(ctx.db)]);
  const regionName = new Map(regions.map((r) => [r.code, r.name]));
  async function* rows() {
    let after = 0;
    for (;;) {
      const batch = await ctx.db
        .select({ row: recruitPlanData, planName: recruitPlan.name })
        .from(recruitPlanData)
        .innerJoin(recruitPlan, eq(recruitPlan.id, recruitPlanData.planId))
        .where(and(where, gt(recruitPlanData.id, after)))
        .orderBy(asc(recruitPlanData.id))
        .limit(2000);
      if (!batch.length) return;
      after = batch[batch.length - 1]!.row.id;
      yield batch.map(({ row, planName }) => [
        regionName.get(row.countyCode) ?? row.countyCode,
        dicts.label('recruit_plan_category', row.category, lang),
        dicts.label('recruit_learning_period', row.learningPeriod, lang),
        dicts.label('recruit_subject', row.subject, lang),
        row.demandNumber,
        planName,
        translate(lang, `status.planData.${row.status}` as MessageKey),
      ]);
    }
  }
  const columns = EXPORT_HEADER.map(([key, width]) => ({ header: translate(lang, key), width }));
  return {
    stream: streamSheet(translate(lang, 'import.sheet.planData'), columns, rows()),
    fileName: exportFileName(lang, 'import.sheet.planData', ctx.now()),
  };
}
