import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db';
import type { AdminPrincipal } from '../types';

/**
 * The sessions a node answers from memory (docs/decisions.md "Sessions from memory"): a request
 * whose token was checked in the last SESSION_CACHE_MS is let in on the session, account state and
 * administrator rights read then, without a database round trip. A revocation takes effect on every
 * node within that bound:
 * - the node that revokes (logout, force logout, disabled or deleted account, password change, user,
 *   role or menu change) drops the entries at once, after its write is committed;
 * - with REDIS_URL it publishes the revocation on SESSION_CHANNEL and every other node drops the same
 *   entries when the message arrives (milliseconds);
 * - in any case an entry is trusted for SESSION_CACHE_MS only (a lost message, a node without Redis,
 *   a change written by hand into the database).
 * Only live answers are kept: an unknown, expired or refused token goes to the database each time.
 */

/** How long a checked session is trusted without asking the database (ms): "within a second or two". */
export const SESSION_CACHE_MS = 2_000;
/** Sessions kept per node; the oldest used is dropped first (about 1 KB each with an administrator). */
export const SESSION_CACHE_MAX = 50_000;
/** The Redis channel of revocations (Redis pub/sub channels are not per database, hence the name). */
export const SESSION_CHANNEL = 'tegang:sessions:revoked';

export type SessionKind = 'admin' | 'candidate';

/** What a node knows of one live session. `admin` is the frozen principal (admin sessions only). */
export interface CachedSession {
  id: number;
  kind: SessionKind;
  subjectId: number;
  expiresAt: Date;
  locked: boolean;
  admin: Readonly<AdminPrincipal> | null;
}

/** What a revocation drops: one session, every session of a subject, every administrator, or all. */
export type Revocation =
  { sessionIds: number[] } | { kind: SessionKind; subjectIds: number[] } | { admins: true } | { all: true };

export interface SessionCache {
  /** The live entry of `tokenHash` for `kind`, or undefined (absent, older than SESSION_CACHE_MS). */
  get(kind: SessionKind, tokenHash: string): CachedSession | undefined;
  /**
   * A ticket to take before reading a session from the database; `put` stores the read only when no
   * revocation happened in between (so a read that raced a revocation is not kept).
   */
  ticket(): number;
  put(tokenHash: string, entry: CachedSession, ticket: number): void;
  /** Drops the entries of `revocation` here and, with Redis, on every node. Call after the commit. */
  revoke(revocation: Revocation): Promise<void>;
  /** Drops the entries of `revocation` here only (what another node already revoked). */
  forget(revocation: Revocation): void;
  /** Resolves once revocations of other nodes are heard (at once without Redis). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface Log {
  warn(obj: unknown, msg?: string): void;
}

/**
 * The caches of the apps built on one database handle in this process. The services that revoke get
 * only the database handle (`db`); through it they reach the session caches of its app.
 */
const byDb = new WeakMap<Db, Set<SessionCache>>();

/** The session caches serving `db` (empty when none is open, e.g. a script). */
export const sessionCachesOf = (db: Db): ReadonlySet<SessionCache> => byDb.get(db) ?? new Set();

/**
 * Opens the cache of one app. `now` (epoch ms) is the app's clock, so that tests move time instead of
 * waiting; `redisUrl` turns on the cross-node revocations.
 */
export function openSessionCache(
  db: Db,
  opts: { now: () => number; redisUrl?: string; log: Log },
): SessionCache {
  const entries = new LRUCache<string, CachedSession>({
    max: SESSION_CACHE_MAX,
    // lru-cache trusts an entry while its age is at most `ttl`: one millisecond less, so that an
    // entry SESSION_CACHE_MS old is read again.
    ttl: SESSION_CACHE_MS - 1,
    ttlResolution: 0,
    perf: { now: opts.now },
  });
  const key = (kind: SessionKind, hash: string) => `${kind}:${hash}`;
  let generation = 0;
  const node = randomUUID();

  /** Drops the entries `revocation` names (a scan: revocations are rare, lookups are not). */
  const drop = (revocation: Revocation) => {
    generation += 1;
    if ('all' in revocation) return entries.clear();
    const sessions = 'sessionIds' in revocation ? new Set(revocation.sessionIds) : null;
    const subjects = 'subjectIds' in revocation ? new Set(revocation.subjectIds) : null;
    for (const [k, e] of entries.entries()) {
      const hit =
        'admins' in revocation
          ? e.kind === 'admin'
          : sessions
            ? sessions.has(e.id)
            : e.kind === (revocation as { kind: SessionKind }).kind && subjects!.has(e.subjectId);
      if (hit) entries.delete(k);
    }
  };

  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  let subscribed: Promise<void> = Promise.resolve();
  if (opts.redisUrl) {
    publisher = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 2_000 });
    subscriber = publisher.duplicate();
    for (const client of [publisher, subscriber])
      client.on('error', (err: Error) => opts.log.warn({ err }, 'session revocations: Redis error'));
    let heard = false;
    subscriber.on('ready', () => {
      // Back after a break: what was missed meanwhile is unknown, so nothing cached is trusted.
      if (heard) drop({ all: true });
      heard = true;
    });
    subscriber.on('message', (_channel: string, text: string) => {
      try {
        const message = JSON.parse(text) as { node: string; revocation: Revocation };
        if (message.node !== node) drop(message.revocation);
      } catch {
        drop({ all: true });
      }
    });
    subscribed = subscriber.subscribe(SESSION_CHANNEL).then(
      () => undefined,
      (err: unknown) =>
        opts.log.warn({ err }, 'session revocations: cannot subscribe; the cache bound alone applies'),
    );
  }

  const cache: SessionCache = {
    get: (kind, hash) => entries.get(key(kind, hash)),
    ticket: () => generation,
    put(hash, entry, ticket) {
      if (ticket === generation) entries.set(key(entry.kind, hash), entry);
    },
    async revoke(revocation) {
      drop(revocation);
      if (!publisher) return;
      try {
        await publisher.publish(SESSION_CHANNEL, JSON.stringify({ node, revocation }));
      } catch (err) {
        // The other nodes then stop trusting the entry within SESSION_CACHE_MS.
        opts.log.warn({ err }, 'session revocations: cannot publish');
      }
    },
    forget: drop,
    ready: () => subscribed,
    async close() {
      byDb.get(db)?.delete(cache);
      entries.clear();
      await Promise.all([publisher?.quit().catch(() => {}), subscriber?.quit().catch(() => {})]);
    },
  };
  const set = byDb.get(db) ?? new Set<SessionCache>();
  set.add(cache);
  byDb.set(db, set);
  return cache;
}

/** Revokes on every session cache of `db` (and through Redis on every node). Call after the commit. */
export async function revokeCached(db: Db, revocation: Revocation): Promise<void> {
  await Promise.all([...sessionCachesOf(db)].map((c) => c.revoke(revocation)));
}
