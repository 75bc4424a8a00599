import { asc, count, eq, ilike, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  optionalString,
  REGION_ROOT,
  translate,
  type Lang,
  type Page,
  type RegionInput,
  type RegionSelectNode,
  type SystemRegion,
} from '@tegang/domain';
import { containsPattern, prefixPattern } from '../../../lib/like';
import { pageOf, type Paging } from '../../../lib/paging';
import type { Db } from '../../../db';
import { enroll, recruitPlanData, sysRegion, sysUser } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { fieldError } from '../../../lib/field-error';
import { isPgError } from '../../../lib/pg-error';
import { invalidateRegions } from '../../../lib/regions';

/**
 * Regions (spec §3 Region, §5 Region, §7 Region): GB/T 2260 codes of six digits; a province has
 * parent '0'; the level follows from the parent. Every edit clears the region cache of reference.ts.
 */
type RegionRow = typeof sysRegion.$inferSelect;
/** The answer shape of a region row (parentCode REGION_ROOT for a province). */
export const toRegion = (r: RegionRow): SystemRegion => ({
  id: r.id,
  code: r.code,
  parentCode: r.parentCode ?? REGION_ROOT,
  name: r.name,
  level: r.level,
  createTime: r.createTime.toISOString(),
});

/** Creates (no id) or updates a region, its level following from the parent; returns the id. 400 naming the field (unknown parent, taken code); 404 when unknown. */
export async function saveRegion(
  db: Db,
  req: FastifyRequest,
  input: RegionInput & { id?: number },
): Promise<number> {
  let level = 1;
  if (input.parentCode !== REGION_ROOT) {
    const [parent] = await db.select().from(sysRegion).where(eq(sysRegion.code, input.parentCode));
    if (!parent || parent.level >= 3 || parent.code === input.code)
      throw fieldError(req, 'parentCode', 'field.region.parent', 'system.region.parent.unknown');
    level = parent.level + 1;
  }
  const values = {
    code: input.code,
    parentCode: input.parentCode === REGION_ROOT ? null : input.parentCode,
    name: input.name,
    level,
  };
  try {
    const id = await db.transaction(async (tx) => {
      if (input.id === undefined) {
        const [row] = await tx.insert(sysRegion).values(values).returning({ id: sysRegion.id });
        return row!.id;
      }
      const [current] = await tx.select().from(sysRegion).where(eq(sysRegion.id, input.id)).for('update');
      if (!current) throw notFound();
      const [children] = await tx
        .select({ n: count() })
        .from(sysRegion)
        .where(eq(sysRegion.parentCode, current.code));
      // A region with sub-regions keeps its level (their levels follow from it).
      if (children!.n > 0 && level !== current.level)
        throw fieldError(req, 'parentCode', 'field.region.parent', 'system.region.parent.unknown');
      await tx.update(sysRegion).set(values).where(eq(sysRegion.id, current.id));
      if (current.code !== input.code)
        await tx
          .update(sysRegion)
          .set({ parentCode: input.code })
          .where(eq(sysRegion.parentCode, current.code));
      return current.id;
    });
    return id;
  } catch (err) {
    if (isPgError(err, '23505'))
      throw fieldError(req, 'code', 'field.region.code', 'system.region.code.exists');
    throw err;
  } finally {
    invalidateRegions(db);
  }
}

/** Deletes regions in one transaction: 400 for one with sub-regions or used by users, demand or enrolments; 404 when unknown. */
export async function deleteRegions(db: Db, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  try {
    await db.transaction(async (tx) => {
      const rows = await tx.select().from(sysRegion).where(inArray(sysRegion.id, wanted)).for('update');
      if (rows.length !== wanted.length) throw notFound();
      const codes = rows.map((r) => r.code);
      const children = await tx
        .select({ code: sysRegion.code })
        .from(sysRegion)
        .where(inArray(sysRegion.parentCode, codes));
      if (children.some((c) => !codes.includes(c.code))) throw badRequest('system.region.delete.hasChildren');
      const used = (t: typeof sysUser | typeof enroll | typeof recruitPlanData) =>
        tx
          .select({ n: count() })
          .from(t)
          .where(
            or(inArray(t.provinceCode, codes), inArray(t.cityCode, codes), inArray(t.countyCode, codes)),
          );
      for (const t of [sysUser, enroll, recruitPlanData]) {
        const [n] = await used(t);
        if (n!.n > 0) throw badRequest('system.region.delete.inUse');
      }
      await tx.delete(sysRegion).where(inArray(sysRegion.id, wanted));
    });
  } finally {
    invalidateRegions(db);
  }
}

export const searchSchema = z.object({
  name: optionalString(64),
  code: optionalString(12),
  parentCode: optionalString(12),
});

/**
 * GET /system/region/page: one page of regions by code; name "contains", code "starts with",
 * parentCode exact (REGION_ROOT for the provinces).
 */
export async function pageRegions(
  db: Db,
  query: Paging & z.output<typeof searchSchema>,
): Promise<Page<SystemRegion>> {
  const { name, code, parentCode } = query;
  return pageOf(db, sysRegion, query, {
    where: [
      name ? ilike(sysRegion.name, containsPattern(name)) : undefined,
      code ? like(sysRegion.code, prefixPattern(code)) : undefined,
      parentCode === REGION_ROOT
        ? isNull(sysRegion.parentCode)
        : parentCode
          ? eq(sysRegion.parentCode, parentCode)
          : undefined,
    ],
    orderBy: [asc(sysRegion.code)],
    toRecords: (rows) => rows.map(toRegion),
  });
}

/**
 * GET /system/region/regionTreeSelect: the regions that can be a parent (provinces and cities) as a
 * tree under one root {id 0, code REGION_ROOT, name 'system.region.root' in `lang`, level 0};
 * `skipId` leaves out that region and its sub-regions.
 */
export async function parentRegionTree(db: Db, lang: Lang, skipId?: number): Promise<RegionSelectNode[]> {
  const rows = await db
    .select()
    .from(sysRegion)
    .where(sql`${sysRegion.level} < 3`)
    .orderBy(asc(sysRegion.code));
  const skip = rows.find((r) => r.id === skipId)?.code;
  const nodes = new Map<string, RegionSelectNode>();
  const roots: RegionSelectNode[] = [];
  for (const r of rows) {
    if (skip && (r.code === skip || r.parentCode === skip)) continue;
    const node: RegionSelectNode = { id: r.id, code: r.code, name: r.name, level: r.level };
    nodes.set(r.code, node);
    const parent = r.parentCode ? nodes.get(r.parentCode) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else if (!r.parentCode) roots.push(node);
  }
  return [
    { id: 0, code: REGION_ROOT, name: translate(lang, 'system.region.root'), level: 0, children: roots },
  ];
}

/** GET /system/region/{id}: one region; 404 'error.notFound'. */
export async function getRegion(db: Db, id: number): Promise<SystemRegion> {
  const [row] = await db.select().from(sysRegion).where(eq(sysRegion.id, id));
  if (!row) throw notFound();
  return toRegion(row);
}
