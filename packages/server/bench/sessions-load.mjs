/**
 * The load process of `bench/sessions.ts` (its own process, so that the server's CPU is the server's):
 * `node sessions-load.mjs <spec.json>` prints one JSON line.
 * - {mode: 'http', url, method, header, tokens, bodies?, connections, seconds}: autocannon, connection i
 *   sends `header: Bearer tokens[i % n]` (and body i % n); {perSecond, p50, p99, non2xx};
 * - {mode: 'argon2', hash, password, inFlight, seconds}: raw @node-rs/argon2 verify with `inFlight`
 *   calls in flight (they queue on libuv's pool, as the server's do); {perSecond, serverCpuMs: CPU
 *   ms per verify}.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { verify } from '@node-rs/argon2';

const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));

if (spec.mode === 'argon2') {
  let done = 0;
  const cpu0 = process.cpuUsage();
  const end = performance.now() + spec.seconds * 1000;
  await Promise.all(
    Array.from({ length: spec.inFlight }, async () => {
      while (performance.now() < end) {
        if (!(await verify(spec.hash, spec.password))) throw new Error('wrong password');
        done += 1;
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000 / done;
  process.stdout.write(`${JSON.stringify({ perSecond: done / spec.seconds, serverCpuMs: cpuMs })}\n`);
} else {
  let next = 0;
  const result = await autocannon({
    url: spec.url,
    method: spec.method ?? 'GET',
    connections: spec.connections,
    duration: spec.seconds,
    setupClient(client) {
      const i = next++;
      const headers = { 'content-type': 'application/json' };
      if (spec.header) headers[spec.header] = `Bearer ${spec.tokens[i % spec.tokens.length]}`;
      client.setHeaders(headers);
      if (spec.bodies) client.setBody(spec.bodies[i % spec.bodies.length]);
    },
  });
  process.stdout.write(
    `${JSON.stringify({
      perSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    })}\n`,
  );
}
