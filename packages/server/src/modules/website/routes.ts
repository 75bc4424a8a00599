import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sanitizeHtml from 'sanitize-html';
import {
  PERMISSIONS,
  WEBSITE_DEFAULTS,
  WEBSITE_LABELS,
  websiteConfigSchema,
  type WebsiteConfig,
  type WebsiteConfigInput,
} from '@tegang/domain';
import type { Db } from '../../db';
import { sysWebsiteConfig } from '../../db/schema';
import { ok } from '../../lib/envelope';

/** Plain text: tags (and angle brackets) removed, &amp; and &quot; decoded; empty becomes null. */
const plainText = (value: string | undefined): string | null => {
  if (!value) return null;
  const text = sanitizeHtml(value, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;|&gt;/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();
  return text || null;
};

/** The saved website setting, or the defaults (spec §3 "Website setting"). */
export async function readWebsiteConfig(db: Db): Promise<WebsiteConfig> {
  const [row] = await db.select().from(sysWebsiteConfig).orderBy(asc(sysWebsiteConfig.id)).limit(1);
  if (!row) return { ...WEBSITE_DEFAULTS };
  return {
    name: row.name,
    enName: row.enName,
    logo: row.logo,
    indexPic: row.indexPic,
    showCopyright: row.showCopyright === '0' ? '0' : '1',
    showLogo: row.showLogo === '0' ? '0' : '1',
    copyright: row.copyright,
  };
}

/** Saves the single row of the website setting (text fields sanitised to plain text). */
export async function saveWebsiteConfig(db: Db, input: WebsiteConfigInput): Promise<WebsiteConfig> {
  const values = {
    name: plainText(input.name) ?? input.name,
    enName: plainText(input.enName) ?? input.enName,
    logo: input.logo ?? null,
    indexPic: input.indexPic ?? null,
    showCopyright: input.showCopyright,
    showLogo: input.showLogo,
    copyright: plainText(input.copyright),
    updateTime: new Date(),
  };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: sysWebsiteConfig.id })
      .from(sysWebsiteConfig)
      .orderBy(asc(sysWebsiteConfig.id))
      .limit(1)
      .for('update');
    if (row) await tx.update(sysWebsiteConfig).set(values).where(eq(sysWebsiteConfig.id, row.id));
    else await tx.insert(sysWebsiteConfig).values(values);
  });
  return readWebsiteConfig(db);
}

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
        summary: 'The website setting {name, enName, logo, indexPic, showCopyright, showLogo, copyright}',
      },
    },
    async (req) => ok(req, await readWebsiteConfig(ctx.db)),
  );

  app.put(
    '/admin/websiteConfig',
    {
      config: { access: { permission: PERMISSIONS.website.edit }, labels: WEBSITE_LABELS },
      schema: {
        tags: ['website'],
        summary: 'Saves the website setting (name and enName required); data is the saved setting',
        body: websiteConfigSchema,
      },
    },
    async (req) => ok(req, await saveWebsiteConfig(ctx.db, req.body), 'common.saved'),
  );
}
