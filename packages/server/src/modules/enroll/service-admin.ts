import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  enrollQuerySchema,
  PERMISSIONS,
  type EnrollDetail,
  type Page,
  CREATE_STATUS,
  type DownloadLink,
  type Enroll,
  type EnrollQuery,
  type Lang,
  type RegionScope,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { admissionTicket, enroll, recruitPlan } from '../../db/schema';
import { loadDicts } from '../../lib/dicts';
import { AppError } from '../../lib/errors';
import { page } from '../../lib/envelope';
import { offsetOf, type Paging } from '../../lib/paging';
import { EXPORT_COLUMNS, writeEnrollExport, type EnrollExportRow } from '../../documents/enroll-export';
import { exportFileName, exportLink as makeExportLink, openExport } from '../../lib/exports';
import { removeFiles } from '../../integrations/storage';
import { scopeWhere } from '../../lib/scope';
import { enrollTerms } from '../../lib/enroll-filters';
import { eqTerm, termSql, type SearchTerm } from '../../lib/search-terms';
import { preparedSearch } from '../../lib/prepared-search';
import { enrollPdf, enrollPhoto, findEnroll, photoPath, toEnroll } from './service-candidate';

/**
 * Enrolment records in the back office (spec §2 "Enrolment records", §6 region scope, §7
 * "Enrolment"): the scoped search, page, detail, phone edit, delete, form regeneration and export.
 */

/**
 * The terms of an administrator's enrolment search (spec §2 filters) inside their region: the
 * enrolment search (lib/enroll-filters.ts) and the form and audit states.
 */
export function enrollSearchTerms(query: EnrollQuery, scope: RegionScope): SearchTerm[] {
  return [
    ...enrollTerms(query, scope),
    ...eqTerm(enroll.createStatus, query.createStatus),
    ...eqTerm(enroll.isDownload, query.isDownload),
    ...eqTerm(enroll.auditStatus, query.auditStatus),
  ];
}

/** enrollSearchTerms as the WHERE condition of a query. */
export function enrollSearch(query: EnrollQuery, scope: RegionScope): SQL | undefined {
  return and(...enrollSearchTerms(query, scope).map((t) => termSql(t)));
}

/** A page of the enrolments (newest first), prepared per search shape. */
const enrollPageQuery = preparedSearch('enroll_page', (db, where) =>
  db
    .select({ row: enroll, year: recruitPlan.year, name: recruitPlan.name })
    .from(enroll)
    .innerJoin(recruitPlan, eq(recruitPlan.id, enroll.planId))
    .where(where)
    .orderBy(desc(enroll.createTime), desc(enroll.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

/** The count of the enrolments of a search, prepared per search shape. */
const enrollCountQuery = preparedSearch('enroll_count', (db, where) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(enroll)
    .where(where),
);

/** One page of the enrolments matching `terms` (newest first) with the total. */
export async function pageEnrolls(db: Db, terms: readonly SearchTerm[], offset: number, limit: number) {
  const [rows, [count]] = await Promise.all([
    enrollPageQuery(db, terms, { limit, offset }),
    enrollCountQuery(db, terms),
  ]);
  return { records: rows.map((r) => toEnroll(r.row, { year: r.year, name: r.name })), total: count!.total };
}

/**
 * The select list of the export: each EXPORT_COLUMNS field under its own name, the plan's year and name
 * from the joined plan, the two times as the sheet's text ('YYYY-MM-DD HH:mm', China Standard Time:
 * formatDateTime's format, UTC+8 all year), and the id for the keyset.
 */
const exportSelect = sql.join(
  [
    sql`${enroll.id} as "id"`,
    ...EXPORT_COLUMNS.map((key) => {
      const value =
        key === 'planYear'
          ? sql`${recruitPlan.year}`
          : key === 'planName'
            ? sql`${recruitPlan.name}`
            : key === 'createTime' || key === 'updateTime'
              ? sql`to_char(${enroll[key]} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`
              : sql`${enroll[key]}`;
      return sql`${value} as ${sql.identifier(key)}`;
    }),
  ],
  sql`, `,
);

/**
 * Streams the enrolments matching `where` as export rows (documents/enroll-export.ts EnrollExportRow) in
 * batches of `batch` (keyset on id, newest first). One plain query per batch with only the exported
 * columns, the rows as pg gives them (no ORM mapping: it cost as much as writing the sheet). The next
 * batch is read while the caller works on the one yielded (the database and the writer overlap). 250
 * rows, not 1,000: a batch then dies young instead of outliving the young generation's collections,
 * and the export of 100,000 took 2.3 s of server CPU instead of 2.9 (docs/benchmarks.md).
 */
export async function* eachEnrollExportRow(
  db: Db,
  where: SQL | undefined,
  batch = 250,
): AsyncGenerator<EnrollExportRow[]> {
  type Row = EnrollExportRow & { id: number };
  const read = (before: number | null): Promise<Row[]> => {
    const rows = db
      .execute<Row>(
        sql`select ${exportSelect} from ${enroll} inner join ${recruitPlan} on ${eq(recruitPlan.id, enroll.planId)}
            where ${and(where, before === null ? undefined : lt(enroll.id, before)) ?? sql`true`}
            order by ${enroll.id} desc limit ${batch}`,
      )
      .then((r) => r.rows);
    // A caller that stops early leaves the read ahead unawaited: its failure must not go unhandled.
    rows.catch(() => {});
    return rows;
  };
  let next = read(null);
  for (;;) {
    const rows = await next;
    if (!rows.length) return;
    if (rows.length === batch) next = read(rows[rows.length - 1]!.id);
    else next = Promise.resolve([]);
    yield rows;
  }
}

/**
 * Deletes enrolments by id inside `scope` (one transaction, 404 'enroll.notFound' unless every id is
 * found in it) with their tickets and results (the database cascade), then — after the commit, so that
 * a rollback loses no file still named — their files: photo, form PDF and ticket PDF
 * (docs/security.md "Files follow their rows"). A failed removal is logged and left to the file sweep;
 * it never fails the delete. Returns the count.
 */
export async function deleteEnrolls(ctx: AppContext, ids: number[], scope: RegionScope): Promise<number> {
  const { removed, tickets } = await ctx.db.transaction(async (tx) => {
    const inScope = await tx
      .select({ id: enroll.id })
      .from(enroll)
      .where(and(inArray(enroll.id, ids), scopeWhere(enroll, scope)))
      .for('update');
    if (inScope.length !== new Set(ids).size) throw new AppError(404, 'enroll.notFound');
    // The tickets go first, explicitly, to learn their PDFs (the cascade would not say).
    const tickets = await tx
      .delete(admissionTicket)
      .where(inArray(admissionTicket.enrollId, ids))
      .returning({ pdfFile: admissionTicket.pdfFile });
    const removed = await tx
      .delete(enroll)
      .where(inArray(enroll.id, ids))
      .returning({ picture: enroll.picture, pdfFile: enroll.pdfFile });
    return { removed, tickets };
  });
  await removeFiles(ctx.storage, [
    ...removed.flatMap((r) => [r.picture, r.pdfFile]),
    ...tickets.map((t) => t.pdfFile),
  ]);
  return removed.length;
}

/** Where an administrator reads the photo of an enrolment in their region. */
export const ADMIN_PHOTO_PREFIX = '/candidate/enroll/photo';

/** A photo in the administrator's region (GET /candidate/enroll/photo/{id}/{version}.jpg); 404 outside. */
export const scopedPhoto = (ctx: AppContext, id: number, version: string, scope: RegionScope) =>
  enrollPhoto(ctx, id, version, scopeWhere(enroll, scope));

/** One enrolment inside the administrator's region. */
const inScope = (id: number, scope: RegionScope) => and(eq(enroll.id, id), scopeWhere(enroll, scope));

/** GET /candidate/enroll/page: one page of the enrolments matching `query` inside `scope`. */
export async function pageEnrollsInScope(
  db: Db,
  scope: RegionScope,
  query: Paging & EnrollQuery,
): Promise<Page<Enroll>> {
  const { current, size, ...search } = query;
  const { records, total } = await pageEnrolls(
    db,
    enrollSearchTerms(search, scope),
    offsetOf({ current, size }),
    size,
  );
  return page(records, total, current, size);
}

/**
 * GET /candidate/enroll/{id}: an enrolment in `scope` with the address of its photo under
 * ADMIN_PHOTO_PREFIX (photoPath; null when none), read with the administrator's token rather than
 * carried in the JSON (docs/decisions.md "Photos by their own address"). 404 'enroll.notFound' outside.
 */
export async function enrollmentDetail(
  ctx: AppContext,
  id: number,
  scope: RegionScope,
): Promise<EnrollDetail> {
  const found = await findEnroll(ctx.db, inScope(id, scope));
  if (!found) throw new AppError(404, 'enroll.notFound');
  const { picture } = found.row;
  return {
    ...toEnroll(found.row, found.plan),
    pictureUrl: picture ? photoPath(ADMIN_PHOTO_PREFIX, found.row.id, picture) : null,
  };
}

/**
 * PUT /candidate/enroll: changes the phone of an enrolment in `scope` (the only editable field) and
 * raises its version; the form is generated anew. 404 'enroll.notFound' outside the scope.
 */
export async function updateEnrollPhone(ctx: AppContext, id: number, phone: string, scope: RegionScope) {
  const [row] = await ctx.db
    .update(enroll)
    .set({
      phone,
      createStatus: CREATE_STATUS.pending,
      updateTime: ctx.now(),
      version: sql`${enroll.version} + 1`,
    })
    .where(
      and(
        inScope(id, scope),
        // A purged plan's phones stay keyed hashes (docs/security.md "Retention").
        sql`not exists (select 1 from ${recruitPlan} where ${recruitPlan.id} = ${enroll.planId} and ${recruitPlan.purgeTime} is not null)`,
      ),
    )
    .returning({ id: enroll.id });
  if (!row) {
    const found = await findEnroll(ctx.db, inScope(id, scope));
    throw found ? new AppError(410, 'retention.purged') : new AppError(404, 'enroll.notFound');
  }
}

/**
 * POST /candidate/enroll/generateApply: renders the forms of `ids` inside `scope` anew (others are
 * skipped) and returns how many.
 */
export async function regenerateForms(ctx: AppContext, ids: number[], scope: RegionScope): Promise<number> {
  const rows = await ctx.db
    .select({ id: enroll.id })
    .from(enroll)
    .where(and(inArray(enroll.id, ids), scopeWhere(enroll, scope)));
  for (const { id } of rows) {
    const found = await findEnroll(ctx.db, eq(enroll.id, id));
    // A purged plan's forms are gone for good (docs/security.md "Retention").
    if (found && !found.plan.purgeTime) await enrollPdf(ctx, found.row, found.plan, true);
  }
  return rows.length;
}

/** POST /candidate/enroll/exportToken: a single-use link (5 min) to the xlsx export of `query`. */
export function exportLink(ctx: AppContext, adminId: number, query: EnrollQuery): Promise<DownloadLink> {
  return makeExportLink(ctx, 'enroll-export', '/candidate/enroll/export', adminId, query);
}

/**
 * GET /candidate/enroll/export?token: consumes the token and streams the xlsx of its filters inside
 * the holder's current region; 403 when the holder lost the export right meanwhile. Labels and the
 * file name ("<sheet>-<YYYY-MM-DDHHmmss>.xlsx") in `lang`.
 */
export async function exportEnrolls(ctx: AppContext, token: string, lang: Lang) {
  const { admin, filters } = await openExport(ctx, token, 'enroll-export', PERMISSIONS.enroll.export);
  const query = enrollQuerySchema.parse(filters);
  const stream = writeEnrollExport(
    eachEnrollExportRow(ctx.db, enrollSearch(query, admin.scope)),
    await loadDicts(ctx.db),
    lang,
  );
  return { stream, fileName: exportFileName(lang, 'enroll.export.sheet', ctx.now()) };
}
