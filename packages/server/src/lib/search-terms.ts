import { eq, ilike, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * One condition of a search: `column` equal to `value`, or containing it (`ilike`, the value already a
 * LIKE pattern). Kept as data so that a hot list can prepare its statement once per shape
 * (lib/prepared-search.ts) and send only the values.
 */
export interface SearchTerm {
  column: PgColumn;
  op: 'eq' | 'ilike';
  value: string | number;
}

/** A term's condition, on its value or on a placeholder standing for it. */
export function termSql(term: SearchTerm, value: unknown = term.value): SQL {
  return term.op === 'eq' ? eq(term.column, value) : ilike(term.column, value as string);
}

/** An equality term when `value` is given (a search field left empty adds nothing). */
export const eqTerm = (column: PgColumn, value: string | number | null | undefined): SearchTerm[] =>
  value === undefined || value === null || value === '' ? [] : [{ column, op: 'eq', value }];
