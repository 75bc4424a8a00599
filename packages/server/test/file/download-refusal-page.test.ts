import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

/**
 * A download link opened by navigation (WeChat opens the ticket link in a page of its own) that the
 * server refuses shows a page with the message, not the JSON envelope; the web app's own fetch of a
 * link (no HTML asked for) still gets the envelope (plugins/errors.ts, lib/message-page.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const LINKS = [
  '/api/enroll/downloadEnrollFile/1?token=used-or-forged',
  '/api/admissionTicket/downloadTicketFile/1?token=used-or-forged',
];

describe('a refused download opened by navigation', () => {
  it.each(LINKS)('answers a page with the message and the hint under the strict policy: %s', async (url) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { accept: NAVIGATION, 'accept-language': 'zh' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<h1>无法下载</h1>');
    expect(res.body).toContain('下载链接无效或已过期，请重新下载');
    expect(res.body).toContain('请返回上一页重新下载');
    expect(res.body).not.toContain('"code"');
    expect(res.body).not.toContain('<script');
  });

  it('speaks English to an English browser', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: LINKS[0]!,
      headers: { accept: NAVIGATION, 'accept-language': 'en' },
    });
    expect(res.body).toContain('<h1>Download not possible</h1>');
    expect(res.body).toContain('contact your local recruitment office');
  });

  it('keeps the envelope for the web app (fetch asks for no HTML) and for JSON clients', async () => {
    for (const accept of ['*/*', 'application/json', undefined]) {
      const res = await t.app.inject({
        method: 'GET',
        url: LINKS[0]!,
        headers: accept ? { accept } : {},
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg: '下载链接无效或已过期，请重新下载' });
    }
  });

  it('leaves the other routes as they were: an API error opened in a browser is still the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/getInfo', headers: { accept: NAVIGATION } });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
