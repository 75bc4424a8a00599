import type { Pool } from 'pg';
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
