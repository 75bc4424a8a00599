import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  ADMIN_ROLE,
  ALL_PERMISSIONS,
  CANDIDATE_STATE,
  isPermissionKey,
  SESSION_TTL_MS,
  USER_STATE,
} from '@tegang/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import {
  authSession,
  candidateUser,
  sysLoginLog,
  sysMenu,
  sysRole,
  sysRoleMenu,
  sysUser,
  sysUserRole,
} from '../db/schema';
import type { AdminPrincipal } from '../types';
import { revokeCached, type CachedSession, type SessionCache, type SessionKind } from './session-cache';
import { hashToken, liveToken, newToken } from './tokens';
import { namedStatement, type NamedStatement } from './per-db';

/**
 * Sessions (DESIGN "Auth"): opaque tokens kept as SHA-256 hashes, 2 h sliding expiry, revoked at
 * logout. `kind` separates back office ('admin') and front site ('candidate').
 */
export type { SessionKind } from './session-cache';

/** Opens a session for `subjectId` and returns the token (shown to the client once). */
export async function openSession(
  db: Db,
  kind: SessionKind,
  subjectId: number,
  req: FastifyRequest,
  now: Date,
): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(authSession).values({
    tokenHash: hash,
    kind,
    subjectId,
    ip: req.ip,
    userAgent: (req.headers['user-agent'] ?? '').slice(0, 300),
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

/**
 * Opens a session as openSession does after a successful login (lib/login.ts checkLogin), in one
 * statement that also releases the account's failure count and lock and writes the login-log entry:
 * one round trip and one commit instead of three on the login path.
 */
export async function openLoginSession(
  db: Db,
  kind: SessionKind,
  subjectId: number,
  req: FastifyRequest,
  now: Date,
  log: { userName: string; msg: string },
): Promise<string> {
  const { token, hash } = newToken();
  await openLoginStatement[kind].run(db, {
    subjectId,
    userName: log.userName.slice(0, 64),
    kind,
    ip: req.ip.slice(0, 64),
    userAgent: (req.headers['user-agent'] ?? '').slice(0, 300),
    msg: log.msg.slice(0, 300),
    hash,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    now: now.toISOString(),
  });
  return token;
}

/** openLoginSession's statement of each kind (a named statement: every login runs it). */
const openLoginStatement: Record<SessionKind, NamedStatement> = {
  admin: loginSessionStatement('admin'),
  candidate: loginSessionStatement('candidate'),
};
function loginSessionStatement(kind: SessionKind): NamedStatement {
  const account = kind === 'admin' ? sysUser : candidateUser;
  const p = sql.placeholder;
  return namedStatement(
    `open_login_session_${kind}`,
    sql`
      with released as (
        update ${account} set failed_logins = 0, locked_until = null${
          // The last login of a candidate: an account unused for its retention period is removed
          // (docs/security.md "Retention"); one more column in the update the login makes anyway.
          kind === 'candidate' ? sql`, last_login_time = ${p('now')}::timestamptz` : sql``
        } where id = ${p('subjectId')}
      ),
      logged as (
        insert into ${sysLoginLog} (user_name, kind, ip, user_agent, result, msg)
        values (${p('userName')}, ${p('kind')}, ${p('ip')}, ${p('userAgent')}, 'success', ${p('msg')})
      )
      insert into ${authSession} (token_hash, kind, subject_id, ip, user_agent, expires_at)
      values (${p('hash')}, ${p('kind')}, ${p('subjectId')}, ${p('ip')}, ${p('userAgent')}, ${p('expiresAt')})`,
  );
}

/**
 * The live session of `token` for `kind`, with the administrator behind it (admin sessions) or the
 * candidate's account checked active (candidate sessions); null when the token is unknown, expired,
 * revoked or of the other kind, or its account is disabled or deleted. Served from `cache` when it
 * was read in the last SESSION_CACHE_MS (lib/session-cache.ts), else read in one query (candidate)
 * or at most four (administrator: session, user, roles, permissions). Slides the expiry to
 * now + SESSION_TTL_MS, written at most once a minute per session and node; a session whose row is
 * gone by then is refused at once.
 */
export async function liveSession(
  db: Db,
  cache: SessionCache,
  kind: SessionKind,
  token: string,
  now: Date,
): Promise<CachedSession | null> {
  const hash = hashToken(token);
  let entry = cache.get(kind, hash);
  if (!entry || entry.expiresAt <= now) {
    const ticket = cache.ticket();
    const loaded =
      kind === 'candidate'
        ? await loadCandidateSession(db, token, now)
        : await loadAdminSession(db, token, now);
    if (!loaded) return null;
    cache.put(hash, loaded, ticket);
    entry = loaded;
  }
  const next = new Date(now.getTime() + SESSION_TTL_MS);
  if (next.getTime() - entry.expiresAt.getTime() > 60_000) {
    // Set before the write, so that the requests in flight on this session do not write it again.
    entry.expiresAt = next;
    const [row] = await db
      .update(authSession)
      .set({ expiresAt: next })
      .where(eq(authSession.id, entry.id))
      .returning({ id: authSession.id });
    if (!row) {
      cache.forget({ sessionIds: [entry.id] });
      return null;
    }
  }
  return entry;
}

/** A candidate session joined with its account, in one query; null unless the account is active. */
async function loadCandidateSession(db: Db, token: string, now: Date): Promise<CachedSession | null> {
  const [row] = await db
    .select({
      id: authSession.id,
      subjectId: authSession.subjectId,
      expiresAt: authSession.expiresAt,
      locked: authSession.locked,
      state: candidateUser.state,
    })
    .from(authSession)
    .innerJoin(candidateUser, eq(candidateUser.id, authSession.subjectId))
    .where(liveToken(authSession, token, 'candidate', now));
  // A disabled or deleted account's tokens stop working.
  if (!row || row.state !== CANDIDATE_STATE.active) return null;
  const { state: _state, ...session } = row;
  return { ...session, kind: 'candidate', admin: null };
}

/** An admin session with its administrator (loadAdmin); null when the user is gone or disabled. */
async function loadAdminSession(db: Db, token: string, now: Date): Promise<CachedSession | null> {
  const [row] = await db
    .select({
      id: authSession.id,
      subjectId: authSession.subjectId,
      expiresAt: authSession.expiresAt,
      locked: authSession.locked,
    })
    .from(authSession)
    .where(liveToken(authSession, token, 'admin', now));
  if (!row) return null;
  const admin = await loadAdmin(db, row.subjectId, row.id);
  if (!admin) return null;
  // Shared by every request of the session while cached: frozen, so that no handler changes it.
  Object.freeze(admin.roles);
  Object.freeze(admin.permissions);
  Object.freeze(admin.scope);
  return { ...row, kind: 'admin', admin: Object.freeze(admin) };
}

/** Revokes the session of `token` (logout), on every node. */
export async function revokeSession(db: Db, token: string): Promise<void> {
  const rows = await db
    .delete(authSession)
    .where(eq(authSession.tokenHash, hashToken(token)))
    .returning({ id: authSession.id });
  await revokeCached(db, { sessionIds: rows.map((r) => r.id) });
}

/** Revokes every session of a subject (password change, disabled account), on every node. */
export async function revokeAllSessions(db: Db, kind: SessionKind, subjectId: number): Promise<void> {
  await db.delete(authSession).where(and(eq(authSession.kind, kind), eq(authSession.subjectId, subjectId)));
  await revokeCached(db, { kind, subjectIds: [subjectId] });
}

/** Reads the bearer token of a header value "Bearer x". */
export function bearer(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  const match = /^Bearer\s+(\S+)$/i.exec(text ?? '');
  return match ? match[1]! : null;
}

/**
 * The administrator behind a user id, with roles, permissions and region scope as of now
 * (role changes take effect on the next call). Null when the user is gone or disabled.
 */
export async function loadAdmin(db: Db, userId: number, sessionId: number): Promise<AdminPrincipal | null> {
  const [user] = await db.select().from(sysUser).where(eq(sysUser.id, userId));
  if (!user || user.state !== USER_STATE.enabled) return null;
  const roles = await db
    .select({ id: sysRole.id, code: sysRole.code })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(eq(sysUserRole.userId, userId));
  let permissions: string[];
  if (roles.some((r) => r.code === ADMIN_ROLE)) permissions = [ALL_PERMISSIONS];
  else if (roles.length === 0) permissions = [];
  else {
    const rows = await db
      .selectDistinct({ permission: sysMenu.permission })
      .from(sysRoleMenu)
      .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
      .where(
        and(
          inArray(
            sysRoleMenu.roleId,
            roles.map((r) => r.id),
          ),
          isNotNull(sysMenu.permission),
          sql`${sysMenu.permission} <> ''`,
        ),
      );
    // Only declared keys count: a `*` or other text on a menu row grants nothing.
    permissions = rows.map((r) => r.permission!).filter(isPermissionKey);
  }
  return {
    id: user.id,
    userName: user.userName,
    nickName: user.nickName,
    roles: roles.map((r) => r.code),
    permissions,
    scope: {
      provinceCode: user.provinceCode || null,
      cityCode: user.cityCode || null,
      countyCode: user.countyCode || null,
    },
    sessionId,
  };
}
