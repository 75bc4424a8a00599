// `npm start`: builds the web app when it is missing, then runs the server (packages/server/src/main.ts)
// with tsx. Signals pass through so that Ctrl-C stops the server and the embedded database cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}packages/web/dist/index.html`)) {
  console.log('Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@tegang/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
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
