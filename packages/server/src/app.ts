import { releaseRunningJobs } from './jobs';
import { pgBossJobs } from './jobs/queue';
import { registerCompression } from './plugins/compress';
import { changesReference, invalidateReference, setReferenceTtl } from './lib/reference-cache';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyMultipart from '@fastify/multipart';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { PHOTO_MAX_BYTES, resolveLang, translate } from '@tegang/domain';
import { PRODUCTION_CHECKS, type Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db';
import { memoryKv, redisKv, type Kv } from './integrations/kv';
import { createSmsProvider, type SmsProvider } from './integrations/sms';
import { openStorage, type Storage } from './integrations/storage';
import { loadKeyRing } from './lib/crypto';
import { fastSerializerCompiler } from './lib/fast-response';
import { resolveDataKeys } from './lib/data-keys';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { loggerOptions, registerRequestId, requestIdOptions, type LogStream } from './lib/logging';
import { registerAccess } from './plugins/access';
import { registerMetrics } from './plugins/metrics';
import { registerDrain } from './modules/health/drain';
import { registerAudit } from './plugins/audit';
import { registerErrorHandler } from './plugins/errors';
import { DOCS_CSP, registerSecurityHeaders } from './plugins/security-headers';
import { registerRateLimit } from './plugins/rate-limit';
import { frameworkErrors, registerInputGuard } from './plugins/input';
import { modules } from './modules';
import './types';

export interface AppOptions {
  config: Config;
  database: Database;
  kv?: Kv;
  sms?: SmsProvider;
  storage?: Storage;
  now?: () => Date;
  logger?: boolean;
  /** Where the log goes (default stdout); tests pass a stream they read. */
  logStream?: LogStream;
}

/** Path prefixes that belong to the API: an unknown path under them is a JSON 404, never the web app. */
const API_PREFIXES = ['/auth/', '/api/', '/admin/', '/system/', '/file/', '/log/', '/monitor/', '/verify/'];

/**
 * Builds the whole server (DESIGN "Layout": src/app.ts buildApp(config)): the API of spec §7 under the
 * envelope, access control and encryption; the OpenAPI document at /docs; the built web app
 * (candidate site under /web, back office elsewhere). The caller listens and closes.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel, opts.logStream, config.nodeName),
    // X-Request-Id from the balancer when valid, else a UUID (lib/logging.ts requestIdOptions).
    ...requestIdOptions(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    connectionTimeout: 60_000,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  // fast-json-stringify from each route's zod response schema (lib/fast-response.ts).
  app.setSerializerCompiler(fastSerializerCompiler);
  registerRequestId(app);

  const kv =
    opts.kv ??
    (config.redisUrl
      ? redisKv(config.redisUrl)
      : memoryKv(opts.now ? () => opts.now!().getTime() : Date.now));
  // STORAGE (README "Object storage"): the local folder (0700, no temporaries left by a killed
  // process) or the S3 bucket, whose HeadBucket at start names a wrong S3_* setting.
  const storage =
    opts.storage ?? (await openStorage(config.storage, config.filesDir, (m) => app.log.warn(m)));
  // Production checks waived by ALLOW_INSECURE_PRODUCTION (config.ts PRODUCTION_CHECKS): said at every start.
  for (const waived of config.insecureProduction)
    app.log.warn(
      `ALLOW_INSECURE_PRODUCTION waives ${PRODUCTION_CHECKS[waived].variable} with NODE_ENV=production: ${PRODUCTION_CHECKS[waived].message}`,
    );
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    kv,
    jobs: pgBossJobs(database.pool, app.log),
    sms: opts.sms ?? createSmsProvider(config.sms, app.log),
    storage,
    keys: await loadKeyRing(database.db, config.cryptoSuite),
    dataKeys: resolveDataKeys(config, (msg) => app.log.warn(msg)),
    now: opts.now ?? (() => new Date()),
    routes: [],
  };
  app.decorate('ctx', ctx);
  setReferenceTtl(database.db, config.referenceCacheSeconds * 1000);
  // Before any route: the drain's Connection: close and the metrics' hooks apply to every answer.
  registerDrain(app);
  registerMetrics(app);
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('admin', null);
  app.decorateRequest('candidate', null);
  app.decorateRequest('aesKey', null);
  app.addHook('onRequest', async (req) => {
    req.lang = resolveLang(req.headers['accept-language']);
  });
  // An administrator's change to plans, demand, dictionaries or regions clears this node's reference
  // results before the answer leaves (lib/reference-cache.ts; other nodes within REFERENCE_CACHE_SECONDS).
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 300 && changesReference(req.method, req.routeOptions.url))
      invalidateReference(ctx.db);
    return payload;
  });
  app.addHook('onClose', async () => {
    // No new job is taken here; the jobs running here go back to the queue for another node (stopping
    // after their current item); then the workers stop.
    await ctx.jobs.pause();
    await releaseRunningJobs(ctx);
    await ctx.jobs.stop();
    if (!opts.kv) await kv.close();
    if (!opts.storage) (storage as { close?(): void }).close?.();
  });
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  await registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Tegang API',
        description: 'Spec §7 calls. Answers are {code, msg, data}.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          admin: { type: 'http', scheme: 'bearer' },
          candidate: { type: 'apiKey', in: 'header', name: 'User-Authorization' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Schemas with an id (the recursive trees) go to components.schemas, where the routes refer to them.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: DOCS_CSP });
  await app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 60, fieldSize: 10_000 },
  });

  await registerRateLimit(app, config);
  registerConsolePages(app, config);
  await app.register(async (api) => {
    registerAccess(api);
    registerInputGuard(api);
    registerAudit(api);
    for (const register of modules) await register(api);
  });

  await registerWeb(app, config);
  return app;
}

/** Serves the built web app: / → /web/login (spec §2), /web/* the candidate entry, the rest the console. */
async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  app.get('/', (_req, reply) => reply.redirect('/web/login'));
  const dist = config.webDist;
  const hasDist = fs.existsSync(path.join(dist, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      // .br/.gz written beside each file at build time (packages/web vite.config.ts)
      preCompressed: true,
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage =
      req.method === 'GET' &&
      !API_PREFIXES.some((p) => req.url.startsWith(p)) &&
      (req.headers.accept ?? '').includes('text/html');
    if (wantsPage && hasDist) {
      const entry =
        req.url === '/web' || req.url.startsWith('/web/') || req.url.startsWith('/web?')
          ? 'web/index.html'
          : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(entry);
    }
    return reply.status(404).send({ code: 404, msg: translate(req.lang, 'error.notFound'), data: null });
  });
}

/**
 * Console pages are their menu path + '/index' (spec §2), which may share a prefix with an API path
 * (/recruit/recruitPlan/index beside /recruit/recruitPlan/:id): a browser asking for such a page gets
 * the console. Added before the API so that the hook applies to its routes.
 */
function registerConsolePages(app: FastifyInstance, config: Config): void {
  if (!fs.existsSync(path.join(config.webDist, 'index.html'))) return;
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || !(req.headers.accept ?? '').includes('text/html')) return;
    if (!/\/index$/.test(req.url.split('?')[0]!)) return;
    return reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDist);
  });
}
