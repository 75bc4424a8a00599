import { asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEPARTMENT_LABELS,
  departmentCreateSchema,
  departmentUpdateSchema,
  optionalString,
  PERMISSIONS,
  type DepartmentInput,
  idNumber,
} from '@tegang/domain';
import type { Db } from '../../db';
import { sysDepartment, sysUser } from '../../db/schema';
import { ok, page } from '../../lib/envelope';
import { badRequest, notFound } from '../../lib/errors';
import { idListSchema, idParamSchema, offsetOf } from '../../lib/paging';
import { fieldError, like, loosePaging, parseListQuery } from './common';

/**
 * Departments (spec §3 Department, §5 Department, §7 Departments): a tree under parent 0. A top-level
 * department (parent '0') is never deleted, nor one with sub-departments or users.
 */
const P = PERMISSIONS.department;
const tags = ['system:department'];
type DeptRow = typeof sysDepartment.$inferSelect;
export interface DepartmentNode {
  id: number;
  parentId: number;
  name: string;
  phone: string | null;
  sort: number;
  createTime: string;
  children?: DepartmentNode[];
}
const toNode = (r: DeptRow): DepartmentNode => ({
  id: r.id,
  parentId: r.parentId,
  name: r.name,
  phone: r.phone,
  sort: r.sort,
  createTime: r.createTime.toISOString(),
});
const allDepartments = (db: Db) =>
  db.select().from(sysDepartment).orderBy(asc(sysDepartment.sort), asc(sysDepartment.id));

function departmentTree(rows: DeptRow[]): DepartmentNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...toNode(r), children: [] as DepartmentNode[] }]));
  const roots: DepartmentNode[] = [];
  for (const node of nodes.values()) (nodes.get(node.parentId)?.children ?? roots).push(node);
  return roots;
}

/** Ids of `id` and every department below it. */
function subtreeIds(rows: DeptRow[], id: number): Set<number> {
  const ids = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows)
      if (ids.has(r.parentId) && !ids.has(r.id)) {
        ids.add(r.id);
        grew = true;
      }
  }
  return ids;
}

async function saveDepartment(db: Db, req: FastifyRequest, input: DepartmentInput & { id?: number }) {
  const rows = await allDepartments(db);
  const current = input.id === undefined ? undefined : rows.find((r) => r.id === input.id);
  if (input.id !== undefined && !current) throw notFound();
  // A top-level department stays top-level (spec §5: its parent field is hidden).
  const parentId = current?.parentId === 0 ? 0 : input.parentId;
  if (parentId !== 0) {
    const below = current ? subtreeIds(rows, current.id) : new Set<number>();
    if (!rows.some((r) => r.id === parentId) || below.has(parentId))
      throw fieldError(req, 'parentId', 'field.department.parent', 'system.department.parent.unknown');
  }
  const values = {
    parentId,
    name: input.name,
    phone: input.phone ?? null,
    ...(input.sort === undefined ? {} : { sort: input.sort }),
  };
  if (!current) {
    const [row] = await db.insert(sysDepartment).values(values).returning({ id: sysDepartment.id });
    return row!.id;
  }
  await db
    .update(sysDepartment)
    .set({ ...values, updateTime: sql`now()` })
    .where(eq(sysDepartment.id, current.id));
  return current.id;
}

async function deleteDepartments(db: Db, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(sysDepartment)
      .where(inArray(sysDepartment.id, wanted))
      .orderBy(asc(sysDepartment.id))
      .for('update');
    if (rows.length !== wanted.length) throw notFound();
    if (rows.some((r) => r.parentId === 0)) throw badRequest('system.department.delete.root');
    const children = await tx
      .select({ id: sysDepartment.id })
      .from(sysDepartment)
      .where(inArray(sysDepartment.parentId, wanted));
    if (children.some((c) => !wanted.includes(c.id)))
      throw badRequest('system.department.delete.hasChildren');
    const [users] = await tx
      .select({ n: count() })
      .from(sysUser)
      .where(inArray(sysUser.departmentId, wanted));
    if (users!.n > 0) throw badRequest('system.department.delete.hasUsers');
    await tx.delete(sysDepartment).where(inArray(sysDepartment.id, wanted));
  });
}

const searchSchema = z.object({
  name: optionalString(64),
  tree: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : String(v)),
    z.enum(['true', 'false']).optional(),
  ),
});
const listDoc = loosePaging.extend(searchSchema.shape);

export async function departmentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.post(
    '/admin/department/list',
    {
      config: { access: { permission: P.list } },
      schema: {
        tags,
        summary:
          'Departments: the whole tree (default, or with ?name the matching departments as a flat list); with tree=false a page {records, total} by current, size, name',
        querystring: listDoc,
        body: listDoc.nullish(),
      },
    },
    async (req) => {
      const { current, size, name, tree } = parseListQuery(searchSchema, req);
      if (tree === 'false') {
        const where = name ? ilike(sysDepartment.name, like(name)) : undefined;
        const [rows, [total]] = await Promise.all([
          db
            .select()
            .from(sysDepartment)
            .where(where)
            .orderBy(asc(sysDepartment.sort), asc(sysDepartment.id))
            .limit(size)
            .offset(offsetOf({ current, size })),
          db.select({ n: count() }).from(sysDepartment).where(where),
        ]);
        return ok(req, page(rows.map(toNode), total!.n, current, size));
      }
      const rows = await allDepartments(db);
      if (name) return ok(req, rows.filter((r) => r.name.includes(name)).map(toNode));
      return ok(req, departmentTree(rows));
    },
  );

  app.get(
    '/admin/department/departmentTreeSelect',
    {
      config: { access: { admin: true } },
      schema: {
        tags,
        summary: 'The department tree for selects; ?depId leaves out that department and everything below it',
        querystring: z.object({ depId: idNumber().optional() }),
      },
    },
    async (req) => {
      const rows = await allDepartments(db);
      const { depId } = req.query;
      const skip = depId ? subtreeIds(rows, depId) : new Set<number>();
      return ok(req, departmentTree(rows.filter((r) => !skip.has(r.id))));
    },
  );

  app.post(
    '/admin/department',
    {
      config: { access: { permission: P.add }, labels: DEPARTMENT_LABELS },
      schema: {
        tags,
        summary: 'Creates a department {parentId, name, phone, sort}; data is the id',
        body: departmentCreateSchema,
      },
    },
    async (req) => ok(req, await saveDepartment(db, req, req.body), 'common.saved'),
  );

  app.put(
    '/admin/department',
    {
      config: { access: { permission: P.edit }, labels: DEPARTMENT_LABELS },
      schema: {
        tags,
        summary: 'Updates a department (as create, with id); data is the id',
        body: departmentUpdateSchema,
      },
    },
    async (req) => ok(req, await saveDepartment(db, req, req.body), 'common.saved'),
  );

  app.delete(
    '/admin/department/deleteByIds',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary:
          "Deletes departments {idList} in one transaction: never a top-level one (parent '0'), nor one with sub-departments or users",
        body: idListSchema,
      },
    },
    async (req) => {
      await deleteDepartments(db, req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );

  app.delete(
    '/admin/department/:id',
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary:
          "Deletes a department: never a top-level one (parent '0'), nor one with sub-departments or users",
        params: idParamSchema,
      },
    },
    async (req) => {
      await deleteDepartments(db, [req.params.id]);
      return ok(req, null, 'common.deleted');
    },
  );
}
