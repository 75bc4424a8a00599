/**
 * PostgreSQL errors the services act on (a unique or foreign-key violation answered in their own
 * words, a not-null violation as a guard's refusal), whether thrown by the pg driver or wrapped by
 * Drizzle (DrizzleQueryError's `cause`).
 */

/** The driver's error fields of `err` or of the driver error it wraps. */
interface PgErrorFields {
  code?: string;
  constraint?: string;
  column?: string;
}

/** The PostgreSQL error `err` is or wraps (its code, constraint, column), or undefined. */
export function pgErrorOf(err: unknown): PgErrorFields | undefined {
  const e = err as (PgErrorFields & { cause?: PgErrorFields }) | null;
  if (e?.code) return e;
  return e?.cause?.code ? e.cause : undefined;
}

/**
 * True when `err` (or the driver error it wraps) is a PostgreSQL error of `code`: 23505 unique,
 * 23503 foreign key, 23502 not null.
 */
export function isPgError(err: unknown, code: '23505' | '23503' | '23502'): boolean {
  return pgErrorOf(err)?.code === code;
}
