import { createHmac, hkdfSync } from 'node:crypto';
import { isPseudonym, PSEUDONYM_MARK } from '@tegang/domain';
import type { DataKeys } from '../../lib/data-keys';

/*
 * Keyed hashes of ID numbers and phones (docs/security.md "Retention", "The pseudonym key"): when a
 * plan's retention period runs out its ID numbers and phones are replaced by
 * HMAC-SHA256(pseudonym key, kind ‖ value). The office can still tell whether a given ID number was a
 * candidate of a purged plan (compute its hash with the same key and look it up), while the database
 * alone (a dump, a backup) cannot be reversed: the key is not in it.
 *
 * The pseudonym key is derived from TICKET_SIGNING_KEY by HKDF-SHA256 (RFC 5869; empty salt, info
 * 'tegang pseudonym v1', 32 bytes): a key of its own, which no ticket token reveals, that every node
 * already shares because the signing key is required to be the same on every node (README "Several
 * nodes"; lib/data-keys.ts refuses a shared database or production without it).
 */

/** The HKDF info of the pseudonym key; another label gives an unrelated key. */
const INFO = 'tegang pseudonym v1';
/** The format version written after the mark; a hash of another construction would carry another. */
const VERSION = 'p1';

/** What a keyed hash stands for: its kind goes into the MAC, so an ID number's hash never equals a phone's. */
export type PseudonymKind = 'idCard' | 'phone';

interface PseudonymKey {
  key: Buffer;
  /** Four characters naming the key (base64url of its own MAC of 'fingerprint'): which key made a hash. */
  fingerprint: string;
}

const derived = new WeakMap<Buffer, PseudonymKey>();

/** The pseudonym key of `keys` (derived once per signing key). */
export function pseudonymKey(keys: Pick<DataKeys, 'ticketSigning'>): PseudonymKey {
  let found = derived.get(keys.ticketSigning);
  if (!found) {
    const key = Buffer.from(hkdfSync('sha256', keys.ticketSigning, Buffer.alloc(0), INFO, 32));
    const fingerprint = createHmac('sha256', key).update('fingerprint').digest('base64url').slice(0, 4);
    found = { key, fingerprint };
    derived.set(keys.ticketSigning, found);
  }
  return found;
}

/** The value as it is hashed: trimmed, an ID number's check character x upper-case (GB 11643). */
const normalize = (kind: PseudonymKind, value: string) =>
  kind === 'idCard' ? value.trim().toUpperCase() : value.trim();

/**
 * The keyed hash of `value`: `#p1.<key fingerprint>.<base64url HMAC-SHA256>` (52 characters; the
 * columns hold 64). Starts with PSEUDONYM_MARK, which no ID number or phone holds, so it is never
 * taken for a real value; the same value, kind and key give the same hash on every node. `bind` goes
 * into the MAC too (a candidate account's hashes are bound to the account: 'account:<id>'). A value
 * that is a keyed hash already is answered as it is, so a second run changes nothing.
 */
export function pseudonymOf(
  keys: Pick<DataKeys, 'ticketSigning'>,
  kind: PseudonymKind,
  value: string,
  bind?: string,
): string {
  if (isPseudonym(value)) return value;
  const { key, fingerprint } = pseudonymKey(keys);
  const input = `${kind}\u0000${normalize(kind, value)}${bind === undefined ? '' : `\u0000${bind}`}`;
  const mac = createHmac('sha256', key).update(input).digest('base64url');
  return `${PSEUDONYM_MARK}${VERSION}.${fingerprint}.${mac}`;
}
