// `npm run build -w @tegang/server`: the server compiled ahead of time (docs/decisions.md "Production
// start: a built server"), so that `npm start` runs plain JavaScript instead of compiling every module
// with tsx at each start.
//
// Every entry becomes one flat bundle in the output directory (default packages/server/dist): main.js,
// the worker-thread entries (read-worker.js, admission-ticket-worker.js, password-worker.js) and the
// CLI scripts (storage-migrate.js, reseal-results.js). npm packages stay external (loaded from
// node_modules); @tegang/domain is TypeScript source and is bundled. Paths resolved at run time
// (migrations, seed data, the web app, worker entries) go through src/lib/module-path.ts, which expects
// the output directory to sit directly under packages/server and every bundle to sit in it side by side.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const domainEntry = fileURLToPath(new URL('../../domain/src/index.ts', import.meta.url));

/** Output name → source entry. A new worker thread's entry must be added here (see module-path.ts). */
export const ENTRIES = {
  main: 'src/main.ts',
  'read-worker': 'src/imports/read-worker.ts',
  'admission-ticket-worker': 'src/documents/admission-ticket-worker.ts',
  'password-worker': 'src/lib/password-worker.ts',
  'storage-migrate': 'src/scripts/storage-migrate.ts',
  'reseal-results': 'src/scripts/reseal-results.ts',
};

/** `packages: 'external'` leaves every bare import to node_modules; the workspace package is bundled. */
const bundleDomain = {
  name: 'bundle-tegang-domain',
  setup(b) {
    b.onResolve({ filter: /^@tegang\/domain$/ }, () => ({ path: domainEntry }));
  },
};

/**
 * Builds the server into `outdir` (absolute, or relative to packages/server; a directory directly under
 * packages/server). Resolves to esbuild's result; rejects with esbuild's errors (also printed).
 */
export async function buildServer({ outdir = 'dist', logLevel = 'info' } = {}) {
  const out = path.resolve(serverDir, outdir);
  if (path.dirname(out) !== path.resolve(serverDir))
    throw new Error(`The output directory must sit directly under packages/server: ${out}`);
  return build({
    absWorkingDir: serverDir,
    entryPoints: ENTRIES,
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [bundleDomain],
    // Bundling renames clashing identifiers; error classes and log lines keep their own names.
    keepNames: true,
    sourcemap: 'linked',
    logLevel,
  });
}

// `node scripts/build.mjs [outdir]`: outdir as for buildServer (the build test uses its own).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const outdir = process.argv[2] ?? 'dist';
  try {
    await buildServer({ outdir, logLevel: 'warning' });
  } catch (error) {
    if (!error.errors) console.error(error.message); // esbuild's own errors are printed already
    process.exit(1);
  }
  console.log(
    `Server built into packages/server/${outdir} in ${Math.round(performance.now() - started)} ms.`,
  );
}
