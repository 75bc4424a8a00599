import { eq, sql } from 'drizzle-orm';
import { inRegionScope, PLAN_DATA_STATUS, type RegionScope } from '@tegang/domain';
import { recruitPlan, recruitPlanData } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { loadDicts } from '../../lib/dicts';
import { countyIndex, optionIndex, planParam, readPlanParam, type CountyIndex } from '../../imports/cells';
import type { ImportDefinition, ReportIssue } from '../../imports/engine';
import { loadRegions } from '../../lib/regions';

/** A recruit plan data row ready to write. */
export interface PlanDataImportRow {
  provinceCode: string;
  cityCode: string;
  countyCode: string;
  category: string;
  learningPeriod: string;
  subject: string;
  demandNumber: number;
}

interface Prep {
  planId: number;
  /** County code or name → codes (a name several counties share: the one in the caller's scope). */
  counties: CountyIndex;
  scope: RegionScope;
  /** Dictionary value or label (zh or en) → value. */
  options: Record<'category' | 'learningPeriod' | 'subject', (text: string) => string | undefined>;
}

const DEMAND = /^\d{1,6}$/;

/**
 * The job param of POST /recruit/recruitPlanData/importExcel?planId= (imports/cells.ts planParam):
 * 400 'import.planRequired' when planId is missing or not an id; a plan that does not exist fails
 * the job (404).
 */
export function planIdParam(query: Record<string, unknown>): string {
  return planParam(query.planId);
}

/**
 * Import of recruit plan data (spec §7 "Recruit plan data: importExcel, downLoadExcelTemplate"):
 * one row per post — county (GB/T 2260 code or name), category, learning period and subject
 * (dictionary value or label), demand (whole number ≥ 0). Rows outside the importer's region are
 * refused. A post already in the plan gets the new demand (and becomes active); new posts are added.
 */
export const planDataImport: ImportDefinition<PlanDataImportRow, Prep> = {
  kind: 'planData',
  sheetKey: 'import.sheet.planData',
  columns: [
    { key: 'county', labelKey: 'import.col.county', required: true, width: 16, example: '南明区' },
    { key: 'category', labelKey: 'import.col.category', required: true, width: 18, example: '普通岗位' },
    {
      key: 'learningPeriod',
      labelKey: 'import.col.learningPeriod',
      required: true,
      width: 12,
      example: '小学',
    },
    { key: 'subject', labelKey: 'import.col.subject', required: true, width: 12, example: '语文' },
    { key: 'demandNumber', labelKey: 'import.col.demandNumber', required: true, width: 12, example: '5' },
  ],
  async prepare(tx, job, ctx) {
    const { planId } = readPlanParam(job.param);
    const [plan] = await tx
      .select({ id: recruitPlan.id })
      .from(recruitPlan)
      .where(eq(recruitPlan.id, planId));
    if (!plan) throw notFound();
    const [regions, dicts] = await Promise.all([loadRegions(ctx.db), loadDicts(ctx.db)]);
    return {
      planId,
      counties: countyIndex(regions),
      scope: job.scope,
      options: {
        category: optionIndex(dicts.items('recruit_plan_category')),
        learningPeriod: optionIndex(dicts.items('recruit_learning_period')),
        subject: optionIndex(dicts.items('recruit_subject')),
      },
    };
  },
  parse(cells, prep, report: ReportIssue) {
    for (const c of this.columns) if (!cells[c.key]) report(c.key, 'import.cell.required');
    const found = prep.counties.find(cells.county!, (c) => inRegionScope(prep.scope, c));
    const county = found && {
      provinceCode: found.provinceCode,
      cityCode: found.cityCode,
      countyCode: found.countyCode,
    };
    if (cells.county && !county) report('county', 'import.cell.county', { value: cells.county });
    else if (county && !inRegionScope(prep.scope, county))
      report('county', 'import.cell.outOfScope', { value: cells.county! });
    const pick = (key: 'category' | 'learningPeriod' | 'subject') => {
      const text = cells[key]!;
      const value = prep.options[key](text);
      if (text && !value) report(key, 'import.cell.option', { value: text });
      return value;
    };
    const category = pick('category');
    const learningPeriod = pick('learningPeriod');
    const subject = pick('subject');
    const demand = cells.demandNumber!;
    if (demand && !DEMAND.test(demand)) report('demandNumber', 'import.cell.demand');
    if (
      !county ||
      !inRegionScope(prep.scope, county) ||
      !category ||
      !learningPeriod ||
      !subject ||
      !DEMAND.test(demand)
    )
      return null;
    return { ...county, category, learningPeriod, subject, demandNumber: Number(demand) };
  },
  uniqueKey: (r) => `${r.countyCode}|${r.category}|${r.learningPeriod}|${r.subject}`,
  async write(tx, rows, prep) {
    await tx
      .insert(recruitPlanData)
      .values(rows.map((r) => ({ ...r, planId: prep.planId, status: PLAN_DATA_STATUS.active })))
      .onConflictDoUpdate({
        target: [
          recruitPlanData.planId,
          recruitPlanData.countyCode,
          recruitPlanData.category,
          recruitPlanData.learningPeriod,
          recruitPlanData.subject,
        ],
        set: {
          demandNumber: sql`excluded.demand_number`,
          status: sql`excluded.status`,
          updateTime: sql`now()`,
        },
      });
  },
};
