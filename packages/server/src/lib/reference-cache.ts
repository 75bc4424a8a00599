import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate, type Lang } from '@tegang/domain';
import type { Db } from '../db';
import { invalidateDicts } from './dicts';

/**
 * Results of the reference reads every candidate page makes (docs/decisions.md "Hot reads from
 * memory"): the open plan, the demand cascade of a plan, the region tree and dictionaries. Each result
 * is kept in memory, per database, for REFERENCE_CACHE_SECONDS (default REFERENCE_TTL_MS) and cleared at once on this node by an
 * administrator's successful write to plans, demand, the category-education mapping, dictionaries or
 * regions (invalidateReference, called from app.ts and after a demand import). Other nodes see such
 * a change within REFERENCE_CACHE_SECONDS: a short TTL rather than a version check, which would cost the
 * round trip to the database this cache saves. A stale cascade cannot make a wrong enrolment: the
 * application checks the plan's window under a lock and the demand row in the database
 * (enroll/service-candidate.ts checkApplication).
 *
 * Only plan-level data is kept here, never anything of one candidate or one administrator's region.
 */
export const REFERENCE_TTL_MS = 10_000;

interface Entry {
  at: number;
  value: Promise<unknown>;
}
const caches = new WeakMap<Db, Map<string, Entry>>();
const ttls = new WeakMap<Db, number>();

/** Sets the TTL of `db`'s results (config REFERENCE_CACHE_SECONDS, made ms; 0 keeps nothing). */
export function setReferenceTtl(db: Db, ms: number): void {
  ttls.set(db, ms);
  caches.delete(db);
}

/**
 * The result of `load` under `key` for `db`: from memory when younger than the TTL, else
 * loaded (once, however many requests wait for it). A failed load is not kept, nor a result that
 * `keep` refuses (e.g. an empty answer to made-up parameters, which must not grow the cache).
 */
export function cachedReference<T>(
  db: Db,
  key: string,
  load: () => Promise<T>,
  keep: (value: T) => boolean = () => true,
): Promise<T> {
  const ttl = ttls.get(db) ?? REFERENCE_TTL_MS;
  if (ttl === 0) return load();
  const now = Date.now();
  let map = caches.get(db);
  if (!map) caches.set(db, (map = new Map()));
  const hit = map.get(key);
  if (hit && now - hit.at < ttl) return hit.value as Promise<T>;
  const value = load();
  const entry = { at: now, value };
  map.set(key, entry);
  const forget = () => {
    if (map.get(key) === entry) map.delete(key);
  };
  value.then((v) => keep(v) || forget(), forget);
  return value;
}

/** Other per-node results that an administrator's change must clear too (onReferenceChange). */
const followers: ((db: Db) => void)[] = [];

/** Registers `forget`, called with the database whenever its reference results are cleared. */
export function onReferenceChange(forget: (db: Db) => void): void {
  followers.push(forget);
}

/**
 * Forgets every reference result of `db` on this node, dictionaries and regions included, and what
 * onReferenceChange registered (the plans' post counts).
 */
export function invalidateReference(db: Db): void {
  caches.delete(db);
  invalidateDicts(db);
  for (const forget of followers) forget(db);
}

/**
 * Whether a request is an administrator's write that changes reference data (a non-GET under the
 * plan, plan-data, category-education, dictionary or region routes).
 */
export function changesReference(method: string, url: string | undefined): boolean {
  if (method === 'GET' || method === 'HEAD' || !url) return false;
  return (
    url.startsWith('/recruit/recruitPlan') ||
    url.startsWith('/recruit/educationPlan') ||
    url.startsWith('/admin/dictType') ||
    url.startsWith('/admin/dictItem') ||
    url.startsWith('/system/region')
  );
}

/**
 * A success envelope {code: 200, msg, data} serialised once per language, with its ETag (a hash of
 * data and language) and its brotli and gzip encodings, made when first asked for.
 */
export interface CachedAnswer {
  etag: string;
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** `data` as a cached answer in `lang` (see CachedAnswer). */
export function cachedAnswer(data: unknown, lang: Lang): CachedAnswer {
  const text = JSON.stringify({ code: 200, msg: translate(lang, 'common.success'), data });
  const hash = createHash('sha256').update(text).digest('base64url').slice(0, 22);
  return { etag: `"${hash}"`, json: Buffer.from(text) };
}

/** Answers below this size go uncompressed (as the compression plugin's threshold). */
const COMPRESS_FROM = 8 * 1024;

/** True when an If-None-Match header names `etag` (or is `*`). */
function matches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const list = [header].flat().join(',');
  return list
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

/**
 * Sends a cached answer with its ETag and `cacheControl`: 304 without a body when If-None-Match names
 * it, else the JSON, brotli- or gzip-encoded from the answer's kept encodings when the client accepts
 * them and it is large enough. The route must say `compress: false` (the encoding is done here, once).
 */
export function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  cacheControl: string,
): FastifyReply {
  reply
    .header('etag', answer.etag)
    .header('cache-control', cacheControl)
    .header('vary', 'Accept-Language, Accept-Encoding');
  if (matches(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (answer.json.length >= COMPRESS_FROM) {
    if (/\bbr\b/.test(accepts)) {
      answer.br ??= zlib.brotliCompressSync(answer.json, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 },
      });
      return reply.header('content-encoding', 'br').send(answer.br);
    }
    if (/\bgzip\b/.test(accepts)) {
      answer.gzip ??= zlib.gzipSync(answer.json, { level: 9 });
      return reply.header('content-encoding', 'gzip').send(answer.gzip);
    }
  }
  return reply.send(answer.json);
}
