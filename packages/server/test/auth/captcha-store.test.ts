import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryKv, type MemoryKv } from '../../src/integrations/kv';
import { createTestApp, type TestApp } from '../helpers';

/**
 * getCaptcha under a flood (captchas in memory without a cap): the in-process
 * store keeps at most its cap of captchas, drops the oldest first and expires them after two minutes.
 */
const CAP = 50;
let kv: MemoryKv;
let t: TestApp;
let clock = Date.parse('2026-03-02T01:00:00Z');
beforeAll(async () => {
  kv = memoryKv(() => clock, {
    maxEntries: 1000,
    buckets: [
      { prefix: 'captcha:', maxEntries: CAP },
      { prefix: 'login:', maxEntries: 1000 },
    ],
  });
  t = await createTestApp({ kv, env: { CAPTCHA_ENABLED: 'true' } });
});
afterAll(async () => {
  await t?.close();
  await kv?.close();
});

describe('GET /auth/getCaptcha flood', () => {
  it('holds at most the cap, evicting the oldest, and answers every call', async () => {
    const uuids: string[] = [];
    for (let i = 0; i < 4 * CAP; i++) {
      const answer = await t.call<{ uuid: string }>('GET', '/auth/getCaptcha');
      expect(answer.status).toBe(200);
      uuids.push(answer.body.data.uuid);
      expect(kv.size('captcha:')).toBeLessThanOrEqual(CAP);
    }
    expect(kv.size('captcha:')).toBe(CAP);
    expect(await kv.get(`captcha:${uuids[0]}`)).toBeNull();
    expect(await kv.get(`captcha:${uuids.at(-1)}`)).toMatch(/^[a-z0-9]{4}$/);
    // Other entries (SMS codes, login counters) are not pushed out by captchas.
    await kv.set('sms:code:register:13900000000', 'x', 300);
    for (let i = 0; i < CAP; i++) await t.call('GET', '/auth/getCaptcha');
    expect(await kv.get('sms:code:register:13900000000')).toBe('x');
  });

  it('expires captchas after two minutes', async () => {
    const answer = await t.call<{ uuid: string }>('GET', '/auth/getCaptcha');
    expect(await kv.get(`captcha:${answer.body.data.uuid}`)).not.toBeNull();
    clock += 121_000;
    expect(await kv.get(`captcha:${answer.body.data.uuid}`)).toBeNull();
  });
});

describe('memory kv caps', () => {
  it('keeps every bucket within its cap under a flood of keys', async () => {
    const store = memoryKv(() => clock, { maxEntries: 100, buckets: [{ prefix: 'login:', maxEntries: 10 }] });
    for (let i = 0; i < 1000; i++) {
      await store.set(`other:${i}`, 'v', 60);
      await store.incr(`login:fail:${i}`, 60);
    }
    expect(store.size('login:')).toBe(10);
    expect(store.size()).toBe(110);
    expect(await store.get('other:999')).toBe('v');
    expect(await store.get('other:0')).toBeNull();
    await store.close();
  });

  it('bumps a counter atomically up to its ceiling and holds it at the lock length', async () => {
    const store = memoryKv(() => clock);
    const opts = { ceiling: 5, ttlS: 86_400, holdAt: 5, holdS: 900 };
    const results = await Promise.all(Array.from({ length: 20 }, () => store.bump('login:x', opts)));
    expect(results.filter((r) => r.added)).toHaveLength(5);
    expect(await store.ttl('login:x')).toBe(900);
    expect(await store.bump('login:x', { ...opts, ceiling: 2 })).toMatchObject({ count: 5, added: false });
    clock += 901_000;
    expect(await store.bump('login:x', opts)).toMatchObject({ count: 1, added: true });
    await store.close();
  });
});
