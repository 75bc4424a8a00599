import { and, asc, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { inRegionScope, type UserCreateInput, type UserUpdateInput } from '@tegang/domain';
import {
  SEEDED_ADMIN,
  USER_STATE,
  type Page,
  type SystemUser,
  type UserProfileInput,
  type UserQuery,
  type UserState,
} from '@tegang/domain';
import { generatePassword } from '../../../db/seed';
import { containsPattern } from '../../../lib/like';
import { pageOf, type Paging } from '../../../lib/paging';
import { verifyPassword } from '../../../lib/passwords';
import { revokeCached } from '../../../lib/session-cache';
import { revokeAllSessions } from '../../../lib/sessions';
import type { Db, Tx } from '../../../db';
import { authSession, sysDepartment, sysRole, sysUser, sysUserRole } from '../../../db/schema';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { hashPassword } from '../../../lib/passwords';
import { scopeWhere } from '../../../lib/scope';
import type { AdminPrincipal } from '../../../types';
import { assertGrantableRoles, coversRights, holdsAll, rightsOfRoles, roleIdsOfUsers } from '../common';
import { fieldError } from '../../../lib/field-error';
import { isPgError } from '../../../lib/pg-error';
import { loadRegions } from '../../../lib/regions';

/**
 * Back-office users (spec §3 System user, §5, §7 Users). An administrator sees and edits only the
 * users inside their own region scope (spec §6, DESIGN "Region scope"); a user's region must lie inside
 * the caller's, so a county administrator cannot make a province one. Password hashes never leave.
 */

type UserRow = typeof sysUser.$inferSelect;
/** POST /system/user/list: paging and the search fields. */
export type UserListQuery = Paging & UserQuery;

/**
 * The answer rows of users: no hash or lockout state, with roleIds, departmentName and regionName
 * (the region codes as names from the region table, 'province / city / county'; a code the table no
 * longer has shows as itself).
 */
export async function toUsers(db: Db, rows: UserRow[]): Promise<SystemUser[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [roles, departments, regions] = await Promise.all([
    db.select().from(sysUserRole).where(inArray(sysUserRole.userId, ids)).orderBy(asc(sysUserRole.roleId)),
    db.select({ id: sysDepartment.id, name: sysDepartment.name }).from(sysDepartment),
    loadRegions(db),
  ]);
  const deptName = new Map(departments.map((d) => [d.id, d.name]));
  const regionName = new Map(regions.map((r) => [r.code, r.name]));
  const regionOf = (r: UserRow) => {
    const codes = [r.provinceCode, r.cityCode, r.countyCode].filter((c): c is string => !!c);
    return codes.length ? codes.map((c) => regionName.get(c) ?? c).join(' / ') : null;
  };
  return rows.map((r) => ({
    id: r.id,
    userName: r.userName,
    nickName: r.nickName,
    sex: r.sex,
    phone: r.phone,
    avatar: r.avatar,
    departmentId: r.departmentId,
    departmentName: r.departmentId ? (deptName.get(r.departmentId) ?? null) : null,
    provinceCode: r.provinceCode,
    cityCode: r.cityCode,
    countyCode: r.countyCode,
    regionName: regionOf(r),
    state: r.state,
    supervision: r.supervision,
    roleIds: roles.filter((x) => x.userId === r.id).map((x) => x.roleId),
    createTime: r.createTime.toISOString(),
    updateTime: r.updateTime.toISOString(),
  }));
}

/**
 * The user `id` inside the caller's scope, else 404 (a user outside is not revealed). With `change`
 * the caller must also be allowed to change it (`guardTargets`, 403).
 */
export async function scopedUser(
  db: Db,
  admin: AdminPrincipal,
  id: number,
  change = false,
): Promise<UserRow> {
  const scope = scopeWhere(sysUser, admin.scope);
  const [row] = await db
    .select()
    .from(sysUser)
    .where(scope ? and(eq(sysUser.id, id), scope) : eq(sysUser.id, id));
  if (!row) throw notFound();
  if (change) await guardTargets(db, admin, [row]);
  return row;
}

/**
 * Who may change (edit, reset the password of, enable/disable, delete) the users `targets` (docs/
 * decisions.md "Escalation"): the seeded admin only itself (403 system.user.seededAdmin);
 * any other user only a caller who holds every right the target holds (403 system.user.stronger), so a
 * holder of all rights is changed only by another, and nobody takes over a stronger account by
 * resetting its password.
 */
async function guardTargets(
  db: Db | Tx,
  admin: AdminPrincipal,
  targets: { id: number; userName: string }[],
): Promise<void> {
  if (targets.some((u) => u.userName === SEEDED_ADMIN && u.id !== admin.id))
    throw new AppError(403, 'system.user.seededAdmin');
  if (holdsAll(admin)) return;
  const rights = await rightsOfRoles(
    db,
    await roleIdsOfUsers(
      db,
      targets.map((u) => u.id),
    ),
  );
  if (!coversRights(admin, rights)) throw new AppError(403, 'system.user.stronger');
}

/**
 * The checks of a create/update that need the database: the region path exists and lies inside the
 * caller's scope (400 on region); department and roles exist (400); the caller holds every right the
 * roles grant (403 system.grant.notHeld; so only an all-rights holder hands out the admin role).
 */
async function checkUserInput(
  db: Db,
  req: FastifyRequest,
  input: UserCreateInput | UserUpdateInput,
): Promise<void> {
  const admin = req.admin!;
  const regions = new Map((await loadRegions(db)).map((r) => [r.code, r]));
  const { provinceCode, cityCode, countyCode } = input;
  const sound =
    (!provinceCode || regions.get(provinceCode)?.level === 1) &&
    (!cityCode || regions.get(cityCode)?.parentCode === provinceCode) &&
    (!countyCode || regions.get(countyCode)?.parentCode === cityCode);
  if (!sound) throw fieldError(req, 'region', 'field.region', 'rule.invalidOption');
  if (!inRegionScope(admin.scope, { provinceCode, cityCode, countyCode }))
    throw fieldError(req, 'region', 'field.region', 'system.user.outOfScope');
  const [dept] = await db
    .select({ id: sysDepartment.id })
    .from(sysDepartment)
    .where(eq(sysDepartment.id, input.departmentId));
  if (!dept) throw fieldError(req, 'departmentId', 'field.departmentId', 'system.user.department.unknown');
  const roleIds = [...new Set(input.roleIds)];
  const roles = await db.select().from(sysRole).where(inArray(sysRole.id, roleIds));
  if (roles.length !== roleIds.length)
    throw fieldError(req, 'roleIds', 'field.roleIds', 'system.user.role.unknown');
  await assertGrantableRoles(db, admin, roleIds);
}

const columnsOf = (input: UserCreateInput | UserUpdateInput) => ({
  userName: input.userName,
  nickName: input.nickName,
  sex: input.sex,
  phone: input.phone ?? null,
  avatar: input.avatar ?? null,
  departmentId: input.departmentId,
  provinceCode: input.provinceCode ?? null,
  cityCode: input.cityCode ?? null,
  countyCode: input.countyCode ?? null,
  state: input.state,
  ...(input.supervision === undefined ? {} : { supervision: input.supervision }),
});

/**
 * Creates (no id) or updates a user after the scope and escalation checks (region inside the caller's,
 * grantable roles); returns the id. 400 naming the field (taken user name, unknown department),
 * 403 'system.grant.notHeld', 404 outside the scope.
 */
export async function saveUser(db: Db, req: FastifyRequest, input: UserCreateInput | UserUpdateInput) {
  await checkUserInput(db, req, input);
  try {
    const saved = await db.transaction(async (tx) => {
      let id: number;
      if ('id' in input) {
        const [row] = await tx
          .update(sysUser)
          .set({ ...columnsOf(input), updateTime: sql`now()` })
          .where(eq(sysUser.id, input.id))
          .returning({ id: sysUser.id });
        if (!row) throw notFound();
        id = row.id;
        await tx.delete(sysUserRole).where(eq(sysUserRole.userId, id));
      } else {
        const [row] = await tx
          .insert(sysUser)
          .values({ ...columnsOf(input), passwordHash: await hashPassword(input.password) })
          .returning({ id: sysUser.id });
        id = row!.id;
      }
      await tx
        .insert(sysUserRole)
        .values([...new Set(input.roleIds)].map((roleId) => ({ userId: id, roleId })));
      return id;
    });
    // Name, region and roles are part of the cached administrator (lib/session-cache.ts).
    if ('id' in input) await revokeCached(db, { kind: 'admin', subjectIds: [saved] });
    return saved;
  } catch (err) {
    if (isPgError(err, '23505'))
      throw fieldError(req, 'userName', 'field.userName', 'account.userName.exists');
    throw err;
  }
}

/** Deletes users in one transaction: all inside the scope, never the seeded admin nor the caller. */
export async function deleteUsers(db: Db, admin: AdminPrincipal, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.includes(admin.id)) throw badRequest('system.user.delete.self');
  await db.transaction(async (tx) => {
    const scope = scopeWhere(sysUser, admin.scope);
    const inList = inArray(sysUser.id, wanted);
    const rows = await tx
      .select({ id: sysUser.id, userName: sysUser.userName })
      .from(sysUser)
      .where(scope ? and(inList, scope) : inList)
      .for('update');
    if (rows.length !== wanted.length) throw notFound();
    if (rows.some((r) => r.userName === SEEDED_ADMIN)) throw badRequest('system.user.delete.admin');
    await guardTargets(tx, admin, rows);
    await tx
      .delete(authSession)
      .where(and(eq(authSession.kind, 'admin'), inArray(authSession.subjectId, wanted)));
    await tx.delete(sysUser).where(inList);
  });
  await revokeCached(db, { kind: 'admin', subjectIds: wanted });
}

/**
 * One page of users inside the caller's region scope (POST /system/user/list), newest first:
 * userName, nickName and phone match as "contains", state and departmentId exactly.
 */
export async function pageUsers(
  db: Db,
  admin: AdminPrincipal,
  query: UserListQuery,
): Promise<Page<SystemUser>> {
  return pageOf(db, sysUser, query, {
    where: [
      scopeWhere(sysUser, admin.scope),
      query.userName ? ilike(sysUser.userName, containsPattern(query.userName)) : undefined,
      query.nickName ? ilike(sysUser.nickName, containsPattern(query.nickName)) : undefined,
      query.phone ? ilike(sysUser.phone, containsPattern(query.phone)) : undefined,
      query.state ? eq(sysUser.state, query.state) : undefined,
      query.departmentId ? eq(sysUser.departmentId, query.departmentId) : undefined,
    ],
    orderBy: [desc(sysUser.createTime), desc(sysUser.id)],
    toRecords: (rows) => toUsers(db, rows),
  });
}

/**
 * Updates a user (PUT /system/user); returns the id. Besides saveUser's checks: nobody changes their
 * own roles (403 'system.user.role.self'), the seeded admin keeps its name (400) and nobody disables
 * themselves (400 'system.user.state.self'). A disabled user's sessions end.
 */
export async function updateUser(db: Db, req: FastifyRequest, input: UserUpdateInput): Promise<number> {
  const admin = req.admin!;
  const current = await scopedUser(db, admin, input.id, true);
  // Nobody edits their own roles (escalation rule): the own record is saved only with the roles it has.
  if (current.id === admin.id) {
    const held = (await roleIdsOfUsers(db, [admin.id])).sort((a, b) => a - b);
    const asked = [...new Set(input.roleIds)].sort((a, b) => a - b);
    if (held.join() !== asked.join()) throw new AppError(403, 'system.user.role.self');
  }
  if (current.userName === SEEDED_ADMIN && input.userName !== SEEDED_ADMIN)
    throw badRequest('system.user.delete.admin');
  if (current.id === admin.id && input.state !== USER_STATE.enabled)
    throw badRequest('system.user.state.self');
  const id = await saveUser(db, req, input);
  if (input.state !== USER_STATE.enabled) await revokeAllSessions(db, 'admin', id);
  return id;
}

/**
 * Sets a user's state, or toggles it when `state` is undefined (POST /system/user/updateState/{id});
 * returns the new state. Disabling ends the user's sessions; 400 'system.user.state.self' for the
 * caller or the seeded admin; 404/403 as scopedUser.
 */
export async function setUserState(
  db: Db,
  admin: AdminPrincipal,
  id: number,
  state: UserState | undefined,
): Promise<UserState> {
  const user = await scopedUser(db, admin, id, true);
  const next: UserState =
    state ?? (user.state === USER_STATE.enabled ? USER_STATE.disabled : USER_STATE.enabled);
  if (next !== USER_STATE.enabled && (user.id === admin.id || user.userName === SEEDED_ADMIN))
    throw badRequest('system.user.state.self');
  await db
    .update(sysUser)
    .set({ state: next, updateTime: sql`now()` })
    .where(eq(sysUser.id, user.id));
  if (next !== USER_STATE.enabled) await revokeAllSessions(db, 'admin', user.id);
  return next;
}

/**
 * Resets a user's password to a generated strong one and returns it (shown once); clears the lockout
 * and ends the user's sessions (PUT /system/user/resetPsw/{id}). 404/403 as scopedUser.
 */
export async function resetUserPassword(db: Db, admin: AdminPrincipal, id: number): Promise<string> {
  const user = await scopedUser(db, admin, id, true);
  const password = generatePassword();
  await db
    .update(sysUser)
    .set({
      passwordHash: await hashPassword(password),
      failedLogins: 0,
      lockedUntil: null,
      updateTime: sql`now()`,
    })
    .where(eq(sysUser.id, user.id));
  await revokeAllSessions(db, 'admin', user.id);
  return password;
}

/** Saves the caller's own profile (PUT /system/user/updateById): nickName, phone, sex, avatar. */
export async function updateOwnProfile(db: Db, userId: number, profile: UserProfileInput): Promise<void> {
  const { nickName, phone, sex, avatar } = profile;
  await db
    .update(sysUser)
    .set({ nickName, phone: phone ?? null, sex: sex ?? null, avatar: avatar ?? null, updateTime: sql`now()` })
    .where(eq(sysUser.id, userId));
  await revokeCached(db, { kind: 'admin', subjectIds: [userId] });
}

/** The caller's own user (GET /system/user/getById), without the hash, with roleIds. */
export async function ownUser(db: Db, userId: number): Promise<SystemUser> {
  const [row] = await db.select().from(sysUser).where(eq(sysUser.id, userId));
  return (await toUsers(db, [row!]))[0]!;
}

/**
 * Changes the caller's own password (PUT /system/user/updatePsw): 400 'auth.oldPassword.wrong' when
 * `oldPsw` is wrong; the caller's other sessions end, this one stays.
 */
export async function changeOwnPassword(
  db: Db,
  admin: AdminPrincipal,
  oldPsw: string,
  newPsw: string,
): Promise<void> {
  const [user] = await db.select().from(sysUser).where(eq(sysUser.id, admin.id));
  if (!(await verifyPassword(user!.passwordHash, oldPsw))) throw badRequest('auth.oldPassword.wrong');
  await db
    .update(sysUser)
    .set({ passwordHash: await hashPassword(newPsw), updateTime: sql`now()` })
    .where(eq(sysUser.id, admin.id));
  await db
    .delete(authSession)
    .where(
      and(
        eq(authSession.kind, 'admin'),
        eq(authSession.subjectId, admin.id),
        ne(authSession.id, admin.sessionId),
      ),
    );
  await revokeCached(db, { kind: 'admin', subjectIds: [admin.id] });
}
