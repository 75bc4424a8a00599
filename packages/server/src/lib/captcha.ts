import { randomInt, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';
import type { Kv } from '../integrations/kv';
import { AppError } from './errors';

/** Image captcha of the two logins (spec §7 GET /auth/getCaptcha): 4 characters, valid 2 minutes, single use. */
const CAPTCHA_TTL_S = 120;
/** Size of the image in pixels (the login pages show it at 120×40 and 38 px high). */
const WIDTH = 150;
const HEIGHT = 50;
/** Coloured dots sprinkled over the distorted glyphs. */
const SPECKLES = 60;

/** A random colour of lightness between `from` and `to` per cent: dark glyphs, lighter noise. */
const hsl = (from: number, to: number) =>
  `hsl(${randomInt(360)},${55 + randomInt(30)}%,${from + randomInt(to - from)}%)`;

/** The captcha answer (same shape as domain Captcha). */
export interface Captcha {
  enabled: boolean;
  uuid: string;
  /** data:image/png;base64,… (a raster image; '' when captchas are off) */
  img: string;
}

/** The kv key of a captcha's answer. Captchas live under `captcha:`, a capped bucket of the memory kv. */
export const captchaKey = (uuid: string) => `captcha:${uuid}`;

/**
 * A new captcha's text and PNG (docs/decisions.md "Captcha as a raster image"): svg-captcha draws the
 * glyphs as paths of its own bundled font (no system font needed) with noise curves; the glyphs get
 * dark random colours and the curves lighter ones (readable for people), everything is bent by a
 * random turbulence displacement, speckled, and rasterised by sharp (librsvg). Only pixels leave the
 * server: an SVG's path commands would name each glyph to a script. About 15–25 ms on one core.
 */
async function captchaPng(): Promise<{ text: string; png: Buffer }> {
  const { text, data } = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1iIlL',
    background: '#f2f4f7',
    width: WIDTH,
    height: HEIGHT,
    fontSize: 56,
  });
  const inner = data
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<path fill="[^"]*"/g, () => `<path fill="${hsl(18, 42)}"`)
    .replace(/stroke="[^"]*"/g, () => `stroke="${hsl(45, 65)}" stroke-width="1.5"`);
  const speckles = Array.from(
    { length: SPECKLES },
    () =>
      `<circle cx="${randomInt(WIDTH)}" cy="${randomInt(HEIGHT)}" r="${(0.5 + randomInt(10) / 10).toFixed(1)}" ` +
      `fill="${hsl(40, 75)}"/>`,
  ).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    '<defs><filter id="d" x="0" y="0" width="100%" height="100%">' +
    `<feTurbulence type="fractalNoise" baseFrequency="0.02 0.05" numOctaves="2" seed="${randomInt(1_000_000)}"/>` +
    `<feDisplacementMap in="SourceGraphic" scale="${5 + randomInt(3)}" xChannelSelector="R" yChannelSelector="G"/>` +
    `</filter></defs><g filter="url(#d)">${inner}</g>${speckles}</svg>`;
  const png = await sharp(Buffer.from(svg), { density: 72 }).png({ compressionLevel: 6 }).toBuffer();
  return { text, png };
}

/**
 * Makes a captcha (GET /auth/getCaptcha) and keeps its answer in the kv store for two minutes.
 * With `enabled` false (CAPTCHA_ENABLED=false) it answers {enabled: false} unless `force`: a login
 * asks for one after two failures of an account even then (lib/login.ts).
 */
export async function createCaptcha(kv: Kv, enabled: boolean, force = false): Promise<Captcha> {
  if (!enabled && !force) return { enabled: false, uuid: '', img: '' };
  const { text, png } = await captchaPng();
  const uuid = randomUUID();
  await kv.set(captchaKey(uuid), text.toLowerCase(), CAPTCHA_TTL_S);
  return { enabled: true, uuid, img: `data:image/png;base64,${png.toString('base64')}` };
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
