import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of an admission ticket's QR code (docs/security.md "Keys of personal data" and
 * "The verify page"): `v2.<base64url ticket id>.<expiry, unix seconds>.<base64url MAC>`, the MAC being
 * the first 16 bytes of HMAC-SHA256(key, 'ticket:v2:<id>:<expiry>'), so that neither the id nor the
 * expiry can be changed. It carries no name and no ID number: whoever scans it learns nothing without
 * the server. About 50 characters.
 *
 * Tokens of the first version, `v1.<id>.<MAC of 'ticket:' + id>`, are on tickets printed before
 * expiries existed: they still verify (see {@link verifyTicketToken}), and the verify page gives them
 * the expiry a new token of the ticket would carry, computed from the ticket's exam date.
 */
const MAC_BYTES = 16;
/** Version 1: an id of at most 16 digits (≤ 22 base64url chars), a 16-byte MAC (22 chars). */
const V1_RE = /^v1\.([A-Za-z0-9_-]{1,22})\.([A-Za-z0-9_-]{22})$/;
/** Version 2: id as in v1, the expiry as 1–11 decimal digits without a leading zero, the MAC. */
const V2_RE = /^v2\.([A-Za-z0-9_-]{1,22})\.([1-9]\d{0,10})\.([A-Za-z0-9_-]{22})$/;
/** Longer input is not even matched. */
const MAX_TOKEN_LENGTH = 80;

/**
 * Days a ticket still verifies after the end of its exam day (Asia/Shanghai): proctors' and the
 * recruitment office's checks after the exam (appeals, the interview that follows the written exam).
 */
export const TICKET_TOKEN_MARGIN_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * When a ticket for `examDate` ('YYYY-MM-DD', a day in Asia/Shanghai, UTC+8 all year) stops verifying:
 * the end of that day plus {@link TICKET_TOKEN_MARGIN_DAYS}. Throws RangeError for a malformed date.
 */
export function ticketTokenExpiry(examDate: string): Date {
  const start = Date.parse(`${examDate}T00:00:00+08:00`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(examDate) || Number.isNaN(start))
    throw new RangeError(`not an exam date: ${examDate}`);
  return new Date(start + DAY_MS * (1 + TICKET_TOKEN_MARGIN_DAYS));
}

const macV1 = (key: Buffer, id: number) =>
  createHmac('sha256', key).update(`ticket:${id}`).digest().subarray(0, MAC_BYTES);
const macV2 = (key: Buffer, id: number, expiry: number) =>
  createHmac('sha256', key).update(`ticket:v2:${id}:${expiry}`).digest().subarray(0, MAC_BYTES);

const encodeId = (id: number) => Buffer.from(String(id)).toString('base64url');

/**
 * The v2 token of ticket `id` (a positive safe integer) valid until `expiresAt` (rounded down to the
 * second), under the signing key `key` (ctx.dataKeys.ticketSigning). Throws RangeError for a bad id.
 */
export function signTicketToken(key: Buffer, id: number, expiresAt: Date): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`not a ticket id: ${id}`);
  const expiry = Math.floor(expiresAt.getTime() / 1000);
  if (!Number.isSafeInteger(expiry) || expiry <= 0) throw new RangeError(`not an expiry: ${expiresAt}`);
  return `v2.${encodeId(id)}.${expiry}.${macV2(key, id, expiry).toString('base64url')}`;
}

/**
 * The v1 token of ticket `id`, as printed on tickets made before tokens carried an expiry. Kept for
 * tests of those tickets; nothing signs new v1 tokens.
 */
export function signTicketTokenV1(key: Buffer, id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`not a ticket id: ${id}`);
  return `v1.${encodeId(id)}.${macV1(key, id).toString('base64url')}`;
}

/** A verified token: the ticket id and, for v2, when it expires (v1: null, none signed). */
export interface TicketToken {
  id: number;
  expiresAt: Date | null;
}

/** The id of base64url text `b64`: canonical encodings of 1–16 digits without a leading zero only. */
function decodeId(b64: string): number | null {
  const text = Buffer.from(b64, 'base64url').toString('latin1');
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  if (!Number.isSafeInteger(id)) return null;
  // No padding or alias variants: a re-encoded id must give the same text.
  return encodeId(id) === b64 ? id : null;
}

/** Constant-time comparison of a canonical base64url MAC with the expected bytes. */
function macMatches(given64: string, expected: Buffer): boolean {
  const given = Buffer.from(given64, 'base64url');
  if (given.length !== MAC_BYTES || given.toString('base64url') !== given64) return false;
  return timingSafeEqual(given, expected);
}

/**
 * The ticket of a token signed with `key` (v2, or v1 of tickets printed earlier), or null when the
 * token is malformed, of an unknown version, altered or forged. The expiry is returned, not checked:
 * the caller compares it with its clock (ctx.now). Never throws.
 */
export function verifyTicketToken(key: Buffer, token: unknown): TicketToken | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const v2 = V2_RE.exec(token);
  if (v2) {
    const id = decodeId(v2[1]!);
    const expiry = Number(v2[2]);
    if (id === null || !Number.isSafeInteger(expiry)) return null;
    return macMatches(v2[3]!, macV2(key, id, expiry)) ? { id, expiresAt: new Date(expiry * 1000) } : null;
  }
  const v1 = V1_RE.exec(token);
  if (v1) {
    const id = decodeId(v1[1]!);
    if (id === null) return null;
    return macMatches(v1[2]!, macV1(key, id)) ? { id, expiresAt: null } : null;
  }
  return null;
}
