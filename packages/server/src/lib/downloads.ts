import { lt } from 'drizzle-orm';
import type { Db } from '../db';
import { downloadToken } from '../db/schema';
import { AppError } from './errors';
import { liveToken, newToken } from './tokens';

/**
 * Download links (DESIGN "Download links carry a short-lived single-use download token, never the
 * session token"): a token bound to one resource and one subject, valid 5 minutes, used once.
 * Kept in the database so that any node can serve the download.
 */
export const DOWNLOAD_TTL_MS = 5 * 60_000;

export interface DownloadGrant {
  kind: string;
  resourceId: number;
  subjectKind: 'admin' | 'candidate';
  subjectId: number;
  params?: unknown;
}

export async function issueDownloadToken(db: Db, grant: DownloadGrant, now: Date): Promise<string> {
  const { token, hash } = newToken();
  await db.delete(downloadToken).where(lt(downloadToken.expiresAt, now));
  await db.insert(downloadToken).values({
    tokenHash: hash,
    ...grant,
    params: grant.params ?? null,
    expiresAt: new Date(now.getTime() + DOWNLOAD_TTL_MS),
  });
  return token;
}

/** Takes a token of `kind` (deleting it); 400 'error.downloadToken' when unknown, used, expired or of another kind. */
export async function consumeDownloadToken(
  db: Db,
  token: unknown,
  kind: string,
  now: Date,
): Promise<DownloadGrant> {
  if (typeof token !== 'string' || !token) throw new AppError(400, 'error.downloadToken');
  const [row] = await db
    .delete(downloadToken)
    .where(liveToken(downloadToken, token, kind, now))
    .returning();
  if (!row) throw new AppError(400, 'error.downloadToken');
  return {
    kind: row.kind,
    resourceId: row.resourceId,
    subjectKind: row.subjectKind as 'admin' | 'candidate',
    subjectId: row.subjectId,
    params: row.params,
  };
}

/** `attachment; filename*=UTF-8''…` for a Chinese file name. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
