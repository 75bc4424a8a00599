import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  editPasswordSchema,
  inRegionScope,
  PERMISSIONS,
  translate,
  USER_LABELS,
  USER_STATES,
  userCreateSchema,
  userProfileSchema,
  userQuerySchema,
  userUpdateSchema,
  type UserCreateInput,
  type UserUpdateInput,
} from '@tegang/domain';
import type { SystemUser } from '@tegang/domain';
import type { Db, Tx } from '../../db';
import { authSession, sysDepartment, sysRole, sysUser, sysUserRole } from '../../db/schema';
import { generatePassword } from '../../db/seed';
import { ok, page } from '../../lib/envelope';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { idListSchema, idParamSchema, offsetOf } from '../../lib/paging';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { scopeWhere } from '../../lib/scope';
import { revokeAllSessions } from '../../lib/sessions';
import type { AdminPrincipal } from '../../types';
import {
  assertGrantableRoles,
  coversRights,
  fieldError,
  holdsAll,
  isPgError,
  like,
  loosePaging,
  parseListQuery,
  rightsOfRoles,
  roleIdsOfUsers,
} from './common';
import { loadRegions } from './reference';

/**
 * Back-office users (spec §3 System user, §5, §7 Users). An administrator sees and edits only the
 * users inside their own region scope (spec §6, DESIGN "Region scope"); a user's region must lie inside
 * the caller's, so a county administrator cannot make a province one. Password hashes never leave.
 */
const P = PERMISSIONS.user;
const tags = ['system:user'];
/** The seeded administrator (DESIGN "Runtime"), never deleted. */
export const SEEDED_ADMIN = 'admin';

type UserRow = typeof sysUser.$inferSelect;

async function toUsers(db: Db, rows: UserRow[]): Promise<SystemUser[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [roles, departments] = await Promise.all([
    db.select().from(sysUserRole).where(inArray(sysUserRole.userId, ids)).orderBy(asc(sysUserRole.roleId)),
    db.select({ id: sysDepartment.id, name: sysDepartment.name }).from(sysDepartment),
  ]);
  const deptName = new Map(departments.map((d) => [d.id, d.name]));
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
    state: r.state,
    roleIds: roles.filter((x) => x.userId === r.id).map((x) => x.roleId),
    createTime: r.createTime.toISOString(),
    updateTime: r.updateTime.toISOString(),
  }));
}

/**
 * The user `id` inside the caller's scope, else 404 (a user outside is not revealed). With `change`
 * the caller must also be allowed to change it (`guardTargets`, 403).
 */
async function scopedUser(db: Db, admin: AdminPrincipal, id: number, change = false): Promise<UserRow> {
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
 * decisions.md "Escalation", issue 6): the seeded admin only itself (403 system.user.seededAdmin);
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
});

async function saveUser(db: Db, req: FastifyRequest, input: UserCreateInput | UserUpdateInput) {
  await checkUserInput(db, req, input);
  try {
    return await db.transaction(async (tx) => {
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
  } catch (err) {
    if (isPgError(err, '23505'))
      throw fieldError(req, 'userName', 'field.userName', 'account.userName.exists');
    throw err;
  }
}

/** Deletes users in one transaction: all inside the scope, never the seeded admin nor the caller. */
async function deleteUsers(db: Db, admin: AdminPrincipal, ids: number[]): Promise<void> {
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
}

const listDoc = loosePaging.extend(userQuerySchema.shape);

/** Registers the user routes of spec §7 Users (list, create, update, delete, state, password, own profile). */
export async function userRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.post(
    '/system/user/list',
    {
      config: { access: { permission: P.list } },
      schema: {
        tags,
        summary:
          'Page of users inside the caller’s region scope: current, size, userName, nickName, phone (contain), state, departmentId; in the body or the querystring. No password hashes; with roleIds.',
        querystring: listDoc,
        body: listDoc.nullish(),
      },
    },
    async (req) => {
      const { current, size, ...q } = parseListQuery(userQuerySchema, req);
      const filters: SQL[] = [];
      const scope = scopeWhere(sysUser, req.admin!.scope);
      if (scope) filters.push(scope);
      if (q.userName) filters.push(ilike(sysUser.userName, like(q.userName)));
      if (q.nickName) filters.push(ilike(sysUser.nickName, like(q.nickName)));
      if (q.phone) filters.push(ilike(sysUser.phone, like(q.phone)));
      if (q.state) filters.push(eq(sysUser.state, q.state));
      if (q.departmentId) filters.push(eq(sysUser.departmentId, q.departmentId));
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(sysUser)
          .where(where)
          .orderBy(desc(sysUser.createTime), desc(sysUser.id))
          .limit(size)
          .offset(offsetOf({ current, size })),
        db.select({ n: count() }).from(sysUser).where(where),
      ]);
      return ok(req, page(await toUsers(db, rows), total!.n, current, size));
    },
  );

  app.get(
    '/system/user/getUserState',
    {
      config: { access: { admin: true } },
      schema: {
        tags,
        summary: "User state options [{value, label}]: 0 active, 1 disabled, in the caller's language",
      },
    },
    async (req) =>
      ok(
        req,
        USER_STATES.map((value) => ({ value, label: translate(req.lang, `system.user.state.${value}`) })),
      ),
  );

  app.post(
    '/system/user',
    {
      config: { access: { permission: P.add }, encrypted: true, labels: USER_LABELS },
      schema: {
        tags,
        summary:
          'Creates a user (encrypted): nickName, sex, userName, password (strength rule), departmentId, region codes (at least one level, inside the caller’s scope), roleIds, state (default 0), phone; data is the id. 403 when a role grants a right the caller does not hold.',
        body: userCreateSchema,
      },
    },
    async (req) => ok(req, await saveUser(db, req, req.body), 'common.saved'),
  );

  app.put(
    '/system/user',
    {
      config: { access: { permission: P.edit }, encrypted: true, labels: USER_LABELS },
      schema: {
        tags,
        summary:
          'Updates a user (encrypted; as create with id, without password); data is the id. 404 outside the scope; 403 for the seeded admin (except by itself), a user holding rights the caller lacks, a change of the own roles, or a role granting a right the caller lacks.',
        body: userUpdateSchema,
      },
    },
    async (req) => {
      const admin = req.admin!;
      const current = await scopedUser(db, admin, req.body.id, true);
      // Nobody edits their own roles (issue 6): the own record is saved only with the roles it has.
      if (current.id === admin.id) {
        const held = (await roleIdsOfUsers(db, [admin.id])).sort((a, b) => a - b);
        const asked = [...new Set(req.body.roleIds)].sort((a, b) => a - b);
        if (held.join() !== asked.join()) throw new AppError(403, 'system.user.role.self');
      }
      if (current.userName === SEEDED_ADMIN && req.body.userName !== SEEDED_ADMIN)
        throw badRequest('system.user.delete.admin');
      if (current.id === admin.id && req.body.state !== '0') throw badRequest('system.user.state.self');
      const id = await saveUser(db, req, req.body);
      if (req.body.state !== '0') await revokeAllSessions(db, 'admin', id);
      return ok(req, id, 'common.saved');
    },
  );

  app.delete(
    '/system/user/deleteByIds',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary:
          'Deletes users {idList} in one transaction (never the seeded admin nor the caller: 400; 404 outside the scope; 403 for a user holding rights the caller lacks)',
        body: idListSchema,
      },
    },
    async (req) => {
      await deleteUsers(db, req.admin!, req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );

  app.delete(
    '/system/user/:id',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary: 'Deletes a user (never the seeded admin nor the caller)',
        params: idParamSchema,
      },
    },
    async (req) => {
      await deleteUsers(db, req.admin!, [req.params.id]);
      return ok(req, null, 'common.deleted');
    },
  );

  app.post(
    '/system/user/updateState/:id',
    {
      config: { access: { permission: P.state } },
      schema: {
        tags,
        summary:
          'Sets the state {state: 0|1} or, without a body, toggles it; disabling revokes the user’s sessions. Data is the new state. 404 outside the scope; 403 for the seeded admin (except by itself) or a user holding rights the caller lacks.',
        params: idParamSchema,
        body: z.object({ state: z.enum(USER_STATES, { error: 'rule.invalidOption' }).optional() }).nullish(),
      },
    },
    async (req) => {
      const user = await scopedUser(db, req.admin!, req.params.id, true);
      const state = req.body?.state ?? (user.state === '0' ? '1' : '0');
      if (state !== '0' && (user.id === req.admin!.id || user.userName === SEEDED_ADMIN))
        throw badRequest('system.user.state.self');
      await db
        .update(sysUser)
        .set({ state, updateTime: sql`now()` })
        .where(eq(sysUser.id, user.id));
      if (state !== '0') await revokeAllSessions(db, 'admin', user.id);
      return ok(req, state, 'common.saved');
    },
  );

  app.put(
    '/system/user/resetPsw/:id',
    {
      config: { access: { permission: P.resetPsw } },
      schema: {
        tags,
        summary:
          'Resets the password to a generated strong one, answered once as data {password}; the user’s sessions are revoked. 404 outside the scope; 403 for the seeded admin (except by itself) or a user holding rights the caller lacks.',
        params: idParamSchema,
      },
    },
    async (req) => {
      const user = await scopedUser(db, req.admin!, req.params.id, true);
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
      return ok(req, { password }, 'system.user.passwordReset');
    },
  );

  app.put(
    '/system/user/updateById',
    {
      config: { access: { admin: true }, encrypted: true, labels: USER_LABELS },
      schema: {
        tags,
        summary: "Updates the caller's own profile (encrypted): nickName, phone, sex, avatar",
        body: userProfileSchema,
      },
    },
    async (req) => {
      const { nickName, phone, sex, avatar } = req.body;
      await db
        .update(sysUser)
        .set({
          nickName,
          phone: phone ?? null,
          sex: sex ?? null,
          avatar: avatar ?? null,
          updateTime: sql`now()`,
        })
        .where(eq(sysUser.id, req.admin!.id));
      return ok(req, req.admin!.id, 'common.saved');
    },
  );

  app.get(
    '/system/user/getById',
    {
      config: { access: { admin: true } },
      schema: { tags, summary: "The caller's own user (no password hash), with roleIds" },
    },
    async (req) => {
      const [row] = await db.select().from(sysUser).where(eq(sysUser.id, req.admin!.id));
      return ok(req, (await toUsers(db, [row!]))[0]);
    },
  );

  app.get(
    '/system/user/getById/:id',
    {
      config: { access: { permission: P.query } },
      schema: {
        tags,
        summary: 'One user inside the caller’s scope (no password hash), with roleIds',
        params: idParamSchema,
      },
    },
    async (req) => ok(req, (await toUsers(db, [await scopedUser(db, req.admin!, req.params.id)]))[0]),
  );

  app.put(
    '/system/user/updatePsw',
    {
      config: { access: { admin: true }, encrypted: true },
      schema: {
        tags,
        summary:
          "Changes the caller's own password (encrypted {oldPsw, newPsw}); a wrong old password is 400; the caller's other sessions are revoked",
        body: editPasswordSchema,
      },
    },
    async (req) => {
      const admin = req.admin!;
      const [user] = await db.select().from(sysUser).where(eq(sysUser.id, admin.id));
      if (!(await verifyPassword(user!.passwordHash, req.body.oldPsw)))
        throw badRequest('auth.oldPassword.wrong');
      await db
        .update(sysUser)
        .set({ passwordHash: await hashPassword(req.body.newPsw), updateTime: sql`now()` })
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
      return ok(req, null, 'auth.passwordChanged');
    },
  );
}
