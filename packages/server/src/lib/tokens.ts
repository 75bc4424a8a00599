import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** An opaque random token (256 bits, base64url) and the SHA-256 hex the database keeps instead. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The columns `liveToken` reads of a token table (auth_session, download_token). */
export interface TokenColumns {
  tokenHash: PgColumn;
  kind: PgColumn;
  expiresAt: PgColumn;
}

/**
 * The condition "the row of `token`, of `kind`, not expired at `now`" on a table that keeps tokens as
 * SHA-256 hashes (DESIGN "Auth"; sessions and single-use download tokens). Matches no row for an
 * unknown, revoked, used, expired or other-kind token; raises nothing itself.
 */
export const liveToken = (table: TokenColumns, token: string, kind: string, now: Date): SQL =>
  and(eq(table.tokenHash, hashToken(token)), eq(table.kind, kind), gt(table.expiresAt, now))!;
