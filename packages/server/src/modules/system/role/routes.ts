import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PERMISSIONS,
  ROLE_LABELS,
  pageOf,
  roleAuthSchema,
  roleAuthTreeSchema,
  roleCreateSchema,
  roleUpdateSchema,
  systemRoleSchema,
} from '@tegang/domain';
import { ok } from '../../../lib/envelope';
import { envelopeOf } from '../../../lib/fast-response';
import { idParamSchema } from '../../../lib/paging';
import { deleteRoutes, listRoute, noData, saveRoutes } from '../routes-crud';
import {
  allRoles,
  pageRoles,
  roleAuthTree,
  setRoleMenus,
  deleteRoles,
  saveRole,
  searchSchema,
} from './service';

const P = PERMISSIONS.role;
const tags = ['system:role'];

/** Registers the role routes of spec §7 Roles (list, create, update, delete, authorisation tree and save). */
export async function roleRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  listRoute(app, {
    url: '/admin/role/list',
    permission: P.list,
    tags,
    summary: 'Page of roles: current, size, name, code (contain), in the body or the querystring',
    search: searchSchema,
    answer: pageOf(systemRoleSchema),
    list: (_req, query) => pageRoles(db, query),
  });

  app.get(
    '/admin/role/listAllRole',
    {
      config: { access: { admin: true } },
      schema: {
        tags,
        summary: 'Every role [{id, name, code, comments}] for selects',
        response: { 200: envelopeOf(z.array(systemRoleSchema)) },
      },
    },
    async (req) => ok(req, await allRoles(db)),
  );

  saveRoutes(app, {
    url: '/admin/role',
    permissions: P,
    tags,
    labels: ROLE_LABELS,
    create: {
      summary: 'Creates a role {name, code (unique), comments}; data is the id',
      body: roleCreateSchema,
      save: (req, body) => saveRole(db, req, body),
    },
    update: {
      summary:
        'Updates a role {id, name, code, comments}; data is the id. Only a holder of all rights changes the admin role or a role the caller holds (else 403).',
      body: roleUpdateSchema,
      save: (req, body) => saveRole(db, req, body),
    },
  });

  deleteRoutes(app, {
    url: '/admin/role',
    permission: P.remove,
    tags,
    summaries: {
      byIds:
        "Deletes roles {idList} in one transaction (never the 'admin' role: 400; never a role the caller holds, unless it holds all rights: 403)",
      byId: "Deletes a role (never the 'admin' role: 400; nor a role the caller holds: 403)",
    },
    remove: (req, ids) => deleteRoles(db, req.admin!, ids),
  });

  app.get(
    '/admin/role/authTree/:id',
    {
      config: { access: { permission: P.auth } },
      schema: {
        tags,
        summary:
          'The authorisation tree of a role: {tree: every menu and button, checkedKeys: the menu ids it holds}',
        params: idParamSchema,
        response: { 200: envelopeOf(roleAuthTreeSchema) },
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
        response: noData,
      },
    },
    async (req) => {
      await setRoleMenus(db, req.admin!, req.body.roleId, req.body.menuIds);
      return ok(req, null, 'common.saved');
    },
  );
}
