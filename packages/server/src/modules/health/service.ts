import type pg from 'pg';

/** How long /ready waits for `select 1` before calling the database unreachable. */
export const READY_TIMEOUT_MS = 2000;

/**
 * Whether the database answers `select 1` within `timeoutMs`. Never throws and never waits longer:
 * a hung connection attempt is abandoned (the pool's own connection timeout ends it later).
 */
export async function databaseReachable(pool: pg.Pool, timeoutMs = READY_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = pool
    .query({ text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig)
    .then(() => true as const)
    .catch(() => false as const);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
