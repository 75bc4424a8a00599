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
  close(): Promise<void>;
}

export function memoryKv(now: () => number = Date.now): Kv {
  const map = new Map<string, { value: string; expires: number }>();
  const live = (key: string) => {
    const entry = map.get(key);
    if (!entry) return null;
    if (entry.expires <= now()) {
      map.delete(key);
      return null;
    }
    return entry;
  };
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, v] of map) if (v.expires <= t) map.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlS) {
      map.set(key, { value, expires: now() + ttlS * 1000 });
    },
    async setNx(key, value, ttlS) {
      if (live(key)) return false;
      map.set(key, { value, expires: now() + ttlS * 1000 });
      return true;
    },
    async del(key) {
      map.delete(key);
    },
    async incr(key, ttlS) {
      const entry = live(key);
      const count = entry ? Number(entry.value) + 1 : 1;
      map.set(key, { value: String(count), expires: entry?.expires ?? now() + ttlS * 1000 });
      return count;
    },
    async ttl(key) {
      const entry = live(key);
      return entry ? Math.ceil((entry.expires - now()) / 1000) : -2;
    },
    async take(key) {
      const value = live(key)?.value ?? null;
      map.delete(key);
      return value;
    },
    async close() {
      clearInterval(sweep);
      map.clear();
    },
  };
}

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
    async close() {
      await redis.quit();
    },
  };
}
