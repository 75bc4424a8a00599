import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Request ids across nodes (README "Logs and request ids", lib/logging.ts requestIdOptions): the
 * balancer's X-Request-Id is kept when it looks like an id, anything else is replaced by a UUID; the id
 * is returned on every answer and is on every log line of the request beside the node's name.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let a: TestApp;
let b: TestApp;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  a = await createTestApp({
    env: { NODE_NAME: 'node-a', LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  b = await createTestApp({ env: { NODE_NAME: 'node-b' } });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('X-Request-Id', () => {
  it("keeps the balancer's id and returns it, on a success as on a refusal", async () => {
    const given = '7f3c2a9be1d04c5e8a6b0f1d2c3e4a5b'; // nginx's $request_id
    const ok = await a.call('GET', '/admin/websiteConfig/getWebsiteConfig', {
      headers: { 'x-request-id': given },
    });
    expect(ok.status).toBe(200);
    expect(ok.raw.headers['x-request-id']).toBe(given);
    const refused = await a.call('GET', '/auth/getInfo', { headers: { 'x-request-id': 'edge-01.req_42' } });
    expect(refused.status).toBe(401);
    expect(refused.raw.headers['x-request-id']).toBe('edge-01.req_42');
    const missing = await a.call('GET', '/no/such/path', { headers: { 'x-request-id': 'edge-01.req_43' } });
    expect(missing.status).toBe(404);
    expect(missing.raw.headers['x-request-id']).toBe('edge-01.req_43');
  });

  it('replaces an id that does not look like one by a UUID', async () => {
    for (const bad of [
      'short',
      'has space in it',
      'x'.repeat(129),
      '<script>alert(1)</script>',
      'a;b=c,d/e',
    ]) {
      const answer = await a.call('GET', '/health', { headers: { 'x-request-id': bad } });
      const id = answer.raw.headers['x-request-id'] as string;
      expect(id).not.toBe(bad);
      expect(id).toMatch(UUID);
    }
  });

  it('generates UUIDs that two nodes never share (no per-process counter)', async () => {
    const ids = new Set<string>();
    for (const app of [a, b])
      for (let i = 0; i < 20; i++) {
        const id = (await app.call('GET', '/health')).raw.headers['x-request-id'] as string;
        expect(id).toMatch(UUID);
        ids.add(id);
      }
    expect(ids.size).toBe(40);
  });

  it("puts the id and the node's name on the request's log lines", async () => {
    const given = 'trace-0123456789';
    lines.length = 0;
    await a.call('GET', '/admin/websiteConfig/getWebsiteConfig', { headers: { 'x-request-id': given } });
    const mine = lines.filter((l) => l.reqId === given);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    for (const line of mine) expect(line.node).toBe('node-a');
    // Lines outside a request carry the node's name too.
    expect(lines.every((l) => l.node === 'node-a')).toBe(true);
  });
});
