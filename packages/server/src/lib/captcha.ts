import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Kv } from '../integrations/kv';
import { AppError } from './errors';

/** Image captcha of the two logins (spec §7 GET /auth/getCaptcha): 4 characters, valid 2 minutes, single use. */
const CAPTCHA_TTL_S = 120;

export interface Captcha {
  enabled: boolean;
  uuid: string;
  /** data:image/svg+xml;base64,… */
  img: string;
}

export async function createCaptcha(kv: Kv, enabled: boolean): Promise<Captcha> {
  if (!enabled) return { enabled: false, uuid: '', img: '' };
  const { text, data } = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1iIlL',
    color: true,
    background: '#f2f4f7',
  });
  const uuid = randomUUID();
  await kv.set(`captcha:${uuid}`, text.toLowerCase(), CAPTCHA_TTL_S);
  return { enabled: true, uuid, img: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/** Checks and consumes a captcha; throws 400 'auth.captcha.wrong'. No-op when captchas are off. */
export async function verifyCaptcha(
  kv: Kv,
  enabled: boolean,
  uuid: string | undefined,
  text: string | undefined,
): Promise<void> {
  if (!enabled) return;
  const expected = uuid ? await kv.take(`captcha:${uuid}`) : null;
  if (!expected || !text || expected !== text.trim().toLowerCase())
    throw new AppError(400, 'auth.captcha.wrong');
}
