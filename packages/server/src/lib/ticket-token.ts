import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of an admission ticket's QR code (issue 9; docs/security.md "Keys of personal
 * data"): `v1.<base64url ticket id>.<base64url HMAC-SHA256(key, 'ticket:' + id), first 16 bytes>`.
 * It carries the ticket id only (no name, no ID number): whoever scans it learns nothing without the
 * server, and the server's answer (GET /verify/ticket/{token}) shows no ID number. About 40 characters.
 */
const VERSION = 'v1';
const MAC_BYTES = 16;
/** The whole token: version, an id of at most 16 digits (≤ 22 base64url chars), a 16-byte MAC (22 chars). */
const TOKEN_RE = /^v1\.([A-Za-z0-9_-]{1,22})\.([A-Za-z0-9_-]{22})$/;

function mac(key: Buffer, id: number): Buffer {
  return createHmac('sha256', key).update(`ticket:${id}`).digest().subarray(0, MAC_BYTES);
}

/** The token of ticket `id` (a positive safe integer) under the signing key `key` (ctx.dataKeys.ticketSigning). */
export function signTicketToken(key: Buffer, id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`not a ticket id: ${id}`);
  return `${VERSION}.${Buffer.from(String(id)).toString('base64url')}.${mac(key, id).toString('base64url')}`;
}

/**
 * The ticket id of a token signed with `key`, or null when the token is malformed, of another
 * version, altered or forged (constant-time comparison of the MAC). Never throws.
 */
export function verifyTicketToken(key: Buffer, token: unknown): number | null {
  if (typeof token !== 'string' || token.length > 60) return null;
  const m = TOKEN_RE.exec(token);
  if (!m) return null;
  const idText = Buffer.from(m[1]!, 'base64url').toString('latin1');
  if (!/^[1-9]\d{0,15}$/.test(idText)) return null;
  const id = Number(idText);
  if (!Number.isSafeInteger(id)) return null;
  // Canonical encodings only: a re-encoded id must give the same text (no padding/alias variants).
  if (Buffer.from(idText).toString('base64url') !== m[1]) return null;
  const given = Buffer.from(m[2]!, 'base64url');
  if (given.length !== MAC_BYTES || given.toString('base64url') !== m[2]) return null;
  return timingSafeEqual(given, mac(key, id)) ? id : null;
}
