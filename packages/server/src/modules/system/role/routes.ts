import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLE_LABELS, roleAuthSchema, roleCreateSchema, roleUpdateSchema } from '@tegang/domain';
import { ok } from '../../../lib/envelope';
import { idListSchema, idParamSchema } from '../../../lib/paging';
import { parseListQuery } from '../common';
import {
  P,
  allRoles,
  pageRoles,
  roleAuthTree,
  setRoleMenus,
  deleteRoles,
  listDoc,
  saveRole,
  searchSchema,
  tags,
} from './service';

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
    async (req) => ok(req, await pageRoles(db, parseListQuery(searchSchema, req))),
  );

  app.get(
    '/admin/role/listAllRole',
    {
      config: { access: { admin: true } },
      schema: { tags, summary: 'Every role [{id, name, code, comments}] for selects' },
    },
    async (req) => ok(req, await allRoles(db)),
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
    async (req) => ok(req, await roleAuthTree(db, req.params.id)),
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
      await setRoleMenus(db, req.admin!, req.body.roleId, req.body.menuIds);
      return ok(req, null, 'common.saved');
    },
  );
}
