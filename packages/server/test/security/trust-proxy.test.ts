import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Client addresses behind proxies (docs/security.md "Client addresses behind proxies"): TRUST_PROXY
 * takes a hop count or the proxies' addresses, never "anyone". What an attacker observes is the
 * per-IP limit (here the captcha's, CAPTCHA_RATE_LIMIT=2 a minute): the key is the address the trusted
 * proxy saw, and an address the client writes into X-Forwarded-For itself does not change it.
 */

const captcha = (t: TestApp, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  t.app
    .inject({ method: 'GET', url: '/auth/getCaptcha', headers: { ...headers }, remoteAddress })
    .then((r) => r.statusCode);

/** `n` captcha calls, each with the headers `headers(i)`; their statuses. */
async function calls(
  t: TestApp,
  n: number,
  headers: (i: number) => Record<string, string>,
  remoteAddress?: string,
) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push(await captcha(t, headers(i), remoteAddress));
  return statuses;
}

describe('TRUST_PROXY as the proxies’ addresses (127.0.0.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1', CAPTCHA_RATE_LIMIT: '2' } });
  });
  afterAll(() => t?.close());

  it('a request from the proxy on loopback is keyed by the address it forwards', async () => {
    expect(await calls(t, 3, () => ({ 'x-forwarded-for': '203.0.113.10' }))).toEqual([200, 200, 429]);
    // Another client behind the same proxy has its own count.
    expect(await captcha(t, { 'x-forwarded-for': '203.0.113.11' })).toBe(200);
  });

  it('a client that is not the proxy cannot choose its key with X-Forwarded-For', async () => {
    const statuses = await calls(t, 3, (i) => ({ 'x-forwarded-for': `198.51.100.${i + 1}` }), '192.0.2.44');
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('HSTS follows the protocol the proxy reports', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(answer.headers['strict-transport-security']).toBeDefined();
  });
});

describe('TRUST_PROXY as a hop count (1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', CAPTCHA_RATE_LIMIT: '2' } });
  });
  afterAll(() => t?.close());

  it('the last hop is the key; a spoofed leftmost address does not become it', async () => {
    // The client writes a new address of its own at every call; the proxy appends the one it saw.
    const statuses = await calls(t, 3, (i) => ({ 'x-forwarded-for': `10.9.9.${i + 1}, 203.0.113.20` }));
    expect(statuses).toEqual([200, 200, 429]);
    expect(await captcha(t, { 'x-forwarded-for': '10.9.9.1, 203.0.113.21' })).toBe(200);
  });
});

describe('TRUST_PROXY values', () => {
  it('true is refused at start, saying to give the hop count or the addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would believe the X-Forwarded-For of any client.*\(e\.g\. 1\).*\(e\.g\. 127\.0\.0\.1,10\.0\.0\.0\/8\)/,
    );
  });

  it('reads false, a hop count and a list of addresses and CIDRs; refuses what is neither', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,nginx' })).toThrow(/TRUST_PROXY: "nginx" is not/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: "10\.0\.0\.0\/33"/);
    expect(() => loadConfig({ TRUST_PROXY: '100' })).toThrow(/TRUST_PROXY: a hop count is at most 20/);
  });
});
