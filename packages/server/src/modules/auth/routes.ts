import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  hasPermission,
  LOCK_LABELS,
  type MenuItem,
  lockSchema,
  loginSchema,
  UNLOCK_MAX_FAILURES,
  unlockSchema,
} from '@tegang/domain';
import { authSession, sysUser } from '../../db/schema';
import { createCaptcha } from '../../lib/captcha';
import { ok } from '../../lib/envelope';
import { allMenus, menuTree } from '../system/menu';
import { AppError, badRequest } from '../../lib/errors';
import { checkLogin } from '../../lib/login';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { bearer, openSession, revokeSession } from '../../lib/sessions';
import { perIpLimit } from '../../plugins/rate-limit';
import { loginFailureMessage, recordLogin } from '../monitor/service';

/** Wrong unlock attempts of a session are counted for this long (seconds). */
const UNLOCK_WINDOW_S = 2 * 60 * 60;

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
      },
    },
    async (req) =>
      ok(req, await createCaptcha(ctx.kv, ctx.config.captchaEnabled, req.query.force === 'true')),
  );

  app.get(
    '/auth/publicKey',
    {
      config: { access: { open: true } },
      schema: { tags: ['auth'], summary: 'RSA-OAEP-256 public key (base64 SPKI) for encrypted calls' },
    },
    async (req) =>
      ok(req, { alg: 'RSA-OAEP-256+A256GCM', keyId: ctx.keys.keyId, publicKey: ctx.keys.publicKey }),
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
      },
    },
    async (req) => {
      const { userName, password, captcha, uuid } = req.body;
      try {
        const [user] = await ctx.db.select().from(sysUser).where(eq(sysUser.userName, userName));
        const id = await checkLogin(ctx, {
          kind: 'admin',
          table: sysUser,
          account: user,
          name: userName,
          password,
          ip: req.ip,
          captcha,
          uuid,
        });
        const token = await openSession(ctx.db, 'admin', id, req, ctx.now());
        await recordLogin(ctx.db, req, { userName, kind: 'admin', success: true, msg: '登录成功' });
        return ok(req, token);
      } catch (err) {
        await recordLogin(ctx.db, req, {
          userName,
          kind: 'admin',
          success: false,
          msg: loginFailureMessage(err),
        });
        throw err;
      }
    },
  );

  app.get(
    '/auth/getInfo',
    {
      config: { access: { admin: true } },
      schema: { tags: ['auth'], summary: 'The session: {user, roles, permissions}' },
    },
    async (req) => {
      const admin = req.admin!;
      const [user] = await ctx.db.select().from(sysUser).where(eq(sysUser.id, admin.id));
      const { passwordHash: _p, failedLogins: _f, lockedUntil: _l, ...safe } = user!;
      return ok(req, {
        user: { ...safe, userId: safe.id },
        roles: admin.roles,
        permissions: admin.permissions,
      });
    },
  );

  app.get(
    '/auth/getMenu',
    {
      config: { access: { admin: true } },
      schema: { tags: ['auth'], summary: "The user's menu tree (menus and buttons it holds)" },
    },
    async (req) => {
      const granted = req.admin!.permissions;
      const rows = (await allMenus(ctx.db)).filter(
        (m) => !m.permission || hasPermission(granted, m.permission),
      );
      // A group with no visible page is dropped.
      const prune = (list: MenuItem[]): MenuItem[] =>
        list.filter((n) => {
          n.children = prune(n.children ?? []);
          return n.type === '1' || n.permission || n.children.some((c) => c.type === '0');
        });
      return ok(req, prune(menuTree(rows)));
    },
  );

  app.get(
    '/auth/logout',
    { config: { access: { admin: true } }, schema: { tags: ['auth'], summary: 'Revokes the session' } },
    async (req) => {
      await revokeSession(ctx.db, bearer(req.headers.authorization)!);
      return ok(req, null);
    },
  );

  /** The caller's session row (lock columns). */
  const sessionOf = async (sessionId: number) => {
    const [row] = await ctx.db
      .select({ lockHash: authSession.lockHash, locked: authSession.locked })
      .from(authSession)
      .where(eq(authSession.id, sessionId));
    return row ?? { lockHash: null, locked: false };
  };
  const unlockFailures = (sessionId: number) => `unlock-fail:${sessionId}`;

  app.get(
    '/auth/lockState',
    {
      config: { access: { admin: true } },
      schema: { tags: ['auth'], summary: 'The lock state of the session: {locked, hasPassword}' },
    },
    async (req) => {
      const session = await sessionOf(req.admin!.sessionId);
      return ok(req, { locked: session.locked, hasPassword: Boolean(session.lockHash) });
    },
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
      },
    },
    async (req) => {
      const sessionId = req.admin!.sessionId;
      const session = await sessionOf(sessionId);
      const set: { locked: boolean; lockHash?: string } = { locked: true };
      if (!session.lockHash) {
        const password = req.body.password?.trim();
        if (!password) throw badRequest('auth.lock.passwordRequired');
        set.lockHash = await hashPassword(password);
      }
      await ctx.db.update(authSession).set(set).where(eq(authSession.id, sessionId));
      await ctx.kv.del(unlockFailures(sessionId));
      return ok(req, { locked: true, hasPassword: true }, 'auth.lock.locked');
    },
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
      },
    },
    async (req) => {
      const sessionId = req.admin!.sessionId;
      const session = await sessionOf(sessionId);
      if (!session.locked) return ok(req, { locked: false }, 'auth.lock.unlocked');
      if (!session.lockHash || !(await verifyPassword(session.lockHash, req.body.password))) {
        const failures = await ctx.kv.incr(unlockFailures(sessionId), UNLOCK_WINDOW_S);
        if (failures >= UNLOCK_MAX_FAILURES) {
          await ctx.kv.del(unlockFailures(sessionId));
          await ctx.db.delete(authSession).where(eq(authSession.id, sessionId));
          throw new AppError(401, 'auth.lock.tooMany');
        }
        throw badRequest('auth.lock.wrong');
      }
      await ctx.db.update(authSession).set({ locked: false }).where(eq(authSession.id, sessionId));
      await ctx.kv.del(unlockFailures(sessionId));
      return ok(req, { locked: false }, 'auth.lock.unlocked');
    },
  );
}
