import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

/** The window of the per-IP limits (LOGIN_RATE_LIMIT, CAPTCHA_RATE_LIMIT are calls per window). */
export const RATE_WINDOW_MS = 60_000;

/**
 * Per-IP rate limits (DESIGN "cache / limits", decisions "Login lockout and captcha") with
 * @fastify/rate-limit: only routes that ask for it with `config: { rateLimit: perIpLimit(n) }` are
 * limited (the two logins and the captcha). Counters live in an in-process LRU (10,000 IPs), or in
 * Redis when REDIS_URL is set so that every node shares them. Over the limit a call answers 429 with
 * the catalogue message 'error.rateLimited' and a Retry-After header; the check runs on request,
 * before the body is read or decrypted. The client IP is req.ip (X-Forwarded-For only with
 * TRUST_PROXY). When Redis fails the limit is skipped rather than refusing every login (the account
 * lockout still holds).
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 2_000 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(fastifyRateLimit, {
    global: false,
    cache: 10_000,
    redis,
    nameSpace: 'tegang:rate:',
    skipOnError: true,
    errorResponseBuilder: () => new AppError(429, 'error.rateLimited'),
  });
}

/** The route option of a per-IP limit of `max` calls a minute; `false` (no limit) when max is 0. */
export function perIpLimit(max: number): RateLimitOptions | false {
  return max > 0 ? { max, timeWindow: RATE_WINDOW_MS } : false;
}

/**
 * A limit of `max` calls a minute per key (`key` of the request, e.g. a path parameter), for a route
 * that also has its per-IP limit in `config.rateLimit`: an onRequest hook beside it (the plugin runs one
 * route limit per request). Counters live where the per-IP ones do (memory or Redis), under
 * `<name>:<key>`. Over the limit: 429 'error.rateLimited' with Retry-After. A no-op when max is 0.
 */
export function perKeyLimit(
  app: FastifyInstance,
  name: string,
  max: number,
  key: (req: FastifyRequest) => string,
): onRequestAsyncHookHandler {
  if (max <= 0) return async () => {};
  const limit = app.createRateLimit({
    max,
    timeWindow: RATE_WINDOW_MS,
    keyGenerator: (req) => `${name}:${key(req)}`,
  });
  return async (req, reply) => {
    const state = await limit(req);
    if (state.isAllowed || !state.isExceeded) return;
    reply.header('retry-after', String(state.ttlInSeconds));
    throw new AppError(429, 'error.rateLimited');
  };
}
