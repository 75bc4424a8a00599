import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEPARTMENT_LABELS,
  departmentCreateSchema,
  departmentUpdateSchema,
  departmentNodeSchema,
  idNumber,
  pageOf,
  PERMISSIONS,
} from '@tegang/domain';
import { ok } from '../../../lib/envelope';
import { envelopeOf } from '../../../lib/fast-response';
import { deleteRoutes, listRoute, saveRoutes } from '../routes-crud';
import {
  departmentSelectTree,
  listDepartments,
  deleteDepartments,
  saveDepartment,
  searchSchema,
} from './service';

const P = PERMISSIONS.department;
const tags = ['system:department'];

/** Registers the department routes of spec §7 Departments (list/tree, select tree, create, update, delete). */
export async function departmentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  listRoute(app, {
    url: '/admin/department/list',
    permission: P.list,
    tags,
    summary:
      'Departments: the whole tree (default, or with ?name the matching departments as a flat list); with tree=false a page {records, total} by current, size, name',
    search: searchSchema,
    answer: z.union([z.array(departmentNodeSchema), pageOf(departmentNodeSchema)]),
    list: (_req, query) => listDepartments(db, query),
  });

  app.get(
    '/admin/department/departmentTreeSelect',
    {
      config: { access: { admin: true } },
      schema: {
        tags,
        summary: 'The department tree for selects; ?depId leaves out that department and everything below it',
        querystring: z.object({ depId: idNumber().optional() }),
        response: { 200: envelopeOf(z.array(departmentNodeSchema)) },
      },
    },
    async (req) => ok(req, await departmentSelectTree(db, req.query.depId)),
  );

  saveRoutes(app, {
    url: '/admin/department',
    permissions: P,
    tags,
    labels: DEPARTMENT_LABELS,
    create: {
      summary: 'Creates a department {parentId, name, phone, sort}; data is the id',
      body: departmentCreateSchema,
      save: (req, body) => saveDepartment(db, req, body),
    },
    update: {
      summary: 'Updates a department (as create, with id); data is the id',
      body: departmentUpdateSchema,
      save: (req, body) => saveDepartment(db, req, body),
    },
  });

  deleteRoutes(app, {
    url: '/admin/department',
    permission: P.remove,
    tags,
    summaries: {
      byIds:
        "Deletes departments {idList} in one transaction: never a top-level one (parent '0'), nor one with sub-departments or users",
      byId: "Deletes a department: never a top-level one (parent '0'), nor one with sub-departments or users",
    },
    remove: (_req, ids) => deleteDepartments(db, ids),
  });
}
