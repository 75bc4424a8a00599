import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyToOpenPlan } from '../enroll/fixtures';
import { createTestApp, type TestApp } from '../helpers';

/** A built web app in miniature: entries and one asset with its precompressed copies. */
function fakeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-dist-'));
  fs.mkdirSync(path.join(dist, 'web'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
  fs.writeFileSync(path.join(dist, 'web', 'index.html'), '<!doctype html><title>web</title>');
  const js = `console.log(${JSON.stringify('特岗'.repeat(4000))});`;
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), js);
  fs.writeFileSync(path.join(dist, 'assets', 'app.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dist, 'assets', 'app.js.gz'), zlib.gzipSync(js));
  return dist;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: fakeDist() } });
});
afterAll(async () => t?.close());

describe('compressed answers (the login page was 1.09 MB uncompressed)', () => {
  it('sends large API answers brotli- or gzip-encoded, as the client accepts', async () => {
    for (const [accept, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const raw = await t.app.inject({
        method: 'GET',
        url: '/system/region/regionTreeDict',
        headers: { 'accept-encoding': accept },
      });
      expect(raw.headers['content-encoding']).toBe(accept);
      const body = JSON.parse(decode(raw.rawPayload).toString('utf8'));
      expect(body.code).toBe(200);
      expect(raw.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 3);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/system/region/regionTreeDict' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().code).toBe(200);
  });

  it("sends the candidate's photo (already JPEG) uncompressed, at its own address outside the JSON", async () => {
    const { candidate, ctx } = await applyToOpenPlan(t);
    const headers = { 'accept-encoding': 'br, gzip', 'user-authorization': `Bearer ${candidate.token}` };
    const raw = await t.app.inject({
      method: 'GET',
      url: `/api/enroll/getEnrollByPlanId/${ctx.plan.id}`,
      headers,
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.json().data.pictureData).toBeUndefined();
    const photo = await t.app.inject({ method: 'GET', url: raw.json().data.pictureUrl, headers });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['content-encoding']).toBeUndefined();
  });

  it('serves the built assets from their precompressed copies', async () => {
    const raw = await t.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(raw.rawPayload).toString()).toContain('特岗');
    const page = await t.app.inject({ method: 'GET', url: '/web/login', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>web</title>');
  });
});
