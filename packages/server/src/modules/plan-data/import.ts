import { eq, sql } from 'drizzle-orm';
import { inRegionScope, PLAN_DATA_STATUS, type DictItem, type RegionScope } from '@tegang/domain';
import { recruitPlan, recruitPlanData } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { loadDicts } from '../../lib/dicts';
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
  /** County code and county name (within the caller's scope) → codes. */
  counties: Map<string, { provinceCode: string; cityCode: string; countyCode: string } | 'ambiguous'>;
  allCounties: Set<string>;
  scope: RegionScope;
  options: Record<'category' | 'learningPeriod' | 'subject', Map<string, string>>;
}

/** Value and both labels of every item → value. */
function optionIndex(items: DictItem[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const i of items) {
    index.set(i.value, i.value);
    index.set(i.label, i.value);
    if (i.labelEn) index.set(i.labelEn.toLowerCase(), i.value);
  }
  return index;
}

const DEMAND = /^\d{1,6}$/;

/**
 * The plan's param of POST /recruit/recruitPlanData/importExcel?planId=: the id of an existing plan
 * (400 'rule.required' when missing or not a number, 404 when there is no such plan — checked again
 * by the job).
 */
export function planIdParam(query: Record<string, unknown>): string {
  const raw = typeof query.planId === 'string' ? query.planId.trim() : '';
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) throw badRequest('import.planRequired');
  return raw;
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
    const planId = Number(job.param);
    const [plan] = await tx
      .select({ id: recruitPlan.id })
      .from(recruitPlan)
      .where(eq(recruitPlan.id, planId));
    if (!plan) throw notFound();
    const [regions, dicts] = await Promise.all([loadRegions(ctx.db), loadDicts(ctx.db)]);
    const byCode = new Map(regions.map((r) => [r.code, r]));
    const counties: Prep['counties'] = new Map();
    const allCounties = new Set<string>();
    for (const r of regions) {
      if (r.level !== 3) continue;
      const city = byCode.get(r.parentCode ?? '');
      const codes = { provinceCode: city?.parentCode ?? '', cityCode: city?.code ?? '', countyCode: r.code };
      allCounties.add(r.code);
      counties.set(r.code, codes);
      if (!inRegionScope(job.scope, codes)) continue;
      counties.set(r.name, counties.has(r.name) ? 'ambiguous' : codes);
    }
    return {
      planId,
      counties,
      allCounties,
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
    const found = prep.counties.get(cells.county!);
    const county = found === 'ambiguous' ? undefined : found;
    if (cells.county && !county) report('county', 'import.cell.county', { value: cells.county });
    else if (county && !inRegionScope(prep.scope, county))
      report('county', 'import.cell.outOfScope', { value: cells.county! });
    const pick = (key: 'category' | 'learningPeriod' | 'subject') => {
      const text = cells[key]!;
      const value = prep.options[key].get(text) ?? prep.options[key].get(text.toLowerCase());
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
