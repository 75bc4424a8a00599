import { isEmpty } from './rules';
import type { MessageKey } from './i18n';

/**
 * The login's field rules (spec §5 validation, §7 "Candidate auth and account": POST /api/auth/login), without Zod: the candidate's
 * login page checks its fields with these on the first page a phone loads, where Zod alone would add
 * ~22 KB (brotli); `loginSchema` (account.ts) takes its limits from here, so the page and the server
 * agree. Lengths are UTF-16 code units, as Zod's `.max()` counts them.
 */
export const LOGIN_LIMITS = { userName: 64, password: 64, captcha: 10, uuid: 64 } as const;

/**
 * Wrong unlock attempts (spec §4 sessions: locked, then unlocked or logged out) after which the session is revoked: the server counts
 * them, the front site's lock page too. Here rather than beside lockSchema (website.ts) because every
 * page of the front site reads it, the login too, and website.ts brings Zod.
 */
export const UNLOCK_MAX_FAILURES = 5;

/** A field of the login form that the candidate fills in. */
export type LoginField = 'userName' | 'password' | 'captcha';

/**
 * The first rule a login field breaks, as a message key ('rule.required' or 'rule.maxLength', whose
 * `{max}` is `LOGIN_LIMITS[field]`), or null when it passes. Each value is read trimmed, as
 * `loginSchema` reads it. The captcha is required only when the server shows one (`captchaShown`).
 */
export function checkLoginField(field: LoginField, value: unknown, captchaShown = true): MessageKey | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (isEmpty(text)) return field === 'captcha' && !captchaShown ? null : 'rule.required';
  if (text.length > LOGIN_LIMITS[field]) return 'rule.maxLength';
  return null;
}
