import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool, QueryResultRow } from 'pg';
import type { Db } from '../db';

/**
 * One value per database handle, made on first use: a prepared statement is bound to its handle, and
 * a process may hold several (the tests open one database per app).
 */
export function perDb<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = make(db)));
    return value;
  };
}

/** The pool under a Drizzle handle (node-postgres), for named prepared statements written as SQL text. */
export const poolOf = (db: Db): Pool => (db as unknown as { $client: Pool }).$client;

/** A statement written once with Drizzle's `sql` and run as a named statement: see {@link namedStatement}. */
export interface NamedStatement {
  /** Runs it on `db`'s pool with a value for each placeholder name. */
  run<R extends QueryResultRow = QueryResultRow>(db: Db, values: Record<string, unknown>): Promise<R[]>;
}

/**
 * `query` (Drizzle's `sql`, its values `sql.placeholder(name)`) turned into SQL text once, then sent
 * under `name` as a named statement: PostgreSQL parses and plans it once per connection, and nothing
 * is built per call. For the statements every login runs, which Drizzle's query builders cannot
 * express (data-modifying CTEs).
 */
export function namedStatement(name: string, query: SQL): NamedStatement {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return {
    async run<R extends QueryResultRow>(db: Db, values: Record<string, unknown>) {
      const result = await poolOf(db).query<R>({ name, text, values: fillPlaceholders(params, values) });
      return result.rows;
    },
  };
}
