import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DICT_ITEM_LABELS,
  DICT_TYPE_LABELS,
  dictItemCreateSchema,
  dictItemUpdateSchema,
  dictTypeCreateSchema,
  dictTypeUpdateSchema,
  pageOf,
  PERMISSIONS,
  systemDictItemSchema,
  systemDictTypeSchema,
} from '@tegang/domain';
import type { FastifyRequest } from 'fastify';
import { requireProvinceLevel } from '../../../lib/scope';
import { deleteRoutes, listRoute, saveRoutes } from '../routes-crud';
import {
  pageDictItems,
  pageDictTypes,
  deleteItems,
  deleteTypes,
  itemSearch,
  saveItem,
  saveType,
  typeSearch,
} from './service';

const P = PERMISSIONS.dict;
const tags = ['system:dict'];

/** Dictionaries are province-wide: every write asks for a province-level account (docs/security.md "Province-wide objects"). */
const provinceOnly = (req: FastifyRequest) => requireProvinceLevel(req.admin, 'dict');

/**
 * Registers the dictionary routes of spec §7 Dictionaries (types and items: list, create, update,
 * delete). Writes answer 403 'province.only' to a city or county account.
 */
export async function dictRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  listRoute(app, {
    url: '/admin/dictType/list',
    permission: P.list,
    tags,
    summary: 'Page of dictionary types: current, size, name, type (contain), isSystem; body or querystring',
    search: typeSearch,
    answer: pageOf(systemDictTypeSchema),
    list: (_req, query) => pageDictTypes(db, query),
  });

  saveRoutes(app, {
    url: '/admin/dictType',
    permissions: P,
    tags,
    labels: DICT_TYPE_LABELS,
    create: {
      summary:
        "Creates a dictionary type {name, type (unique), isSystem '0'|'1', description}; data is the id. Province-level accounts only (403 province.only).",
      body: dictTypeCreateSchema,
      save: (req, body) => {
        provinceOnly(req);
        return saveType(db, req, body);
      },
    },
    update: {
      summary:
        'Updates a dictionary type (as create, with id; its items follow a new type). Province-level accounts only (403 province.only).',
      body: dictTypeUpdateSchema,
      save: (req, body) => {
        provinceOnly(req);
        return saveType(db, req, body);
      },
    },
  });

  deleteRoutes(app, {
    url: '/admin/dictType',
    permission: P.remove,
    tags,
    summaries: {
      byIds:
        "Deletes dictionary types {idList} with their items in one transaction; system ones (isSystem '1') are refused. Province-level accounts only (403 province.only).",
      byId: "Deletes a dictionary type with its items; a system one (isSystem '1') is refused. Province-level accounts only (403 province.only).",
    },
    remove: (req, ids) => {
      provinceOnly(req);
      return deleteTypes(db, ids);
    },
  });

  listRoute(app, {
    url: '/admin/dictItem/list',
    permission: P.list,
    tags,
    summary:
      'Page of dictionary items in order: current, size, dictType, label (contains); body or querystring',
    search: itemSearch,
    answer: pageOf(systemDictItemSchema),
    list: (_req, query) => pageDictItems(db, query),
  });

  saveRoutes(app, {
    url: '/admin/dictItem',
    permissions: P,
    tags,
    labels: DICT_ITEM_LABELS,
    create: {
      summary:
        "Creates a dictionary item {dictType, label, labelEn, value, isDefault 'Y'|'N' (default N; one Y per type), sort, description}. Province-level accounts only (403 province.only).",
      body: dictItemCreateSchema,
      save: (req, body) => {
        provinceOnly(req);
        return saveItem(db, req, body);
      },
    },
    update: {
      summary:
        'Updates a dictionary item (as create, with id). Province-level accounts only (403 province.only).',
      body: dictItemUpdateSchema,
      save: (req, body) => {
        provinceOnly(req);
        return saveItem(db, req, body);
      },
    },
  });

  deleteRoutes(app, {
    url: '/admin/dictItem',
    permission: P.remove,
    tags,
    summaries: {
      byIds:
        'Deletes dictionary items {idList} in one transaction. Province-level accounts only (403 province.only).',
      byId: 'Deletes a dictionary item. Province-level accounts only (403 province.only).',
    },
    remove: (req, ids) => {
      provinceOnly(req);
      return deleteItems(db, ids);
    },
  });
}
