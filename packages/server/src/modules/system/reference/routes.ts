import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RegionNode } from '@tegang/domain';
import { loadDicts } from '../../../lib/dicts';
import { ok } from '../../../lib/envelope';
import { buildRegionTree, loadRegions, regionsInScope } from './service';

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
      schema: {
        tags: ['reference'],
        summary: 'Items of a dictionary type, in order: [{label, labelEn, value, isDefault, sort}]',
        params: z.object({ type: z.string().max(64) }),
      },
    },
    async (req) => ok(req, (await loadDicts(ctx.db)).items(req.params.type)),
  );

  app.get(
    '/system/region/regionTreeDict',
    {
      config: { access: { open: true } },
      schema: {
        tags: ['reference'],
        summary: 'GB/T 2260 tree province → city → county, or the subtree under ?code',
        querystring: z.object({ code: z.string().max(12).optional() }),
      },
    },
    async (req) => {
      const tree = buildRegionTree(await loadRegions(ctx.db));
      if (!req.query.code) return ok(req, tree);
      const find = (list: RegionNode[]): RegionNode | undefined => {
        for (const n of list) {
          if (n.code === req.query.code) return n;
          const hit = n.children && find(n.children);
          if (hit) return hit;
        }
      };
      return ok(req, find(tree)?.children ?? []);
    },
  );

  app.get(
    '/system/region/scopeTree',
    {
      config: { access: { admin: true } },
      schema: {
        tags: ['reference'],
        summary:
          "The administrator's region tree (spec §6): with a province code, that province's cities → counties (narrowed to the city/county codes); without, provinces → cities → counties. Nodes carry their level.",
      },
    },
    async (req) => {
      const scope = req.admin!.scope;
      const tree = buildRegionTree(regionsInScope(await loadRegions(ctx.db), scope));
      return ok(req, scope.provinceCode ? (tree[0]?.children ?? []) : tree);
    },
  );
}
