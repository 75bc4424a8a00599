import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Kv } from '../integrations/kv';
import { AppError } from './errors';

/** Image captcha of the two logins (spec §7 GET /auth/getCaptcha): 4 characters, valid 2 minutes, single use. */
const CAPTCHA_TTL_S = 120;

/** The captcha answer (same shape as domain Captcha). */
export interface Captcha {
  enabled: boolean;
  uuid: string;
  /** data:image/svg+xml;base64,… */
  img: string;
}

/** The kv key of a captcha's answer. Captchas live under `captcha:`, a capped bucket of the memory kv. */
export const captchaKey = (uuid: string) => `captcha:${uuid}`;

/**
 * Makes a captcha (GET /auth/getCaptcha) and keeps its answer in the kv store for two minutes.
 * With `enabled` false (CAPTCHA_ENABLED=false) it answers {enabled: false} unless `force`: a login
 * asks for one after two failures of an account even then (lib/login.ts).
 */
export async function createCaptcha(kv: Kv, enabled: boolean, force = false): Promise<Captcha> {
  if (!enabled && !force) return { enabled: false, uuid: '', img: '' };
  const { text, data } = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1iIlL',
    color: true,
    background: '#f2f4f7',
  });
  const uuid = randomUUID();
  await kv.set(captchaKey(uuid), text.toLowerCase(), CAPTCHA_TTL_S);
  return { enabled: true, uuid, img: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/**
 * Checks and consumes a captcha; throws 400 'auth.captcha.wrong' with data {captchaRequired: true}
 * (the login pages then show a new one). No-op when captchas are off.
 */
export async function verifyCaptcha(
  kv: Kv,
  enabled: boolean,
  uuid: string | undefined,
  text: string | undefined,
): Promise<void> {
  if (!enabled) return;
  const expected = uuid ? await kv.take(captchaKey(uuid)) : null;
  if (!expected || !text || expected !== text.trim().toLowerCase())
    throw new AppError(400, 'auth.captcha.wrong', {}, { captchaRequired: true });
}
