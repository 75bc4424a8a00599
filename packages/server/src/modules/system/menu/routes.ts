import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MENU_LABELS,
  menuCreateSchema,
  menuUpdateSchema,
  idNumber,
  INT_MAX,
  PERMISSIONS,
  menuItemSchema,
  menuSelectRootSchema,
} from '@tegang/domain';
import { ok } from '../../../lib/envelope';
import { envelopeOf } from '../../../lib/fast-response';
import { idParamSchema } from '../../../lib/paging';
import { noData, savedId } from '../routes-crud';
import { revokeCached } from '../../../lib/session-cache';
import { allMenus, createMenu, deleteMenu, menuList, menuTree, swapMenuOrder, updateMenu } from './service';

const P = PERMISSIONS.menu;
const tags = ['system:menu'];
const menus = envelopeOf(z.array(menuItemSchema));

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
        response: {
          200: envelopeOf(z.union([z.array(menuItemSchema), z.tuple([menuSelectRootSchema])])),
        },
      },
    },
    async (req) =>
      ok(
        req,
        await menuList(db, {
          select: req.query.isSelect === 'true' || req.query.isSelect === '1',
          parentId: req.query.parentId,
        }),
      ),
  );

  app.get(
    '/admin/menu/tree',
    {
      config: { access: { permission: P.list } },
      schema: {
        tags,
        summary: 'The whole menu tree, menus and buttons, in display order',
        response: { 200: menus },
      },
    },
    async (req) => ok(req, menuTree(await allMenus(db))),
  );

  app.delete(
    '/admin/menu/cache',
    {
      config: { access: { permission: P.edit } },
      schema: {
        tags,
        summary:
          "Clears the menu cache: every node drops the administrators' sessions, roles and permissions it keeps in memory (they are trusted for two seconds at most, and menu, role and user edits through the API drop them at once), so a change written straight into the database applies from the next request too. data null.",
        response: noData,
      },
    },
    async (req) => {
      await revokeCached(db, { admins: true });
      return ok(req, null, 'system.menu.cache.cleared');
    },
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
        response: { 200: savedId },
      },
    },
    async (req) => ok(req, await createMenu(db, req, req.body), 'common.saved'),
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
        response: { 200: savedId },
      },
    },
    async (req) => ok(req, await updateMenu(db, req, req.body), 'common.saved'),
  );

  app.delete(
    '/admin/menu/:id',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary: 'Deletes a menu or button without children (else 400); roles lose it',
        params: idParamSchema,
        response: noData,
      },
    },
    async (req) => {
      await deleteMenu(db, req.params.id);
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
        response: noData,
      },
    },
    async (req) => {
      await swapMenuOrder(db, req.params.a, req.params.b);
      return ok(req, null, 'common.saved');
    },
  );
}
