/**
 * PostgreSQL error codes the services answer in their own words (a unique or a foreign-key
 * violation), whether thrown by the pg driver or wrapped by Drizzle (DrizzleQueryError's `cause`).
 */

/** True when `err` (or the driver error it wraps) is a PostgreSQL error of `code`: 23505 unique, 23503 foreign key. */
export function isPgError(err: unknown, code: '23505' | '23503'): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === code || e?.cause?.code === code;
}
