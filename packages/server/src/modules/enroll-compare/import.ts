import { and, eq, sql } from 'drizzle-orm';
import {
  ENROLL_COMPARE_SOURCE_MAX,
  parseIdCard,
  type EnrollCompareDifference,
  type RegionScope,
} from '@tegang/domain';
import { enroll, enrollCompare, recruitPlan } from '../../db/schema';
import { countyIndex, optionIndex, planParam, readPlanParam, type CountyIndex } from '../../imports/cells';
import type { ImportDefinition } from '../../imports/engine';
import { loadDicts } from '../../lib/dicts';
import { badRequest, notFound } from '../../lib/errors';
import { scopeWhere } from '../../lib/scope';
import { loadRegions } from '../../lib/regions';

/** One row of the external list, ready to compare. */
export interface CompareImportRow {
  name: string;
  idCard: string;
  enrollCounty: string;
  academicSession: string;
  subject: string;
  phone: string;
}

interface Prep {
  planId: number;
  dataSource: string;
  importId: number;
  scope: RegionScope;
  /** Label or value of a learning period / subject → value. */
  periods: (text: string) => string | undefined;
  subjects: (text: string) => string | undefined;
  /** Value → label, for the differences shown. */
  periodLabel: Map<string, string>;
  subjectLabel: Map<string, string>;
  counties: CountyIndex;
  /** The plan's enrolments in the importer's region by ID number, loaded in one scan before the first
   * row: a lookup per batch scanned the plan's enrolments once per 2,000 rows (50 scans for a
   * 100,000-row list whose rows match). */
  enrolled: Map<string, Match>;
}

/** The job param of POST /candidate/enrollCompare/importExcel/{planId} (multipart `dataSource` optional). */
export function compareParam(param: string | undefined, fields: Record<string, string>): string {
  const dataSource = (fields.dataSource ?? '').trim();
  const stored = planParam(param, { dataSource });
  if (dataSource.length > ENROLL_COMPARE_SOURCE_MAX) throw badRequest('import.dataSourceTooLong');
  return stored;
}

/** The enrolment columns a comparison reads. */
const matchColumns = {
  id: enroll.id,
  idCard: enroll.idCard,
  name: enroll.name,
  phone: enroll.phone,
  academicSession: enroll.academicSession,
  subject: enroll.subject,
  enrollCounty: enroll.enrollCounty,
  provinceCode: enroll.provinceCode,
  cityCode: enroll.cityCode,
  countyCode: enroll.countyCode,
};
type Match = { [K in keyof typeof matchColumns]: (typeof enroll.$inferSelect)[K] };

/** The differences of a row without enrolment. */
const NO_ENROLL: EnrollCompareDifference[] = [{ field: 'enroll', expected: null, actual: null }];

/**
 * One list row compared with its enrolment, as the record the insert unpacks (json_to_recordset, short
 * keys: e enroll id, n name, i ID number, a academic session, s subject, d differences, p/c/k region
 * codes). Without enrolment (most rows of a list) only n, i, a, s are sent: the insert fills in the
 * difference 'enroll' and the importer's region (undefined keys are left out by JSON.stringify).
 */
function compareRow(r: CompareImportRow, e: Match | undefined, prep: Prep) {
  const academicSession = prep.periods(r.academicSession) ?? (r.academicSession || undefined);
  const subject = prep.subjects(r.subject) ?? (r.subject || undefined);
  const row = {
    n: r.name,
    i: r.idCard,
    a: academicSession?.slice(0, 32),
    s: subject?.slice(0, 32),
  };
  if (!e) return row;
  const differences: EnrollCompareDifference[] = [];
  const differ = (
    field: EnrollCompareDifference['field'],
    expected: string,
    actual: string,
    same: boolean,
  ) => {
    if (actual && !same) differences.push({ field, expected, actual });
  };
  differ('name', e.name, r.name, e.name === r.name);
  const county = prep.counties.byCode(e.countyCode)?.name ?? e.enrollCounty;
  differ(
    'enrollCounty',
    county,
    r.enrollCounty,
    [e.countyCode, county, e.enrollCounty].includes(r.enrollCounty),
  );
  differ(
    'academicSession',
    prep.periodLabel.get(e.academicSession) ?? e.academicSession,
    r.academicSession,
    academicSession === e.academicSession,
  );
  differ('subject', prep.subjectLabel.get(e.subject) ?? e.subject, r.subject, subject === e.subject);
  differ('phone', e.phone, r.phone, e.phone === r.phone);
  return { ...row, e: e.id, d: differences, p: e.provinceCode, c: e.cityCode, k: e.countyCode };
}

/**
 * Import of an external list for the enrolment comparison (spec §2, §7 importExcel/{param}): name
 * and ID number required (a malformed ID number is a row error), county, academic session, subject and
 * phone optional. Each row is matched to the plan's enrolment of that ID number inside the importer's
 * region and compared field by field (learning period and subject by label or code, county by name or
 * code); unmatched rows are kept with the difference 'enroll'. The data source (multipart
 * `dataSource`, else the file name) names the list: a new import of the same plan and source
 * replaces the importer's earlier rows of it — in the same transaction.
 */
export const enrollCompareImport: ImportDefinition<CompareImportRow, Prep> = {
  kind: 'enrollCompare',
  sheetKey: 'import.sheet.enrollCompare',
  columns: [
    { key: 'name', labelKey: 'import.col.name', required: true, width: 12, example: '张三' },
    {
      key: 'idCard',
      labelKey: 'import.col.idCard',
      required: true,
      width: 22,
      example: '520102199803070016',
    },
    { key: 'enrollCounty', labelKey: 'import.col.enrollCounty', width: 14, example: '南明区' },
    { key: 'academicSession', labelKey: 'import.col.academicSession', width: 12, example: '小学' },
    { key: 'subject', labelKey: 'import.col.enrollSubject', width: 12, example: '语文' },
    { key: 'phone', labelKey: 'import.col.phone', width: 14, example: '13900000000' },
  ],
  async prepare(tx, job, ctx) {
    const { planId, dataSource } = readPlanParam<{ dataSource: string }>(job.param);
    const [plan] = await tx
      .select({ id: recruitPlan.id })
      .from(recruitPlan)
      .where(eq(recruitPlan.id, planId));
    if (!plan) throw notFound();
    const [dicts, regions, enrolled] = await Promise.all([
      loadDicts(ctx.db),
      loadRegions(ctx.db),
      tx
        .select(matchColumns)
        .from(enroll)
        .where(and(eq(enroll.planId, planId), scopeWhere(enroll, job.scope))),
    ]);
    const periods = dicts.items('recruit_learning_period');
    const subjects = dicts.items('recruit_subject');
    return {
      planId,
      dataSource: (dataSource || job.fileName.replace(/\.xlsx$/i, '')).slice(0, ENROLL_COMPARE_SOURCE_MAX),
      importId: job.id,
      scope: job.scope,
      periods: optionIndex(periods),
      subjects: optionIndex(subjects),
      periodLabel: new Map(periods.map((i) => [i.value, i.label])),
      subjectLabel: new Map(subjects.map((i) => [i.value, i.label])),
      counties: countyIndex(regions),
      enrolled: new Map(enrolled.map((e) => [e.idCard, e])),
    };
  },
  parse(cells, _prep, report) {
    if (!cells.name) report('name', 'import.cell.required');
    else if (cells.name.length > 30) report('name', 'import.cell.tooLong', { max: 30 });
    const id = cells.idCard ? parseIdCard(cells.idCard) : null;
    if (!cells.idCard) report('idCard', 'import.cell.required');
    else if (!id) report('idCard', 'import.cell.idCard');
    if (!cells.name || cells.name.length > 30 || !id) return null;
    return {
      name: cells.name,
      idCard: id.normalized,
      enrollCounty: cells.enrollCounty ?? '',
      academicSession: cells.academicSession ?? '',
      subject: cells.subject ?? '',
      phone: cells.phone ?? '',
    };
  },
  uniqueKey: (r) => r.idCard,
  async begin(tx, prep) {
    await tx
      .delete(enrollCompare)
      .where(
        and(
          eq(enrollCompare.planId, prep.planId),
          eq(enrollCompare.dataSource, prep.dataSource),
          scopeWhere(enrollCompare, prep.scope),
        ),
      );
  },
  async write(tx, rows, prep) {
    // The rows as one JSON document (serialised natively, unpacked by PostgreSQL: json_to_recordset).
    const out = rows.map((r) => compareRow(r, prep.enrolled.get(r.idCard), prep));
    await tx.execute(sql`
      insert into enroll_compare (plan_id, enroll_id, import_id, name, id_card, academic_session, subject,
        data_source, differences, province_code, city_code, county_code)
      select ${prep.planId}, u.e, ${prep.importId}, u.n, u.i, u.a, u.s, ${prep.dataSource},
        coalesce(u.d, ${JSON.stringify(NO_ENROLL)}::jsonb),
        case when u.e is null then ${prep.scope.provinceCode}::text else u.p end,
        case when u.e is null then ${prep.scope.cityCode}::text else u.c end,
        case when u.e is null then ${prep.scope.countyCode}::text else u.k end
      from json_to_recordset(${JSON.stringify(out)}::json)
        as u(e bigint, n text, i text, a text, s text, d jsonb, p text, c text, k text)`);
  },
};
