import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ADMIN_ROLE, ALL_PERMISSIONS, isPermissionKey, validate, type FieldLabels } from '@tegang/domain';
import type { Db, Tx } from '../../db';
import { sysMenu, sysRole, sysRoleMenu, sysUserRole } from '../../db/schema';
import { AppError, ValidationError } from '../../lib/errors';
import { pagingSchema } from '../../lib/paging';
import type { AdminPrincipal } from '../../types';

/** Helpers shared by the system management screens (spec §7 Users, Roles, Menus, Departments, Region, Dictionaries). */

/** Paging params without defaults, for the OpenAPI description of lists that read body or querystring. */
export const loosePaging = z.object({
  current: z.coerce.number().int().optional(),
  size: z.coerce.number().int().optional(),
});

/**
 * The search of a POST list: fields may come in the querystring, in the JSON body or both (the body
 * wins); then paged and validated by `search` (400 with the field on bad input).
 */
export function parseListQuery<S extends z.ZodObject>(
  search: S,
  req: FastifyRequest,
  labels?: FieldLabels,
): z.output<ReturnType<typeof pagingSchema.extend<S['shape']>>> {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
  const input = { ...((req.query as object | undefined) ?? {}), ...body };
  const result = validate(pagingSchema.extend(search.shape), input, req.lang, labels);
  if (!result.ok) throw new ValidationError(result.errors);
  return result.data as never;
}

/*
 * Rights and escalation (docs/decisions.md "Escalation"). A right is a
 * declared permission key; `*` (the built-in admin role) is every right. Nobody hands out a right they
 * do not hold, so every grant is checked against the caller's own permissions.
 */

/** What a set of roles grants: everything (the admin role) or these declared keys. */
export interface Rights {
  all: boolean;
  keys: string[];
}

/** True when the caller holds every right (`*`, the built-in admin role). */
export const holdsAll = (admin: AdminPrincipal): boolean => admin.permissions.includes(ALL_PERMISSIONS);

/**
 * The rights granted by the roles `roleIds`, computed as lib/sessions loadAdmin does: the admin role
 * grants all; otherwise the declared keys on the roles' menus and buttons (other text grants nothing).
 */
export async function rightsOfRoles(db: Db | Tx, roleIds: number[]): Promise<Rights> {
  if (!roleIds.length) return { all: false, keys: [] };
  const roles = await db.select({ code: sysRole.code }).from(sysRole).where(inArray(sysRole.id, roleIds));
  if (roles.some((r) => r.code === ADMIN_ROLE)) return { all: true, keys: [] };
  const rows = await db
    .selectDistinct({ permission: sysMenu.permission })
    .from(sysRoleMenu)
    .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
    .where(and(inArray(sysRoleMenu.roleId, roleIds), isNotNull(sysMenu.permission)));
  return { all: false, keys: rows.map((r) => r.permission).filter(isPermissionKey) };
}

/** The ids of the roles each of `userIds` holds, united. */
export async function roleIdsOfUsers(db: Db | Tx, userIds: number[]): Promise<number[]> {
  if (!userIds.length) return [];
  const rows = await db
    .selectDistinct({ roleId: sysUserRole.roleId })
    .from(sysUserRole)
    .where(inArray(sysUserRole.userId, userIds));
  return rows.map((r) => r.roleId);
}

/** True when the caller holds every right in `rights` (a `*` holder holds them all). */
export function coversRights(admin: AdminPrincipal, rights: Rights): boolean {
  if (holdsAll(admin)) return true;
  return !rights.all && rights.keys.every((k) => admin.permissions.includes(k));
}

/** 403 "you cannot grant rights you do not hold yourself" (system.grant.notHeld). */
export const notHeld = () => new AppError(403, 'system.grant.notHeld');

/**
 * Refuses (403 system.grant.notHeld) handing out the roles `roleIds` unless the caller holds every
 * right they grant; the admin role is therefore handed out only by a `*` holder.
 */
export async function assertGrantableRoles(
  db: Db | Tx,
  admin: AdminPrincipal,
  roleIds: number[],
): Promise<void> {
  if (holdsAll(admin)) return;
  if (!coversRights(admin, await rightsOfRoles(db, roleIds))) throw notHeld();
}
