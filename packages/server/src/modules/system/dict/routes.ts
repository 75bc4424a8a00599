import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DICT_ITEM_LABELS,
  DICT_TYPE_LABELS,
  dictItemCreateSchema,
  dictItemUpdateSchema,
  dictTypeCreateSchema,
  dictTypeUpdateSchema,
} from '@tegang/domain';
import { ok } from '../../../lib/envelope';
import { idListSchema, idParamSchema } from '../../../lib/paging';
import { parseListQuery } from '../common';
import {
  P,
  pageDictItems,
  pageDictTypes,
  deleteItems,
  deleteTypes,
  itemDoc,
  itemSearch,
  saveItem,
  saveType,
  tags,
  typeDoc,
  typeSearch,
} from './service';

/** Registers the dictionary routes of spec §7 Dictionaries (types and items: list, create, update, delete). */
export async function dictRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.post(
    '/admin/dictType/list',
    {
      config: { access: { permission: P.list } },
      schema: {
        tags,
        summary:
          'Page of dictionary types: current, size, name, type (contain), isSystem; body or querystring',
        querystring: typeDoc,
        body: typeDoc.nullish(),
      },
    },
    async (req) => ok(req, await pageDictTypes(db, parseListQuery(typeSearch, req))),
  );

  app.post(
    '/admin/dictType',
    {
      config: { access: { permission: P.add }, labels: DICT_TYPE_LABELS },
      schema: {
        tags,
        summary:
          "Creates a dictionary type {name, type (unique), isSystem '0'|'1', description}; data is the id",
        body: dictTypeCreateSchema,
      },
    },
    async (req) => ok(req, await saveType(db, req, req.body), 'common.saved'),
  );

  app.put(
    '/admin/dictType',
    {
      config: { access: { permission: P.edit }, labels: DICT_TYPE_LABELS },
      schema: {
        tags,
        summary: 'Updates a dictionary type (as create, with id; its items follow a new type)',
        body: dictTypeUpdateSchema,
      },
    },
    async (req) => ok(req, await saveType(db, req, req.body), 'common.saved'),
  );

  app.delete(
    '/admin/dictType/deleteByIds',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary:
          "Deletes dictionary types {idList} with their items in one transaction; system ones (isSystem '1') are refused",
        body: idListSchema,
      },
    },
    async (req) => {
      await deleteTypes(db, req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );

  app.delete(
    '/admin/dictType/:id',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary: "Deletes a dictionary type with its items; a system one (isSystem '1') is refused",
        params: idParamSchema,
      },
    },
    async (req) => {
      await deleteTypes(db, [req.params.id]);
      return ok(req, null, 'common.deleted');
    },
  );

  app.post(
    '/admin/dictItem/list',
    {
      config: { access: { permission: P.list } },
      schema: {
        tags,
        summary:
          'Page of dictionary items in order: current, size, dictType, label (contains); body or querystring',
        querystring: itemDoc,
        body: itemDoc.nullish(),
      },
    },
    async (req) => ok(req, await pageDictItems(db, parseListQuery(itemSearch, req))),
  );

  app.post(
    '/admin/dictItem',
    {
      config: { access: { permission: P.add }, labels: DICT_ITEM_LABELS },
      schema: {
        tags,
        summary:
          "Creates a dictionary item {dictType, label, labelEn, value, isDefault 'Y'|'N' (default N; one Y per type), sort, description}",
        body: dictItemCreateSchema,
      },
    },
    async (req) => ok(req, await saveItem(db, req, req.body), 'common.saved'),
  );

  app.put(
    '/admin/dictItem',
    {
      config: { access: { permission: P.edit }, labels: DICT_ITEM_LABELS },
      schema: { tags, summary: 'Updates a dictionary item (as create, with id)', body: dictItemUpdateSchema },
    },
    async (req) => ok(req, await saveItem(db, req, req.body), 'common.saved'),
  );

  app.delete(
    '/admin/dictItem/deleteByIds',
    {
      config: { access: { permission: P.remove } },
      schema: { tags, summary: 'Deletes dictionary items {idList} in one transaction', body: idListSchema },
    },
    async (req) => {
      await deleteItems(db, req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );

  app.delete(
    '/admin/dictItem/:id',
    {
      config: { access: { permission: P.remove } },
      schema: { tags, summary: 'Deletes a dictionary item', params: idParamSchema },
    },
    async (req) => {
      await deleteItems(db, [req.params.id]);
      return ok(req, null, 'common.deleted');
    },
  );
}
