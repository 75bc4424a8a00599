import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEPARTMENT_LABELS, departmentCreateSchema, departmentUpdateSchema, idNumber } from '@tegang/domain';
import { ok } from '../../../lib/envelope';
import { idListSchema, idParamSchema } from '../../../lib/paging';
import { parseListQuery } from '../common';
import {
  P,
  departmentSelectTree,
  listDepartments,
  deleteDepartments,
  listDoc,
  saveDepartment,
  searchSchema,
  tags,
} from './service';

/** Registers the department routes of spec §7 Departments (list/tree, select tree, create, update, delete). */
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
    async (req) => ok(req, await listDepartments(db, parseListQuery(searchSchema, req))),
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
    async (req) => ok(req, await departmentSelectTree(db, req.query.depId)),
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
