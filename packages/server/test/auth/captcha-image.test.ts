import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCaptcha } from '../../src/lib/captcha';
import { createTestApp, type TestApp } from '../helpers';
import { LOGIN_PATH, newAccount, RIGHT } from './login-fixtures';

/**
 * The login captcha as a raster image (docs/decisions.md "Captcha as a raster image"): what a script
 * receives is pixels, not an SVG whose glyph paths name each character; the answer still works once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_ENABLED: 'true' } });
});
afterAll(() => t?.close());

interface Answer {
  enabled: boolean;
  uuid: string;
  img: string;
}
const getCaptcha = async () => (await t.call<Answer>('GET', '/auth/getCaptcha')).body.data;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('GET /auth/getCaptcha', () => {
  it('answers {enabled, uuid, img} with img a PNG data URL carrying no SVG or path text', async () => {
    const captcha = await getCaptcha();
    expect(Object.keys(captcha).sort()).toEqual(['enabled', 'img', 'uuid']);
    expect(captcha.enabled).toBe(true);
    expect(captcha.img).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const bytes = Buffer.from(captcha.img.slice(captcha.img.indexOf(',') + 1), 'base64');
    expect(bytes.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    const text = bytes.toString('latin1');
    for (const marker of ['<svg', '<path', ' d="', 'xmlns']) expect(text).not.toContain(marker);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 150, height: 50 });
    // Two captchas never share their pixels (random glyphs, distortion and noise).
    const other = await getCaptcha();
    expect(other.img).not.toBe(captcha.img);
  });

  it('keeps the answer verifiable once: right once, then refused; a wrong answer is refused', async () => {
    const { uuid } = await getCaptcha();
    const answer = (await t.app.ctx.kv.get(`captcha:${uuid}`))!;
    expect(answer).toMatch(/^[a-z2-9]{4}$/);
    await expect(verifyCaptcha(t.app.ctx.kv, true, uuid, answer.toUpperCase())).resolves.toBeUndefined();
    await expect(verifyCaptcha(t.app.ctx.kv, true, uuid, answer)).rejects.toMatchObject({
      message: 'auth.captcha.wrong',
    });
    const next = await getCaptcha();
    await expect(verifyCaptcha(t.app.ctx.kv, true, next.uuid, 'zzzz')).rejects.toMatchObject({
      message: 'auth.captcha.wrong',
    });
  });

  it('lets a login through with the answer read from the image, and not twice with the same one', async () => {
    const userName = await newAccount(t, 'admin');
    const { uuid } = await getCaptcha();
    const captcha = (await t.app.ctx.kv.get(`captcha:${uuid}`))!;
    const first = await t.secure<string>('POST', LOGIN_PATH.admin, {
      userName,
      password: RIGHT,
      uuid,
      captcha,
    });
    expect(first.status).toBe(200);
    const again = await t.secure('POST', LOGIN_PATH.admin, { userName, password: RIGHT, uuid, captcha });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('图形验证码错误或已过期');
  });
});
