import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token (256 bits, base64url) and the SHA-256 hex the database keeps instead. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
