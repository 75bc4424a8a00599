import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { FieldLabels, PermissionKey } from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { idListSchema, idParamSchema } from '../../lib/paging';
import { loosePaging, parseListQuery } from './common';

/**
 * Route shapes repeated by the system screens (spec §7 Users, Roles, Departments, Region,
 * Dictionaries): the paged POST list, create + update, and delete by ids + delete one. Each helper
 * registers exactly what the screens declared by hand before: same paths, access keys, schemas,
 * answers and messages.
 */

/** A Fastify instance with the Zod type provider, as every route file makes it. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * POST `url`: a list whose search (paging + `search`) may come in the querystring, the JSON body or
 * both (`parseListQuery`: the body wins; 400 naming the field on bad input). Answers `ok(req, data)`
 * with what `list` returns (a §9 page {records, total, current, size}, or a tree).
 */
export function listRoute<S extends z.ZodObject>(
  app: ZodApp,
  route: {
    url: string;
    permission: PermissionKey;
    tags: string[];
    summary: string;
    search: S;
    list: (req: FastifyRequest, query: ReturnType<typeof parseListQuery<S>>) => Promise<unknown>;
  },
): void {
  const doc = loosePaging.extend(route.search.shape);
  app.post(
    route.url,
    {
      config: { access: { permission: route.permission } },
      schema: { tags: route.tags, summary: route.summary, querystring: doc, body: doc.nullish() },
    },
    async (req) => ok(req, await route.list(req, parseListQuery(route.search, req))),
  );
}

/** One of the two writes of `saveRoutes`: its OpenAPI summary, its body schema and the write (returns the id). */
export interface SaveRoute<B extends z.ZodType> {
  summary: string;
  body: B;
  save: (req: FastifyRequest, body: z.output<B>) => Promise<number>;
}

/**
 * POST `url` (create, `permissions.add`) and PUT `url` (update, `permissions.edit`), in that order.
 * Validation messages name the fields by `labels`; `encrypted` demands an encrypted body. Both answer
 * `ok(req, id, 'common.saved')`; errors are those of `save` (400 naming a field, 403, 404).
 */
export function saveRoutes<C extends z.ZodType, U extends z.ZodType>(
  app: ZodApp,
  route: {
    url: string;
    permissions: { add: PermissionKey; edit: PermissionKey };
    tags: string[];
    labels: FieldLabels;
    encrypted?: true;
    create: SaveRoute<C>;
    update: SaveRoute<U>;
  },
): void {
  const { url, tags, labels, encrypted } = route;
  const config = (permission: PermissionKey) => ({
    access: { permission },
    labels,
    ...(encrypted && { encrypted }),
  });
  const { create, update } = route;
  app.post(
    url,
    { config: config(route.permissions.add), schema: { tags, summary: create.summary, body: create.body } },
    async (req) => ok(req, await create.save(req, req.body as z.output<C>), 'common.saved'),
  );
  app.put(
    url,
    { config: config(route.permissions.edit), schema: { tags, summary: update.summary, body: update.body } },
    async (req) => ok(req, await update.save(req, req.body as z.output<U>), 'common.saved'),
  );
}

/**
 * DELETE `url`/deleteByIds with the body {idList} (`summaries.byIds`) and DELETE `url`/:id
 * (`summaries.byId`), in that order, both under `permission`. `remove` deletes the ids (all or
 * nothing, as each service says: 400, 403, 404); both answer `ok(req, null, 'common.deleted')`.
 */
export function deleteRoutes(
  app: ZodApp,
  route: {
    url: string;
    permission: PermissionKey;
    tags: string[];
    summaries: { byIds: string; byId: string };
    remove: (req: FastifyRequest, ids: number[]) => Promise<void>;
  },
): void {
  const { url, tags, summaries, remove } = route;
  const config = { access: { permission: route.permission } };
  app.delete(
    `${url}/deleteByIds`,
    { config, schema: { tags, summary: summaries.byIds, body: idListSchema } },
    async (req) => {
      await remove(req, req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );
  app.delete(
    `${url}/:id`,
    { config, schema: { tags, summary: summaries.byId, params: idParamSchema } },
    async (req) => {
      await remove(req, [req.params.id]);
      return ok(req, null, 'common.deleted');
    },
  );
}
