import { and, eq, sql } from 'drizzle-orm';
import {
  ENROLL_COMPARE_SOURCE_MAX,
  parseIdCard,
  type EnrollCompareDifference,
  type RegionScope,
} from '@tegang/domain';
import { enroll, enrollCompare, recruitPlan } from '../../db/schema';
import { countyIndex, optionIndex, planParam, readPlanParam, type CountyIndex } from '../../imports/cells';
import { copyField, copyRows } from '../../imports/copy';
import type { ImportDefinition } from '../../imports/engine';
import type { Db } from '../../db';
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
  scope: RegionScope;
  /** Label or value of a learning period / subject → value. */
  periods: (text: string) => string | undefined;
  subjects: (text: string) => string | undefined;
  /** Value → label, for the differences shown. */
  periodLabel: Map<string, string>;
  subjectLabel: Map<string, string>;
  counties: CountyIndex;
  /** The import's day: an ID number's birth date may not lie after it. */
  today: Date;
  /** The pool, for the lookups of a batch's enrolments beside the transaction's writes. */
  db: Db;
  /** COPY text of the fields every row shares: plan and import id, the data source. */
  copyImport: string;
  copySource: string;
  /** COPY text of a row without enrolment after its subject: the difference 'enroll', the importer's region. */
  copyNoEnroll: string;
}

/** The job param of POST /candidate/enrollCompare/importExcel/{planId} (multipart `dataSource` optional). */
export function compareParam(param: string | undefined, fields: Record<string, string>): string {
  const dataSource = (fields.dataSource ?? '').trim();
  const stored = planParam(param, { dataSource });
  if (dataSource.length > ENROLL_COMPARE_SOURCE_MAX) throw badRequest('import.dataSourceTooLong');
  return stored;
}

/** The enrolment fields a comparison reads (the columns of `lookup`'s query). */
type Match = Pick<
  typeof enroll.$inferSelect,
  | 'idCard'
  | 'name'
  | 'phone'
  | 'academicSession'
  | 'subject'
  | 'enrollCounty'
  | 'provinceCode'
  | 'cityCode'
  | 'countyCode'
>;

/**
 * The enrolment columns a comparison reads, in the order of the lookup's packed text (every one NOT
 * NULL in `enroll`: concat_ws skips no field).
 */
const MATCH_COLUMNS = {
  idCard: enroll.idCard,
  name: enroll.name,
  phone: enroll.phone,
  academicSession: enroll.academicSession,
  subject: enroll.subject,
  enrollCounty: enroll.enrollCounty,
  provinceCode: enroll.provinceCode,
  cityCode: enroll.cityCode,
  countyCode: enroll.countyCode,
} satisfies { [K in keyof Match]: (typeof enroll)[K] };
const MATCH_FIELD_COUNT = Object.keys(MATCH_COLUMNS).length;

/**
 * The lookup's packed answer (`n` rows; `text`: a line each, fields tab-separated in MATCH_COLUMNS
 * order) as enrolments, or null when a field held a tab or a line break: a line break adds a line,
 * a tab adds a field to its line.
 */
function unpack(n: number, text: string | null): Match[] | null {
  const lines = text === null ? [] : text.split('\n');
  if (lines.length !== n) return null;
  const matches: Match[] = [];
  for (const line of lines) {
    const f = line.split('\t');
    if (f.length !== MATCH_FIELD_COUNT) return null;
    matches.push({
      idCard: f[0]!,
      name: f[1]!,
      phone: f[2]!,
      academicSession: f[3]!,
      subject: f[4]!,
      enrollCounty: f[5]!,
      provinceCode: f[6]!,
      cityCode: f[7]!,
      countyCode: f[8]!,
    });
  }
  return matches;
}

/** The columns a batch is copied into, in the order of {@link compareRow}'s fields. */
const COPY_TARGET = `enroll_compare (plan_id, import_id, name, id_card, academic_session, subject, data_source,
  differences, province_code, city_code, county_code)`;

/** The differences of a row without enrolment. */
const NO_ENROLL: EnrollCompareDifference[] = [{ field: 'enroll', expected: null, actual: null }];

/** Adds a difference when the list gives a value (`actual`) that is not the enrolment's. */
function differ(
  differences: EnrollCompareDifference[],
  field: EnrollCompareDifference['field'],
  expected: string,
  actual: string,
  same: boolean,
): void {
  if (actual && !same) differences.push({ field, expected, actual });
}

/**
 * One list row compared with its enrolment, as a line of COPY text (the columns of COPY_TARGET). A row
 * without enrolment (most rows of a list) takes the difference 'enroll' and the importer's region.
 */
function compareRow(r: CompareImportRow, e: Match | undefined, prep: Prep): string {
  const academicSession = prep.periods(r.academicSession) ?? (r.academicSession || undefined);
  const subject = prep.subjects(r.subject) ?? (r.subject || undefined);
  const fields = `${copyField(r.name)}\t${r.idCard}\t${copyField(academicSession?.slice(0, 32))}\t${copyField(
    subject?.slice(0, 32),
  )}\t${prep.copySource}\t`;
  if (!e) return `${prep.copyImport}${fields}${prep.copyNoEnroll}\n`;
  const differences: EnrollCompareDifference[] = [];
  differ(differences, 'name', e.name, r.name, e.name === r.name);
  const county = prep.counties.byCode(e.countyCode)?.name ?? e.enrollCounty;
  differ(
    differences,
    'enrollCounty',
    county,
    r.enrollCounty,
    [e.countyCode, county, e.enrollCounty].includes(r.enrollCounty),
  );
  differ(
    differences,
    'academicSession',
    prep.periodLabel.get(e.academicSession) ?? e.academicSession,
    r.academicSession,
    academicSession === e.academicSession,
  );
  differ(
    differences,
    'subject',
    prep.subjectLabel.get(e.subject) ?? e.subject,
    r.subject,
    subject === e.subject,
  );
  differ(differences, 'phone', e.phone, r.phone, e.phone === r.phone);
  const region = `${copyField(e.provinceCode)}\t${copyField(e.cityCode)}\t${copyField(e.countyCode)}`;
  // A matching row, the common case, has no differences: '[]' needs no JSON writer nor escaping.
  const json = differences.length ? copyField(JSON.stringify(differences)) : '[]';
  return `${prep.copyImport}${fields}${json}\t${region}\n`;
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
export const enrollCompareImport: ImportDefinition<CompareImportRow, Prep, Map<string, Match>> = {
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
    // The rows carry no foreign key (db/schema.ts enrollCompare): the plan is held until the commit,
    // so it cannot be deleted under the rows being written.
    const [plan] = await tx
      .select({ id: recruitPlan.id })
      .from(recruitPlan)
      .where(eq(recruitPlan.id, planId))
      .for('key share');
    if (!plan) throw notFound();
    const [dicts, regions] = await Promise.all([loadDicts(ctx.db), loadRegions(ctx.db)]);
    const periods = dicts.items('recruit_learning_period');
    const subjects = dicts.items('recruit_subject');
    const source = (dataSource || job.fileName.replace(/\.xlsx$/i, '')).slice(0, ENROLL_COMPARE_SOURCE_MAX);
    const { provinceCode, cityCode, countyCode } = job.scope;
    return {
      planId,
      dataSource: source,
      scope: job.scope,
      periods: optionIndex(periods),
      subjects: optionIndex(subjects),
      periodLabel: new Map(periods.map((i) => [i.value, i.label])),
      subjectLabel: new Map(subjects.map((i) => [i.value, i.label])),
      counties: countyIndex(regions),
      today: ctx.now(),
      db: ctx.db,
      copyImport: `${planId}\t${job.id}\t`,
      copySource: copyField(source),
      copyNoEnroll: [JSON.stringify(NO_ENROLL), provinceCode, cityCode, countyCode].map(copyField).join('\t'),
    };
  },
  parse(cells, prep, report) {
    if (!cells.name) report('name', 'import.cell.required');
    else if (cells.name.length > 30) report('name', 'import.cell.tooLong', { max: 30 });
    const id = cells.idCard ? parseIdCard(cells.idCard, prep.today) : null;
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
  /**
   * The batch's enrolments (plan, ID numbers, the importer's region) by ID number, on a pooled
   * connection while earlier batches are written: an index lookup of the batch's numbers
   * (enroll_plan_id_card_uq) costs nothing for rows without enrolment, where loading the plan's
   * enrolments before the first row cost a second for 100,000 of them. The rows come back as one
   * text (fields in MATCH_COLUMNS order, tab-separated, a line each) with their count: node-postgres
   * decodes one field instead of nine a row, which halved the main thread's cost of the lookups of
   * 100,000 matched rows (docs/benchmarks.md "Imports: the lookup's rows packed into one text"). A
   * batch whose fields hold a tab or a line break ({@link unpack}) is read again as rows.
   */
  async lookup(rows, prep) {
    const found = new Map<string, Match>();
    if (!rows.length) return found;
    // ID numbers are normalised ([0-9X]{18}): one comma-separated parameter, not one per row.
    const where = and(
      eq(enroll.planId, prep.planId),
      sql`${enroll.idCard} = any(string_to_array(${rows.map((r) => r.idCard).join(',')}, ','))`,
      scopeWhere(enroll, prep.scope),
    );
    const { n, text } = (
      await prep.db.execute<{ n: number; text: string | null }>(sql`
        select count(*)::int as n, string_agg(concat_ws(E'\\t', ${sql.join(
          Object.values(MATCH_COLUMNS),
          sql`, `,
        )}), E'\\n') as text
        from ${enroll} where ${where}`)
    ).rows[0]!;
    const result = unpack(n, text) ?? (await prep.db.select(MATCH_COLUMNS).from(enroll).where(where));
    for (const e of result) found.set(e.idCard, e);
    return found;
  },
  async write(tx, rows, prep, found) {
    let text = '';
    for (const r of rows) text += compareRow(r, found?.get(r.idCard), prep);
    await copyRows(tx, COPY_TARGET, text);
  },
};
