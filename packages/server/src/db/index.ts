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

/** Opens a pool on `url` (max connections `max`). */
export function openDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
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
