/**
 * The load process of bench/hot-reads.ts: reads the spec file named by its argument
 * ({base, paths, tokens, connections, seconds}), warms up 3 s, then runs autocannon for `seconds`
 * with `connections` connections; each connection takes the next token (its own candidate) and
 * cycles through `paths`. Prints one JSON line: req/s (mean), latency p50/p99 ms, non-2xx answers,
 * bytes a request, this process's CPU seconds, and the requests answered (warm-up included).
 */
import fs from 'node:fs';
import autocannon from 'autocannon';

const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
let next = 0;
const requests = spec.paths.map((path) => ({
  method: 'GET',
  path,
  setupRequest(req, context) {
    context.token ??= spec.tokens[next++ % spec.tokens.length];
    return { ...req, headers: { ...req.headers, 'user-authorization': `Bearer ${context.token}` } };
  },
}));
const run = (duration) =>
  autocannon({ url: spec.base, connections: spec.connections, duration, requests, initialContext: {} });
const warm = await run(3);
const cpu0 = process.cpuUsage();
const r = await run(spec.seconds);
const cpu = process.cpuUsage(cpu0);
console.log(
  JSON.stringify({
    reqPerSec: Math.round(r.requests.average),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    bytesPerReq: Math.round(r.throughput.total / Math.max(1, r.requests.total)),
    loaderCpuS: Math.round((cpu.user + cpu.system) / 1e4) / 100,
    // every request answered, warm-up included (the server measures its CPU over both)
    answered: warm.requests.total + r.requests.total,
  }),
);
