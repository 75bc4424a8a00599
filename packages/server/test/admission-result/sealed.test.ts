import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { resolveDataKeys, type DataKeys } from '../../src/lib/data-keys';
import { seal, sealedKeyId, unseal } from '../../src/lib/sealed';

/**
 * lib/sealed.ts and lib/data-keys.ts (physical examination results sealed at rest); row binding, the old
 * v1 format and the gm suite: sealed-v2.test.ts.
 */
const COLUMN = { column: 'admission_result.physical_examination', row: 'enroll_id=1' };
const key = () => randomBytes(32);
const keys = (...ids: [string, Buffer][]): DataKeys => ({
  result: ids.map(([id, k]) => ({ id, key: k })),
  ticketSigning: randomBytes(32),
});

/** Replaces the part `i` of a sealed value with `f(part)`. */
const alter = (sealed: string, i: number, f: (part: string) => string) =>
  sealed
    .split('.')
    .map((p, j) => (j === i ? f(p) : p))
    .join('.');
const flip = (b64: string) => {
  const bytes = Buffer.from(b64, 'base64url');
  bytes[0] = bytes[0]! ^ 1;
  return bytes.toString('base64url');
};

describe('seal / unseal', () => {
  const k1 = keys(['k1', key()]);

  it('round-trips text (Chinese, empty, 200 characters) and never shows it', () => {
    for (const text of ['合格', '', '肝功能异常，建议复查'.repeat(20).slice(0, 200)]) {
      const sealed = seal(k1, text, COLUMN);
      expect(sealed.startsWith('v2.k1.')).toBe(true);
      if (text) expect(sealed).not.toContain(text);
      expect(unseal(k1, sealed, COLUMN)).toBe(text);
    }
    // A fresh IV each time: the same text seals differently.
    expect(seal(k1, '合格', COLUMN)).not.toBe(seal(k1, '合格', COLUMN));
  });

  it('throws on any tampering: ciphertext, tag, iv, truncated tag, extra part, not sealed', () => {
    const sealed = seal(k1, '合格', COLUMN);
    expect(() => unseal(k1, alter(sealed, 4, flip), COLUMN)).toThrow();
    expect(() => unseal(k1, alter(sealed, 3, flip), COLUMN)).toThrow();
    expect(() => unseal(k1, alter(sealed, 2, flip), COLUMN)).toThrow();
    expect(() =>
      unseal(
        k1,
        alter(sealed, 3, (t) => t.slice(0, 6)),
        COLUMN,
      ),
    ).toThrow();
    expect(() => unseal(k1, `${sealed}.x`, COLUMN)).toThrow();
    expect(() => unseal(k1, '合格', COLUMN)).toThrow();
    expect(() => unseal(k1, 'v2.k1.a.b.c', COLUMN)).toThrow();
    expect(() => unseal(k1, 'v3.k1.a.b.c', COLUMN)).toThrow();
  });

  it('throws for another column (associated data) and for an unknown or swapped key id', () => {
    const sealed = seal(k1, '合格', COLUMN);
    expect(() => unseal(k1, sealed, { ...COLUMN, column: 'admission_result.remarks' })).toThrow();
    expect(() => unseal(keys(['k2', key()]), sealed, COLUMN)).toThrow(/unknown key/);
    const both = keys(['k2', key()], ['k1', k1.result[0]!.key]);
    expect(() =>
      unseal(
        both,
        alter(sealed, 1, () => 'k2'),
        COLUMN,
      ),
    ).toThrow();
  });

  it('rotation: the old key still opens, new values use the first key', () => {
    const oldKey = k1.result[0]!.key;
    const before = seal(k1, '合格', COLUMN);
    const rotated = keys(['k2', key()], ['k1', oldKey]);
    expect(unseal(rotated, before, COLUMN)).toBe('合格');
    const after = seal(rotated, '不合格', COLUMN);
    expect(sealedKeyId(after)).toBe('k2');
    expect(sealedKeyId(before)).toBe('k1');
    expect(unseal(rotated, after, COLUMN)).toBe('不合格');
    // Once the old key is dropped, its values no longer open (hence: reseal before dropping it).
    expect(() => unseal(keys(['k2', rotated.result[0]!.key]), before, COLUMN)).toThrow();
    expect(sealedKeyId('plain text')).toBeNull();
  });
});

describe('resolveDataKeys', () => {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-keys-'));

  it('refuses to start in production without the keys', () => {
    const dir = dataDir();
    expect(() =>
      resolveDataKeys(
        loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', ALLOW_INSECURE_PRODUCTION: 'sms,origin' }),
      ),
    ).toThrow(
      /^ {2}RESULT_ENCRYPTION_KEYS: required with NODE_ENV=production.*\n {2}TICKET_SIGNING_KEY: required/m,
    );
    expect(() =>
      resolveDataKeys(
        loadConfig({
          DATA_DIR: dir,
          NODE_ENV: 'production',
          ALLOW_INSECURE_PRODUCTION: 'sms,origin',
          RESULT_ENCRYPTION_KEYS: `k1:${key().toString('base64')}`,
        }),
      ),
    ).toThrow(/required/);
    expect(fs.existsSync(path.join(dir, 'secrets'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes the keys from the environment, first key current; refuses a key id twice', () => {
    const dir = dataDir();
    const a = key();
    const b = key();
    const resolved = resolveDataKeys(
      loadConfig({
        DATA_DIR: dir,
        NODE_ENV: 'production',
        ALLOW_INSECURE_PRODUCTION: 'sms,origin',
        RESULT_ENCRYPTION_KEYS: `new:${a.toString('base64')},old:${b.toString('base64url')}`,
        TICKET_SIGNING_KEY: key().toString('base64'),
      }),
    );
    expect(resolved.result.map((k) => k.id)).toEqual(['new', 'old']);
    expect(resolved.result[0]!.key.equals(a)).toBe(true);
    expect(resolved.result[1]!.key.equals(b)).toBe(true);
    expect(() =>
      resolveDataKeys(
        loadConfig({
          DATA_DIR: dir,
          RESULT_ENCRYPTION_KEYS: `k:${a.toString('base64')},k:${b.toString('base64')}`,
          TICKET_SIGNING_KEY: key().toString('base64'),
        }),
      ),
    ).toThrow(/listed twice/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('in development makes keys once in DATA_DIR/secrets (mode 0600) and reuses them', () => {
    const dir = dataDir();
    const warnings: string[] = [];
    const first = resolveDataKeys(loadConfig({ DATA_DIR: dir }), (m) => warnings.push(m));
    const file = path.join(dir, 'secrets', 'data-keys.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(warnings).toHaveLength(1);
    const second = resolveDataKeys(loadConfig({ DATA_DIR: dir }), (m) => warnings.push(m));
    expect(warnings).toHaveLength(1);
    expect(second.result[0]!.key.equals(first.result[0]!.key)).toBe(true);
    expect(second.ticketSigning.equals(first.ticketSigning)).toBe(true);
    expect(first.result[0]!.key).toHaveLength(32);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
