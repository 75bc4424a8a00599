import { and, asc, count, eq, ilike, inArray, isNull, like as sqlLike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  optionalString,
  PERMISSIONS,
  REGION_LABELS,
  REGION_ROOT,
  regionCreateSchema,
  regionUpdateSchema,
  type RegionInput,
  idNumber,
} from '@tegang/domain';
import type { Db } from '../../db';
import { enroll, recruitPlanData, sysRegion, sysUser } from '../../db/schema';
import { ok, page } from '../../lib/envelope';
import { badRequest, notFound } from '../../lib/errors';
import { idListSchema, idParamSchema, offsetOf, pagingSchema } from '../../lib/paging';
import { fieldError, isPgError, like } from './common';
import { invalidateRegions } from './reference';

/**
 * Regions (spec §3 Region, §5 Region, §7 Region): GB/T 2260 codes of six digits; a province has
 * parent '0'; the level follows from the parent. Every edit clears the region cache of reference.ts.
 */
const P = PERMISSIONS.region;
const tags = ['system:region'];
type RegionRow = typeof sysRegion.$inferSelect;
const toRegion = (r: RegionRow) => ({
  id: r.id,
  code: r.code,
  parentCode: r.parentCode ?? REGION_ROOT,
  name: r.name,
  level: r.level,
  createTime: r.createTime.toISOString(),
});
interface RegionSelectNode {
  id: number;
  code: string;
  name: string;
  level: number;
  children?: RegionSelectNode[];
}

async function saveRegion(
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

async function deleteRegions(db: Db, ids: number[]): Promise<void> {
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

const searchSchema = z.object({
  name: optionalString(64),
  code: optionalString(12),
  parentCode: optionalString(12),
});

export async function regionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/system/region/page',
    {
      config: { access: { permission: P.list } },
      schema: {
        tags,
        summary:
          "Page of regions by code: current, size, name (contains), code (prefix), parentCode ('0' for provinces)",
        querystring: pagingSchema.extend(searchSchema.shape),
      },
    },
    async (req) => {
      const { current, size, name, code, parentCode } = req.query;
      const filters: SQL[] = [];
      if (name) filters.push(ilike(sysRegion.name, like(name)));
      if (code) filters.push(sqlLike(sysRegion.code, `${code.replace(/[\\%_]/g, '\\$&')}%`));
      if (parentCode)
        filters.push(
          parentCode === REGION_ROOT ? isNull(sysRegion.parentCode) : eq(sysRegion.parentCode, parentCode),
        );
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(sysRegion)
          .where(where)
          .orderBy(asc(sysRegion.code))
          .limit(size)
          .offset(offsetOf({ current, size })),
        db.select({ n: count() }).from(sysRegion).where(where),
      ]);
      return ok(req, page(rows.map(toRegion), total!.n, current, size));
    },
  );

  app.get(
    '/system/region/regionTreeSelect',
    {
      config: { access: { admin: true } },
      schema: {
        tags,
        summary:
          "The regions that can be a parent (provinces and cities) as a tree under a root {code '0'}; ?id leaves out that region and its sub-regions",
        querystring: z.object({ id: idNumber().optional() }),
      },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(sysRegion)
        .where(sql`${sysRegion.level} < 3`)
        .orderBy(asc(sysRegion.code));
      const skip = rows.find((r) => r.id === req.query.id)?.code;
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
      const rootName = req.lang === 'en' ? 'Top level' : '顶级地区';
      return ok(req, [{ id: 0, code: REGION_ROOT, name: rootName, level: 0, children: roots }]);
    },
  );

  app.post(
    '/system/region',
    {
      config: { access: { permission: P.add }, labels: REGION_LABELS },
      schema: {
        tags,
        summary:
          "Creates a region {parentCode ('0' for a province), name, code (6 digits, unique)}; data is the id",
        body: regionCreateSchema,
      },
    },
    async (req) => ok(req, await saveRegion(db, req, req.body), 'common.saved'),
  );

  app.put(
    '/system/region',
    {
      config: { access: { permission: P.edit }, labels: REGION_LABELS },
      schema: {
        tags,
        summary: 'Updates a region (as create, with id); data is the id',
        body: regionUpdateSchema,
      },
    },
    async (req) => ok(req, await saveRegion(db, req, req.body), 'common.saved'),
  );

  app.delete(
    '/system/region/deleteByIds',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary:
          'Deletes regions {idList} in one transaction: none with sub-regions or used by users or enrolments',
        body: idListSchema,
      },
    },
    async (req) => {
      await deleteRegions(db, req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );

  app.get(
    '/system/region/:id',
    {
      config: { access: { permission: P.list } },
      schema: { tags, summary: 'One region', params: idParamSchema },
    },
    async (req) => {
      const [row] = await db.select().from(sysRegion).where(eq(sysRegion.id, req.params.id));
      if (!row) throw notFound();
      return ok(req, toRegion(row));
    },
  );

  app.delete(
    '/system/region/:id',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary: 'Deletes a region without sub-regions that nothing uses',
        params: idParamSchema,
      },
    },
    async (req) => {
      await deleteRegions(db, [req.params.id]);
      return ok(req, null, 'common.deleted');
    },
  );
}
