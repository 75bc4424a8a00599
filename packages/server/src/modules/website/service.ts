import { asc, eq } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { WEBSITE_DEFAULTS, type WebsiteConfig, type WebsiteConfigInput, NO, YES } from '@tegang/domain';
import type { Db } from '../../db';
import { sysWebsiteConfig } from '../../db/schema';

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
    showCopyright: row.showCopyright === NO ? NO : YES,
    showLogo: row.showLogo === NO ? NO : YES,
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
