import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FieldLabels, PermissionKey } from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { encryptedEnvelope, envelopeOf } from '../../lib/fast-response';
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
 * with what `list` returns (a §9 page {records, total, current, size}, or a tree), whose response
 * schema is `answer`.
 */
export function listRoute<S extends z.ZodObject, A extends z.ZodType>(
  app: ZodApp,
  route: {
    url: string;
    permission: PermissionKey;
    tags: string[];
    summary: string;
    search: S;
    answer: A;
    list: (req: FastifyRequest, query: ReturnType<typeof parseListQuery<S>>) => Promise<z.output<A>>;
  },
): void {
  const doc = loosePaging.extend(route.search.shape);
  app.post(
    route.url,
    {
      config: { access: { permission: route.permission } },
      schema: {
        tags: route.tags,
        summary: route.summary,
        querystring: doc,
        body: doc.nullish(),
        // Checked against `list` by the signature above; the route sees any data.
        response: { 200: envelopeOf(route.answer as z.ZodType) },
      },
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
 * `ok(req, id, 'common.saved')` (encrypted: the id as ciphertext); errors are those of `save` (400
 * naming a field, 403, 404).
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
  const response = { 200: encrypted ? encryptedEnvelope : savedId };
  app.post(
    url,
    {
      config: config(route.permissions.add),
      schema: { tags, summary: create.summary, body: create.body, response },
    },
    async (req) => ok(req, await create.save(req, req.body as z.output<C>), 'common.saved'),
  );
  app.put(
    url,
    {
      config: config(route.permissions.edit),
      schema: { tags, summary: update.summary, body: update.body, response },
    },
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
    { config, schema: { tags, summary: summaries.byIds, body: idListSchema, response: noData } },
    async (req) => {
      await remove(req, req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );
  app.delete(
    `${url}/:id`,
    { config, schema: { tags, summary: summaries.byId, params: idParamSchema, response: noData } },
    async (req) => {
      await remove(req, [req.params.id]);
      return ok(req, null, 'common.deleted');
    },
  );
}

/** The answer of a write whose data is the saved row's id. */
export const savedId = envelopeOf(z.number().int());
/** The response schemas of a call whose data is null (deletes, state changes). */
export const noData = { 200: envelopeOf(z.null()) };
