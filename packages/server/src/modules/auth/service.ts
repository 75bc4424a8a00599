import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  hasPermission,
  translate,
  UNLOCK_MAX_FAILURES,
  type AdminInfo,
  type LockState,
  type LoginInput,
  type MenuItem,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import type { AdminPrincipal } from '../../types';
import type { Db } from '../../db';
import { authSession, sysUser } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { checkLogin } from '../../lib/login';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { revokeCached } from '../../lib/session-cache';
import { openLoginSession } from '../../lib/sessions';
import { loginFailureMessage, recordLogin, type LoginKind } from '../monitor/service';
import { allMenus, menuTree } from '../system/menu/service';

/**
 * Logins and the session (spec §7 "Admin auth", "Candidate auth and account", §4 "Admin session",
 * "Lock"): the login flow shared by both sides, the session's user and menu, the lock screen.
 */

/** Wrong unlock attempts of a session are counted for this long (seconds). */
const UNLOCK_WINDOW_S = 2 * 60 * 60;

/**
 * The login of either side (POST /auth/login, POST /api/auth/login): finds the account (a
 * back-office user by name; a candidate by user name or phone), checks password, lockout and captcha
 * (lib/login.ts checkLogin), opens a session and returns its token. Every attempt goes to the login
 * log, a success as 'auth.login.succeeded' and a failure with its error message, both in Chinese.
 * Errors: those of checkLogin (400 'auth.login.failed' | 'auth.captcha.*', 429 'auth.login.locked',
 * 403 'auth.login.disabled').
 */
export async function logIn(
  ctx: AppContext,
  req: FastifyRequest,
  kind: LoginKind,
  credentials: LoginInput,
): Promise<string> {
  const { userName, password, captcha, uuid } = credentials;
  try {
    const id = await checkLogin(ctx, {
      kind,
      name: userName,
      password,
      ip: req.ip,
      captcha,
      uuid,
    });
    // The session and its login-log entry in one statement.
    return await openLoginSession(ctx.db, kind, id, req, ctx.now(), {
      userName,
      msg: translate('zh', 'auth.login.succeeded'),
    });
  } catch (err) {
    await recordLogin(ctx.db, req, { userName, kind, success: false, msg: loginFailureMessage(err) });
    throw err;
  }
}

/**
 * GET /auth/getInfo: the administrator of the session without hash and lockout columns (userId =
 * id), with its role codes and permission keys.
 */
export async function sessionInfo(db: Db, admin: AdminPrincipal): Promise<AdminInfo> {
  const [user] = await db.select().from(sysUser).where(eq(sysUser.id, admin.id));
  const { passwordHash: _p, failedLogins: _f, lockedUntil: _l, ...safe } = user!;
  return {
    user: {
      ...safe,
      userId: safe.id,
      createTime: safe.createTime.toISOString(),
      updateTime: safe.updateTime.toISOString(),
    },
    roles: admin.roles,
    permissions: admin.permissions,
  };
}

/** GET /auth/getMenu: the menu tree of the pages and buttons `granted` opens; empty groups dropped. */
export async function menuOf(db: Db, granted: string[]): Promise<MenuItem[]> {
  const rows = (await allMenus(db)).filter((m) => !m.permission || hasPermission(granted, m.permission));
  const prune = (list: MenuItem[]): MenuItem[] =>
    list.filter((n) => {
      n.children = prune(n.children ?? []);
      return n.type === '1' || n.permission || n.children.some((c) => c.type === '0');
    });
  return prune(menuTree(rows));
}

/** The lock columns of a session ({lockHash: null, locked: false} when the row is gone). */
async function sessionLock(db: Db, sessionId: number) {
  const [row] = await db
    .select({ lockHash: authSession.lockHash, locked: authSession.locked })
    .from(authSession)
    .where(eq(authSession.id, sessionId));
  return row ?? { lockHash: null, locked: false };
}
const unlockFailures = (sessionId: number) => `unlock-fail:${sessionId}`;

/** GET /auth/lockState: {locked, hasPassword} of the session. */
export async function lockState(db: Db, sessionId: number): Promise<LockState> {
  const session = await sessionLock(db, sessionId);
  return { locked: session.locked, hasPassword: Boolean(session.lockHash) };
}

/**
 * POST /auth/lock: locks the session; the first lock sets the lock password (400
 * 'auth.lock.passwordRequired' without one). Resets the count of wrong unlock attempts.
 */
export async function lockSession(ctx: AppContext, sessionId: number, password?: string): Promise<LockState> {
  const session = await sessionLock(ctx.db, sessionId);
  const set: { locked: boolean; lockHash?: string } = { locked: true };
  if (!session.lockHash) {
    const given = password?.trim();
    if (!given) throw badRequest('auth.lock.passwordRequired');
    set.lockHash = await hashPassword(given);
  }
  await ctx.db.update(authSession).set(set).where(eq(authSession.id, sessionId));
  // The lock is part of the cached session (lib/session-cache.ts): the next call sees it on every node.
  await revokeCached(ctx.db, { sessionIds: [sessionId] });
  await ctx.kv.del(unlockFailures(sessionId));
  return { locked: true, hasPassword: true };
}

/**
 * POST /auth/unlock: unlocks the session with its lock password. 400 'auth.lock.wrong'; the
 * UNLOCK_MAX_FAILURES-th wrong attempt within UNLOCK_WINDOW_S ends the session (401 'auth.lock.tooMany').
 * An unlocked session answers {locked: false} at once.
 */
export async function unlockSession(
  ctx: AppContext,
  sessionId: number,
  password: string,
): Promise<{ locked: false }> {
  const session = await sessionLock(ctx.db, sessionId);
  if (!session.locked) return { locked: false };
  if (!session.lockHash || !(await verifyPassword(session.lockHash, password))) {
    const failures = await ctx.kv.incr(unlockFailures(sessionId), UNLOCK_WINDOW_S);
    if (failures >= UNLOCK_MAX_FAILURES) {
      await ctx.kv.del(unlockFailures(sessionId));
      await ctx.db.delete(authSession).where(eq(authSession.id, sessionId));
      await revokeCached(ctx.db, { sessionIds: [sessionId] });
      throw new AppError(401, 'auth.lock.tooMany');
    }
    throw badRequest('auth.lock.wrong');
  }
  await ctx.db.update(authSession).set({ locked: false }).where(eq(authSession.id, sessionId));
  await revokeCached(ctx.db, { sessionIds: [sessionId] });
  await ctx.kv.del(unlockFailures(sessionId));
  return { locked: false };
}
