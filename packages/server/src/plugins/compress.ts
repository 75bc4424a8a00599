import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compressed answers (issue 8: the login page transferred 1.09 MB uncompressed). API answers of 1 KB
 * or more are sent brotli- or gzip-encoded when the client accepts it (brotli at quality 4: close to
 * gzip's speed, smaller). Types that are compressed already (xlsx, images) and streamed downloads of
 * them pass unchanged. The built web app is served from files precompressed at build time
 * (packages/web vite.config.ts writes .br and .gz beside each asset; @fastify/static `preCompressed`).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
