import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import type { CryptoSuite } from '@tegang/domain';
import type { DataKeys } from './data-keys';

/**
 * Sealing of sensitive personal data at rest (PIPL art. 28; docs/security.md "Keys of personal data":
 * physical examination results). The key id is in the clear so that rotation can find the key; the
 * associated data binds the value to its table, column AND row, so a sealed value copied to another
 * column or another row does not open. Formats (base64url parts):
 *
 * - `v1.<keyId>.<iv>.<tag>.<ciphertext>`: AES-256-GCM, associated data the column only. Written before
 *   row binding; still opened, and re-sealed by `npm run reseal-results`.
 * - `v2.<keyId>.<iv>.<tag>.<ciphertext>`: AES-256-GCM (CRYPTO_SUITE=standard), a fresh 96-bit IV, a
 *   full 128-bit tag, associated data '<table.column>#<row>'.
 * - `v2sm.<keyId>.<iv>.<mac>.<ciphertext>` (CRYPTO_SUITE=gm; docs/security.md "National algorithms"):
 *   SM4-CBC (PKCS#7) under a fresh 128-bit IV, then HMAC-SM3 (32 bytes) over the length-prefixed
 *   version, key id, associated data, IV and ciphertext (encrypt-then-MAC, compared in constant time).
 *   The SM4 key and the HMAC key are derived from the 32-byte key of RESULT_ENCRYPTION_KEYS with
 *   HKDF-SM3 (RFC 5869 over SM3, empty salt, info 'tegang sealed sm4' → 16 bytes and 'tegang sealed
 *   hmac-sm3' → 32 bytes), so one configured key serves both suites.
 *
 * The version names the suite, so values of both suites open whatever CRYPTO_SUITE says: a province
 * that switches keeps opening its values, new ones are sealed in the new suite, and reseal-results
 * moves the old ones over.
 */
const V1 = 'v1';
const VERSION: Record<CryptoSuite, string> = { standard: 'v2', gm: 'v2sm' };

/**
 * Where a sealed value lives: `column` as 'table.column' and `row`, the identity of its row that exists
 * when the value is sealed (e.g. 'enroll_id=42' for admission_result, whose import upserts by enrolment).
 */
export interface SealedSlot {
  column: string;
  row: string;
}

/** Why a value did not open: not a sealed value, sealed under a key not configured, or altered/moved. */
export class SealedValueError extends Error {
  constructor(readonly reason: 'format' | 'unknownKey' | 'integrity') {
    super(
      {
        format: 'not a sealed value',
        unknownKey: 'sealed with an unknown key',
        integrity: 'sealed value altered or not of this column and row',
      }[reason],
    );
  }
}

const aadOf = (slot: SealedSlot) => Buffer.from(`${slot.column}#${slot.row}`);
const suiteOf = (keys: DataKeys): CryptoSuite => keys.suite ?? 'standard';

const derived = new WeakMap<Buffer, { enc: Buffer; mac: Buffer }>();
/** The SM4 key and HMAC-SM3 key of one configured key (HKDF-SM3, cached per key). */
function gmKeys(key: Buffer): { enc: Buffer; mac: Buffer } {
  let found = derived.get(key);
  if (!found) {
    const derive = (info: string, length: number) =>
      Buffer.from(hkdfSync('sm3', key, Buffer.alloc(0), info, length));
    found = { enc: derive('tegang sealed sm4', 16), mac: derive('tegang sealed hmac-sm3', 32) };
    derived.set(key, found);
  }
  return found;
}

/** HMAC-SM3 over the length-prefixed parts (4-byte big-endian lengths keep the parts unambiguous). */
function gmMac(mac: Buffer, parts: Buffer[]): Buffer {
  const h = createHmac('sm3', mac);
  for (const part of parts) {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(part.length);
    h.update(length).update(part);
  }
  return h.digest();
}

/**
 * Seals `plaintext` under the current key (the first of `keys.result`) in the suite of `keys.suite`
 * (CRYPTO_SUITE; 'standard' when absent), bound to `slot`: 'v2.…' or 'v2sm.…' as above.
 */
export function seal(keys: DataKeys, plaintext: string, slot: SealedSlot): string {
  const current = keys.result[0]!;
  const aad = aadOf(slot);
  if (suiteOf(keys) === 'gm') {
    const version = VERSION.gm;
    const { enc, mac } = gmKeys(current.key);
    const iv = randomBytes(16);
    const cipher = createCipheriv('sm4-cbc', enc, iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = gmMac(mac, [Buffer.from(version), Buffer.from(current.id), aad, iv, data]);
    return [version, current.id, iv, tag, data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv);
  cipher.setAAD(aad);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    VERSION.standard,
    current.id,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join('.');
}

/**
 * Opens a value sealed for `slot` (any format above; v1 values are checked against the column only).
 * Throws a {@link SealedValueError}: 'format' when it is not a sealed value, 'unknownKey' when its key
 * id is not configured, 'integrity' when the value, its key id, its column or its row was altered (a
 * value copied from another row fails here).
 */
export function unseal(keys: DataKeys, sealed: string, slot: SealedSlot): string {
  const parts = sealed.split('.');
  const [version, keyId, ivText, tagText, dataText] = parts;
  if (
    parts.length !== 5 ||
    !version ||
    ![V1, VERSION.standard, VERSION.gm].includes(version) ||
    !keyId ||
    ivText === undefined ||
    tagText === undefined ||
    dataText === undefined
  )
    throw new SealedValueError('format');
  const entry = keys.result.find((k) => k.id === keyId);
  if (!entry) throw new SealedValueError('unknownKey');
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  const data = Buffer.from(dataText, 'base64url');
  if (version === VERSION.gm) {
    if (iv.length !== 16 || tag.length !== 32 || data.length === 0 || data.length % 16)
      throw new SealedValueError('format');
    const { enc, mac } = gmKeys(entry.key);
    const expected = gmMac(mac, [Buffer.from(version), Buffer.from(keyId), aadOf(slot), iv, data]);
    if (!timingSafeEqual(tag, expected)) throw new SealedValueError('integrity');
    const decipher = createDecipheriv('sm4-cbc', enc, iv);
    try {
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    } catch {
      throw new SealedValueError('integrity');
    }
  }
  // A full 128-bit tag only: GCM would accept a truncated one, which weakens the forgery bound.
  if (iv.length !== 12 || tag.length !== 16) throw new SealedValueError('format');
  const decipher = createDecipheriv('aes-256-gcm', entry.key, iv, { authTagLength: 16 });
  decipher.setAAD(version === V1 ? Buffer.from(slot.column) : aadOf(slot));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedValueError('integrity');
  }
}

/** The id of the key a value was sealed with, or null when it is not a sealed value. */
export function sealedKeyId(sealed: string): string | null {
  const [version, keyId] = sealed.split('.');
  return version && [V1, VERSION.standard, VERSION.gm].includes(version) && keyId ? keyId : null;
}

/**
 * True when `sealed` is not in the form a new value would take: another key than the current one, the
 * old column-only v1, or the other suite (rotation and suite switch: reseal-results seals it again).
 */
export function needsReseal(keys: DataKeys, sealed: string): boolean {
  const [version, keyId] = sealed.split('.');
  return keyId !== keys.result[0]!.id || version !== VERSION[suiteOf(keys)];
}
