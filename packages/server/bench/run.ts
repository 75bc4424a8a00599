/**
 * `npm run bench`: the speed and memory targets of the main job, measured on this machine and written
 * to docs/benchmarks.md (never asserted in tests). A real server on loopback over a real PostgreSQL
 * (DATABASE_URL, else embedded).
 * - pdf.enrollForm: enrolment forms rendered per second, size.
 * - apply.burst: N candidates apply at once (multipart with a photo) with C in flight: req/s, p50/p95.
 * - read.mix: the candidate's page loads (checkCanCandidate, apply flag, cascade) under C in flight.
 * - enroll.export: an xlsx export of M enrolments: seconds and peak RSS growth.
 * - import.compare: an enrolment comparison import of IMPORT_ROWS rows against a bare exceljs read + check.
 * - ticketPdf: admission ticket PDFs, the generate job against bare rendering on the same threads (bench/ticket-pdf.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateDatabase, openDatabase } from '../src/db';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { candidateUser, enroll } from '../src/db/schema';
import { seedOnce } from '../src/db/seed';
import { keepSpareReadWorker, stopSpareReadWorker } from '../src/imports/engine';
import { hashPassword } from '../src/lib/passwords';
import { openSession } from '../src/lib/sessions';
import { run as pdfBench } from './pdf.bench';
import { run as importBench } from './import.bench';
import { run as ticketPdfBench } from './ticket-pdf';
import { benchPhoto, encoderComparison } from './photo';
import { applicationFields, idCard, openPlanAndDemand } from '../test/enroll/fixtures';

const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 50_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/**
 * BENCH_ONLY=import (or ticketPdf, apply) runs that benchmark alone (printed, docs/benchmarks.md left
 * unchanged). BENCH_ONLY=heavy runs the heavy work in a row — apply burst, ticket PDF job, import,
 * export — and prints the server process's RSS idle, after each, and a minute after the last. The apply burst sends BENCH_PHOTO (a real photograph) or a photograph-like synthetic one.
 */
const ONLY = process.env.BENCH_ONLY ?? '';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function main() {
  const results: Record<string, unknown>[] = [];
  if (!ONLY) {
    results.push(await pdfBench());
    console.log(JSON.stringify(results.at(-1)));
  }

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-bench-'));
  const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres(path.join(tmp, 'pg'));
  const database = openDatabase(process.env.DATABASE_URL ?? embedded!.url, 20);
  await migrateDatabase(database.db);
  await seedOnce(database.db, { adminPassword: 'Bench1!pass', now: new Date() });
  const config = loadConfig({
    DATA_DIR: tmp,
    CAPTCHA_ENABLED: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(tmp, 'none'),
  });
  const app = await buildApp({ config, database, logger: false, sms: { send: async () => {} } });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  // As a serving node starts (src/start.ts): the job queue (pg-boss's schema on a new database) and
  // the spare read worker are not the import's.
  await app.ctx.jobs.start();
  keepSpareReadWorker();
  const mb = (bytes: number) => round(bytes / 1048576, 0);
  const memory: Record<string, number> = { idleMB: mb(process.memoryUsage().rss) };
  const t = { database } as never;
  const { plan, demand, education } = await openPlanAndDemand(t);
  if (ONLY === 'ticketPdf') console.log(JSON.stringify(await ticketPdfBench(app, base)));
  if (ONLY === 'import' || ONLY === 'ticketPdf') {
    const token = await openSession(
      database.db,
      'admin',
      1,
      { ip: '127.0.0.1', headers: {} } as never,
      new Date(),
    );
    if (ONLY === 'import')
      console.log(JSON.stringify(await importBench(base, token, plan.id, IMPORT_ROWS, database.pool)));
    await app.close();
    await stopSpareReadWorker();
    await database.close();
    if (embedded) await embedded.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
    return;
  }

  // Candidates with sessions (argon2 hashing once, reused).
  const hash = await hashPassword('Bench1!pass');
  const candidates: { token: string; card: string }[] = [];
  for (let i = 0; i < APPLICANTS; i++) {
    const card = idCard(
      '19980101',
      String(1 + (i % 999)).padStart(3, '0'),
      String(520102 + Math.floor(i / 999)),
    );
    const [row] = await database.db
      .insert(candidateUser)
      .values({
        userName: `bench${i}`,
        passwordHash: hash,
        realName: '测试',
        idCard: card,
        gender: '1',
        birthday: '1998-01-01',
        telephone: `139${String(i).padStart(8, '0')}`,
      })
      .returning();
    candidates.push({
      card,
      token: await openSession(
        database.db,
        'candidate',
        row!.id,
        { ip: '127.0.0.1', headers: {} } as never,
        new Date(),
      ),
    });
  }
  const { data: jpeg, source: photoSource } = await benchPhoto();

  // Burst of applications, posted by a load generator in its own process (bench/apply-load.ts).
  const photoFile = path.join(tmp, 'photo.jpg');
  fs.writeFileSync(photoFile, jpeg);
  // Asynchronous: the server answers on this process's event loop meanwhile.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./apply-load.ts', import.meta.url).pathname],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stdin.end(
    JSON.stringify({
      base,
      concurrency: CONCURRENCY,
      photoFile,
      posts: candidates.map((c) => ({
        token: c.token,
        fields: applicationFields(plan.id, c.card, demand, education),
      })),
    }),
  );
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`apply load generator exited with ${code}`);
  results.push({
    name: 'apply.burst',
    photo: `${photoSource} ${round(jpeg.length / 1024, 0)} KB`,
    applicants: APPLICANTS,
    concurrency: CONCURRENCY,
    ...(JSON.parse(out.trim().split('\n').at(-1)!) as object),
  });
  console.log(JSON.stringify(results.at(-1)));
  if (ONLY === 'apply') {
    console.log(JSON.stringify({ name: 'photo.encoders', ...(await encoderComparison(jpeg)) }));
    await app.close();
    await stopSpareReadWorker();
    await database.close();
    if (embedded) await embedded.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
    return;
  }

  memory.afterApplyMB = mb(process.memoryUsage().rss);
  // Read mix: what a candidate's pages load.
  const reads = [
    '/api/recruitPlan/checkCanCandidate',
    `/api/apply/${plan.id}`,
    `/api/recruitPlanData/getCategoryByEducation/${education}?planId=${plan.id}`,
    `/api/recruitPlanData/getRecruitPlanDataRegionByCategory?planId=${plan.id}&category=${demand.category}`,
    '/admin/dictItem/listDictItem/sys_nation',
  ];
  const readLatencies: number[] = [];
  const requests =
    ONLY === 'heavy' ? [] : candidates.flatMap((c) => reads.map((url) => ({ url, token: c.token })));
  const readStart = performance.now();
  await pool(requests, CONCURRENCY, async (r) => {
    const t0 = performance.now();
    const res = await fetch(base + r.url, { headers: { 'user-authorization': `Bearer ${r.token}` } });
    await res.arrayBuffer();
    readLatencies.push(performance.now() - t0);
  });
  const readSeconds = (performance.now() - readStart) / 1000;
  readLatencies.sort((a, b) => a - b);
  results.push({
    name: 'read.mix',
    requests: requests.length,
    concurrency: CONCURRENCY,
    perSecond: round(requests.length / readSeconds),
    p50ms: round(percentile(readLatencies, 50)),
    p95ms: round(percentile(readLatencies, 95)),
  });
  console.log(JSON.stringify(results.at(-1)));

  const adminToken = await openSession(
    database.db,
    'admin',
    1,
    { ip: '127.0.0.1', headers: {} } as never,
    new Date(),
  );
  results.push(await ticketPdfBench(app, base));
  console.log(JSON.stringify(results.at(-1)));
  memory.afterTicketPdfMB = mb(process.memoryUsage().rss);
  // Before the export's bench-only clones (which drop the ID-number index): a realistic database.
  results.push(await importBench(base, adminToken, plan.id, IMPORT_ROWS, database.pool));
  console.log(JSON.stringify(results.at(-1)));
  memory.afterImportMB = mb(process.memoryUsage().rss);

  // Export of many rows: clone the burst's rows in SQL up to EXPORT_ROWS.
  const [first] = await database.db.select().from(enroll).limit(1);
  const have = (await database.db.select({ n: sql<number>`count(*)::int` }).from(enroll))[0]!.n;
  if (first && have < EXPORT_ROWS) {
    // A bench database only: clones need no unique ID numbers or accounts.
    await database.pool.query(
      `alter table enroll drop constraint if exists enroll_candidate_id_candidate_user_id_fk`,
    );
    await database.pool.query(
      `drop index if exists enroll_plan_candidate_uq; drop index if exists enroll_plan_id_card_uq`,
    );
    await database.pool.query(
      `insert into enroll (plan_id, candidate_id, name, gender, id_card, marital_status, birthday, nation, veteran, political_affiliation, phone, domicile, address, picture, graduate_college, education, graduation_date, major, is_normal, freshmen, teacher_certification, teacher_certification_type, teacher_certification_subject, is_adjust, priority_condition, priority_content, plan_type, province_code, city_code, county_code, enroll_county, academic_session, subject)
       select plan_id, candidate_id + g, name || g, gender, id_card, marital_status, birthday, nation, veteran, political_affiliation, phone, domicile, address, null, graduate_college, education, graduation_date, major, is_normal, freshmen, teacher_certification, teacher_certification_type, teacher_certification_subject, is_adjust, priority_condition, priority_content, plan_type, province_code, city_code, county_code, enroll_county, academic_session, subject
       from enroll, generate_series(1, $1) g where enroll.id = $2`,
      [EXPORT_ROWS - have, first.id],
    );
  }
  const link = await (
    await fetch(`${base}/candidate/enroll/exportToken`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: '{}',
    })
  ).json();
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const exportStart = performance.now();
  const res = await fetch(base + link.data.url);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  clearInterval(sampler);
  const exported = (await database.db.select({ n: sql<number>`count(*)::int` }).from(enroll))[0]!.n;
  results.push({
    name: 'enroll.export',
    rows: exported,
    seconds: round((performance.now() - exportStart) / 1000, 2),
    sizeMB: round(bytes / 1048576),
    peakRssGrowthMB: round((peak - rssBefore) / 1048576),
    peakAboveIdleMB: round((peak - memory.idleMB! * 1048576) / 1048576),
  });
  console.log(JSON.stringify(results.at(-1)));
  memory.afterExportMB = mb(process.memoryUsage().rss);
  if (ONLY === 'heavy') {
    // Idle for a minute, as a node between jobs: what the process gives back by itself.
    await new Promise((r) => setTimeout(r, 60_000));
    const later = process.memoryUsage();
    memory.aMinuteLaterMB = mb(later.rss);
    // Where it is held: the V8 heap (JavaScript objects), or native memory (buffers, threads, malloc).
    memory.aMinuteLaterHeapTotalMB = mb(later.heapTotal);
    memory.aMinuteLaterHeapUsedMB = mb(later.heapUsed);
    memory.aMinuteLaterExternalMB = mb(later.external);
    console.log(JSON.stringify({ name: 'memory', ...memory }));
    await app.close();
    await stopSpareReadWorker();
    await database.close();
    if (embedded) await embedded.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
    return;
  }

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${round(os.totalmem() / 1073741824, 0)} GiB, Node ${process.version}`;
  const lines = [
    `## ${new Date().toISOString().slice(0, 10)} (${machine})`,
    '',
    '| benchmark | result |',
    '|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${Object.entries(r)
          .filter(([k]) => k !== 'name')
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')} |`,
    ),
    '',
  ];
  const file = new URL('../../../docs/benchmarks.md', import.meta.url).pathname;
  // Newest first: the new section goes before the first dated one, below the intro and the targets.
  const previous = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8')
    : '# Benchmarks\n\nWritten by `npm run bench` (newest first).\n\n';
  const at = previous.indexOf('\n## ');
  const section = lines.join('\n') + '\n';
  fs.writeFileSync(
    file,
    at < 0
      ? `${previous.trimEnd()}\n\n${section}`
      : `${previous.slice(0, at + 1)}${section}${previous.slice(at + 1)}`,
  );
  console.log(`written to ${file}`);
  await app.close();
  await stopSpareReadWorker();
  await database.close();
  if (embedded) await embedded.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
