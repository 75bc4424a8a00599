import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sysErrorLog } from '../../db/schema';
import { ok } from '../../lib/envelope';

/** One entry of the console's local error log (spec §3 "Local error log entry"). */
const entry = z.object({
  type: z.string().max(32),
  message: z.string().max(2000),
  stack: z.string().max(8000).optional().default(''),
  info: z.string().max(2000).optional().default(''),
  url: z.string().max(500).optional().default(''),
  time: z.string().max(40).optional().default(''),
});

/**
 * POST /admin/errorLog: the console uploads its local error log (spec §2: "It can upload logs to the
 * server"). Body: up to 100 entries; answers {count}. Stored with the uploader, not in the operation log.
 */
export async function errorLogRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/admin/errorLog',
    {
      config: { access: { admin: true }, audit: false },
      schema: {
        tags: ['monitor'],
        summary: 'Upload browser errors [{type, message, stack, info, url, time}] (≤ 100); answers {count}',
        body: z.array(entry).max(100),
      },
    },
    async (req) => {
      const admin = req.admin!;
      if (req.body.length) {
        await app.ctx.db.insert(sysErrorLog).values(
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
      }
      return ok(req, { count: req.body.length });
    },
  );
}
