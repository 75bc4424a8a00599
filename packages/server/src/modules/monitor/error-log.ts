import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authSession, sysErrorLog } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';

/** One entry of the console's local error log (spec §3 "Local error log entry"). */
const entry = z.object({
  type: z.string().max(32),
  message: z.string().max(2000),
  stack: z.string().max(8000).optional().default(''),
  info: z.string().max(2000).optional().default(''),
  url: z.string().max(500).optional().default(''),
  time: z.string().max(40).optional().default(''),
});
type Entry = z.output<typeof entry>;

/**
 * The meter of POST /admin/errorLog (issue 6 "Unmetered growth"): an entry may hold at most
 * `entryBytes` of UTF-8 over all its fields (else 413); one session may store at most
 * `sessionEntries` entries and `sessionBytes` in all (else 429; logging in again starts afresh).
 * A call holds at most 100 entries (400 by the schema).
 */
export const ERROR_LOG_LIMITS = {
  entryBytes: 16 * 1024,
  sessionEntries: 200,
  sessionBytes: 512 * 1024,
} as const;

/** Namespace of the advisory lock that serialises one uploader's quota checks. */
const LOCK_NAMESPACE = 7306;

/** The stored size of an entry: UTF-8 bytes of every field (as `octet_length` counts them below). */
const sizeOf = (e: Entry) =>
  [e.type, e.message, e.stack, e.info, e.url, e.time].reduce((n, text) => n + Buffer.byteLength(text), 0);

const storedSize = sql<number>`coalesce(sum(
  octet_length(${sysErrorLog.type}) + octet_length(${sysErrorLog.message})
  + coalesce(octet_length(${sysErrorLog.stack}), 0) + coalesce(octet_length(${sysErrorLog.info}), 0)
  + coalesce(octet_length(${sysErrorLog.url}), 0) + coalesce(octet_length(${sysErrorLog.clientTime}), 0)
), 0)::bigint`;

/**
 * POST /admin/errorLog: the console uploads its local error log (spec §2: "It can upload logs to the
 * server"). Body: up to 100 entries; answers {count}. Stored with the uploader, not in the operation log.
 * Metered by ERROR_LOG_LIMITS: 413 `monitor.errorLog.entryTooLarge` for an oversized entry, 429
 * `monitor.errorLog.quota` when the session's allowance would be passed; a refused call stores nothing.
 * A session's usage is what its user stored since the session's login, counted in the database under a
 * per-user advisory lock, so parallel calls and several nodes cannot overshoot.
 */
export async function errorLogRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const L = ERROR_LOG_LIMITS;
  app.post(
    '/admin/errorLog',
    {
      config: { access: { admin: true }, audit: false },
      schema: {
        tags: ['monitor'],
        summary:
          'Upload browser errors [{type, message, stack, info, url, time}] (≤ 100); answers {count}. 413 for an entry over 16 KB; 429 past 200 entries or 512 KB per session.',
        body: z.array(entry).max(100),
      },
    },
    async (req) => {
      const admin = req.admin!;
      if (!req.body.length) return ok(req, { count: 0 });
      const sizes = req.body.map(sizeOf);
      if (sizes.some((n) => n > L.entryBytes))
        throw new AppError(413, 'monitor.errorLog.entryTooLarge', { max: L.entryBytes / 1024 });
      const bytes = sizes.reduce((a, b) => a + b, 0);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${admin.id})`);
        const [session] = await tx
          .select({ since: authSession.createTime })
          .from(authSession)
          .where(eq(authSession.id, admin.sessionId));
        const since = session?.since ?? new Date(0);
        const [used] = await tx
          .select({ n: sql<number>`count(*)::int`, bytes: storedSize })
          .from(sysErrorLog)
          .where(and(eq(sysErrorLog.userId, admin.id), gte(sysErrorLog.createTime, since)));
        if (used!.n + req.body.length > L.sessionEntries || Number(used!.bytes) + bytes > L.sessionBytes)
          throw new AppError(429, 'monitor.errorLog.quota', {
            count: L.sessionEntries,
            size: L.sessionBytes / 1024,
          });
        await tx.insert(sysErrorLog).values(
          req.body.map((e) => ({
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
      return ok(req, { count: req.body.length });
    },
  );
}
