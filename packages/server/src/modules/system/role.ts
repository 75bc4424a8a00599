import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ROLE,
  isPermissionKey,
  optionalString,
  PERMISSIONS,
  ROLE_LABELS,
  roleAuthSchema,
  roleCreateSchema,
  roleUpdateSchema,
  type RoleInput,
} from '@tegang/domain';
import type { Db } from '../../db';
import { sysMenu, sysRole, sysRoleMenu } from '../../db/schema';
import { ok, page } from '../../lib/envelope';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { idListSchema, idParamSchema, offsetOf } from '../../lib/paging';
import type { AdminPrincipal } from '../../types';
import { fieldError, holdsAll, isPgError, like, loosePaging, notHeld, parseListQuery } from './common';
import { allMenus, menuTree } from './menu';

/**
 * Roles and their authorisation (spec §3 Role, §5 Role, §6, §7 Roles). Permissions are loaded per
 * request (lib/sessions loadAdmin), so a saved authorisation applies on the holder's next call.
 */
const P = PERMISSIONS.role;
const tags = ['system:role'];
type RoleRow = typeof sysRole.$inferSelect;
const toRole = (r: RoleRow) => ({
  id: r.id,
  name: r.name,
  code: r.code,
  comments: r.comments,
  createTime: r.createTime.toISOString(),
  updateTime: r.updateTime.toISOString(),
});
const searchSchema = z.object({ name: optionalString(64), code: optionalString(64) });
const listDoc = loosePaging.extend(searchSchema.shape);

/**
 * Who may change (edit, authorise, delete) the role `role` (issue 6 "Privilege escalation"): a holder
 * of all rights (`*`) any role; anyone else neither the built-in admin role (403 system.role.admin) nor
 * a role they hold themselves (403 system.role.self), so nobody widens their own rights.
 */
export function guardRoleChange(admin: AdminPrincipal, role: { code: string }): void {
  if (holdsAll(admin)) return;
  if (role.code === ADMIN_ROLE) throw new AppError(403, 'system.role.admin');
  if (admin.roles.includes(role.code)) throw new AppError(403, 'system.role.self');
}

/**
 * Creates (no id) or updates a role; the admin role keeps its code; an update is refused as
 * `guardRoleChange` says. 400 on `code` when taken, 404 when the id is unknown.
 */
async function saveRole(db: Db, req: FastifyRequest, input: RoleInput & { id?: number }): Promise<number> {
  const values = { name: input.name, code: input.code, comments: input.comments ?? null };
  try {
    if (input.id === undefined) {
      const [row] = await db.insert(sysRole).values(values).returning({ id: sysRole.id });
      return row!.id;
    }
    const [current] = await db.select().from(sysRole).where(eq(sysRole.id, input.id));
    if (!current) throw notFound();
    guardRoleChange(req.admin!, current);
    // The admin role keeps its code: it is what grants all rights (spec §6).
    if ((current.code === ADMIN_ROLE) !== (input.code === ADMIN_ROLE))
      throw fieldError(req, 'code', 'field.role.code', 'system.role.code.exists');
    await db
      .update(sysRole)
      .set({ ...values, updateTime: sql`now()` })
      .where(eq(sysRole.id, input.id));
    return input.id;
  } catch (err) {
    if (isPgError(err, '23505')) throw fieldError(req, 'code', 'field.role.code', 'system.role.code.exists');
    throw err;
  }
}

/**
 * Deletes roles in one transaction, all or nothing: 404 when one is unknown, 400 for the admin role,
 * 403 for a role the caller holds (`guardRoleChange`).
 */
async function deleteRoles(db: Db, admin: AdminPrincipal, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(sysRole).where(inArray(sysRole.id, wanted)).for('update');
    if (rows.length !== wanted.length) throw notFound();
    if (rows.some((r) => r.code === ADMIN_ROLE)) throw badRequest('system.role.delete.admin');
    for (const row of rows) guardRoleChange(admin, row);
    // Holders lose the role (user-role and role-menu rows cascade).
    await tx.delete(sysRole).where(inArray(sysRole.id, wanted));
  });
}

/** Registers the role routes of spec §7 Roles (list, create, update, delete, authorisation tree and save). */
export async function roleRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.post(
    '/admin/role/list',
    {
      config: { access: { permission: P.list } },
      schema: {
        tags,
        summary: 'Page of roles: current, size, name, code (contain), in the body or the querystring',
        querystring: listDoc,
        body: listDoc.nullish(),
      },
    },
    async (req) => {
      const { current, size, name, code } = parseListQuery(searchSchema, req);
      const filters: SQL[] = [];
      if (name) filters.push(ilike(sysRole.name, like(name)));
      if (code) filters.push(ilike(sysRole.code, like(code)));
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(sysRole)
          .where(where)
          .orderBy(desc(sysRole.id))
          .limit(size)
          .offset(offsetOf({ current, size })),
        db.select({ n: count() }).from(sysRole).where(where),
      ]);
      return ok(req, page(rows.map(toRole), total!.n, current, size));
    },
  );

  app.get(
    '/admin/role/listAllRole',
    {
      config: { access: { admin: true } },
      schema: { tags, summary: 'Every role [{id, name, code, comments}] for selects' },
    },
    async (req) => ok(req, (await db.select().from(sysRole).orderBy(asc(sysRole.id))).map(toRole)),
  );

  app.post(
    '/admin/role',
    {
      config: { access: { permission: P.add }, labels: ROLE_LABELS },
      schema: {
        tags,
        summary: 'Creates a role {name, code (unique), comments}; data is the id',
        body: roleCreateSchema,
      },
    },
    async (req) => ok(req, await saveRole(db, req, req.body), 'common.saved'),
  );

  app.put(
    '/admin/role',
    {
      config: { access: { permission: P.edit }, labels: ROLE_LABELS },
      schema: {
        tags,
        summary:
          'Updates a role {id, name, code, comments}; data is the id. Only a holder of all rights changes the admin role or a role the caller holds (else 403).',
        body: roleUpdateSchema,
      },
    },
    async (req) => ok(req, await saveRole(db, req, req.body), 'common.saved'),
  );

  app.delete(
    '/admin/role/deleteByIds',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary:
          "Deletes roles {idList} in one transaction (never the 'admin' role: 400; never a role the caller holds, unless it holds all rights: 403)",
        body: idListSchema,
      },
    },
    async (req) => {
      await deleteRoles(db, req.admin!, req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );

  app.delete(
    '/admin/role/:id',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary: "Deletes a role (never the 'admin' role: 400; nor a role the caller holds: 403)",
        params: idParamSchema,
      },
    },
    async (req) => {
      await deleteRoles(db, req.admin!, [req.params.id]);
      return ok(req, null, 'common.deleted');
    },
  );

  app.get(
    '/admin/role/authTree/:id',
    {
      config: { access: { permission: P.auth } },
      schema: {
        tags,
        summary:
          'The authorisation tree of a role: {tree: every menu and button, checkedKeys: the menu ids it holds}',
        params: idParamSchema,
      },
    },
    async (req) => {
      const [role] = await db.select().from(sysRole).where(eq(sysRole.id, req.params.id));
      if (!role) throw notFound();
      const held = await db
        .select({ menuId: sysRoleMenu.menuId })
        .from(sysRoleMenu)
        .where(eq(sysRoleMenu.roleId, role.id))
        .orderBy(asc(sysRoleMenu.menuId));
      return ok(req, { tree: menuTree(await allMenus(db)), checkedKeys: held.map((h) => h.menuId) });
    },
  );

  app.post(
    '/admin/role/updateRoleAuth',
    {
      config: { access: { permission: P.auth } },
      schema: {
        tags,
        summary:
          "Replaces a role's menus and buttons {roleId, menuIds} in one transaction; holders get the new permissions on their next call. 403 for the admin role or a role the caller holds, and when an added menu or button carries a key the caller does not hold (only a holder of all rights is exempt); 404 for an unknown role or menu.",
        body: roleAuthSchema,
      },
    },
    async (req) => {
      const admin = req.admin!;
      const menuIds = [...new Set(req.body.menuIds)];
      await db.transaction(async (tx) => {
        const [role] = await tx.select().from(sysRole).where(eq(sysRole.id, req.body.roleId)).for('update');
        if (!role) throw notFound();
        guardRoleChange(admin, role);
        if (menuIds.length) {
          const known = await tx
            .select({ id: sysMenu.id, permission: sysMenu.permission })
            .from(sysMenu)
            .where(inArray(sysMenu.id, menuIds));
          if (known.length !== menuIds.length) throw notFound();
          // Only what is added is a grant: each added row's key must be one the caller holds.
          const held = new Set(
            (await tx.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, role.id))).map((r) => r.menuId),
          );
          const granted = known.filter((m) => !held.has(m.id) && isPermissionKey(m.permission));
          if (!holdsAll(admin) && granted.some((m) => !admin.permissions.includes(m.permission!)))
            throw notHeld();
        }
        await tx.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, role.id));
        if (menuIds.length)
          await tx.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId: role.id, menuId })));
      });
      return ok(req, null, 'common.saved');
    },
  );
}
