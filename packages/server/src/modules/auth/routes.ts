import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminInfoSchema,
  captchaSchema,
  LOCK_LABELS,
  lockSchema,
  lockStateSchema,
  loginSchema,
  menuItemSchema,
  publicKeySchema,
  unlockSchema,
} from '@tegang/domain';
import { createCaptcha } from '../../lib/captcha';
import { ok } from '../../lib/envelope';
import { encryptedEnvelope, envelopeOf } from '../../lib/fast-response';
import { bearer, revokeSession } from '../../lib/sessions';
import { perIpLimit } from '../../plugins/rate-limit';
import { lockSession, lockState, logIn, menuOf, sessionInfo, unlockSession } from './service';

/**
 * Back-office authentication (spec §7 "Admin auth", §4 "Admin session"):
 * captcha, the encryption public key, login with lockout, session info, the user's menu, logout.
 */
export async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  /**
   * GET /auth/getCaptcha (spec §7, both logins): {enabled, uuid, img}; `enabled` false (no captcha)
   * when CAPTCHA_ENABLED=false unless `?force=true`, which the login pages send once a login answered
   * data.captchaRequired (two failures of the account). Answers are kept two minutes in a capped
   * store; per-IP limit CAPTCHA_RATE_LIMIT a minute (429 'error.rateLimited').
   */
  app.get(
    '/auth/getCaptcha',
    {
      config: { access: { open: true }, rateLimit: perIpLimit(ctx.config.captchaRateLimit) },
      schema: {
        tags: ['auth'],
        summary:
          'Image captcha {enabled, uuid, img}; force=true gives one even when captchas are off (after two failed logins)',
        querystring: z.object({ force: z.enum(['true', 'false']).optional() }),
        response: { 200: envelopeOf(captchaSchema) },
      },
    },
    async (req) =>
      ok(req, await createCaptcha(ctx.kv, ctx.config.captchaEnabled, req.query.force === 'true')),
  );

  app.get(
    '/auth/publicKey',
    {
      config: { access: { open: true } },
      schema: {
        tags: ['auth'],
        summary:
          'Public key for encrypted calls {alg, suite, keyId, publicKey} (CRYPTO_SUITE): suite "standard" ECDH-ES P-256 (base64 SPKI DER) + HKDF-SHA-256 + AES-256-GCM, or "gm" SM2 (base64 of the 65-byte point 04‖x‖y) + SM4-CBC + HMAC-SM3 (packages/domain crypto.ts)',
        response: { 200: envelopeOf(publicKeySchema) },
      },
    },
    async (req) =>
      ok(req, {
        alg: ctx.keys.alg,
        suite: ctx.keys.suite,
        keyId: ctx.keys.keyId,
        publicKey: ctx.keys.publicKey,
      }),
  );

  /**
   * POST /auth/login (spec §7 "Admin auth"; encrypted {userName, password, captcha?, uuid?}): data is
   * the session token. Lockout, captcha after two failures and the familiar-IP unlock are
   * lib/login.ts checkLogin; unknown names answer like wrong passwords. Errors: 400
   * 'auth.login.failed' | 'auth.captcha.required' | 'auth.captcha.wrong' (data {captchaRequired}),
   * 429 'auth.login.locked' {minutes}, 403 'auth.login.disabled', 429 'error.rateLimited' (more than
   * LOGIN_RATE_LIMIT logins a minute from one IP). Every attempt goes to the login log.
   */
  app.post(
    '/auth/login',
    {
      config: { access: { open: true }, encrypted: true, rateLimit: perIpLimit(ctx.config.loginRateLimit) },
      schema: {
        tags: ['auth'],
        summary:
          'Back-office login (encrypted {userName, password, captcha, uuid}); data is the token; 400 with data.captchaRequired after two failures, 429 when locked or rate-limited',
        body: loginSchema,
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) => ok(req, await logIn(ctx, req, 'admin', req.body)),
  );

  app.get(
    '/auth/getInfo',
    {
      config: { access: { admin: true } },
      schema: {
        tags: ['auth'],
        summary: 'The session: {user, roles, permissions}',
        response: { 200: envelopeOf(adminInfoSchema) },
      },
    },
    async (req) => ok(req, await sessionInfo(ctx.db, req.admin!)),
  );

  app.get(
    '/auth/getMenu',
    {
      config: { access: { admin: true } },
      schema: {
        tags: ['auth'],
        summary: "The user's menu tree (menus and buttons it holds)",
        response: { 200: envelopeOf(z.array(menuItemSchema)) },
      },
    },
    async (req) => ok(req, await menuOf(ctx.db, req.admin!.permissions)),
  );

  app.get(
    '/auth/logout',
    {
      config: { access: { admin: true } },
      schema: { tags: ['auth'], summary: 'Revokes the session', response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await revokeSession(ctx.db, bearer(req.headers.authorization)!);
      return ok(req, null);
    },
  );

  app.get(
    '/auth/lockState',
    {
      config: { access: { admin: true } },
      schema: {
        tags: ['auth'],
        summary: 'The lock state of the session: {locked, hasPassword}',
        response: { 200: envelopeOf(lockStateSchema) },
      },
    },
    async (req) => ok(req, await lockState(ctx.db, req.admin!.sessionId)),
  );

  app.post(
    '/auth/lock',
    {
      config: { access: { admin: true }, encrypted: true, labels: LOCK_LABELS },
      schema: {
        tags: ['auth'],
        summary:
          'Locks the session (spec §4 Lock; encrypted {password?}): the first lock sets the lock password (required)',
        body: lockSchema,
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) =>
      ok(req, await lockSession(ctx, req.admin!.sessionId, req.body.password), 'auth.lock.locked'),
  );

  app.post(
    '/auth/unlock',
    {
      config: { access: { admin: true }, encrypted: true, labels: LOCK_LABELS },
      schema: {
        tags: ['auth'],
        summary:
          'Unlocks the session with the lock password (encrypted {password}); five wrong attempts end the session (401)',
        body: unlockSchema,
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) =>
      ok(req, await unlockSession(ctx, req.admin!.sessionId, req.body.password), 'auth.lock.unlocked'),
  );
}
