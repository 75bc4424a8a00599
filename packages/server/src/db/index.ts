import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A Drizzle handle inside a transaction (same query API). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

// Dates (birthday, limitBirth) come back as 'YYYY-MM-DD', never as JS Dates shifted by the time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// bigint counts (count(*)) as numbers: our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Opens a pool on `url` (max connections `max`). It survives a PostgreSQL restart by itself: a
 * connection the server closed is dropped (idle ones through the 'error' event, busy ones when their
 * query fails) and the next query opens a new one. TCP keep-alive notices a peer that vanished
 * without closing (failover, network cut), and a connection attempt or a wait for a free connection
 * gives up after 30 s instead of hanging a request forever.
 */
export function openDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: 30_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection closed by the server (restart, failover) is replaced on the next query: log it, don't crash.
  pool.on('error', (error) => console.error(`[db] idle connection closed: ${error.message}`));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

export const MIGRATIONS_DIR = path.resolve(new URL('../../drizzle', import.meta.url).pathname);

/** Applies the SQL migrations in packages/server/drizzle that have not run yet. */
export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
