import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isPermissionKey, MENU_TYPE, translate, type MenuInput } from '@tegang/domain';
import { badRequest, notFound } from '../../../lib/errors';
import { revokeCached } from '../../../lib/session-cache';
import type { MenuItem } from '@tegang/domain';
import type { Db, Tx } from '../../../db';
import { sysMenu } from '../../../db/schema';
import { fieldError } from '../../../lib/field-error';
import { holdsAll, notHeld } from '../common';

/**
 * Menus and buttons (spec §3 Menu item, §5 Menu, §7 Menus). Menus are read per request (getMenu,
 * permissions), so an edit shows on the next call and the cache route has nothing to clear.
 */
type MenuRow = typeof sysMenu.$inferSelect;

/** The answer shape of a menu row (spec §3 "Menu item"). */
export const toItem = (r: MenuRow): MenuItem => ({
  id: r.id,
  pid: r.pid,
  name: r.name,
  nameEn: r.nameEn,
  path: r.path,
  icon: r.icon,
  type: r.type,
  keepAlive: r.keepAlive,
  permission: r.permission,
  group: r.group,
  query: r.query,
  sort: r.sort,
  createTime: r.createTime.toISOString(),
});

/** Every menu row in display order (sort, id). */
export const allMenus = (db: Db) => db.select().from(sysMenu).orderBy(asc(sysMenu.sort), asc(sysMenu.id));

/** The tree of `rows`; a row whose parent is not among them is a root. */
export function menuTree(rows: MenuRow[]): MenuItem[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...toItem(r), children: [] as MenuItem[] }]));
  const roots: MenuItem[] = [];
  for (const node of nodes.values()) {
    const parent = node.pid ? nodes.get(node.pid) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Checks the parent: 0 (root) or an existing menu (type 0) that is not the item itself nor below it. */
export async function checkParent(db: Db | Tx, input: MenuInput, selfId?: number): Promise<boolean> {
  if (input.pid === 0) return true;
  const rows = await db.select({ id: sysMenu.id, pid: sysMenu.pid, type: sysMenu.type }).from(sysMenu);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const parent = byId.get(input.pid);
  if (!parent || parent.type !== '0') return false;
  for (let at: number | undefined = input.pid; at; at = byId.get(at)?.pid) if (at === selfId) return false;
  return true;
}

/**
 * Checks the permission of a menu row (docs/decisions.md "Escalation"): empty, or one of the keys
 * declared in packages/domain PERMISSIONS — never `*`, which belongs to the built-in admin role only —
 * else 400 naming `permission`. A caller without `*` may only put on a row a key it holds itself
 * (403 system.grant.notHeld), since every role holding the row would get that key; a row whose key is
 * left unchanged (`current`) may be edited freely.
 */
export function checkPermission(req: FastifyRequest, input: MenuInput, current?: string | null): void {
  const permission = input.permission;
  if (!permission) return;
  if (!isPermissionKey(permission))
    throw fieldError(req, 'permission', 'field.menu.permission', 'system.menu.permission.unknown');
  const admin = req.admin!;
  if (permission !== current && !holdsAll(admin) && !admin.permissions.includes(permission)) throw notHeld();
}

/** The stored columns of a menu payload (a button keeps no path, icon or keep-alive). */
export const columnsOf = (input: MenuInput) => ({
  pid: input.pid,
  name: input.name,
  nameEn: input.nameEn ?? null,
  type: input.type,
  // Buttons have no route, icon or keep-alive (spec §5 Menu).
  path: input.type === '0' ? (input.path ?? null) : null,
  icon: input.type === '0' ? (input.icon ?? null) : null,
  keepAlive: input.type === '0' ? (input.keepAlive ?? '1') : '0',
  permission: input.permission ?? null,
  // A button is no page: it has no sidebar group or route query either.
  group: input.type === '0' ? (input.group ?? null) : null,
  query: input.type === '0' ? (input.query ?? null) : null,
  ...(input.sort === undefined ? {} : { sort: input.sort }),
});

/**
 * GET /admin/menu: the whole tree (menus and buttons); `select` gives only menus (type '0') under a
 * virtual root {id 0, pid -1, name 'system.menu.root' in zh, nameEn in en} for the parent select;
 * `parentId` gives the flat children of that menu.
 */
export async function menuList(db: Db, query: { select: boolean; parentId?: number }): Promise<MenuItem[]> {
  const rows = await allMenus(db);
  if (query.parentId !== undefined) return rows.filter((r) => r.pid === query.parentId).map(toItem);
  if (!query.select) return menuTree(rows);
  const root = {
    id: 0,
    pid: -1,
    name: translate('zh', 'system.menu.root'),
    nameEn: translate('en', 'system.menu.root'),
  };
  return [{ ...root, children: menuTree(rows.filter((r) => r.type === MENU_TYPE.menu)) } as MenuItem];
}

/**
 * POST /admin/menu: creates a menu or button at `sort` (default: after the last) and returns its id.
 * 400 on an unknown parent or an undeclared permission key, 403 for a key the caller lacks.
 */
export async function createMenu(db: Db, req: FastifyRequest, input: MenuInput): Promise<number> {
  checkPermission(req, input);
  if (!(await checkParent(db, input)))
    throw fieldError(req, 'pid', 'field.menu.pid', 'system.menu.parent.unknown');
  const sort =
    input.sort ??
    (await db.select({ n: sql<number>`coalesce(max(${sysMenu.sort}), -1) + 1` }).from(sysMenu))[0]!.n;
  const [row] = await db
    .insert(sysMenu)
    .values({ ...columnsOf(input), sort })
    .returning({ id: sysMenu.id });
  return row!.id;
}

/** PUT /admin/menu: updates a menu or button under a row lock; errors as createMenu, 404 when unknown. */
export async function updateMenu(
  db: Db,
  req: FastifyRequest,
  input: MenuInput & { id: number },
): Promise<number> {
  const id = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(sysMenu).where(eq(sysMenu.id, input.id)).for('update');
    if (!current) throw notFound();
    checkPermission(req, input, current.permission);
    if (!(await checkParent(tx, input, input.id)))
      throw fieldError(req, 'pid', 'field.menu.pid', 'system.menu.parent.unknown');
    await tx
      .update(sysMenu)
      .set({ ...columnsOf(input), updateTime: sql`now()` })
      .where(eq(sysMenu.id, current.id));
    return current.id;
  });
  // A menu's key is part of the rights of every cached administrator holding it (lib/session-cache.ts).
  await revokeCached(db, { admins: true });
  return id;
}

/** DELETE /admin/menu/{id}: 404 when unknown, 400 'system.menu.delete.hasChildren'. */
export async function deleteMenu(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(sysMenu).where(eq(sysMenu.id, id)).for('update');
    if (!row) throw notFound();
    const [children] = await tx.select({ n: count() }).from(sysMenu).where(eq(sysMenu.pid, row.id));
    if (children!.n > 0) throw badRequest('system.menu.delete.hasChildren');
    await tx.delete(sysMenu).where(eq(sysMenu.id, row.id));
  });
  await revokeCached(db, { admins: true });
}

/**
 * POST /admin/menu/updateOrder/{a}/{b}: swaps the display positions of two siblings (by (sort, id)
 * as displayed). 404 when either is unknown, 400 'system.menu.order.notSiblings'.
 */
export async function swapMenuOrder(db: Db, a: number, b: number): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(sysMenu)
      .where(inArray(sysMenu.id, [a, b]))
      .orderBy(asc(sysMenu.id))
      .for('update');
    const first = rows.find((r) => r.id === a);
    const second = rows.find((r) => r.id === b);
    if (!first || !second) throw notFound();
    if (a === b || first.pid !== second.pid) throw badRequest('system.menu.order.notSiblings');
    // Equal sorts would not swap: order by (sort, id) as displayed, then exchange positions.
    const [sa, sb] =
      first.sort === second.sort
        ? a < b
          ? [first.sort, first.sort + 1]
          : [first.sort + 1, first.sort]
        : [first.sort, second.sort];
    await tx
      .update(sysMenu)
      .set({ sort: sb, updateTime: sql`now()` })
      .where(and(eq(sysMenu.id, a)));
    await tx
      .update(sysMenu)
      .set({ sort: sa, updateTime: sql`now()` })
      .where(eq(sysMenu.id, b));
  });
}
