import { PassThrough, type Readable } from 'node:stream';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  formatDateTime,
  hasPermission,
  planDataQuerySchema,
  PERMISSIONS,
  translate,
  type DownloadLink,
  type Lang,
  type MessageKey,
  type RegionScope,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import { recruitPlan, recruitPlanData } from '../../db/schema';
import { escapeCell } from '../../documents/cells';
import { loadDicts } from '../../lib/dicts';
import { consumeDownloadToken, issueDownloadToken } from '../../lib/downloads';
import { forbidden } from '../../lib/errors';
import { scopeWhere } from '../../lib/scope';
import { loadAdmin } from '../../lib/sessions';
import { loadRegions } from '../system/reference/service';

type Search = ReturnType<typeof planDataQuerySchema.parse>;

function searchOf(search: Search, scope: RegionScope): SQL | undefined {
  const t = recruitPlanData;
  return and(
    scopeWhere(t, scope),
    search.planId ? eq(t.planId, search.planId) : undefined,
    search.countyCode ? eq(t.countyCode, search.countyCode) : undefined,
    search.category ? eq(t.category, search.category) : undefined,
    search.learningPeriod ? eq(t.learningPeriod, search.learningPeriod) : undefined,
    search.subject ? eq(t.subject, search.subject) : undefined,
    search.status ? eq(t.status, search.status) : undefined,
  );
}

/** POST /recruit/recruitPlanData/exportToken: a single-use link (5 min) to the export of `search`. */
export async function planDataExportLink(
  ctx: AppContext,
  adminId: number,
  search: Search,
): Promise<DownloadLink> {
  const token = await issueDownloadToken(
    ctx.db,
    { kind: 'plan-data-export', resourceId: 0, subjectKind: 'admin', subjectId: adminId, params: search },
    ctx.now(),
  );
  return { url: `/recruit/recruitPlanData/export?token=${token}` };
}

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
  const grant = await consumeDownloadToken(ctx.db, token, 'plan-data-export', ctx.now());
  const admin = await loadAdmin(ctx.db, grant.subjectId, 0);
  if (!admin || !hasPermission(admin.permissions, PERMISSIONS.planData.export)) throw forbidden();
  const where = searchOf(planDataQuerySchema.parse(grant.params ?? {}), admin.scope);
  const [dicts, regions] = await Promise.all([loadDicts(ctx.db), loadRegions(ctx.db)]);
  const regionName = new Map(regions.map((r) => [r.code, r.name]));
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(translate(lang, 'import.sheet.planData'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const header: [MessageKey, number][] = [
    ['import.col.county', 16],
    ['import.col.category', 18],
    ['import.col.learningPeriod', 12],
    ['import.col.subject', 12],
    ['import.col.demandNumber', 12],
    ['enrollCompare.col.plan', 36],
    ['field.status', 10],
  ];
  sheet.columns = header.map(([key, width]) => ({ header: translate(lang, key), width }));
  sheet.getRow(1).font = { bold: true };
  (async () => {
    let after = 0;
    for (;;) {
      const rows = await ctx.db
        .select({ row: recruitPlanData, planName: recruitPlan.name })
        .from(recruitPlanData)
        .innerJoin(recruitPlan, eq(recruitPlan.id, recruitPlanData.planId))
        .where(and(where, gt(recruitPlanData.id, after)))
        .orderBy(asc(recruitPlanData.id))
        .limit(2000);
      if (!rows.length) break;
      after = rows[rows.length - 1]!.row.id;
      for (const { row, planName } of rows) {
        sheet
          .addRow(
            [
              regionName.get(row.countyCode) ?? row.countyCode,
              dicts.label('recruit_plan_category', row.category, lang),
              dicts.label('recruit_learning_period', row.learningPeriod, lang),
              dicts.label('recruit_subject', row.subject, lang),
              row.demandNumber,
              planName,
              translate(lang, `status.planData.${row.status}` as MessageKey),
            ].map(escapeCell),
          )
          .commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => out.destroy(error));
  const fileName = `${translate(lang, 'import.sheet.planData')}-${formatDateTime(ctx.now()).replace(/[ :]/g, '')}.xlsx`;
  return { stream: out, fileName };
}
