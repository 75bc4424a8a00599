import { and, asc, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  optionalString,
  type DictItemInput,
  type DictTypeInput,
  type Page,
  type SystemDictItem,
  type SystemDictType,
} from '@tegang/domain';
import { containsPattern } from '../../../lib/like';
import { pageOf, type Paging } from '../../../lib/paging';
import type { Db } from '../../../db';
import { sysDictItem, sysDictType } from '../../../db/schema';
import { invalidateDicts } from '../../../lib/dicts';
import { badRequest, notFound } from '../../../lib/errors';
import { fieldError } from '../../../lib/field-error';
import { isPgError } from '../../../lib/pg-error';

/**
 * Dictionary types and items (spec §3 Dictionary, Dictionary item; §5; §7 Dictionaries). System
 * dictionaries (isSystem '1') are not deleted; a type has at most one default item. Every edit
 * clears the dictionary cache (lib/dicts).
 */
type TypeRow = typeof sysDictType.$inferSelect;
type ItemRow = typeof sysDictItem.$inferSelect;
/** The answer shape of a dictionary type row (times ISO 8601). */
export const toType = (r: TypeRow): SystemDictType => ({
  id: r.id,
  name: r.name,
  type: r.type,
  isSystem: r.isSystem,
  description: r.description,
  createTime: r.createTime.toISOString(),
  updateTime: r.updateTime.toISOString(),
});
/** The answer shape of a dictionary item row (times ISO 8601). */
export const toItem = (r: ItemRow): SystemDictItem => ({
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

/** Creates (no id) or updates a dictionary type; returns the id. 400 on a taken type code; 404 when unknown. Clears the dictionary cache. */
export async function saveType(db: Db, req: FastifyRequest, input: DictTypeInput & { id?: number }) {
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

/** Deletes dictionary types in one transaction; 400 'system.dict.delete.system' for a system type; 404 when unknown. Clears the dictionary cache. */
export async function deleteTypes(db: Db, ids: number[]) {
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

/** Creates (no id) or updates a dictionary item; returns the id. 400 naming the field (unknown type, value taken in the type); 404 when unknown. Clears the dictionary cache. */
export async function saveItem(db: Db, req: FastifyRequest, input: DictItemInput & { id?: number }) {
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

/** Deletes dictionary items in one transaction; 404 when unknown. Clears the dictionary cache. */
export async function deleteItems(db: Db, ids: number[]) {
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

export const typeSearch = z.object({
  name: optionalString(64),
  type: optionalString(64),
  isSystem: optionalString(1),
});
export const itemSearch = z.object({ dictType: optionalString(64), label: optionalString(100) });

/** POST /admin/dictType/list: a page of types, newest first; name and type "contain", isSystem exact. */
export async function pageDictTypes(
  db: Db,
  query: Paging & z.output<typeof typeSearch>,
): Promise<Page<SystemDictType>> {
  const { name, type, isSystem } = query;
  return pageOf(db, sysDictType, query, {
    where: [
      name ? ilike(sysDictType.name, containsPattern(name)) : undefined,
      type ? ilike(sysDictType.type, containsPattern(type)) : undefined,
      isSystem ? eq(sysDictType.isSystem, isSystem) : undefined,
    ],
    orderBy: [desc(sysDictType.id)],
    toRecords: (rows) => rows.map(toType),
  });
}

/** POST /admin/dictItem/list: a page of items by type and sort; dictType exact, label "contains". */
export async function pageDictItems(
  db: Db,
  query: Paging & z.output<typeof itemSearch>,
): Promise<Page<SystemDictItem>> {
  const { dictType, label } = query;
  return pageOf(db, sysDictItem, query, {
    where: [
      dictType ? eq(sysDictItem.dictType, dictType) : undefined,
      label ? ilike(sysDictItem.label, containsPattern(label)) : undefined,
    ],
    orderBy: [asc(sysDictItem.dictType), asc(sysDictItem.sort), asc(sysDictItem.id)],
    toRecords: (rows) => rows.map(toItem),
  });
}
