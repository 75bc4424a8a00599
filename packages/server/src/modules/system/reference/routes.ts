import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dictItemSchema, regionNodeSchema } from '@tegang/domain';
import { ok } from '../../../lib/envelope';
import { envelopeOf } from '../../../lib/fast-response';
import { sendCached } from '../../../lib/reference-cache';
import { buildRegionTree, loadRegions } from '../../../lib/regions';
import { dictItemsAnswer, regionTreeAnswer, regionsInScope } from './service';

/**
 * Dictionaries and regions are the same for everyone: browsers and shared caches may keep them a
 * minute, then ask again with If-None-Match (a 304 while unchanged).
 */
const PUBLIC_REFERENCE = 'public, max-age=60';

/**
 * The answers' schemas. The two open routes send their answer serialised once (lib/reference-cache.ts,
 * a Buffer Fastify sends as it is), so there the schema is the contract for the OpenAPI document only.
 */
const dictItems = { 200: envelopeOf(z.array(dictItemSchema)) };
const regionTree = { 200: envelopeOf(z.array(regionNodeSchema)) };

/**
 * Reference data routes: GET /admin/dictItem/listDictItem/{type} and GET /system/region/regionTreeDict
 * (open), GET /system/region/scopeTree (any administrator, their own region tree, spec §6).
 */
export async function referenceRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/admin/dictItem/listDictItem/:type',
    {
      config: { access: { open: true } },
      compress: false,
      schema: {
        tags: ['reference'],
        summary:
          'Items of a dictionary type, in order: [{label, labelEn, value, isDefault, sort}]. Public reference data from memory: ETag (304 on If-None-Match), Cache-Control public, max-age=60',
        params: z.object({ type: z.string().max(64) }),
        response: dictItems,
      },
    },
    async (req, reply) =>
      sendCached(req, reply, await dictItemsAnswer(ctx.db, req.params.type, req.lang), PUBLIC_REFERENCE),
  );

  app.get(
    '/system/region/regionTreeDict',
    {
      config: { access: { open: true } },
      compress: false,
      schema: {
        tags: ['reference'],
        summary:
          'GB/T 2260 tree province → city → county, or the subtree under ?code. From memory: ETag (304 on If-None-Match), Cache-Control public, max-age=60',
        querystring: z.object({ code: z.string().max(12).optional() }),
        response: regionTree,
      },
    },
    async (req, reply) =>
      sendCached(req, reply, await regionTreeAnswer(ctx.db, req.lang, req.query.code), PUBLIC_REFERENCE),
  );

  app.get(
    '/system/region/scopeTree',
    {
      config: { access: { admin: true } },
      schema: {
        tags: ['reference'],
        summary:
          "The administrator's region tree (spec §6): with a province code, that province's cities → counties (narrowed to the city/county codes); without, provinces → cities → counties. Nodes carry their level.",
        response: regionTree,
      },
    },
    async (req) => {
      const scope = req.admin!.scope;
      const tree = buildRegionTree(regionsInScope(await loadRegions(ctx.db), scope));
      return ok(req, scope.provinceCode ? (tree[0]?.children ?? []) : tree);
    },
  );
}
