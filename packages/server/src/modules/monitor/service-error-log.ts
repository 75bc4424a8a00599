import { and, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db';
import { sysErrorLog } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AdminPrincipal } from '../../types';

/** One entry of the console's local error log (spec §3 "Local error log entry"). */
export const entry = z.object({
  type: z.string().max(32),
  message: z.string().max(2000),
  stack: z.string().max(8000).optional().default(''),
  info: z.string().max(2000).optional().default(''),
  url: z.string().max(500).optional().default(''),
  time: z.string().max(40).optional().default(''),
});
type Entry = z.output<typeof entry>;

/**
 * The meter of POST /admin/errorLog (docs/decisions.md "Error-log meter"): an entry may hold at most
 * `entryBytes` of UTF-8 over all its fields (else 413); one user may store at most `dayEntries`
 * entries and `dayBytes` in all per calendar day of China Standard Time, over all their sessions
 * (else 429; logging in again does not renew it, the next day does). A call holds at most 100
 * entries (400 by the schema).
 */
export const ERROR_LOG_LIMITS = {
  entryBytes: 16 * 1024,
  dayEntries: 200,
  dayBytes: 512 * 1024,
} as const;

/** The start of today in China Standard Time (Asia/Shanghai), on the database's clock. */
const startOfDay = sql`(date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;

/** Namespace of the advisory lock that serialises one uploader's quota checks. */
export const LOCK_NAMESPACE = 7306;

/** The stored size of an entry: UTF-8 bytes of every field (as `octet_length` counts them below). */
export const sizeOf = (e: Entry) =>
  [e.type, e.message, e.stack, e.info, e.url, e.time].reduce((n, text) => n + Buffer.byteLength(text), 0);

export const storedSize = sql<number>`coalesce(sum(
  octet_length(${sysErrorLog.type}) + octet_length(${sysErrorLog.message})
  + coalesce(octet_length(${sysErrorLog.stack}), 0) + coalesce(octet_length(${sysErrorLog.info}), 0)
  + coalesce(octet_length(${sysErrorLog.url}), 0) + coalesce(octet_length(${sysErrorLog.clientTime}), 0)
), 0)::bigint`;

/** One uploaded browser error, as the body of POST /admin/errorLog lists them. */
export type ErrorLogEntry = z.output<typeof entry>;

/**
 * Stores a user's uploaded browser errors (POST /admin/errorLog) and returns how many. Metered by
 * ERROR_LOG_LIMITS under a per-user advisory lock: 413 'monitor.errorLog.entryTooLarge' for an
 * oversized entry, 429 'monitor.errorLog.quota' when the user's daily allowance (entries or bytes
 * stored since midnight, Asia/Shanghai, in any session) would be passed; a refused call stores nothing.
 */
export async function storeErrorLog(
  db: Db,
  admin: AdminPrincipal,
  entries: ErrorLogEntry[],
): Promise<number> {
  const L = ERROR_LOG_LIMITS;
  if (!entries.length) return 0;
  const sizes = entries.map(sizeOf);
  if (sizes.some((n) => n > L.entryBytes))
    throw new AppError(413, 'monitor.errorLog.entryTooLarge', { max: L.entryBytes / 1024 });
  const bytes = sizes.reduce((a, b) => a + b, 0);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${admin.id})`);
    // Counted from the stored rows, not from the session: a new login shares the day's allowance.
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int`, bytes: storedSize })
      .from(sysErrorLog)
      .where(and(eq(sysErrorLog.userId, admin.id), gte(sysErrorLog.createTime, startOfDay)));
    if (used!.n + entries.length > L.dayEntries || Number(used!.bytes) + bytes > L.dayBytes)
      throw new AppError(429, 'monitor.errorLog.quota', {
        count: L.dayEntries,
        size: L.dayBytes / 1024,
      });
    await tx.insert(sysErrorLog).values(
      entries.map((e) => ({
        userId: admin.id,
        userName: admin.userName,
        type: e.type,
        message: e.message,
        stack: e.stack,
        info: e.info,
        url: e.url,
        clientTime: e.time,
      })),
    );
  });
  return entries.length;
}
