import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ADMIN_ROLE, ALL_PERMISSIONS, isPermissionKey, SESSION_TTL_MS, USER_STATE } from '@tegang/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { authSession, sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../db/schema';
import type { AdminPrincipal } from '../types';
import { hashToken, liveToken, newToken } from './tokens';

/**
 * Sessions (DESIGN "Auth"): opaque tokens kept as SHA-256 hashes, 2 h sliding expiry, revoked at
 * logout. `kind` separates back office ('admin') and front site ('candidate').
 */
export type SessionKind = 'admin' | 'candidate';

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
 * Finds the live session of `token` for `kind` and slides its expiry (written at most once a minute).
 * Null when unknown, expired, revoked or of the other kind.
 */
export async function findSession(db: Db, kind: SessionKind, token: string, now: Date) {
  const [row] = await db
    .select({
      id: authSession.id,
      subjectId: authSession.subjectId,
      expiresAt: authSession.expiresAt,
      locked: authSession.locked,
    })
    .from(authSession)
    .where(liveToken(authSession, token, kind, now));
  if (!row) return null;
  const next = new Date(now.getTime() + SESSION_TTL_MS);
  if (next.getTime() - row.expiresAt.getTime() > 60_000) {
    await db.update(authSession).set({ expiresAt: next }).where(eq(authSession.id, row.id));
  }
  return row;
}

/** Revokes the session of `token` (logout). */
export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.delete(authSession).where(eq(authSession.tokenHash, hashToken(token)));
}

/** Revokes every session of a subject (password change, disabled account). */
export async function revokeAllSessions(db: Db, kind: SessionKind, subjectId: number): Promise<void> {
  await db.delete(authSession).where(and(eq(authSession.kind, kind), eq(authSession.subjectId, subjectId)));
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
