import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  editPasswordSchema,
  translate,
  USER_LABELS,
  USER_STATES,
  PERMISSIONS,
  codeOptionSchema,
  pageOf,
  systemUserSchema,
  userCreateSchema,
  userProfileSchema,
  userQuerySchema,
  userUpdateSchema,
} from '@tegang/domain';
import { ok } from '../../../lib/envelope';
import { encryptedEnvelope, envelopeOf } from '../../../lib/fast-response';
import { idParamSchema } from '../../../lib/paging';
import { deleteRoutes, listRoute, saveRoutes } from '../routes-crud';
import {
  changeOwnPassword,
  deleteUsers,
  ownUser,
  pageUsers,
  resetUserPassword,
  saveUser,
  scopedUser,
  setUserState,
  toUsers,
  updateOwnProfile,
  updateUser,
} from './service';

const P = PERMISSIONS.user;
const tags = ['system:user'];

/** Registers the user routes of spec §7 Users (list, create, update, delete, state, password, own profile). */
export async function userRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  listRoute(app, {
    url: '/system/user/list',
    permission: P.list,
    tags,
    summary:
      'Page of users inside the caller’s region scope: current, size, userName, nickName, phone (contain), state, departmentId; in the body or the querystring. No password hashes; with roleIds.',
    search: userQuerySchema,
    answer: pageOf(systemUserSchema),
    list: (req, query) => pageUsers(db, req.admin!, query),
  });

  app.get(
    '/system/user/getUserState',
    {
      config: { access: { admin: true } },
      schema: {
        tags,
        summary: "User state options [{value, label}]: 0 active, 1 disabled, in the caller's language",
        response: { 200: envelopeOf(z.array(codeOptionSchema)) },
      },
    },
    async (req) =>
      ok(
        req,
        USER_STATES.map((value) => ({ value, label: translate(req.lang, `system.user.state.${value}`) })),
      ),
  );

  saveRoutes(app, {
    url: '/system/user',
    permissions: P,
    tags,
    labels: USER_LABELS,
    encrypted: true,
    create: {
      summary:
        'Creates a user (encrypted): nickName, sex, userName, password (strength rule), departmentId, region codes (at least one level, inside the caller’s scope), roleIds, state (default 0), phone; data is the id. 403 when a role grants a right the caller does not hold.',
      body: userCreateSchema,
      save: (req, body) => saveUser(db, req, body),
    },
    update: {
      summary:
        'Updates a user (encrypted; as create with id, without password); data is the id. 404 outside the scope; 403 for the seeded admin (except by itself), a user holding rights the caller lacks, a change of the own roles, or a role granting a right the caller lacks.',
      body: userUpdateSchema,
      save: (req, body) => updateUser(db, req, body),
    },
  });

  deleteRoutes(app, {
    url: '/system/user',
    permission: P.remove,
    tags,
    summaries: {
      byIds:
        'Deletes users {idList} in one transaction (never the seeded admin nor the caller: 400; 404 outside the scope; 403 for a user holding rights the caller lacks)',
      byId: 'Deletes a user (never the seeded admin nor the caller)',
    },
    remove: (req, ids) => deleteUsers(db, req.admin!, ids),
  });

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
        response: { 200: envelopeOf(z.enum(USER_STATES)) },
      },
    },
    async (req) =>
      ok(req, await setUserState(db, req.admin!, req.params.id, req.body?.state), 'common.saved'),
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
        response: { 200: envelopeOf(z.object({ password: z.string() })) },
      },
    },
    async (req) =>
      ok(
        req,
        { password: await resetUserPassword(db, req.admin!, req.params.id) },
        'system.user.passwordReset',
      ),
  );

  app.put(
    '/system/user/updateById',
    {
      config: { access: { admin: true }, encrypted: true, labels: USER_LABELS },
      schema: {
        tags,
        summary: "Updates the caller's own profile (encrypted): nickName, phone, sex, avatar",
        body: userProfileSchema,
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) => {
      await updateOwnProfile(db, req.admin!.id, req.body);
      return ok(req, req.admin!.id, 'common.saved');
    },
  );

  app.get(
    '/system/user/getById',
    {
      config: { access: { admin: true } },
      schema: {
        tags,
        summary: "The caller's own user (no password hash), with roleIds",
        response: { 200: envelopeOf(systemUserSchema) },
      },
    },
    async (req) => ok(req, await ownUser(db, req.admin!.id)),
  );

  app.get(
    '/system/user/getById/:id',
    {
      config: { access: { permission: P.query } },
      schema: {
        tags,
        summary: 'One user inside the caller’s scope (no password hash), with roleIds',
        params: idParamSchema,
        response: { 200: envelopeOf(systemUserSchema) },
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
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) => {
      await changeOwnPassword(db, req.admin!, req.body.oldPsw, req.body.newPsw);
      return ok(req, null, 'auth.passwordChanged');
    },
  );
}
