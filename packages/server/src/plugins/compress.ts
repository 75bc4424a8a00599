import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compressed answers (the login page's first load stays light on a phone). API answers of 8 KB
 * or more (region trees, dictionaries, pages of lists) are sent brotli- or gzip-encoded when the client
 * accepts it (brotli at quality 4: close to gzip's speed, smaller); the small answers of the
 * candidate's hot path are not worth the CPU (read.mix fell from ~400 to ~260 req/s at a 1 KB
 * threshold). Types that are compressed already (xlsx, images) and streamed downloads of
 * them pass unchanged. The built web app is served from files precompressed at build time
 * (packages/web vite.config.ts writes .br and .gz beside each asset; @fastify/static `preCompressed`).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 8 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
