/**
 * The apply burst's load generator, a process of its own so that the server's event loop is not the
 * client's: reads one JSON job from stdin ({base, concurrency, photoFile, posts: [{token, fields}]}),
 * posts every application as multipart with the photo and prints one JSON line: perSecond, p50ms,
 * p95ms, failures (answers other than 200).
 */
import fs from 'node:fs';
import { multipart } from '../test/enroll/fixtures';

interface Job {
  base: string;
  concurrency: number;
  photoFile: string;
  posts: { token: string; fields: Record<string, string> }[];
}

const job = JSON.parse(fs.readFileSync(0, 'utf8')) as Job;
const photo = fs.readFileSync(job.photoFile);
const bodies = job.posts.map((p) => ({ token: p.token, ...multipart(p.fields, { data: photo }) }));
const latencies: number[] = [];
let failures = 0;
let next = 0;
const start = performance.now();
await Promise.all(
  Array.from({ length: job.concurrency }, async () => {
    while (next < bodies.length) {
      const b = bodies[next++]!;
      const t0 = performance.now();
      const res = await fetch(`${job.base}/api/apply`, {
        method: 'POST',
        body: b.body,
        headers: { ...b.headers, 'user-authorization': `Bearer ${b.token}` },
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status !== 200) failures++;
    }
  }),
);
const seconds = (performance.now() - start) / 1000;
latencies.sort((a, b) => a - b);
const at = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
console.log(
  JSON.stringify({
    perSecond: Math.round((bodies.length / seconds) * 10) / 10,
    p50ms: Math.round(at(50) * 10) / 10,
    p95ms: Math.round(at(95) * 10) / 10,
    failures,
  }),
);
