import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REGION_LABELS, regionCreateSchema, regionUpdateSchema, idNumber } from '@tegang/domain';
import { ok } from '../../../lib/envelope';
import { idListSchema, idParamSchema, pagingSchema } from '../../../lib/paging';
import {
  P,
  getRegion,
  pageRegions,
  parentRegionTree,
  deleteRegions,
  saveRegion,
  searchSchema,
  tags,
} from './service';

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
      },
    },
    async (req) => ok(req, await parentRegionTree(db, req.lang, req.query.id)),
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
    async (req) => ok(req, await getRegion(db, req.params.id)),
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
