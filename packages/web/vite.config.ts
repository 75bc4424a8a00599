import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';

const api = 'http://127.0.0.1:8080';
const proxied = ['/auth', '/api', '/recruit', '/candidate', '/admin', '/system', '/file', '/log', '/docs'];

/** Text files of the build get a .br (brotli 11) and a .gz (gzip 9) beside them, served by the server. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tegang-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const full = path.join(dir, e.name);
          return e.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * `ANALYZE=<file>.html|.json vite build`: the bundle analysis (rollup-plugin-visualizer), a treemap or
 * its raw data with every module's rendered, gzip and brotli size per chunk; written outside dist.
 */
const analyze = process.env.ANALYZE;
const analysis = analyze
  ? [
      visualizer({
        filename: analyze,
        template: analyze.endsWith('.json') ? 'raw-data' : 'treemap',
        gzipSize: true,
        brotliSize: true,
      }),
    ]
  : [];

/**
 * Two entries (DESIGN "Layout"): the candidate site (web/index.html, plain antd, for phones) and the
 * back office (index.html, ProComponents), each with its own chunks.
 */
export default defineConfig({
  plugins: [react(), precompress(), ...analysis],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      input: {
        admin: fileURLToPath(new URL('./index.html', import.meta.url)),
        web: fileURLToPath(new URL('./web/index.html', import.meta.url)),
      },
      treeshake: {
        // The CRUD kit's modules only define components and helpers: a page that imports useCan or
        // PermissionsProvider through its index does not pull in the ProTable/ProForm half.
        moduleSideEffects: [{ test: /[\\/]src[\\/]components[\\/]crud[\\/]/, sideEffects: false }],
      },
      output: {
        // Libraries every first page needs, in chunks of their own that both entries share and that
        // stay cached across releases of the app's code; antd and ProComponents are left to the
        // automatic splitting, so that each route loads only the components it uses.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 2 },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      proxied.map((p) => [
        p,
        { target: api, bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined) },
      ]),
    ),
  },
});
