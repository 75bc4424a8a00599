import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { serverPath } from '../lib/module-path';

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

export const MIGRATIONS_DIR = serverPath('drizzle');

/** Applies the SQL migrations in packages/server/drizzle that have not run yet. */
export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}

/**
 * The start lock: a PostgreSQL session-level advisory lock key held by a node while it prepares the
 * database at start (src/start.ts: migrations, seed, menu sync, pg-boss's schema and queues). Nodes
 * started at once on one database take turns; the lock goes with the session, so a node killed while
 * holding it frees it. Distinct from MENU_LOCK (db/menu-sync.ts), which the seed takes inside.
 */
export const START_LOCK = 20270100;

/**
 * Runs `work` while holding START_LOCK on a client of `pool` kept for that purpose (waits for a node
 * that holds it, without limit: its preparation ends or its session dies). The lock is released and
 * its client closed in every case; returns or throws what `work` does.
 */
export async function withStartLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_LOCK]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [START_LOCK]).catch(() => {});
    }
  } finally {
    // Closed rather than returned to the pool: ending the session frees the lock even when the
    // unlock above failed, so no pooled connection can keep it.
    client.release(true);
  }
}
