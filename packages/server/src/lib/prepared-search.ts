import { and, getTableName, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { termSql, type SearchTerm } from './search-terms';
import { perDb } from './per-db';

/** What a search's query builder offers: Drizzle's `.prepare(name)` and an ad hoc `.execute`. */
interface Preparable<R> {
  prepare(name: string): { execute(params: Record<string, unknown>): Promise<R> };
  execute(params: Record<string, unknown>): Promise<R>;
}

/**
 * Shapes a search keeps prepared per database; a rarer shape beyond them runs unnamed. The lists'
 * filters give a few dozen shapes in practice (the scope's codes, the plan, a status or two).
 */
const MAX_SHAPES = 64;

/** A term's shape: its table and column, and how it compares (never its value). */
const shapeOf = (t: SearchTerm) => `${getTableName(t.column.table)}.${t.column.name}:${t.op}`;

/**
 * A hot list's statement prepared once per search shape — which columns are filtered and how — and
 * executed with the terms' values: Drizzle builds the SQL once per shape and PostgreSQL parses and
 * plans it once per connection (a named statement `${prefix}_${n}`), where a list built anew on
 * every request pays both each time (docs/benchmarks.md "Ratios", the admin enrolment page).
 * `build(db, where)` gives the query over `where`, whose values are placeholders `p0…`. Returns
 * `run(db, terms, extra)`: the rows, with `extra` (limit, offset, …) as further placeholder values.
 */
export function preparedSearch<R>(
  prefix: string,
  build: (db: Db, where: SQL | undefined) => Preparable<R>,
): (db: Db, terms: readonly SearchTerm[], extra?: Record<string, unknown>) => Promise<R> {
  const shapesOf = perDb(() => new Map<string, ReturnType<Preparable<R>['prepare']>>());
  return (db, terms, extra = {}) => {
    const params: Record<string, unknown> = { ...extra };
    terms.forEach((t, i) => (params[`p${i}`] = t.value));
    const shapes = shapesOf(db);
    const key = terms.map(shapeOf).join('&');
    const prepared = shapes.get(key);
    if (prepared) return prepared.execute(params);
    const query = build(db, and(...terms.map((t, i) => termSql(t, sql.placeholder(`p${i}`)))));
    if (shapes.size >= MAX_SHAPES) return query.execute(params);
    const made = query.prepare(`${prefix}_${shapes.size}`);
    shapes.set(key, made);
    return made.execute(params);
  };
}
