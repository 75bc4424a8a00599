import { z } from 'zod';
import type { MessageKey } from './i18n';
import { optionalString, requiredString, type FieldLabels } from './validation';

/**
 * Website setting (spec §3 "Website setting", §5 "Website config", "Uploads"), the lock password
 * (spec §4 "Lock", §5 "Lock password") and the operation log's business types.
 */

/** The website setting as the API answers it. */
export interface WebsiteConfig {
  name: string;
  enName: string;
  logo: string | null;
  indexPic: string | null;
  showCopyright: '1' | '0';
  showLogo: '1' | '0';
  copyright: string | null;
  /** Read only: the open plan's customer-service phone, for the login page; not saved here. */
  customerServicePhone?: string | null;
}

/** The defaults, answered while no setting is saved (logo and picture: the web app's own files). */
export const WEBSITE_DEFAULTS: WebsiteConfig = {
  name: '特岗教师招聘管理系统',
  enName: 'Special-Post Teacher Recruitment',
  logo: null,
  indexPic: null,
  showCopyright: '1',
  showLogo: '1',
  copyright: 'Copyright © 2026 特岗教师招聘管理系统',
};

/** Where uploaded website pictures are served (POST /file/upload answers such a URL). */
export const WEBSITE_FILE_URL = /^\/file\/view\/website\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/;
const fileUrl = optionalString(300).refine((v) => v === undefined || WEBSITE_FILE_URL.test(v), {
  error: 'file.url',
});

const flag = z.enum(['1', '0'], { error: 'rule.invalidOption' });

/** PUT /admin/websiteConfig: name and enName required (spec §5). */
export const websiteConfigSchema = z.object({
  name: requiredString(100, 'website.name.required'),
  enName: requiredString(200, 'website.enName.required'),
  logo: fileUrl,
  indexPic: fileUrl,
  showCopyright: flag.default('1'),
  showLogo: flag.default('1'),
  copyright: optionalString(500, 'text'),
});
export type WebsiteConfigInput = z.output<typeof websiteConfigSchema>;

export const WEBSITE_LABELS: FieldLabels = {
  name: 'field.website.name',
  enName: 'field.website.enName',
  logo: 'field.website.logo',
  indexPic: 'field.website.indexPic',
  showCopyright: 'field.website.showCopyright',
  showLogo: 'field.website.showLogo',
  copyright: 'field.website.copyright',
};

/** Upload kinds of POST /file/upload with their size limits and messages (spec §5 "Uploads"). */
export const UPLOAD_KINDS = {
  logo: { maxBytes: 5 * 1024 * 1024, sizeKey: 'file.size.logo' },
  indexPic: { maxBytes: 10 * 1024 * 1024, sizeKey: 'file.size.indexPic' },
} as const satisfies Record<string, { maxBytes: number; sizeKey: MessageKey }>;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** POST /auth/lock {password?}: required only when the session has no lock password yet. */
export const lockSchema = z.object({
  password: z.string().max(64, { error: 'rule.maxLength' }).optional(),
});
/** POST /auth/unlock {password}. */
export const unlockSchema = z.object({
  password: requiredString(64, 'auth.lock.passwordRequired', 'secret'),
});
export const LOCK_LABELS: FieldLabels = { password: 'field.lockPassword' };

/** Business types of the operation log (RuoYi): 0 other, 1 add, 2 edit, 3 delete, 4 export, 5 import, 6 status. */
export const BUSINESS_TYPES = ['0', '1', '2', '3', '4', '5', '6'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
