import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isPermissionKey,
  MENU_LABELS,
  menuCreateSchema,
  menuUpdateSchema,
  PERMISSIONS,
  type MenuInput,
  idNumber,
  INT_MAX,
} from '@tegang/domain';
import type { MenuItem } from '@tegang/domain';
import type { Db, Tx } from '../../db';
import { sysMenu } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { badRequest, notFound } from '../../lib/errors';
import { idParamSchema } from '../../lib/paging';
import { fieldError, holdsAll, notHeld } from './common';

/**
 * Menus and buttons (spec §3 Menu item, §5 Menu, §7 Menus). Menus are read per request (getMenu,
 * permissions), so an edit shows on the next call and the cache route has nothing to clear.
 */
const P = PERMISSIONS.menu;
const tags = ['system:menu'];

type MenuRow = typeof sysMenu.$inferSelect;

const toItem = (r: MenuRow): MenuItem => ({
  id: r.id,
  pid: r.pid,
  name: r.name,
  nameEn: r.nameEn,
  path: r.path,
  icon: r.icon,
  type: r.type,
  keepAlive: r.keepAlive,
  permission: r.permission,
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
async function checkParent(db: Db | Tx, input: MenuInput, selfId?: number): Promise<boolean> {
  if (input.pid === 0) return true;
  const rows = await db.select({ id: sysMenu.id, pid: sysMenu.pid, type: sysMenu.type }).from(sysMenu);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const parent = byId.get(input.pid);
  if (!parent || parent.type !== '0') return false;
  for (let at: number | undefined = input.pid; at; at = byId.get(at)?.pid) if (at === selfId) return false;
  return true;
}

/**
 * Checks the permission of a menu row (issue 6 "Privilege escalation"): empty, or one of the keys
 * declared in packages/domain PERMISSIONS — never `*`, which belongs to the built-in admin role only —
 * else 400 naming `permission`. A caller without `*` may only put on a row a key it holds itself
 * (403 system.grant.notHeld), since every role holding the row would get that key; a row whose key is
 * left unchanged (`current`) may be edited freely.
 */
function checkPermission(req: FastifyRequest, input: MenuInput, current?: string | null): void {
  const permission = input.permission;
  if (!permission) return;
  if (!isPermissionKey(permission))
    throw fieldError(req, 'permission', 'field.menu.permission', 'system.menu.permission.unknown');
  const admin = req.admin!;
  if (permission !== current && !holdsAll(admin) && !admin.permissions.includes(permission)) throw notHeld();
}

const columnsOf = (input: MenuInput) => ({
  pid: input.pid,
  name: input.name,
  nameEn: input.nameEn ?? null,
  type: input.type,
  // Buttons have no route, icon or keep-alive (spec §5 Menu).
  path: input.type === '0' ? (input.path ?? null) : null,
  icon: input.type === '0' ? (input.icon ?? null) : null,
  keepAlive: input.type === '0' ? (input.keepAlive ?? '1') : '0',
  permission: input.permission ?? null,
  ...(input.sort === undefined ? {} : { sort: input.sort }),
});

/** Registers the menu routes of spec §7 Menus (list, tree, create, update, delete, order, cache). */
export async function menuRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/admin/menu',
    {
      config: { access: { permission: P.list } },
      schema: {
        tags,
        summary:
          'Menus for the menu screen: the whole tree (menus and buttons); ?isSelect=true gives only menus (type 0) for the parent select, under a virtual root id 0; ?parentId gives the flat children of that menu',
        querystring: z.object({
          isSelect: z.enum(['true', 'false', '1', '0']).optional(),
          parentId: z.coerce.number().int().min(0).max(INT_MAX).optional(),
        }),
      },
    },
    async (req) => {
      const rows = await allMenus(db);
      if (req.query.parentId !== undefined)
        return ok(req, rows.filter((r) => r.pid === req.query.parentId).map(toItem));
      if (req.query.isSelect === 'true' || req.query.isSelect === '1') {
        const tree = menuTree(rows.filter((r) => r.type === '0'));
        return ok(req, [{ id: 0, pid: -1, name: '顶级菜单', nameEn: 'Root', children: tree }]);
      }
      return ok(req, menuTree(rows));
    },
  );

  app.get(
    '/admin/menu/tree',
    {
      config: { access: { permission: P.list } },
      schema: { tags, summary: 'The whole menu tree, menus and buttons, in display order' },
    },
    async (req) => ok(req, menuTree(await allMenus(db))),
  );

  app.delete(
    '/admin/menu/cache',
    {
      config: { access: { permission: P.edit } },
      schema: {
        tags,
        summary: 'Clears the menu cache: menus are read per request, so there is nothing to clear',
      },
    },
    async (req) => ok(req, null),
  );

  app.post(
    '/admin/menu',
    {
      config: { access: { permission: P.add }, labels: MENU_LABELS },
      schema: {
        tags,
        summary:
          "Creates a menu (type '0': path and keepAlive required) or a button (type '1': permission required); data is the id. The permission must be a declared key (never '*'; else 400 on permission) that the caller holds (else 403).",
        body: menuCreateSchema,
      },
    },
    async (req) => {
      checkPermission(req, req.body);
      if (!(await checkParent(db, req.body)))
        throw fieldError(req, 'pid', 'field.menu.pid', 'system.menu.parent.unknown');
      const sort =
        req.body.sort ??
        (await db.select({ n: sql<number>`coalesce(max(${sysMenu.sort}), -1) + 1` }).from(sysMenu))[0]!.n;
      const [row] = await db
        .insert(sysMenu)
        .values({ ...columnsOf(req.body), sort })
        .returning({ id: sysMenu.id });
      return ok(req, row!.id, 'common.saved');
    },
  );

  app.put(
    '/admin/menu',
    {
      config: { access: { permission: P.edit }, labels: MENU_LABELS },
      schema: {
        tags,
        summary:
          'Updates a menu or button (as create, with id); data is the id. A changed permission must be a declared key (400) the caller holds (403); 404 when unknown.',
        body: menuUpdateSchema,
      },
    },
    async (req) => {
      const id = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(sysMenu).where(eq(sysMenu.id, req.body.id)).for('update');
        if (!current) throw notFound();
        checkPermission(req, req.body, current.permission);
        if (!(await checkParent(tx, req.body, req.body.id)))
          throw fieldError(req, 'pid', 'field.menu.pid', 'system.menu.parent.unknown');
        await tx
          .update(sysMenu)
          .set({ ...columnsOf(req.body), updateTime: sql`now()` })
          .where(eq(sysMenu.id, current.id));
        return current.id;
      });
      return ok(req, id, 'common.saved');
    },
  );

  app.delete(
    '/admin/menu/:id',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary: 'Deletes a menu or button without children (else 400); roles lose it',
        params: idParamSchema,
      },
    },
    async (req) => {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(sysMenu).where(eq(sysMenu.id, req.params.id)).for('update');
        if (!row) throw notFound();
        const [children] = await tx.select({ n: count() }).from(sysMenu).where(eq(sysMenu.pid, row.id));
        if (children!.n > 0) throw badRequest('system.menu.delete.hasChildren');
        await tx.delete(sysMenu).where(eq(sysMenu.id, row.id));
      });
      return ok(req, null, 'common.deleted');
    },
  );

  app.post(
    '/admin/menu/updateOrder/:a/:b',
    {
      config: { access: { permission: P.edit } },
      schema: {
        tags,
        summary: 'Swaps the display order of two sibling menus a and b (one transaction)',
        params: z.object({ a: idNumber(), b: idNumber() }),
      },
    },
    async (req) => {
      const { a, b } = req.params;
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
      return ok(req, null, 'common.saved');
    },
  );
}
