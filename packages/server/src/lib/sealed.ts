import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DataKeys } from './data-keys';

/**
 * Sealing of sensitive personal data at rest (PIPL art. 28; issue 9: physical examination results):
 * AES-256-GCM with a fresh 96-bit IV per value, the key id in the clear so that rotation can find the
 * key, and the column name as associated data so that a sealed value cannot be moved to another column.
 * Format: 'v1.<keyId>.<iv>.<tag>.<ciphertext>' with base64url parts.
 */
const VERSION = 'v1';

/**
 * Seals `plaintext` under the current key (the first of `keys.result`) with `column` (e.g.
 * 'admission_result.physical_examination') as associated data: 'v1.<keyId>.<iv>.<tag>.<ciphertext>'.
 */
export function seal(keys: DataKeys, plaintext: string, column: string): string {
  const current = keys.result[0]!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv);
  cipher.setAAD(Buffer.from(column));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    VERSION,
    current.id,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join('.');
}

/**
 * Opens a value sealed for `column`. Throws when it is not a sealed value, the key id is unknown, or the
 * value, its key id or its column was altered (GCM authentication fails).
 */
export function unseal(keys: DataKeys, sealed: string, column: string): string {
  const parts = sealed.split('.');
  const [version, keyId, iv, tag, data] = parts;
  if (
    parts.length !== 5 ||
    version !== VERSION ||
    !keyId ||
    iv === undefined ||
    tag === undefined ||
    data === undefined
  )
    throw new Error('not a sealed value');
  const entry = keys.result.find((k) => k.id === keyId);
  if (!entry) throw new Error(`sealed with unknown key ${keyId}`);
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  // A full 128-bit tag only: GCM would accept a truncated one, which weakens the forgery bound.
  if (ivBytes.length !== 12 || tagBytes.length !== 16) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', entry.key, ivBytes, { authTagLength: 16 });
  decipher.setAAD(Buffer.from(column));
  decipher.setAuthTag(tagBytes);
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** The id of the key a value was sealed with (rotation: values not under the current key are re-sealed). */
export function sealedKeyId(sealed: string): string | null {
  const [version, keyId] = sealed.split('.');
  return version === VERSION && keyId ? keyId : null;
}
