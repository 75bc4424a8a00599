import { Redis } from 'ioredis';

/**
 * A small key-value store with expiry for SMS codes, captchas and rate limits: in-process by default,
 * Redis when REDIS_URL is set so that several nodes share them (DESIGN "cache / limits").
 * TTLs are in seconds.
 */
export interface Kv {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlS: number): Promise<void>;
  /** Sets only when absent; true when it was set. */
  setNx(key: string, value: string, ttlS: number): Promise<boolean>;
  del(key: string): Promise<void>;
  /** Adds 1 and returns the new count; the first increment starts the expiry. */
  incr(key: string, ttlS: number): Promise<number>;
  /** Remaining seconds, or -2 when absent. */
  ttl(key: string): Promise<number>;
  /** Reads and deletes in one step (single-use values). */
  take(key: string): Promise<string | null>;
  /**
   * A bounded counter in one atomic step (login failures): adds 1 unless the count has reached
   * `ceiling`. The first increment starts an expiry of `ttlS`; the increment that reaches `holdAt`
   * restarts the expiry at `holdS` (a lock that lasts `holdS` from then). Returns the count after the
   * step, whether 1 was added, and the seconds left (-2 when absent).
   */
  bump(key: string, opts: BumpOptions): Promise<Bump>;
  close(): Promise<void>;
}

export interface BumpOptions {
  ceiling: number;
  ttlS: number;
  holdAt?: number;
  holdS?: number;
}
export interface Bump {
  count: number;
  added: boolean;
  ttlS: number;
}

/**
 * Caps of the in-process store, so that a flood (captchas, login names, SMS counters) cannot grow
 * memory without bound: each prefix bucket holds at most `maxEntries`, the rest share `maxEntries`;
 * a full bucket drops its oldest entry (expired ones are swept every minute).
 */
export interface MemoryKvLimits {
  maxEntries: number;
  buckets: { prefix: string; maxEntries: number }[];
}
export const MEMORY_KV_LIMITS: MemoryKvLimits = {
  maxEntries: 200_000,
  buckets: [
    { prefix: 'captcha:', maxEntries: 20_000 },
    { prefix: 'login:', maxEntries: 100_000 },
  ],
};

/** The in-process store, with the number of entries held (for tests and monitoring). */
export interface MemoryKv extends Kv {
  /** Entries held (live or not yet swept) under `prefix`, or in all when absent. */
  size(prefix?: string): number;
}

/**
 * The in-process store (one node, development and tests), bounded by `limits` (MEMORY_KV_LIMITS):
 * times come from `now` (epoch ms) so that the app's clock drives expiry.
 */
export function memoryKv(now: () => number = Date.now, limits: MemoryKvLimits = MEMORY_KV_LIMITS): MemoryKv {
  type Entry = { value: string; expires: number };
  const buckets = [
    ...limits.buckets.map((b) => ({ prefix: b.prefix, max: b.maxEntries, map: new Map<string, Entry>() })),
    { prefix: '', max: limits.maxEntries, map: new Map<string, Entry>() },
  ];
  const mapOf = (key: string) => buckets.find((b) => key.startsWith(b.prefix))!;
  const live = (key: string) => {
    const { map } = mapOf(key);
    const entry = map.get(key);
    if (!entry) return null;
    if (entry.expires <= now()) {
      map.delete(key);
      return null;
    }
    return entry;
  };
  /** Stores `entry` as the newest of its bucket, dropping the oldest when the bucket is full. */
  const put = (key: string, entry: Entry) => {
    const bucket = mapOf(key);
    bucket.map.delete(key);
    while (bucket.map.size >= bucket.max) {
      const oldest = bucket.map.keys().next();
      if (oldest.done) break;
      bucket.map.delete(oldest.value);
    }
    bucket.map.set(key, entry);
  };
  const sweep = setInterval(() => {
    const t = now();
    for (const { map } of buckets) for (const [k, v] of map) if (v.expires <= t) map.delete(k);
  }, 60_000);
  sweep.unref();
  const secondsLeft = (entry: Entry | null) => (entry ? Math.ceil((entry.expires - now()) / 1000) : -2);
  return {
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlS) {
      put(key, { value, expires: now() + ttlS * 1000 });
    },
    async setNx(key, value, ttlS) {
      if (live(key)) return false;
      put(key, { value, expires: now() + ttlS * 1000 });
      return true;
    },
    async del(key) {
      mapOf(key).map.delete(key);
    },
    async incr(key, ttlS) {
      const entry = live(key);
      const count = entry ? Number(entry.value) + 1 : 1;
      if (entry) entry.value = String(count);
      else put(key, { value: String(count), expires: now() + ttlS * 1000 });
      return count;
    },
    async ttl(key) {
      return secondsLeft(live(key));
    },
    async take(key) {
      const value = live(key)?.value ?? null;
      mapOf(key).map.delete(key);
      return value;
    },
    async bump(key, opts) {
      let entry = live(key);
      const count = entry ? Number(entry.value) : 0;
      if (count >= opts.ceiling) return { count, added: false, ttlS: secondsLeft(entry) };
      if (entry) entry.value = String(count + 1);
      else put(key, (entry = { value: '1', expires: now() + opts.ttlS * 1000 }));
      if (opts.holdAt !== undefined && count + 1 === opts.holdAt)
        entry.expires = now() + (opts.holdS ?? opts.ttlS) * 1000;
      return { count: count + 1, added: true, ttlS: secondsLeft(entry) };
    },
    size(prefix) {
      let n = 0;
      for (const { map } of buckets)
        for (const k of map.keys()) if (prefix === undefined || k.startsWith(prefix)) n += 1;
      return n;
    },
    async close() {
      clearInterval(sweep);
      for (const { map } of buckets) map.clear();
    },
  };
}

/** Adds 1 unless at the ceiling; starts the expiry on the first step, restarts it at holdAt. */
const BUMP_LUA = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c >= tonumber(ARGV[1]) then return {c, 0, redis.call('TTL', KEYS[1])} end
c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
if c == tonumber(ARGV[3]) then redis.call('EXPIRE', KEYS[1], ARGV[4]) end
return {c, 1, redis.call('TTL', KEYS[1])}
`;

/** The shared store of several nodes (REDIS_URL); keys carry `prefix`. Redis bounds its own memory (maxmemory). */
export function redisKv(url: string, prefix = 'tegang:'): Kv {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const k = (key: string) => prefix + key;
  return {
    get: (key) => redis.get(k(key)),
    async set(key, value, ttlS) {
      await redis.set(k(key), value, 'EX', ttlS);
    },
    async setNx(key, value, ttlS) {
      return (await redis.set(k(key), value, 'EX', ttlS, 'NX')) === 'OK';
    },
    async del(key) {
      await redis.del(k(key));
    },
    async incr(key, ttlS) {
      const [[, count]] = (await redis.multi().incr(k(key)).expire(k(key), ttlS, 'NX').exec()) as [
        [null, number],
      ];
      return count;
    },
    ttl: (key) => redis.ttl(k(key)),
    async take(key) {
      return redis.getdel(k(key));
    },
    async bump(key, opts) {
      const holdAt = opts.holdAt ?? -1;
      const [count, added, ttlS] = (await redis.eval(
        BUMP_LUA,
        1,
        k(key),
        opts.ceiling,
        opts.ttlS,
        holdAt,
        opts.holdS ?? opts.ttlS,
      )) as [number, number, number];
      return { count, added: added === 1, ttlS };
    },
    async close() {
      await redis.quit();
    },
  };
}
