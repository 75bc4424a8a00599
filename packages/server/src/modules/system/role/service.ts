import { asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_ROLE,
  isPermissionKey,
  optionalString,
  type Page,
  type RoleAuthTree,
  type RoleInput,
  type SystemRole,
} from '@tegang/domain';
import { containsPattern } from '../../../lib/like';
import { pageOf, type Paging } from '../../../lib/paging';
import { allMenus, menuTree } from '../menu/service';
import type { Db } from '../../../db';
import { sysMenu, sysRole, sysRoleMenu } from '../../../db/schema';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { revokeCached } from '../../../lib/session-cache';
import type { AdminPrincipal } from '../../../types';
import { fieldError } from '../../../lib/field-error';
import { isPgError } from '../../../lib/pg-error';
import { holdsAll, notHeld } from '../common';

/**
 * Roles and their authorisation (spec §3 Role, §5 Role, §6, §7 Roles). Permissions are loaded per
 * request (lib/sessions loadAdmin), so a saved authorisation applies on the holder's next call.
 */
type RoleRow = typeof sysRole.$inferSelect;
/** The answer shape of a role row (times ISO 8601). */
export const toRole = (r: RoleRow): SystemRole => ({
  id: r.id,
  name: r.name,
  code: r.code,
  comments: r.comments,
  createTime: r.createTime.toISOString(),
  updateTime: r.updateTime.toISOString(),
});
export const searchSchema = z.object({ name: optionalString(64), code: optionalString(64) });

/**
 * Who may change (edit, authorise, delete) the role `role` (docs/decisions.md "Escalation"): a holder
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
export async function saveRole(
  db: Db,
  req: FastifyRequest,
  input: RoleInput & { id?: number },
): Promise<number> {
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
    // Role codes are part of every cached administrator (lib/session-cache.ts).
    await revokeCached(db, { admins: true });
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
export async function deleteRoles(db: Db, admin: AdminPrincipal, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(sysRole).where(inArray(sysRole.id, wanted)).for('update');
    if (rows.length !== wanted.length) throw notFound();
    if (rows.some((r) => r.code === ADMIN_ROLE)) throw badRequest('system.role.delete.admin');
    for (const row of rows) guardRoleChange(admin, row);
    // Holders lose the role (user-role and role-menu rows cascade).
    await tx.delete(sysRole).where(inArray(sysRole.id, wanted));
  });
  await revokeCached(db, { admins: true });
}

/** POST /admin/role/list: a page of roles, newest first; name and code "contain". */
export async function pageRoles(
  db: Db,
  query: Paging & z.output<typeof searchSchema>,
): Promise<Page<SystemRole>> {
  const { name, code } = query;
  return pageOf(db, sysRole, query, {
    where: [
      name ? ilike(sysRole.name, containsPattern(name)) : undefined,
      code ? ilike(sysRole.code, containsPattern(code)) : undefined,
    ],
    orderBy: [desc(sysRole.id)],
    toRecords: (rows) => rows.map(toRole),
  });
}

/** GET /admin/role/listAllRole: every role, by id, for selects. */
export async function allRoles(db: Db): Promise<SystemRole[]> {
  return (await db.select().from(sysRole).orderBy(asc(sysRole.id))).map(toRole);
}

/** GET /admin/role/authTree/{id}: every menu and button, and the ids the role holds; 404 for no role. */
export async function roleAuthTree(db: Db, roleId: number): Promise<RoleAuthTree> {
  const [role] = await db.select().from(sysRole).where(eq(sysRole.id, roleId));
  if (!role) throw notFound();
  const held = await db
    .select({ menuId: sysRoleMenu.menuId })
    .from(sysRoleMenu)
    .where(eq(sysRoleMenu.roleId, role.id))
    .orderBy(asc(sysRoleMenu.menuId));
  return { tree: menuTree(await allMenus(db)), checkedKeys: held.map((h) => h.menuId) };
}

/**
 * POST /admin/role/updateRoleAuth: replaces the menus and buttons of a role in one transaction that
 * locks the role row. 404 for an unknown role or menu; 403 as guardRoleChange, and
 * 'system.grant.notHeld' when an added row carries a key the caller does not hold (a `*` holder is
 * exempt). Holders get the new permissions on their next call.
 */
export async function setRoleMenus(
  db: Db,
  admin: AdminPrincipal,
  roleId: number,
  ids: number[],
): Promise<void> {
  const menuIds = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const [role] = await tx.select().from(sysRole).where(eq(sysRole.id, roleId)).for('update');
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
  await revokeCached(db, { admins: true });
}
