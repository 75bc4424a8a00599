import { createCipheriv, createDecipheriv, createHmac, generateKeyPairSync } from 'node:crypto';
import smCrypto from 'sm-crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptData,
  ECDH_INFO,
  encryptPayload,
  fromBase64,
  GM,
  GM_LABEL,
  gmTag,
  importServerKey,
  P256_POINT,
  toBase64,
} from '../src/crypto';

/**
 * The browser side of the encrypted calls (crypto.ts) in the national suite: its SM4 and HMAC-SM3 (from
 * sm-crypto) agree with Node's own, which the server uses; its SM2 wrapping is GM/T 0009 C1‖C3‖C2 with
 * the 04 prefix; a request opens with Node's primitives and an answer made with them opens here.
 * (The server's own key ring against this code: server test security/crypto-suite.test.ts.)
 */
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('national suite primitives agree with Node (the server side)', () => {
  it('SM4 of GB/T 32907 appendix A, one block', () => {
    const key = '0123456789abcdeffedcba9876543210';
    const out = smCrypto.sm4.encrypt(Array.from(Buffer.from(key, 'hex')), key, {
      padding: 'none',
      output: 'array',
    });
    expect(Buffer.from(out).toString('hex')).toBe('681edf34d206965e86b3e94f536e4246');
    const node = createCipheriv('sm4-ecb', Buffer.from(key, 'hex'), null).setAutoPadding(false);
    expect(Buffer.concat([node.update(Buffer.from(key, 'hex')), node.final()]).toString('hex')).toBe(
      '681edf34d206965e86b3e94f536e4246',
    );
  });

  it('HMAC-SM3 (gmTag) equals Node createHmac("sm3")', () => {
    const macKey = crypto.getRandomValues(new Uint8Array(GM.macKey));
    const iv = crypto.getRandomValues(new Uint8Array(GM.iv));
    const cipher = crypto.getRandomValues(new Uint8Array(48));
    const node = createHmac('sm3', macKey).update(GM_LABEL.answer).update(iv).update(cipher).digest();
    expect(hex(gmTag(macKey, GM_LABEL.answer, iv, cipher))).toBe(node.toString('hex'));
  });
});

describe('gm request and answer', () => {
  const pair = smCrypto.sm2.generateKeyPairHex();
  const info = { suite: 'gm' as const, publicKey: toBase64(Buffer.from(pair.publicKey, 'hex')) };

  it('importServerKey takes a 65-byte uncompressed point only', async () => {
    expect((await importServerKey(info)).suite).toBe('gm');
    await expect(importServerKey({ suite: 'gm', publicKey: toBase64(new Uint8Array(64)) })).rejects.toThrow();
    await expect(
      importServerKey({ suite: 'gm', publicKey: toBase64(new Uint8Array([3, ...new Uint8Array(64)])) }),
    ).rejects.toThrow();
  });

  it('a request opens with SM2 and Node SM4/SM3; an answer made with Node opens here', async () => {
    const { body, key } = await encryptPayload(await importServerKey(info), { password: '口令-123' });
    const wrapped = fromBase64(body.k);
    expect(wrapped).toHaveLength(65 + 32 + GM.secret);
    expect(wrapped[0]).toBe(4);
    const secret = Buffer.from(
      smCrypto.sm2.doDecrypt(hex(wrapped.subarray(1)), pair.privateKey, 1, {
        output: 'array',
      }) as unknown as number[],
    );
    expect(secret).toHaveLength(GM.secret);
    const [encKey, macKey] = [secret.subarray(0, GM.encKey), secret.subarray(GM.encKey)];
    const iv = fromBase64(body.iv);
    const all = fromBase64(body.d);
    const cipher = all.subarray(0, all.length - GM.tag);
    const tag = createHmac('sm3', macKey).update(GM_LABEL.request).update(iv).update(cipher).digest();
    expect(hex(all.subarray(all.length - GM.tag))).toBe(tag.toString('hex'));
    const decipher = createDecipheriv('sm4-cbc', encKey, iv);
    expect(JSON.parse(Buffer.concat([decipher.update(cipher), decipher.final()]).toString())).toEqual({
      password: '口令-123',
    });

    const answerIv = crypto.getRandomValues(new Uint8Array(GM.iv));
    const enc = createCipheriv('sm4-cbc', encKey, answerIv);
    const out = Buffer.concat([enc.update(JSON.stringify({ token: 'ok' })), enc.final()]);
    const answerTag = createHmac('sm3', macKey).update(GM_LABEL.answer).update(answerIv).update(out).digest();
    const data = { iv: toBase64(answerIv), d: toBase64(Buffer.concat([out, answerTag])) };
    expect(await decryptData(key, data)).toEqual({ token: 'ok' });
    const forged = Buffer.concat([out, answerTag]);
    forged[0] = forged[0]! ^ 1;
    await expect(decryptData(key, { ...data, d: toBase64(forged) })).rejects.toThrow(/integrity/);
  });
});

describe('standard suite', () => {
  it('ECDH-ES P-256 + HKDF-SHA-256 gives the AES-256-GCM key that Node derives from the same point', async () => {
    const nodeCrypto = await import('node:crypto');
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const spki = toBase64(publicKey.export({ type: 'spki', format: 'der' }));
    const server = await importServerKey({ publicKey: spki });
    expect(server.suite).toBe('standard');
    const { body, key } = await encryptPayload(server, { a: '甲' });
    const point = Buffer.from(fromBase64(body.k));
    expect(point).toHaveLength(P256_POINT);
    expect(point[0]).toBe(4);
    const peer = nodeCrypto.createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const secret = nodeCrypto.diffieHellman({ privateKey, publicKey: peer });
    const raw = Buffer.from(nodeCrypto.hkdfSync('sha256', secret, point, ECDH_INFO, 32));
    // The server reads the request with that key ...
    const sent = Buffer.from(fromBase64(body.d));
    const decipher = nodeCrypto.createDecipheriv('aes-256-gcm', raw, fromBase64(body.iv));
    decipher.setAuthTag(sent.subarray(sent.length - 16));
    const plain = Buffer.concat([decipher.update(sent.subarray(0, sent.length - 16)), decipher.final()]);
    expect(JSON.parse(plain.toString('utf8'))).toEqual({ a: '甲' });
    // ... and answers with it; a bare CryptoKey still works as before.
    const iv = nodeCrypto.randomBytes(12);
    const c = nodeCrypto.createCipheriv('aes-256-gcm', raw, iv);
    const d = Buffer.concat([c.update(JSON.stringify([1, 2])), c.final(), c.getAuthTag()]);
    expect(await decryptData(key, { iv: toBase64(iv), d: toBase64(d) })).toEqual([1, 2]);
    if (key.suite === 'standard')
      expect(await decryptData(key.key, { iv: toBase64(iv), d: toBase64(d) })).toEqual([1, 2]);
  });

  it('uses a fresh point for every request', async () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const server = await importServerKey({
      publicKey: toBase64(publicKey.export({ type: 'spki', format: 'der' })),
    });
    const [one, two] = await Promise.all([encryptPayload(server, 1), encryptPayload(server, 1)]);
    expect(one.body.k).not.toBe(two.body.k);
  });
});
