import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DICT_ITEM_LABELS,
  DICT_TYPE_LABELS,
  dictItemCreateSchema,
  dictItemUpdateSchema,
  dictTypeCreateSchema,
  dictTypeUpdateSchema,
  optionalString,
  PERMISSIONS,
  type DictItemInput,
  type DictTypeInput,
} from '@tegang/domain';
import type { Db } from '../../db';
import { sysDictItem, sysDictType } from '../../db/schema';
import { invalidateDicts } from '../../lib/dicts';
import { ok, page } from '../../lib/envelope';
import { badRequest, notFound } from '../../lib/errors';
import { idListSchema, idParamSchema, offsetOf } from '../../lib/paging';
import { fieldError, isPgError, like, loosePaging, parseListQuery } from './common';

/**
 * Dictionary types and items (spec §3 Dictionary, Dictionary item; §5; §7 Dictionaries). System
 * dictionaries (isSystem '1') are not deleted; a type has at most one default item. Every edit
 * clears the dictionary cache (lib/dicts).
 */
const P = PERMISSIONS.dict;
const tags = ['system:dict'];
type TypeRow = typeof sysDictType.$inferSelect;
type ItemRow = typeof sysDictItem.$inferSelect;
const toType = (r: TypeRow) => ({
  id: r.id,
  name: r.name,
  type: r.type,
  isSystem: r.isSystem,
  description: r.description,
  createTime: r.createTime.toISOString(),
  updateTime: r.updateTime.toISOString(),
});
const toItem = (r: ItemRow) => ({
  id: r.id,
  dictType: r.dictType,
  label: r.label,
  labelEn: r.labelEn,
  value: r.value,
  sort: r.sort,
  isDefault: r.isDefault,
  description: r.description,
  createTime: r.createTime.toISOString(),
  updateTime: r.updateTime.toISOString(),
});

async function saveType(db: Db, req: FastifyRequest, input: DictTypeInput & { id?: number }) {
  const values = {
    name: input.name,
    type: input.type,
    isSystem: input.isSystem,
    description: input.description ?? null,
  };
  try {
    return await db.transaction(async (tx) => {
      if (input.id === undefined) {
        const [row] = await tx.insert(sysDictType).values(values).returning({ id: sysDictType.id });
        return row!.id;
      }
      const [current] = await tx.select().from(sysDictType).where(eq(sysDictType.id, input.id)).for('update');
      if (!current) throw notFound();
      await tx
        .update(sysDictType)
        .set({ ...values, updateTime: sql`now()` })
        .where(eq(sysDictType.id, current.id));
      // The items follow a renamed type.
      if (current.type !== input.type)
        await tx
          .update(sysDictItem)
          .set({ dictType: input.type })
          .where(eq(sysDictItem.dictType, current.type));
      return current.id;
    });
  } catch (err) {
    if (isPgError(err, '23505')) throw fieldError(req, 'type', 'field.dict.type', 'system.dict.type.exists');
    throw err;
  } finally {
    invalidateDicts(db);
  }
}

async function deleteTypes(db: Db, ids: number[]) {
  const wanted = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(sysDictType).where(inArray(sysDictType.id, wanted)).for('update');
    if (rows.length !== wanted.length) throw notFound();
    if (rows.some((r) => r.isSystem === '1')) throw badRequest('system.dict.delete.system');
    await tx.delete(sysDictItem).where(
      inArray(
        sysDictItem.dictType,
        rows.map((r) => r.type),
      ),
    );
    await tx.delete(sysDictType).where(inArray(sysDictType.id, wanted));
  });
  invalidateDicts(db);
}

async function saveItem(db: Db, req: FastifyRequest, input: DictItemInput & { id?: number }) {
  const values = {
    dictType: input.dictType,
    label: input.label,
    labelEn: input.labelEn ?? null,
    value: input.value,
    sort: input.sort,
    isDefault: input.isDefault,
    description: input.description ?? null,
  };
  try {
    return await db.transaction(async (tx) => {
      // Locking the type serialises edits of its items: at most one default.
      const [type] = await tx
        .select()
        .from(sysDictType)
        .where(eq(sysDictType.type, input.dictType))
        .for('update');
      if (!type) throw fieldError(req, 'dictType', 'field.dict.type', 'system.dict.type.unknown');
      let id: number;
      if (input.id === undefined) {
        const [row] = await tx.insert(sysDictItem).values(values).returning({ id: sysDictItem.id });
        id = row!.id;
      } else {
        const [row] = await tx
          .update(sysDictItem)
          .set({ ...values, updateTime: sql`now()` })
          .where(eq(sysDictItem.id, input.id))
          .returning({ id: sysDictItem.id });
        if (!row) throw notFound();
        id = row.id;
      }
      if (input.isDefault === 'Y')
        await tx
          .update(sysDictItem)
          .set({ isDefault: 'N', updateTime: sql`now()` })
          .where(
            and(
              eq(sysDictItem.dictType, input.dictType),
              ne(sysDictItem.id, id),
              eq(sysDictItem.isDefault, 'Y'),
            ),
          );
      return id;
    });
  } catch (err) {
    if (isPgError(err, '23505'))
      throw fieldError(req, 'value', 'field.dictItem.value', 'system.dictItem.value.exists');
    throw err;
  } finally {
    invalidateDicts(db);
  }
}

async function deleteItems(db: Db, ids: number[]) {
  const wanted = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: sysDictItem.id })
      .from(sysDictItem)
      .where(inArray(sysDictItem.id, wanted))
      .for('update');
    if (rows.length !== wanted.length) throw notFound();
    await tx.delete(sysDictItem).where(inArray(sysDictItem.id, wanted));
  });
  invalidateDicts(db);
}

const typeSearch = z.object({
  name: optionalString(64),
  type: optionalString(64),
  isSystem: optionalString(1),
});
const itemSearch = z.object({ dictType: optionalString(64), label: optionalString(100) });
const typeDoc = loosePaging.extend(typeSearch.shape);
const itemDoc = loosePaging.extend(itemSearch.shape);

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
    async (req) => {
      const { current, size, ...q } = parseListQuery(typeSearch, req);
      const filters: SQL[] = [];
      if (q.name) filters.push(ilike(sysDictType.name, like(q.name)));
      if (q.type) filters.push(ilike(sysDictType.type, like(q.type)));
      if (q.isSystem) filters.push(eq(sysDictType.isSystem, q.isSystem));
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(sysDictType)
          .where(where)
          .orderBy(desc(sysDictType.id))
          .limit(size)
          .offset(offsetOf({ current, size })),
        db.select({ n: count() }).from(sysDictType).where(where),
      ]);
      return ok(req, page(rows.map(toType), total!.n, current, size));
    },
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
    async (req) => {
      const { current, size, ...q } = parseListQuery(itemSearch, req);
      const filters: SQL[] = [];
      if (q.dictType) filters.push(eq(sysDictItem.dictType, q.dictType));
      if (q.label) filters.push(ilike(sysDictItem.label, like(q.label)));
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(sysDictItem)
          .where(where)
          .orderBy(asc(sysDictItem.dictType), asc(sysDictItem.sort), asc(sysDictItem.id))
          .limit(size)
          .offset(offsetOf({ current, size })),
        db.select({ n: count() }).from(sysDictItem).where(where),
      ]);
      return ok(req, page(rows.map(toItem), total!.n, current, size));
    },
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
