// `npm start`: builds the web app when it is missing, then runs the server. The built server
// (packages/server/dist/main.js, `npm run build`) runs with plain node when it is newer than every
// source file of the server and the domain package; otherwise the source runs with tsx, as in
// development, and one line says so (docs/decisions.md "Production start: a built server").
// Signals pass through so that Ctrl-C stops the server and the embedded database cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}packages/web/dist/index.html`)) {
  console.log('Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@tegang/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The newest modification time (ms) of the files under `dir`, recursively; 0 for an empty tree. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  return latest;
}

const built = `${root}packages/server/dist/main.js`;
const sources = ['packages/server/src', 'packages/domain/src'].map((dir) => `${root}${dir}`);
// A build older than a source file would run yesterday's code: the source wins, loudly.
const fresh = existsSync(built) && statSync(built).mtimeMs > Math.max(...sources.map(newest));
if (!fresh)
  console.log(
    existsSync(built)
      ? 'The server build is older than its source: running the source with tsx (`npm run build` to start faster).'
      : 'No server build: running the source with tsx (`npm run build` to start faster).',
  );
// --expose-gc: the jobs collect once after each job, so a quiet node's memory goes back to idle
// (packages/server/src/jobs/index.ts collectAfterJob).
const args = ['--expose-gc', ...(fresh ? [built] : ['--import', 'tsx', 'packages/server/src/main.ts'])];
// glibc's allocator keeps what a job freed (a PDF batch, a workbook, an export) in per-thread arenas and
// raises its mmap threshold after large frees, so a node stayed ~200 MB above idle after its first jobs.
// A fixed 128 KB threshold (large buffers mapped and unmapped) and two arenas give the memory back;
// the operator's own settings win (docs/decisions.md "Memory after jobs").
const env = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '2', ...process.env };
const server = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
// The server's exit code is ours, so a supervisor sees a failure. A server killed by a signal we did
// not pass on (kill -9, the OOM killer) is a failure too: 128 + the signal number, as a shell reports it.
let forwarded = null;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    forwarded = signal;
    server.kill(signal);
  });
server.on('exit', (code, signal) => {
  if (code !== null) process.exit(code);
  if (signal && signal === forwarded) process.exit(0);
  if (signal) console.error(`The server was killed by ${signal}.`);
  process.exit(128 + (constants.signals[signal] ?? 0));
});
