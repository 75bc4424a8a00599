import type { Readable } from 'node:stream';
import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import {
  enrollCompareQuerySchema,
  formatDateTime,
  PERMISSIONS,
  translate,
  type DownloadLink,
  type EnrollCompareDifference,
  type EnrollCompareQuery,
  type EnrollCompareRow,
  type Lang,
  type MessageKey,
  type Page,
  type RegionScope,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { enrollCompare, recruitPlan } from '../../db/schema';
import { streamSheet } from '../../documents/xlsx-stream';
import { loadDicts, type Dicts } from '../../lib/dicts';
import { exportFileName, exportLink, openExport } from '../../lib/exports';
import { enrollFilters, type EnrollFilterColumns } from '../../lib/enroll-filters';
import { page } from '../../lib/envelope';
import { offsetOf, type Paging } from '../../lib/paging';

const FIELD_LABEL: Record<EnrollCompareDifference['field'], MessageKey> = {
  enroll: 'enrollCompare.diff.enroll',
  name: 'import.col.name',
  enrollCounty: 'import.col.enrollCounty',
  academicSession: 'import.col.academicSession',
  subject: 'import.col.enrollSubject',
  phone: 'import.col.phone',
};

/** The differences as one line in `lang` ('' when none). */
export function describeDifferences(differences: EnrollCompareDifference[], lang: Lang): string {
  return differences
    .map((d) =>
      d.field === 'enroll'
        ? translate(lang, 'enrollCompare.diff.enroll')
        : translate(lang, 'enrollCompare.diff.field', {
            field: translate(lang, FIELD_LABEL[d.field]),
            expected: d.expected ?? '',
            actual: d.actual ?? '',
          }),
    )
    .join('；');
}

/** The comparison rows' own copies of the enrolment's fields, searched as lib/enroll-filters.ts says. */
const COMPARE_COLUMNS: EnrollFilterColumns = {
  planId: enrollCompare.planId,
  name: enrollCompare.name,
  idCard: enrollCompare.idCard,
  provinceCode: enrollCompare.provinceCode,
  cityCode: enrollCompare.cityCode,
  countyCode: enrollCompare.countyCode,
  academicSession: enrollCompare.academicSession,
  subject: enrollCompare.subject,
};

/**
 * The conditions of the list and the export (enrollCompareQuerySchema) inside `scope`: the enrolment
 * search over the rows' own columns, the data source and whether a row differs.
 */
function searchOf(query: EnrollCompareQuery, scope: RegionScope): SQL | undefined {
  return and(
    ...enrollFilters(query, scope, COMPARE_COLUMNS),
    query.dataSource ? eq(enrollCompare.dataSource, query.dataSource) : undefined,
    query.result === '1' ? sql`jsonb_array_length(${enrollCompare.differences}) > 0` : undefined,
    query.result === '0' ? sql`jsonb_array_length(${enrollCompare.differences}) = 0` : undefined,
  );
}

type Row = typeof enrollCompare.$inferSelect & { planName: string };

function toRow(r: Row, dicts: Dicts, lang: Lang): EnrollCompareRow {
  return {
    id: r.id,
    planId: r.planId,
    planName: r.planName,
    name: r.name,
    idCard: r.idCard,
    academicSession: r.academicSession
      ? dicts.label('recruit_learning_period', r.academicSession, lang)
      : null,
    subject: r.subject ? dicts.label('recruit_subject', r.subject, lang) : null,
    dataSource: r.dataSource,
    differences: r.differences as EnrollCompareDifference[],
    errorDetails: describeDifferences(r.differences as EnrollCompareDifference[], lang),
    createTime: r.createTime.toISOString(),
  };
}

const columns = { row: enrollCompare, planName: recruitPlan.name };

/**
 * GET /candidate/enrollCompare/page: the comparison rows of the filters inside the caller's region,
 * newest first: {records: EnrollCompareRow[], total, current, size}.
 */
export async function pageCompare(
  db: Db,
  scope: RegionScope,
  query: EnrollCompareQuery & Paging,
  lang: Lang,
): Promise<Page<EnrollCompareRow>> {
  const where = searchOf(query, scope);
  const [rows, [n], dicts] = await Promise.all([
    db
      .select(columns)
      .from(enrollCompare)
      .innerJoin(recruitPlan, eq(recruitPlan.id, enrollCompare.planId))
      .where(where)
      .orderBy(desc(enrollCompare.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(enrollCompare)
      .where(where),
    loadDicts(db),
  ]);
  return page(
    rows.map((r) => toRow({ ...r.row, planName: r.planName }, dicts, lang)),
    n!.n,
    query.current,
    query.size,
  );
}

/** POST /candidate/enrollCompare/exportToken: a single-use link (5 min) to the export of `query`. */
export function compareExportLink(
  ctx: AppContext,
  adminId: number,
  query: EnrollCompareQuery,
): Promise<DownloadLink> {
  return exportLink(ctx, 'enroll-compare-export', '/candidate/enrollCompare/export', adminId, query);
}

async function* batches(db: Db, where: SQL | undefined) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select(columns)
      .from(enrollCompare)
      .innerJoin(recruitPlan, eq(recruitPlan.id, enrollCompare.planId))
      .where(and(where, gt(enrollCompare.id, after)))
      .orderBy(enrollCompare.id)
      .limit(2000);
    if (!rows.length) return;
    after = rows[rows.length - 1]!.row.id;
    yield rows.map((r) => ({ ...r.row, planName: r.planName }));
  }
}

const EXPORT_HEADER: [MessageKey, number][] = [
  ['enrollCompare.col.plan', 30],
  ['import.col.name', 12],
  ['import.col.idCard', 22],
  ['import.col.academicSession', 12],
  ['import.col.enrollSubject', 12],
  ['enrollCompare.col.dataSource', 20],
  ['enrollCompare.col.errorDetails', 60],
  ['enrollCompare.col.createTime', 20],
];

/**
 * GET /candidate/enrollCompare/export?token: the rows of the token's filters inside the holder's
 * current region as a streamed xlsx (the list's columns, every cell escaped); 403 when the holder lost
 * the export right, 400 for a used or expired token.
 */
export async function exportCompare(
  ctx: AppContext,
  token: string,
  lang: Lang,
): Promise<{ stream: Readable; fileName: string }> {
  const { admin, filters } = await openExport(
    ctx,
    token,
    'enroll-compare-export',
    PERMISSIONS.enrollCompare.export,
  );
  const where = searchOf(enrollCompareQuerySchema.parse(filters), admin.scope);
  const dicts = await loadDicts(ctx.db);
  async function* rows() {
    for await (const batch of batches(ctx.db, where)) {
      yield batch.map((r) => {
        const row = toRow(r, dicts, lang);
        return [
          row.planName,
          row.name,
          row.idCard,
          row.academicSession ?? '',
          row.subject ?? '',
          row.dataSource,
          row.errorDetails,
          formatDateTime(row.createTime),
        ];
      });
    }
  }
  const columns = EXPORT_HEADER.map(([key, width]) => ({ header: translate(lang, key), width }));
  return {
    stream: streamSheet(translate(lang, 'enrollCompare.sheet'), columns, rows()),
    fileName: exportFileName(lang, 'enrollCompare.sheet', ctx.now()),
  };
}
