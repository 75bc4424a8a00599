import { and, count, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, idNumber, type Page } from '@tegang/domain';
import type { Db, Tx } from '../db';
import { page } from './envelope';

/** Paging params of every list (spec §7/§9): current ≥ 1, size one of 10, 20, 30, 50, 100 (default 10). */
export const pagingSchema = z.object({
  current: z.coerce.number({ error: 'rule.invalidOption' }).int().min(1).default(1),
  size: z.coerce
    .number({ error: 'rule.invalidOption' })
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: 'rule.invalidOption' })
    .default(DEFAULT_PAGE_SIZE),
});
export type Paging = z.output<typeof pagingSchema>;
export const offsetOf = (p: Paging) => (p.current - 1) * p.size;

/** Ids of DELETE .../deleteByIds {idList}. */
export const idListSchema = z.object({
  idList: z.array(idNumber(), { error: 'rule.required' }).min(1, { error: 'rule.required' }).max(1000),
});
export const idParamSchema = z.object({
  id: idNumber('rule.invalidOption', 'rule.invalidOption'),
});

/** What `pageOf` reads of one table: the filters, the order and the answer shape of the rows. */
export interface PageQuery<T extends PgTable, R> {
  /** Conditions joined with AND; `undefined` entries (an empty search field) are left out; none: every row. */
  where?: (SQL | undefined)[];
  /** The order (asc()/desc() of columns); end with a unique column so that pages do not overlap. */
  orderBy: SQL[];
  /** The answer shape of one page of rows (may load more for them, e.g. the roles of users). */
  toRecords: (rows: InferSelectModel<T>[]) => R[] | Promise<R[]>;
}

/**
 * One page of `table` (spec §9 paging): the rows matching every `where` condition in `orderBy`
 * order, `paging.size` of them from `offsetOf(paging)`, counted and shaped as the page answer
 * {records, total, current, size} (total counts every matching row; a page past the end has no
 * records). Errors are the database's (none of its own).
 */
export async function pageOf<T extends PgTable, R>(
  db: Db | Tx,
  table: T,
  paging: Paging,
  query: PageQuery<T, R>,
): Promise<Page<R>> {
  const where = and(...(query.where ?? []));
  const from: PgTable = table;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(from)
      .where(where)
      .orderBy(...query.orderBy)
      .limit(paging.size)
      .offset(offsetOf(paging)),
    db.select({ n: count() }).from(from).where(where),
  ]);
  return page(await query.toRecords(rows as InferSelectModel<T>[]), total!.n, paging.current, paging.size);
}
