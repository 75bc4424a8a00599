import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Security headers (docs/security.md "Headers"): every page, API answer and the API documentation carry a CSP,
 * nosniff, a Referrer-Policy and a frame policy; HSTS only behind TLS (TRUST_PROXY and https).
 */

/** A minimal built web app: the two entries as Vite writes them (module scripts, no inline script). */
function fakeWebDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-web-'));
  const page = (entry: string) =>
    `<!doctype html><html><head><script type="module" crossorigin src="/assets/${entry}.js"></script></head><body><div id="root"></div></body></html>`;
  fs.mkdirSync(path.join(dist, 'web'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), page('admin'));
  fs.writeFileSync(path.join(dist, 'web', 'index.html'), page('web'));
  fs.writeFileSync(path.join(dist, 'assets', 'admin.js'), 'console.log(1)');
  return dist;
}

/** The CSP header parsed into directive → sources. */
function csp(raw: LightMyRequestResponse): Map<string, string[]> {
  const header = raw.headers['content-security-policy'];
  expect(header, 'content-security-policy header').toBeTypeOf('string');
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

/** The headers every answer carries, whatever its type. */
function expectBaseHeaders(raw: LightMyRequestResponse) {
  expect(raw.headers['x-content-type-options']).toBe('nosniff');
  expect(raw.headers['referrer-policy']).toBe('no-referrer');
  expect(raw.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(raw.headers['strict-transport-security']).toBeUndefined();
  const policy = csp(raw);
  expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  return policy;
}

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fakeWebDist();
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('a page of the built app has a CSP without inline script, images from data: URLs and framing of http(s) pages', async () => {
    for (const url of ['/login', '/web/login', '/system/user/index']) {
      const { raw } = await t.call('GET', url, { headers: { accept: 'text/html' } });
      expect(raw.statusCode, url).toBe(200);
      expect(raw.headers['content-type']).toMatch(/text\/html/);
      const policy = expectBaseHeaders(raw);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      const scripts = policy.get('script-src')!;
      expect(scripts).toEqual(["'self'"]);
      expect(policy.get('script-src-attr')).toEqual(["'none'"]);
      // antd writes its CSS-in-JS <style> elements at run time.
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      // captcha SVGs and photos come as data: URLs.
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      // /myiframe/… embeds the http(s) page of a menu item.
      expect(policy.get('frame-src')).toEqual(["'self'", 'https:', 'http:']);
      expect(policy.get('form-action')).toEqual(["'self'"]);
    }
  });

  it('an API answer (success, error and 404) carries the same headers', async () => {
    const answers = [
      await t.call('GET', '/admin/websiteConfig/getWebsiteConfig'),
      await t.call('GET', '/auth/getInfo'),
      await t.call('GET', '/system/no-such-route'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404]);
    for (const { raw } of answers) expectBaseHeaders(raw);
  });

  it('/docs keeps working under its own policy (the Swagger UI needs inline styles, no inline script)', async () => {
    const page = await t.call('GET', '/docs/', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.raw.payload).toContain('swagger-ui');
    const policy = expectBaseHeaders(page.raw);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    for (const url of [
      '/docs/static/swagger-ui-bundle.js',
      '/docs/static/swagger-initializer.js',
      '/docs/json',
    ]) {
      const answer = await t.call('GET', url);
      expect(answer.status, url).toBe(200);
      expectBaseHeaders(answer.raw);
    }
    // The inline scripts of Swagger's own index.html would be refused: there are none.
    expect(page.raw.payload).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('HSTS only when TRUST_PROXY is set and the request came over https', async () => {
    const plain = await t.call('GET', '/admin/websiteConfig/getWebsiteConfig', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(plain.raw.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ env: { WEB_DIST: dist, TRUST_PROXY: '127.0.0.1' } });
    try {
      const overTls = await proxied.call('GET', '/login', {
        headers: { accept: 'text/html', 'x-forwarded-proto': 'https' },
      });
      expect(overTls.raw.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const overHttp = await proxied.call('GET', '/login', {
        headers: { accept: 'text/html', 'x-forwarded-proto': 'http' },
      });
      expect(overHttp.raw.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('an uploaded website picture keeps its stricter policy (nothing may run or load from it)', async () => {
    const key = 'website/00000000-0000-4000-8000-000000000000.png';
    fs.mkdirSync(path.join(t.filesDir, 'website'), { recursive: true });
    fs.writeFileSync(path.join(t.filesDir, key), Buffer.from('89504e470d0a1a0a', 'hex'));
    const answer = await t.call('GET', `/file/view/${key}`);
    expect(answer.status).toBe(200);
    expect(answer.raw.headers['content-security-policy']).toBe("default-src 'none'");
    expect(answer.raw.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.raw.headers['referrer-policy']).toBe('no-referrer');
  });
});
