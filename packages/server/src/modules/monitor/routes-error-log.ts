import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countSchema } from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { envelopeOf } from '../../lib/fast-response';
import { entry, storeErrorLog } from './service-error-log';

/**
 * POST /admin/errorLog: the console uploads its local error log (spec §2: "It can upload logs to the
 * server"). Body: up to 100 entries; answers {count}. Stored with the uploader, not in the operation log.
 * Metered by ERROR_LOG_LIMITS: 413 `monitor.errorLog.entryTooLarge` for an oversized entry, 429
 * `monitor.errorLog.quota` when the user's daily allowance would be passed; a refused call stores nothing.
 * The usage is what the user stored since midnight (Asia/Shanghai) in any session, counted in the
 * database under a per-user advisory lock, so parallel calls and several nodes cannot overshoot.
 */
export async function errorLogRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  app.post(
    '/admin/errorLog',
    {
      config: { access: { admin: true }, audit: false },
      schema: {
        tags: ['monitor'],
        summary:
          'Upload browser errors [{type, message, stack, info, url, time}] (≤ 100); answers {count}. 413 for an entry over 16 KB; 429 past 200 entries or 512 KB per session.',
        body: z.array(entry).max(100),
        response: { 200: envelopeOf(countSchema) },
      },
    },
    async (req) => ok(req, { count: await storeErrorLog(db, req.admin!, req.body) }),
  );
}
