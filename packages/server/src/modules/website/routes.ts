import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMISSIONS, WEBSITE_LABELS, websiteConfigSchema, websiteConfigViewSchema } from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { envelopeOf } from '../../lib/fast-response';
import { findOpenPlan } from '../recruit-plan/service';
import { readWebsiteConfig, saveWebsiteConfig } from './service';

/**
 * Website configuration (spec §7 "Website config", §2 settings drawer, §5): read by anyone (the
 * login page and the candidate site show the name and logo), saved by holders of system:website:edit.
 */
export async function websiteRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/admin/websiteConfig/getWebsiteConfig',
    {
      config: { access: { open: true } },
      schema: {
        tags: ['website'],
        summary:
          "The website setting {name, enName, logo, indexPic, showCopyright, showLogo, copyright}, plus the open plan's customerServicePhone (null without one) for the login page",
        response: { 200: envelopeOf(websiteConfigViewSchema) },
      },
    },
    // The login page's help links show the customer-service phone: the open plan's (spec §3).
    async (req) => {
      const [config, plan] = await Promise.all([readWebsiteConfig(ctx.db), findOpenPlan(ctx.db)]);
      return ok(req, { ...config, customerServicePhone: plan?.customerServicePhone || null });
    },
  );

  app.put(
    '/admin/websiteConfig',
    {
      config: { access: { permission: PERMISSIONS.website.edit }, labels: WEBSITE_LABELS },
      schema: {
        tags: ['website'],
        summary: 'Saves the website setting (name and enName required); data is the saved setting',
        body: websiteConfigSchema,
        response: { 200: envelopeOf(websiteConfigViewSchema) },
      },
    },
    async (req) => ok(req, await saveWebsiteConfig(ctx.db, req.body), 'common.saved'),
  );
}
