import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REGION_LABELS,
  regionCreateSchema,
  regionSelectNodeSchema,
  regionUpdateSchema,
  idNumber,
  pageOf,
  PERMISSIONS,
  systemRegionSchema,
} from '@tegang/domain';
import { ok } from '../../../lib/envelope';
import { envelopeOf } from '../../../lib/fast-response';
import { idParamSchema, pagingSchema } from '../../../lib/paging';
import { deleteRoutes, saveRoutes } from '../routes-crud';
import { getRegion, pageRegions, parentRegionTree, deleteRegions, saveRegion, searchSchema } from './service';

const P = PERMISSIONS.region;
const tags = ['system:region'];

/** Registers the region routes of spec §7 Region (page, parent select tree, create, update, delete, get). */
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
        response: { 200: envelopeOf(pageOf(systemRegionSchema)) },
      },
    },
    async (req) => ok(req, await pageRegions(db, req.query)),
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
        response: { 200: envelopeOf(z.array(regionSelectNodeSchema)) },
      },
    },
    async (req) => ok(req, await parentRegionTree(db, req.lang, req.query.id)),
  );

  saveRoutes(app, {
    url: '/system/region',
    permissions: P,
    tags,
    labels: REGION_LABELS,
    create: {
      summary:
        "Creates a region {parentCode ('0' for a province), name, code (6 digits, unique)}; data is the id",
      body: regionCreateSchema,
      save: (req, body) => saveRegion(db, req, body),
    },
    update: {
      summary: 'Updates a region (as create, with id); data is the id',
      body: regionUpdateSchema,
      save: (req, body) => saveRegion(db, req, body),
    },
  });

  deleteRoutes(app, {
    url: '/system/region',
    permission: P.remove,
    tags,
    summaries: {
      byIds:
        'Deletes regions {idList} in one transaction: none with sub-regions or used by users or enrolments',
      byId: 'Deletes a region without sub-regions that nothing uses',
    },
    remove: (_req, ids) => deleteRegions(db, ids),
  });

  app.get(
    '/system/region/:id',
    {
      config: { access: { permission: P.list } },
      schema: {
        tags,
        summary: 'One region',
        params: idParamSchema,
        response: { 200: envelopeOf(systemRegionSchema) },
      },
    },
    async (req) => ok(req, await getRegion(db, req.params.id)),
  );
}
