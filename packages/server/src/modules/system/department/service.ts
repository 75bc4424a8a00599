import { asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { optionalString, type DepartmentInput, type DepartmentNode, type Page } from '@tegang/domain';
import { containsPattern } from '../../../lib/like';
import { pageOf } from '../../../lib/paging';
import type { Db } from '../../../db';
import { sysDepartment, sysUser } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { fieldError } from '../../../lib/field-error';

/**
 * Departments (spec §3 Department, §5 Department, §7 Departments): a tree under parent 0. A top-level
 * department (parent '0') is never deleted, nor one with sub-departments or users.
 */
type DeptRow = typeof sysDepartment.$inferSelect;
/** The answer shape of a department row (createTime ISO 8601). */
export const toNode = (r: DeptRow): DepartmentNode => ({
  id: r.id,
  parentId: r.parentId,
  name: r.name,
  phone: r.phone,
  sort: r.sort,
  createTime: r.createTime.toISOString(),
});
/** Every department in display order (sort, id). */
export const allDepartments = (db: Db) =>
  db.select().from(sysDepartment).orderBy(asc(sysDepartment.sort), asc(sysDepartment.id));

/** The department tree of `rows` (roots: parent 0 or a parent not among them). */
export function departmentTree(rows: DeptRow[]): DepartmentNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...toNode(r), children: [] as DepartmentNode[] }]));
  const roots: DepartmentNode[] = [];
  for (const node of nodes.values()) (nodes.get(node.parentId)?.children ?? roots).push(node);
  return roots;
}

/** Ids of `id` and every department below it. */
export function subtreeIds(rows: DeptRow[], id: number): Set<number> {
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

/** Creates (no id) or updates a department; returns the id. 400 naming parentId (unknown parent), 404 when unknown. */
export async function saveDepartment(db: Db, req: FastifyRequest, input: DepartmentInput & { id?: number }) {
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

/** Deletes departments in one transaction: 400 for a top-level one, one with sub-departments or users; 404 when unknown. */
export async function deleteDepartments(db: Db, ids: number[]): Promise<void> {
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

export const searchSchema = z.object({
  name: optionalString(64),
  tree: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : String(v)),
    z.enum(['true', 'false']).optional(),
  ),
});

/** The search of POST /admin/department/list (after paging). */
export type DepartmentSearch = z.output<typeof searchSchema> & { current: number; size: number };

/**
 * POST /admin/department/list: by default the whole tree; with `name` the departments whose name
 * contains it as a flat list; with tree=false a page of departments (name "contains") by sort order.
 */
export async function listDepartments(
  db: Db,
  search: DepartmentSearch,
): Promise<DepartmentNode[] | Page<DepartmentNode>> {
  const { name, tree } = search;
  if (tree === 'false')
    return pageOf(db, sysDepartment, search, {
      where: [name ? ilike(sysDepartment.name, containsPattern(name)) : undefined],
      orderBy: [asc(sysDepartment.sort), asc(sysDepartment.id)],
      toRecords: (rows) => rows.map(toNode),
    });
  const rows = await allDepartments(db);
  if (name) return rows.filter((r) => r.name.includes(name)).map(toNode);
  return departmentTree(rows);
}

/** GET /admin/department/departmentTreeSelect: the tree without `depId` and its sub-departments. */
export async function departmentSelectTree(db: Db, depId?: number): Promise<DepartmentNode[]> {
  const rows = await allDepartments(db);
  const skip = depId ? subtreeIds(rows, depId) : new Set<number>();
  return departmentTree(rows.filter((r) => !skip.has(r.id)));
}
