import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Paths that the server resolves at run time (migrations, seed data, the web app, worker entries) from
 * either of its two forms (docs/decisions.md "Production start: a built server"):
 * - source: src/**\/*.ts run by tsx (`npm start` without a build, vitest, the npm scripts);
 * - build: packages/server/scripts/build.mjs bundles each entry into its own file dist/<name>.js, side
 *   by side in one directory directly under packages/server.
 * A bundled module's import.meta.url is its bundle's, so a path relative to the source file would be
 * wrong there; every such path goes through this file instead, which knows where it sits in each form.
 */

/** True when this code runs from the esbuild bundle (dist/*.js), false from source (src/**\/*.ts). */
export const BUILT = import.meta.url.endsWith('.js');

/** packages/server/ as a file URL (with its trailing slash): up from src/lib/ or from dist/. */
const SERVER_ROOT = new URL(BUILT ? '../' : '../../', import.meta.url);

/**
 * An absolute file path under packages/server, given relative to it: `serverPath('drizzle')`,
 * `serverPath('src/db/seed-data/regions.json')`, `serverPath('../web/dist')`. The same in both forms:
 * data files are read where they sit in the checkout, never copied into dist.
 */
export function serverPath(relative: string): string {
  return fileURLToPath(new URL(relative, SERVER_ROOT));
}

/**
 * A worker thread's entry as a file URL string, given by its source path under src/ without the
 * extension (`'imports/read-worker'`): src/imports/read-worker.ts from source; in the build, the bundle
 * of that name beside this one (dist/read-worker.js: build.mjs makes each worker entry a bundle named
 * after its file). Throws nothing; the worker fails to start if the build lacks that entry.
 */
export function workerEntry(sourcePath: string): string {
  if (!BUILT) return new URL(`src/${sourcePath}.ts`, SERVER_ROOT).href;
  return new URL(`./${sourcePath.slice(sourcePath.lastIndexOf('/') + 1)}.js`, import.meta.url).href;
}

/**
 * The execArgv of a worker thread whose entry comes from {@link workerEntry}: none in the build; from
 * source, tsx's ESM loader (`--import <file URL>`), so that the thread imports the TypeScript entry
 * under `npm start` and vitest alike.
 */
export const WORKER_EXEC_ARGV: readonly string[] = BUILT
  ? []
  : ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];
