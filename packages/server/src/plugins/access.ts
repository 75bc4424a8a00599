import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CANDIDATE_AUTH_HEADER, hasPermission, isEncryptedBody } from '@tegang/domain';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { openSessionCache } from '../lib/session-cache';
import { bearer, liveSession } from '../lib/sessions';
import type { Access } from '../types';

/** What a locked admin session may still call. */
const UNLOCKED_ROUTES = new Set([
  '/auth/unlock',
  '/auth/logout',
  '/auth/lockState',
  '/auth/getInfo',
  '/auth/lock',
]);

/**
 * Access control and payload decryption for every route of the API scope (DESIGN "Permissions fail
 * closed", "Auth", "Encrypted payloads"). Call inside the scope before its routes are added:
 * a route without `config.access` makes the server refuse to start.
 */
export function registerAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access)
      throw new Error(`Route ${route.method} ${route.url} declares no access (permission key or open)`);
    for (const method of [route.method].flat())
      if (method !== 'HEAD') app.ctx.routes.push({ method, url: route.url, access });
  });

  // Sessions from memory (lib/session-cache.ts): one cache per app, heard by the other nodes through Redis.
  const sessions = openSessionCache(app.ctx.db, {
    now: () => app.ctx.now().getTime(),
    redisUrl: app.ctx.config.redisUrl,
    log: app.log,
  });
  app.addHook('onReady', async () => sessions.ready());
  app.addHook('onClose', async () => sessions.close());

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access!;
    if ('open' in access || 'download' in access) return;
    const now = app.ctx.now();
    if ('candidate' in access) {
      const token = bearer(req.headers[CANDIDATE_AUTH_HEADER]);
      const session = token ? await liveSession(app.ctx.db, sessions, 'candidate', token, now) : null;
      if (!session) throw unauthorized();
      req.candidate = { id: session.subjectId, sessionId: session.id };
      return;
    }
    const token = bearer(req.headers.authorization);
    const session = token ? await liveSession(app.ctx.db, sessions, 'admin', token, now) : null;
    if (!session?.admin) throw unauthorized();
    req.admin = session.admin;
    // A locked screen (spec §4 Lock) can only unlock, log out, or read who and whether it is locked.
    if (session.locked && !UNLOCKED_ROUTES.has(req.routeOptions.url ?? ''))
      throw new AppError(403, 'auth.locked');
    if ('permission' in access && !hasPermission(session.admin.permissions, access.permission))
      throw forbidden();
  });

  // Encrypted calls: decrypt before validation, so schemas see the plain payload.
  app.addHook('preValidation', async (req: FastifyRequest) => {
    if (!req.routeOptions.config.encrypted) return;
    if (!isEncryptedBody(req.body)) throw new AppError(400, 'error.encryption');
    try {
      const { payload, aesKey } = await app.ctx.keys.decrypt(req.body);
      req.body = payload;
      req.aesKey = aesKey;
    } catch {
      throw new AppError(400, 'error.encryption');
    }
  });

  // ...and encrypt the data of their successful answers with the same key.
  app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    const body = payload as { code?: number; data?: unknown } | null;
    if (!req.aesKey || !body || body.code !== 200) return payload;
    return { ...body, encrypted: true, data: app.ctx.keys.encrypt(req.aesKey, body.data) };
  });
}
