import { createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { resolveDataKeys, type DataKeys } from '../../src/lib/data-keys';
import { needsReseal, seal, SealedValueError, sealedKeyId, unseal } from '../../src/lib/sealed';

/**
 * Sealing with CRYPTO_SUITE=gm (docs/security.md "National algorithms"): 'v2sm.…' values are SM4-CBC
 * with an HMAC-SM3 tag over version, key id, associated data (column and row), IV and ciphertext; the
 * keys are derived from the configured 32-byte key with HKDF-SM3; values of both suites open whatever
 * the suite, so a province can switch.
 */
const SLOT = { column: 'admission_result.physical_examination', row: 'enroll_id=7' };
const key = randomBytes(32);
const standard: DataKeys = { result: [{ id: 'k1', key }], ticketSigning: randomBytes(32) };
const gm: DataKeys = { ...standard, suite: 'gm' };

const part = (sealed: string, i: number) => Buffer.from(sealed.split('.')[i]!, 'base64url');
const alter = (sealed: string, i: number) =>
  sealed
    .split('.')
    .map((p, j) => {
      if (j !== i) return p;
      const bytes = Buffer.from(p, 'base64url');
      bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
      return bytes.toString('base64url');
    })
    .join('.');

describe('CRYPTO_SUITE=gm sealing', () => {
  it('seals as v2sm with SM4 under the HKDF-SM3 key and an HMAC-SM3 tag, and opens it', () => {
    for (const text of ['合格', '', '肝功能异常，建议复查'.repeat(20).slice(0, 200)]) {
      const sealed = seal(gm, text, SLOT);
      expect(sealed.startsWith('v2sm.k1.')).toBe(true);
      expect(sealedKeyId(sealed)).toBe('k1');
      if (text) expect(sealed).not.toContain(text);
      expect(unseal(gm, sealed, SLOT)).toBe(text);
      // The documented construction, recomputed here with Node's SM3/SM4.
      const enc = Buffer.from(hkdfSync('sm3', key, Buffer.alloc(0), 'tegang sealed sm4', 16));
      const mac = Buffer.from(hkdfSync('sm3', key, Buffer.alloc(0), 'tegang sealed hmac-sm3', 32));
      const [iv, tag, data] = [part(sealed, 2), part(sealed, 3), part(sealed, 4)];
      expect(iv).toHaveLength(16);
      expect(tag).toHaveLength(32);
      const decipher = createDecipheriv('sm4-cbc', enc, iv);
      expect(Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')).toBe(text);
      const h = createHmac('sm3', mac);
      for (const p of [
        Buffer.from('v2sm'),
        Buffer.from('k1'),
        Buffer.from(`${SLOT.column}#${SLOT.row}`),
        iv,
        data,
      ]) {
        const length = Buffer.alloc(4);
        length.writeUInt32BE(p.length);
        h.update(length).update(p);
      }
      expect(h.digest().equals(tag)).toBe(true);
    }
    expect(seal(gm, '合格', SLOT)).not.toBe(seal(gm, '合格', SLOT));
  });

  it('refuses any alteration and another row or column (integrity), before decrypting', () => {
    const sealed = seal(gm, '合格', SLOT);
    for (const i of [2, 3, 4]) expect(() => unseal(gm, alter(sealed, i), SLOT)).toThrow(SealedValueError);
    const other = () => unseal(gm, sealed, { ...SLOT, row: 'enroll_id=8' });
    expect(other).toThrow(SealedValueError);
    expect(other).toThrow(/not of this column and row/);
    expect(() => unseal(gm, sealed, { ...SLOT, column: 'admission_result.remarks' })).toThrow(
      SealedValueError,
    );
    // A value relabelled as the other suite does not open either.
    expect(() => unseal(gm, sealed.replace(/^v2sm\./, 'v2.'), SLOT)).toThrow(SealedValueError);
    // The key id is under the tag: the same key listed under another id does not open it.
    const twice: DataKeys = { ...gm, result: [{ id: 'k2', key }, ...gm.result] };
    expect(() => unseal(twice, sealed.replace('.k1.', '.k2.'), SLOT)).toThrow(SealedValueError);
    // A truncated tag is refused.
    const short = sealed
      .split('.')
      .map((p, j) => (j === 3 ? part(sealed, 3).subarray(0, 16).toString('base64url') : p))
      .join('.');
    expect(() => unseal(gm, short, SLOT)).toThrow(SealedValueError);
  });

  it('a switch of suite: both suites open under either configuration; new values take the new suite', () => {
    const before = seal(standard, '国密前', SLOT);
    expect(before.startsWith('v2.')).toBe(true);
    expect(unseal(gm, before, SLOT)).toBe('国密前');
    const after = seal(gm, '国密后', SLOT);
    expect(unseal(standard, after, SLOT)).toBe('国密后');
    expect(needsReseal(gm, before)).toBe(true);
    expect(needsReseal(gm, after)).toBe(false);
    expect(needsReseal(standard, after)).toBe(true);
    expect(needsReseal(standard, before)).toBe(false);
    // Rotation: a value under an older key needs a re-seal in either suite.
    const rotated: DataKeys = { ...gm, result: [{ id: 'k9', key: randomBytes(32) }, ...gm.result] };
    expect(needsReseal(rotated, after)).toBe(true);
    expect(unseal(rotated, after, SLOT)).toBe('国密后');
  });
});

describe('CRYPTO_SUITE in the configuration', () => {
  it('is standard by default, gm when set, and a wrong value stops the start naming the variable', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-suite-'));
    try {
      expect(loadConfig({ DATA_DIR: dir }).cryptoSuite).toBe('standard');
      const keys = resolveDataKeys(loadConfig({ DATA_DIR: dir, CRYPTO_SUITE: 'gm' }));
      expect(keys.suite).toBe('gm');
      expect(seal(keys, '合格', SLOT).startsWith('v2sm.')).toBe(true);
      expect(() => loadConfig({ DATA_DIR: dir, CRYPTO_SUITE: 'sm' })).toThrow(/CRYPTO_SUITE/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
