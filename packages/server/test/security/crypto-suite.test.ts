import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decryptData,
  encryptPayload,
  fromBase64,
  importServerKey,
  toBase64,
  type EncryptedBody,
  type PublicKeyInfo,
} from '@tegang/domain';
import { sysKeyPair } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';

/**
 * CRYPTO_SUITE (docs/security.md "National algorithms"): the encrypted calls of spec §7 with the
 * standard suite (ECDH-ES P-256 + AES-GCM) and the national one (SM2 + SM4-CBC + HMAC-SM3). The browser
 * side is the domain's crypto.ts (as the web app runs it); the server side is the running app's key
 * ring: each encrypts what the other decrypts, in both suites.
 */
let standard: TestApp;
let gm: TestApp;

beforeAll(async () => {
  [standard, gm] = await Promise.all([createTestApp(), createTestApp({ env: { CRYPTO_SUITE: 'gm' } })]);
}, 60_000);
afterAll(async () => {
  await Promise.all([standard?.close(), gm?.close()]);
});

const publicKeyOf = async (t: TestApp) => (await t.call<PublicKeyInfo>('GET', '/auth/publicKey')).body.data;

/** Flips one bit of a base64 field. */
const flip = (b64: string, at = 0) => {
  const bytes = fromBase64(b64);
  bytes[at] = bytes[at]! ^ 1;
  return toBase64(bytes);
};

describe('GET /auth/publicKey names the suite', () => {
  it('standard by default: a P-256 key (SPKI), kept in sys_key_pair', async () => {
    const info = await publicKeyOf(standard);
    expect(info).toMatchObject({ suite: 'standard', alg: 'ECDH-ES-P256+HKDF-SHA256+A256GCM' });
    const key = createPublicKey({
      key: Buffer.from(fromBase64(info.publicKey)),
      format: 'der',
      type: 'spki',
    });
    expect(key.asymmetricKeyType).toBe('ec');
    expect(key.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    const rows = await standard.database.db.select().from(sysKeyPair);
    expect(rows.find((r) => r.id === 'p256')!.privateKey).toContain('BEGIN PRIVATE KEY');
  });

  it('standard: refuses a request point that is not on the curve, and one of another agreement', async () => {
    const server = await importServerKey(await publicKeyOf(standard));
    const { body } = await encryptPayload(server, { a: 1 });
    const offCurve = Buffer.from(fromBase64(body.k));
    offCurve[64] = offCurve[64]! ^ 1; // y changed: no longer a point of P-256
    await expect(standard.app.ctx.keys.decrypt({ ...body, k: toBase64(offCurve) })).rejects.toThrow();
    const other = await encryptPayload(server, { a: 1 });
    // A valid point, but not the one the body was sealed under: the derived key fails the GCM tag.
    await expect(standard.app.ctx.keys.decrypt({ ...body, k: other.body.k })).rejects.toThrow();
  });

  it('gm: an SM2 point 04‖x‖y, its own key id, kept in sys_key_pair', async () => {
    const info = await publicKeyOf(gm);
    expect(info).toMatchObject({ suite: 'gm', alg: 'SM2+SM4-CBC+HMAC-SM3' });
    const point = fromBase64(info.publicKey);
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(info.keyId).toMatch(/^[0-9a-f]{16}$/);
    const rows = await gm.database.db.select().from(sysKeyPair);
    expect(rows.map((r) => r.id)).toContain('sm2');
    expect(rows.find((r) => r.id === 'sm2')!.privateKey).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe.each([
  ['standard', () => standard],
  ['gm', () => gm],
] as const)('interoperability, %s suite', (suite, app) => {
  it('browser side encrypts → server decrypts; server encrypts the answer → browser side decrypts', async () => {
    const t = app();
    const server = await importServerKey(await publicKeyOf(t));
    expect(server.suite).toBe(suite);
    const payload = { userName: '张三', password: 'Pa55-word·密码', list: [1, 2, 3], nested: { ok: true } };
    const { body, key } = await encryptPayload(server, payload);
    expect(JSON.stringify(body)).not.toContain('Pa55');
    const opened = await t.app.ctx.keys.decrypt(body);
    expect(opened.payload).toEqual(payload);
    const answer = t.app.ctx.keys.encrypt(opened.aesKey, { token: '令牌-abc', n: 42 });
    expect(await decryptData(key, answer)).toEqual({ token: '令牌-abc', n: 42 });
    // A large payload (a long form) round-trips too.
    const big = { text: '长文本'.repeat(20_000) };
    const sealed = await encryptPayload(server, big);
    expect((await t.app.ctx.keys.decrypt(sealed.body)).payload).toEqual(big);
  });

  it('any altered part of a request or an answer is refused', async () => {
    const t = app();
    const server = await importServerKey(await publicKeyOf(t));
    const { body, key } = await encryptPayload(server, { a: 1 });
    for (const altered of [
      { ...body, k: flip(body.k, 40) },
      { ...body, iv: flip(body.iv) },
      { ...body, d: flip(body.d) },
      { ...body, d: flip(body.d, fromBase64(body.d).length - 1) },
    ] satisfies EncryptedBody[])
      await expect(t.app.ctx.keys.decrypt(altered)).rejects.toThrow();
    const { aesKey } = await t.app.ctx.keys.decrypt(body);
    const answer = t.app.ctx.keys.encrypt(aesKey, { b: 2 });
    await expect(decryptData(key, { ...answer, d: flip(answer.d) })).rejects.toThrow();
    if (suite === 'gm') {
      // A request's own ciphertext replayed as the answer fails its direction label.
      await expect(decryptData(key, { iv: body.iv, d: body.d })).rejects.toThrow();
    }
  });
});

describe('an encrypted login with CRYPTO_SUITE=gm', () => {
  it('logs in with SM2 + SM4, the token answer decrypts, and the token works', async () => {
    const server = await importServerKey(await publicKeyOf(gm));
    const { body, key } = await encryptPayload(server, { userName: 'admin', password: gm.adminPassword });
    const answer = await gm.call<unknown>('POST', '/auth/login', { body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body as { encrypted?: boolean }).encrypted).toBe(true);
    expect(answer.raw.body).not.toContain(gm.adminPassword);
    const token = await decryptData<string>(key, answer.body.data as never);
    expect(typeof token).toBe('string');
    const info = await gm.call<{ user: { userName: string } }>('GET', '/auth/getInfo', { token });
    expect(info.status).toBe(200);
    expect(JSON.stringify(info.body.data)).toContain('admin');
  });

  it('refuses a plain body and a body encrypted for the standard suite (400 error.encryption)', async () => {
    const plain = await gm.call('POST', '/auth/login', {
      body: { userName: 'admin', password: gm.adminPassword },
    });
    expect(plain.status).toBe(400);
    const standardKey = await importServerKey(await publicKeyOf(standard));
    const { body } = await encryptPayload(standardKey, { userName: 'admin', password: gm.adminPassword });
    const wrongSuite = await gm.call('POST', '/auth/login', { body, lang: 'en' });
    expect(wrongSuite.status).toBe(400);
    expect(wrongSuite.body.msg).toMatch(/encrypted request is invalid/);
  });
});
