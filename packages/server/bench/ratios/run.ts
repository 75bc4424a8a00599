/**
 * `npm run bench:ratios`: the project against raw ceilings on the same machine and database, the
 * measurement the deadline-day speed targets are stated in (docs/benchmarks.md "Ratios"). Never a test:
 * numbers go to the docs and to one JSON line printed last.
 *
 * What runs, each as its own process:
 * - the server as in production: `node scripts/start.mjs` (the build, made first when dist is older
 *   than the sources) with NODE_ENV=production on a fresh database (DATABASE_URL: a new database on
 *   that server, dropped afterwards; else an embedded PostgreSQL in a temporary folder);
 * - the raw server (raw-server.ts: Fastify 5 + pg, the same queries, envelope and session lookup);
 * - the raw jobs (raw-jobs.ts: exceljs streaming write and read + the same checks, pdfkit on 2 threads);
 * - the load generator (load.ts: autocannon), one process per run.
 * The orchestrator (this file) talks to the server over HTTP only, through the routes' public
 * contracts; it seeds with bulk SQL (ROWS enrolments in the open plan, cloned from one application
 * made through POST /api/apply with the photo), and an import's time ends at the end its job row
 * records (finish_time), the poll that sees it being a process on the same cores.
 *
 * Pairs run interleaved project/raw × ROUNDS after a warm-up of each side, medians reported. Load:
 * 50 connections for reads and logins, 32 in flight for applications. Server memory (VmRSS, VmHWM) from
 * /proc/<pid>/status of the server process: fresh, peak during each job kind, idle 10 s and 40 s after
 * the jobs.
 *
 * Environment: BENCH_QUICK=1 (10,000 rows, 3 s runs, one round per pair, ~2 minutes);
 * BENCH_PROFILE=<dir> (the server's CPU profile); BENCH_PHOTO=<jpeg> (default: the rustup embedded book's verify.jpeg when present, a real 100 KB
 * photograph; else a photo-like synthetic image); DATABASE_URL; BENCH_ROUNDS, BENCH_SECONDS,
 * BENCH_CONNECTIONS (reads and logins), BENCH_JOB_ROUNDS (project/raw runs of each job, default 3)
 * override; BENCH_LATENCY=<file> appends each load run's latency
 * percentiles (autocannon's, ms) to that file, a line per run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';
import sharp from 'sharp';
import {
  decryptData,
  encryptPayload,
  idCardCheckChar,
  importPublicKey,
  JOB_POLL_MS,
  jobFinished,
  PLAN_DATA_STATUS,
  type EncryptedData,
} from '@tegang/domain';
import { fileUpload } from '../../test/imports/fixtures';
import type { LoadResult, LoadSpec } from './load';
import { applicationFields as testApplicationFields } from '../../test/enroll/fixtures';

const QUICK = process.env.BENCH_QUICK === '1';
const ROWS = QUICK ? 10_000 : 100_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 3 : 10));
const WARM_SECONDS = QUICK ? 1 : 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 3));
/**
 * BENCH_ONLY=<groups>: runs only these groups (reads, adminPage, login, apply, export, import, tickets),
 * for working on one of them; such a run prints its JSON line and leaves docs/benchmarks.md alone.
 */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const wanted = (group: string) => !ONLY || ONLY.has(group);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const APPLY_IN_FLIGHT = 32;
const TICKETS = QUICK ? 200 : 1000;
/**
 * Seconds after the jobs at which the idle memory is read: the ticket threads end after 5 s idle, a
 * read thread that has read a file is replaced after 30 s (imports/engine.ts READ_WORKER_IDLE_MS); a
 * quick run reads it at 3 s.
 */
const IDLE_SOON_S = QUICK ? 3 : 10;
const IDLE_S = QUICK ? 3 : 40;
const PDF_THREADS = 2;
/** Accounts that apply (and log in): enough for every apply run at well over 100/s. */
const APPLY_POOL = QUICK ? 2_000 : 8_000;
const ADMIN_PASSWORD = `Ratios1!${randomBytes(6).toString('hex')}`;
const DEFAULT_PHOTO =
  '/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html/embedded-book/assets/verify.jpeg';

const root = new URL('../../../../', import.meta.url).pathname;
const here = new URL('./', import.meta.url).pathname;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-ratios-'));
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (...args: unknown[]) => console.error('[ratios]', ...args);

// ---- Processes -------------------------------------------------------------------------------------

const children: ChildProcess[] = [];

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** The newest modification time (ms) of the files under `dir`. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile())
      latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  return latest;
}

/** `npm run build -w @tegang/server` when dist/main.js is older than a source (scripts/start.mjs's rule). */
function buildIfStale() {
  const built = path.join(root, 'packages/server/dist/main.js');
  const sources = ['packages/server/src', 'packages/domain/src'].map((d) => newest(path.join(root, d)));
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs > Math.max(...sources)) return;
  log('building the server (dist is older than its sources)…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@tegang/server'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build -w @tegang/server failed');
}

/** Runs `tsx <file> ...args` as a child process; its stdout's last line as JSON. */
async function tsxJson<T>(file: string, args: string[]): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, file), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${file} ${args[0]} exited ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as T;
}

let specCount = 0;
function specFile(spec: unknown): string {
  const file = path.join(tmp, `spec-${specCount++}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  return file;
}

/** The processes whose CPU a run is charged with: the server (or the raw server) and the cluster. */
const cpuPids = { project: 0, raw: 0, postmaster: 0 };
/** The raw server's base URL, once it runs (a run against it is charged to cpuPids.raw). */
let rawBaseUrl = '';
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);

/**
 * CPU time in ms of `pid` with all its threads (utime + stime of /proc/<pid>/stat), plus its reaped
 * children's (cutime + cstime) with `children`; 0 when it is gone.
 */
function cpuMs(pid: number, children = false): number {
  if (!pid) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // Fields 14–17 of proc(5) (utime, stime, cutime, cstime), counted from the state (field 3).
    const ticks = f[11]! + f[12]! + (children ? f[13]! + f[14]! : 0);
    return (ticks * 1000) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** CPU ms of the PostgreSQL cluster: the postmaster, its live processes and those already ended. */
function clusterCpuMs(): number {
  const pm = cpuPids.postmaster;
  if (!pm) return 0;
  let kids: number[];
  try {
    kids = fs.readFileSync(`/proc/${pm}/task/${pm}/children`, 'utf8').trim().split(/\s+/).map(Number);
  } catch {
    return 0;
  }
  return cpuMs(pm, true) + kids.reduce((sum, k) => sum + cpuMs(k), 0);
}

/** A load run's result with the CPU it cost per 2xx answer: the serving process and PostgreSQL. */
type ChargedResult = LoadResult & { cpu: { node: number; pg: number } };

/** One autocannon run from the load process, charged with its side's CPU per answer. */
const load = async (spec: LoadSpec): Promise<ChargedResult> => {
  const node = spec.base === rawBaseUrl ? cpuPids.raw : cpuPids.project;
  const before = [cpuMs(node), clusterCpuMs()];
  const result = await tsxJson<LoadResult>('load.ts', [specFile(spec)]);
  const answers = Math.max(1, result.ok);
  return {
    ...result,
    cpu: {
      node: round((cpuMs(node) - before[0]!) / answers, 2),
      pg: round((clusterCpuMs() - before[1]!) / answers, 2),
    },
  };
};
/** One raw job in its own process. */
const rawJob = <T>(mode: string, spec: unknown) => tsxJson<T>('raw-jobs.ts', [mode, specFile(spec)]);

/** The pid of the server process itself: the child of `node scripts/start.mjs`. */
function serverPid(startPid: number): number {
  const kids = fs.readFileSync(`/proc/${startPid}/task/${startPid}/children`, 'utf8').trim().split(/\s+/);
  return Number(kids[0]);
}

/** VmRSS and VmHWM (peak) of `pid` in MB. */
function memory(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: round(kb('VmRSS') / 1024, 0), hwm: round(kb('VmHWM') / 1024, 0) };
}

/** Samples the server's VmRSS every 100 ms while `work` runs: its result and the peak MB. */
async function withPeak<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMB: number }> {
  let peak = memory(pid).rss;
  const timer = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 100);
  try {
    const result = await work();
    return { result, peakMB: Math.max(peak, memory(pid).rss) };
  } finally {
    clearInterval(timer);
  }
}

// ---- The photo -------------------------------------------------------------------------------------

/**
 * The application photo: BENCH_PHOTO, else the default photograph when present, else a photo-like
 * synthetic JPEG (noise over gradients: it compresses as a photograph does, ~100 KB).
 */
async function applicationPhoto(): Promise<{ file: string; source: string; kb: number; size: string }> {
  const given = process.env.BENCH_PHOTO ?? (fs.existsSync(DEFAULT_PHOTO) ? DEFAULT_PHOTO : null);
  let data: Buffer;
  let source: string;
  if (given) {
    data = fs.readFileSync(given);
    source = path.basename(given);
  } else {
    const w = 600;
    const h = 840;
    const pixels = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        const n = Math.random() * 60 - 30;
        pixels[i] = Math.max(0, Math.min(255, (x / w) * 200 + 30 + n));
        pixels[i + 1] = Math.max(0, Math.min(255, (y / h) * 180 + 40 + n));
        pixels[i + 2] = Math.max(0, Math.min(255, 160 - (x / w) * 80 + n));
      }
    data = await sharp(pixels, { raw: { width: w, height: h, channels: 3 } })
      .blur(0.6)
      .jpeg({ quality: 80 })
      .toBuffer();
    source = 'synthetic 600 × 840 (noise over gradients)';
  }
  const meta = await sharp(data).metadata();
  const file = path.join(tmp, 'photo.jpg');
  fs.writeFileSync(file, data);
  return { file, source, kb: round(data.length / 1024, 0), size: `${meta.width} × ${meta.height}` };
}

// ---- HTTP to the server ----------------------------------------------------------------------------

let base = '';
let publicKey: CryptoKey | null = null;

async function call<T>(
  method: string,
  url: string,
  opts: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(base + url, {
    method,
    headers: { ...(opts.body !== undefined && { 'content-type': 'application/json' }), ...opts.headers },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const body = (await res.json()) as { code: number; msg: string; data: T; encrypted?: boolean };
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${body.msg}`);
  return body;
}

/** An encrypted call (the web app's RSA-OAEP + AES-GCM envelope): the decrypted data. */
async function secure<T>(url: string, payload: unknown, headers: Record<string, string> = {}): Promise<T> {
  publicKey ??= await importPublicKey(
    (await call<{ publicKey: string }>('GET', '/auth/publicKey')).data.publicKey,
  );
  const { body, key } = await encryptPayload(publicKey, payload);
  const answer = await call<T>('POST', url, { body, headers });
  return answer.encrypted ? decryptData<T>(key, answer.data as EncryptedData) : answer.data;
}

const adminLogin = (userName: string) =>
  secure<string>('/auth/login', { userName, password: ADMIN_PASSWORD, captcha: '', uuid: '' });
const candidateLogin = (userName: string) =>
  secure<string>('/api/auth/login', { userName, password: ADMIN_PASSWORD, captcha: '', uuid: '' });

/** Runs `work` over `items` with `concurrency` in flight. */
async function each<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!);
      }
    }),
  );
  return out;
}

// ---- Seed ------------------------------------------------------------------------------------------

/** A valid GB 11643 number: region 6 digits, born 1998-01-01 + `n` / 999 days, sequence 1 + n % 999. */
function idCard(region: string, n: number): { card: string; birthday: string } {
  const day = new Date(Date.UTC(1998, 0, 1) + Math.floor(n / 999) * 86_400_000).toISOString().slice(0, 10);
  const first17 = region + day.replace(/-/g, '') + String(1 + (n % 999)).padStart(3, '0');
  return { card: first17 + idCardCheckChar(first17), birthday: day };
}

/** Inserts candidate accounts `prefix{i}` (the admin's argon2id hash: the project's parameters). */
async function insertCandidates(db: pg.Pool, prefix: string, region: string, phone: string, count: number) {
  const names: string[] = [];
  const cards: string[] = [];
  const days: string[] = [];
  const phones: string[] = [];
  for (let i = 0; i < count; i++) {
    const { card, birthday } = idCard(region, i);
    names.push(`${prefix}${i}`);
    cards.push(card);
    days.push(birthday);
    phones.push(phone + String(i).padStart(8, '0'));
  }
  await db.query(
    `insert into candidate_user (user_name, password_hash, real_name, id_card, gender, birthday, telephone)
     select u, (select password_hash from sys_user where user_name = 'admin'), '考生' || u, c, '1', d::date, t
     from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as x(u, c, d, t)`,
    [names, cards, days, phones],
  );
  return cards;
}

interface Seeded {
  planId: number;
  category: string;
  countyCode: string;
  countyName: string;
  candidateTokens: string[];
  countyAdminToken: string;
  adminToken: string;
  enrolled: {
    name: string;
    idCard: string;
    county: string;
    period: string;
    subject: string;
    phone: string;
  }[];
}

/** A plan-data row as PostgreSQL names its columns (the fields an application takes from it). */
interface DemandRow {
  category: string;
  city_code: string;
  county_code: string;
  learning_period: string;
  subject: string;
}

/** The plan's first active post with demand in category 01, and an education that category takes. */
async function openDemand(db: pg.Pool, planId: number): Promise<{ demand: DemandRow; education: string }> {
  const [demand] = (
    await db.query<DemandRow>(
      `select * from recruit_plan_data where plan_id = $1 and status = $2 and demand_number > 0 and category = '01'
       order by id limit 1`,
      [planId, PLAN_DATA_STATUS.active],
    )
  ).rows;
  const [mapping] = (
    await db.query<{ education: string[] }>(
      `select education from recruit_category_education where category = '01'`,
    )
  ).rows;
  if (!demand || !mapping) throw new Error('the seed has no active post in category 01');
  return { demand, education: mapping.education.includes('21') ? '21' : mapping.education[0]! };
}

async function seed(db: pg.Pool, photoFile: string): Promise<Seeded> {
  const [plan] = (
    await db.query<{ id: number }>(`select id from recruit_plan where status = '1' order by id limit 1`)
  ).rows;
  if (!plan) throw new Error('the seed has no open plan');
  const { demand, education } = await openDemand(db, plan.id);

  // One application through the API: its stored photo and fields are the template of the clones.
  log(`seeding ${ROWS} enrolments…`);
  const [template] = await insertCandidates(db, 'rt', '520111', '135', 1);
  const token = await candidateLogin('rt0');
  const { body, headers } = multipartApplication(
    applicationFields(plan.id, template!, demand, education),
    fs.readFileSync(photoFile),
  );
  const applied = await fetch(`${base}/api/apply`, {
    method: 'POST',
    body,
    headers: { ...headers, 'user-authorization': `Bearer ${token}` },
  });
  if (applied.status !== 200) throw new Error(`the template application failed: ${await applied.text()}`);
  const templateId = ((await applied.json()) as { data: { id: number } }).data.id;

  await insertCandidates(db, 'rb', '520102', '139', ROWS);
  await insertCandidates(db, 'ra', '520103', '137', APPLY_POOL);
  // The clones spread over the plan's live demand rows (county, category, period, subject), as a
  // province's applications do; created over the last 10 days (the admin page sorts by it).
  await db.query(
    `with d as (select row_number() over (order by id) - 1 as k, * from recruit_plan_data
                where plan_id = $1 and status = $3 and demand_number > 0),
          n as (select count(*) as c from d),
          c as (select row_number() over (order by id) - 1 as k, * from candidate_user where user_name like 'rb%')
     insert into enroll (plan_id, candidate_id, name, gender, id_card, marital_status, birthday, nation, veteran,
       political_affiliation, phone, domicile, address, picture, graduate_college, education, graduation_date,
       major, is_normal, freshmen, teacher_certification, teacher_certification_type,
       teacher_certification_subject, is_adjust, priority_condition, priority_content, plan_type, province_code,
       city_code, county_code, enroll_county, academic_session, subject, create_time, update_time)
     select t.plan_id, c.id, c.real_name, c.gender, c.id_card, t.marital_status, c.birthday, t.nation, t.veteran,
       t.political_affiliation, c.telephone, t.domicile, t.address, t.picture, t.graduate_college, t.education,
       t.graduation_date, t.major, t.is_normal, t.freshmen, t.teacher_certification, t.teacher_certification_type,
       d.subject, t.is_adjust, t.priority_condition, t.priority_content, d.category, d.province_code, d.city_code,
       d.county_code, coalesce(r.name, d.county_code), d.learning_period, d.subject,
       now() - (c.k * interval '8 seconds'), now() - (c.k * interval '8 seconds')
     from c join d on d.k = c.k % (select c from n)
     cross join (select * from enroll where id = $2) t
     left join sys_region r on r.code = d.county_code`,
    [plan.id, templateId, PLAN_DATA_STATUS.active],
  );

  // One county administrator: the county with the most enrolments, a role granting the enrolment menus.
  const [county] = (
    await db.query<{ province_code: string; city_code: string; county_code: string; enroll_county: string }>(
      `select province_code, city_code, county_code, enroll_county from enroll where plan_id = $1
       group by 1, 2, 3, 4 order by count(*) desc limit 1`,
      [plan.id],
    )
  ).rows;
  const [role] = (
    await db.query<{ id: number }>(
      `insert into sys_role (name, code) values ('县级报名审核', 'ratios_county') returning id`,
    )
  ).rows;
  await db.query(
    `insert into sys_role_menu (role_id, menu_id) select $1, id from sys_menu where permission like 'candidate:enroll:%'`,
    [role!.id],
  );
  await db.query(
    `with u as (insert into sys_user (user_name, nick_name, password_hash, province_code, city_code, county_code)
                select 'ratios_county', '县级管理员', password_hash, $1, $2, $3 from sys_user where user_name = 'admin'
                returning id)
     insert into sys_user_role (user_id, role_id) select id, $4 from u`,
    [county!.province_code, county!.city_code, county!.county_code, role!.id],
  );

  // Admission tickets for the TICKETS newest enrolments (the PDF job's input).
  await db.query(
    `insert into admission_ticket (plan_id, enroll_id, admission_number, exam_date, exam_time, exam_place,
       exam_address, exam_room_number, seat_number, examination_room_notice)
     select e.plan_id, e.id, '2027520102' || lpad((1 + (r - 1) / 30)::text, 3, '0') || lpad((1 + (r - 1) % 30)::text, 2, '0'),
            '2027-07-18', '09:00-11:30', '贵阳市第一中学', '贵阳市南明区中华南路 1 号',
            lpad((1 + (r - 1) / 30)::text, 3, '0'), lpad((1 + (r - 1) % 30)::text, 2, '0'),
            E'1. 考生须持准考证和身份证入场。\\n2. 开考 15 分钟后不得入场。\\n3. 严禁携带手机等通信工具进入考场。'
     from (select e.*, row_number() over (order by e.id desc) r from enroll e where e.plan_id = $1) e
     where r <= $2`,
    [plan.id, TICKETS],
  );
  await db.query('analyze');

  // The matched list in the order an office keeps it (county, then name), not by ID number.
  const enrolled = (
    await db.query<{
      name: string;
      id_card: string;
      enroll_county: string;
      period: string;
      subject: string;
      phone: string;
    }>(
      `select e.name, e.id_card, e.enroll_county, coalesce(p.label, e.academic_session) as period,
              coalesce(s.label, e.subject) as subject, e.phone
       from enroll e
       left join sys_dict_item p on p.dict_type = 'recruit_learning_period' and p.value = e.academic_session
       left join sys_dict_item s on s.dict_type = 'recruit_subject' and s.value = e.subject
       where e.plan_id = $1 order by e.enroll_county, e.name, e.id`,
      [plan.id],
    )
  ).rows.map((r) => ({
    name: r.name,
    idCard: r.id_card,
    county: r.enroll_county,
    period: r.period,
    subject: r.subject,
    phone: r.phone,
  }));

  // Sessions through the login route: 50 candidates with enrolments (one per connection), the two admins.
  const candidateTokens = await each(
    Array.from({ length: CONNECTIONS }, (_, i) => `rb${i * Math.floor(ROWS / CONNECTIONS)}`),
    4,
    candidateLogin,
  );
  return {
    planId: plan.id,
    category: demand.category,
    countyCode: county!.county_code,
    countyName: county!.enroll_county,
    candidateTokens,
    countyAdminToken: await adminLogin('ratios_county'),
    adminToken: await adminLogin('admin'),
    enrolled,
  };
}

/**
 * A complete, valid set of application fields (the web app's form) for `card` and `demand`: the
 * enrolment tests' own (test/enroll/fixtures.ts), from the plan-data row as PostgreSQL names it.
 */
function applicationFields(planId: number, card: string, demand: DemandRow, education: string) {
  return testApplicationFields(
    planId,
    card,
    {
      category: demand.category,
      cityCode: demand.city_code,
      countyCode: demand.county_code,
      learningPeriod: demand.learning_period,
      subject: demand.subject,
    },
    education,
  );
}

function multipartApplication(fields: Record<string, string>, photo: Buffer) {
  const boundary = `----ratios${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="updateImg"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** An xlsx of comparison rows (the import template's columns). */
async function comparisonFile(rows: (string | number)[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = writer.addWorksheet('Sheet1');
  sheet.addRow(['姓名', '身份证号', '报考县（区）', '报考学段', '报考学科', '手机号']).commit();
  for (const r of rows) sheet.addRow(r).commit();
  sheet.commit();
  await writer.commit();
  return Buffer.concat(chunks);
}

// ---- The pairs -------------------------------------------------------------------------------------

interface Pair {
  key: string;
  label: string;
  unit: string;
  project: number;
  raw: number | null;
  /** project / raw of the stated unit (rates: ≥ 1 is at the ceiling; seconds: ≤ 1 is). */
  ratio: number | null;
  goal: string;
  detail: string;
  runs: string;
}
const pairs: Pair[] = [];

/** "; CPU per answer node + PostgreSQL" of both sides, medians of the runs (when measured). */
function cpuDetail(project: LoadResult[], raw: LoadResult[] | null): string {
  const side = (runs: LoadResult[]) => {
    const charged = runs.filter((r): r is ChargedResult => 'cpu' in r);
    if (!charged.length) return null;
    const node = round(median(charged.map((r) => r.cpu.node)), 2);
    const pg = round(median(charged.map((r) => r.cpu.pg)), 2);
    return `${node} + ${pg} ms`;
  };
  const p = side(project);
  if (!p) return '';
  const r = raw ? side(raw) : null;
  return `; CPU per answer (node + PostgreSQL) ${p}${r ? ` / raw ${r}` : ''}`;
}

function pairOf(
  key: string,
  label: string,
  goal: string,
  project: LoadResult[],
  raw: LoadResult[] | null,
): Pair {
  const p = median(project.map((r) => r.perSecond));
  const r = raw ? median(raw.map((x) => x.perSecond)) : null;
  const p99 = median(project.map((x) => x.p99ms));
  const rawP99 = raw ? median(raw.map((x) => x.p99ms)) : null;
  const failures = (runs: LoadResult[]) => {
    const n = runs.reduce((sum, x) => sum + x.non2xx + x.errors + x.timeouts, 0);
    const codes: Record<string, number> = {};
    for (const x of runs)
      for (const [c, k] of Object.entries(x.statuses ?? {}))
        if (!c.startsWith('2')) codes[c] = (codes[c] ?? 0) + k;
    return n
      ? `${n} (${
          Object.entries(codes)
            .map(([c, k]) => `${c}: ${k}`)
            .join(', ') || 'errors'
        })`
      : '';
  };
  const failed = [failures(project), raw ? failures(raw) : ''];
  return {
    key,
    label,
    unit: 'req/s',
    project: p,
    raw: r,
    ratio: r ? round(p / r, 2) : null,
    goal,
    detail:
      `p50 ${median(project.map((x) => x.p50ms))} ms, p99 ${p99} ms` +
      (rawP99 !== null ? ` / raw p99 ${rawP99} ms` : '') +
      cpuDetail(project, raw) +
      (failed[0] ? `; project failures ${failed[0]}` : '') +
      (failed[1] ? `; raw failures ${failed[1]}` : ''),
    runs: `${project.map((x) => x.perSecond).join(' / ')}${raw ? ` vs ${raw.map((x) => x.perSecond).join(' / ')}` : ''}`,
  };
}

async function main() {
  const started = Date.now();
  const loadAtStart = round(os.loadavg()[0]!, 2);
  buildIfStale();
  const photo = await applicationPhoto();

  // A fresh database.
  let databaseUrl: string;
  let dropDatabase: (() => Promise<void>) | null = null;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (process.env.DATABASE_URL) {
    const name = `tegang_ratios_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const { startEmbeddedPostgres } = await import('../../src/db/embedded');
    const embedded = await startEmbeddedPostgres(path.join(tmp, 'pg'));
    databaseUrl = embedded.url;
    stopEmbedded = async () => void (await embedded.stop());
  }

  // The server as in production.
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(tmp, 'data');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    ALLOW_INSECURE_PRODUCTION: 'sms,captcha',
    PUBLIC_ORIGIN: base,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    CAPTCHA_ENABLED: 'false',
    LOGIN_RATE_LIMIT: '0',
    ADMIN_PASSWORD,
    RESULT_ENCRYPTION_KEYS: `ratios:${randomBytes(32).toString('base64')}`,
    TICKET_SIGNING_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
  };
  delete env.REDIS_URL;
  const serverLog = fs.openSync(path.join(tmp, 'server.log'), 'a');
  // BENCH_PROFILE=<dir>: the built server itself with a CPU profile written there at its stop.
  const profile = process.env.BENCH_PROFILE;
  const serverArgs = profile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`, 'packages/server/dist/main.js']
    : ['scripts/start.mjs'];
  const server = spawn(process.execPath, serverArgs, {
    cwd: root,
    env,
    stdio: ['ignore', serverLog, serverLog],
  });
  children.push(server);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error('the server exited at start');
      const ready = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (i > 600) throw new Error('the server did not answer /health within 2 minutes');
      await sleep(200);
    }
    const pid = profile ? server.pid! : serverPid(server.pid!);
    const fresh = memory(pid);
    cpuPids.project = pid;
    // The embedded cluster's postmaster (a shared server's processes are not ours to charge).
    const pidFile = path.join(tmp, 'pg', 'postmaster.pid');
    if (fs.existsSync(pidFile)) cpuPids.postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    log(`server up (pid ${pid}, ${fresh.rss} MB) in ${round((Date.now() - started) / 1000)} s`);

    const s = await seed(db, photo.file);
    log(`seeded in ${round((Date.now() - started) / 1000)} s`);

    // The raw server beside it, giving the photo as the project's getEnrollByPlanId gives it.
    const own = await call<Record<string, unknown> | null>(
      'GET',
      `/api/enroll/getEnrollByPlanId/${s.planId}`,
      {
        headers: { 'user-authorization': `Bearer ${s.candidateTokens[0]}` },
      },
    );
    const photoMode = own.data && 'pictureUrl' in own.data ? 'url' : 'data';
    const raw = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'raw-server.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        FILES_DIR: path.join(dataDir, 'files'),
        PHOTO_MODE: photoMode,
        PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(raw);
    const rawPort = await new Promise<number>((resolve, reject) => {
      raw.stdout.once('data', (c: Buffer) =>
        resolve((JSON.parse(c.toString().split('\n')[0]!) as { port: number }).port),
      );
      raw.once('exit', () => reject(new Error('the raw server exited at start')));
    });
    const rawBase = `http://127.0.0.1:${rawPort}`;
    rawBaseUrl = rawBase;
    cpuPids.raw = raw.pid!;
    const afterSeed = memory(pid);

    // ---- HTTP pairs ----
    const get = (
      target: string,
      paths: string[],
      tokens: string[],
      tokenHeader = 'user-authorization',
    ): LoadSpec => ({
      base: target,
      connections: CONNECTIONS,
      seconds: SECONDS,
      kind: 'get',
      paths,
      tokens,
      tokenHeader,
    });
    const interleaved = async (project: LoadSpec, rawSpec: LoadSpec | null) => {
      await load({ ...project, seconds: WARM_SECONDS });
      if (rawSpec) await load({ ...rawSpec, seconds: WARM_SECONDS });
      const p: LoadResult[] = [];
      const r: LoadResult[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        p.push(await load(project));
        if (rawSpec) r.push(await load(rawSpec));
      }
      return { p, r: rawSpec ? r : null };
    };
    const cascade = `/api/recruitPlanData/getRecruitPlanDataRegionByCategory?planId=${s.planId}&category=${s.category}`;
    const reads: [string, string, string, string[]][] = [
      [
        'readMix',
        'candidate read mix (checkCanCandidate, getInfo, apply flag, region cascade)',
        '≥ 0.7, p99 < 100 ms',
        ['/api/recruitPlan/checkCanCandidate', '/api/auth/getInfo', `/api/apply/${s.planId}`, cascade],
      ],
      ['checkCanCandidate', '`checkCanCandidate`', '≥ 0.7', ['/api/recruitPlan/checkCanCandidate']],
      ['getInfo', '`auth/getInfo`', '≥ 0.7', ['/api/auth/getInfo']],
      [
        'getEnrollByPlanId',
        `\`getEnrollByPlanId\` (the photo ${photoMode === 'url' ? 'as its address' : 'inlined as a data URL'})`,
        '≥ 0.7',
        [`/api/enroll/getEnrollByPlanId/${s.planId}`],
      ],
      ['cascade', '`getRecruitPlanDataRegionByCategory` (the county cascade)', '≥ 0.7', [cascade]],
    ];
    for (const [key, label, goal, paths] of wanted('reads') ? reads : []) {
      log(`pair ${key}…`);
      const { p, r } = await interleaved(
        get(base, paths, s.candidateTokens),
        get(rawBase, paths, s.candidateTokens),
      );
      pairs.push(pairOf(key, label, goal, p, r));
      log(JSON.stringify(pairs.at(-1)));
    }
    const pagePath = `/candidate/enroll/page?current=1&size=10&planId=${s.planId}`;
    if (wanted('adminPage')) {
      log('pair adminPage…');
      const { p, r } = await interleaved(
        get(base, [pagePath], [s.countyAdminToken], 'authorization'),
        get(rawBase, [pagePath], [s.countyAdminToken], 'authorization'),
      );
      pairs.push(
        pairOf(
          'adminPage',
          `admin enrolment page, one county administrator (${s.countyName})`,
          '≥ 0.8',
          p,
          r,
        ),
      );
      log(JSON.stringify(pairs.at(-1)));
    }

    // Logins: the project's encrypted login of accounts of the apply pool, each run its own slice (the
    // tokens serve the apply runs); the raw side verifies the same argon2id hash.
    log('pair login…');
    const publicKeyText = (await call<{ publicKey: string }>('GET', '/auth/publicKey')).data.publicKey;
    // userName → a session token of that account (the apply runs' applicants).
    const sessions = new Map<string, string>();
    const pool = Array.from({ length: APPLY_POOL }, (_, i) => ({
      userName: `ra${i}`,
      password: ADMIN_PASSWORD,
    }));
    let loginOffset = 0;
    const loginProject = async (seconds: number) => {
      const out = path.join(tmp, `tokens-${specCount}.json`);
      const result = await load({
        base,
        connections: CONNECTIONS,
        seconds,
        kind: 'login',
        path: '/api/auth/login',
        users: pool,
        offset: loginOffset,
        encrypt: true,
        publicKey: publicKeyText,
        tokensOut: out,
      });
      loginOffset = result.nextUser ?? 0;
      for (const t of JSON.parse(fs.readFileSync(out, 'utf8')) as { userName: string; token: string }[])
        if (!sessions.has(t.userName)) sessions.set(t.userName, t.token);
      return result;
    };
    const rawLogin: LoadSpec = {
      base: rawBase,
      connections: CONNECTIONS,
      seconds: SECONDS,
      kind: 'login',
      path: '/raw/login',
      users: Array.from({ length: 500 }, (_, i) => ({ userName: `rb${i}`, password: ADMIN_PASSWORD })),
    };
    if (wanted('login')) {
      await loginProject(WARM_SECONDS);
      await load({ ...rawLogin, seconds: WARM_SECONDS });
      const p: LoadResult[] = [];
      const r: LoadResult[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        p.push(await loginProject(SECONDS));
        r.push(await load(rawLogin));
      }
      pairs.push(
        pairOf('login', 'candidate login vs raw argon2id verify at the same parameters', '≥ 0.9', p, r),
      );
      log(JSON.stringify(pairs.at(-1)));
    }

    // Applications: 32 in flight with the photo, each account applies once (tokens from the logins,
    // topped up through the login route when a run could use more).
    if (wanted('apply')) {
      log('apply…');
      const { demand, education } = await openDemand(db, s.planId);
      // Account raN holds ID number idCard('520103', N) (insertCandidates).
      const fieldsOf = (userName: string) =>
        applicationFields(s.planId, idCard('520103', Number(userName.slice(2))).card, demand, education);
      const applied = new Set<string>();
      let rate = 150;
      const applyRun = async (seconds: number) => {
        const needed = Math.ceil(rate * seconds * 1.5) + APPLY_IN_FLIGHT;
        const fresh = () => [...sessions].filter(([u]) => !applied.has(u));
        if (fresh().length < needed) {
          const missing = pool.map((u) => u.userName).filter((u) => !sessions.has(u) && !applied.has(u));
          const more = missing.slice(0, needed - fresh().length);
          const got = await each(more, 8, candidateLogin);
          got.forEach((token, i) => sessions.set(more[i]!, token));
        }
        const batch = fresh();
        const result = await load({
          base,
          connections: APPLY_IN_FLIGHT,
          seconds,
          kind: 'apply',
          photoFile: photo.file,
          applicants: batch.map(([userName, token]) => ({ token, fields: fieldsOf(userName) })),
        });
        // Sent ones are used, answered or not (a run's cut-off requests included).
        const sent = result.ok + result.non2xx + result.errors + result.timeouts + APPLY_IN_FLIGHT;
        for (const [userName] of batch.slice(0, sent)) applied.add(userName);
        rate = Math.max(result.perSecond, 20);
        return result;
      };
      await applyRun(WARM_SECONDS);
      const p: LoadResult[] = [];
      for (let i = 0; i < ROUNDS; i++) p.push(await applyRun(SECONDS));
      pairs.push(
        pairOf(
          'apply',
          `apply with a ${photo.kb} KB photo (${photo.size}), ${APPLY_IN_FLIGHT} in flight`,
          '≥ 100 /s',
          p,
          null,
        ),
      );
      log(JSON.stringify(pairs.at(-1)));
    }

    // ---- Jobs ----
    const admin = { authorization: `Bearer ${s.adminToken}` };
    const peaks: Record<string, number> = {};
    const jobPair = async (
      key: string,
      project: () => Promise<number>,
      raw: () => Promise<number>,
    ): Promise<{
      p: number[];
      r: number[];
      cpu: { node: number[]; pg: number[] };
      warm: [number, number];
    }> => {
      const p: number[] = [];
      const r: number[] = [];
      const cpu = { node: [] as number[], pg: [] as number[] };
      // A warm-up of each side first, as for the load pairs, reported but not counted: the server's
      // first job of a kind runs its code cold (an import's read thread too), and the raw side is a
      // fresh process every run.
      const warmed = await withPeak(pid, project);
      peaks[key] = Math.max(peaks[key] ?? 0, warmed.peakMB);
      const warm: [number, number] = [warmed.result, await raw()];
      for (let i = 0; i < JOB_ROUNDS; i++) {
        // CPU seconds of the server (all its threads) and of PostgreSQL during the project's run.
        const before = [cpuMs(pid), clusterCpuMs()];
        const { result, peakMB } = await withPeak(pid, project);
        cpu.node.push((cpuMs(pid) - before[0]!) / 1000);
        cpu.pg.push((clusterCpuMs() - before[1]!) / 1000);
        peaks[key] = Math.max(peaks[key] ?? 0, peakMB);
        p.push(result);
        r.push(await raw());
      }
      return { p, r, cpu, warm };
    };
    /**
     * "server peak …" of a job pair: the highest RSS of its runs, and how far above the idle server
     * that is (after the seed, before any load), the measure of the export's memory goal.
     */
    const peakOf = (key: string) =>
      `server peak ${peaks[key]} MB, ${peaks[key]! - afterSeed.rss} MB above idle (${afterSeed.rss} MB)`;
    /** "; warm-up …" of a job pair: the uncounted first run of each side, in `unit`. */
    const warmUp = ([p, r]: [number, number], unit: string, digits?: number) =>
      `; warm-up ${round(p, digits)} vs ${round(r, digits)} ${unit}`;
    /** "; CPU of a run: …" of a job pair's project runs (medians). */
    const cpuOfRuns = (cpu: { node: number[]; pg: number[] }) =>
      `; CPU of a run: server ${round(median(cpu.node), 2)} s, PostgreSQL ${round(median(cpu.pg), 2)} s`;
    const secondsPair = (
      key: string,
      label: string,
      goal: string,
      x: { p: number[]; r: number[]; cpu: { node: number[]; pg: number[] }; warm: [number, number] },
      extra = '',
    ) => {
      const cpu = `${cpuOfRuns(x.cpu)}${warmUp(x.warm, 's', 2)}`;
      const p = round(median(x.p), 2);
      const r = round(median(x.r), 2);
      pairs.push({
        key,
        label,
        unit: 's',
        project: p,
        raw: r,
        ratio: round(p / r, 2),
        goal,
        detail: `${peakOf(key)}${extra}${cpu}`,
        runs: `${x.p.map((v) => round(v, 2)).join(' / ')} vs ${x.r.map((v) => round(v, 2)).join(' / ')}`,
      });
      log(JSON.stringify(pairs.at(-1)));
    };

    if (wanted('export')) {
      log('export…');
      const exported = await jobPair(
        'export',
        async () => {
          const t0 = performance.now();
          const link = await call<{ url: string }>('POST', '/candidate/enroll/exportToken', {
            body: { planId: s.planId },
            headers: admin,
          });
          const res = await fetch(base + link.data.url);
          if (res.status !== 200) throw new Error(`export: ${res.status}`);
          const reader = res.body!.getReader();
          while (!(await reader.read()).done);
          return (performance.now() - t0) / 1000;
        },
        async () => (await rawJob<{ seconds: number }>('export', { databaseUrl, planId: s.planId })).seconds,
      );
      secondsPair(
        'export',
        `export ${ROWS.toLocaleString('en')} enrolments vs raw exceljs streaming write`,
        '≤ 1.3; ≤ 300 MB above idle',
        exported,
      );
    }

    const importProject = async (file: Buffer, source: string) => {
      const upload = fileUpload(file, { dataSource: source }, `${source}.xlsx`);
      const started = Date.now();
      const res = await fetch(`${base}/candidate/enrollCompare/importExcel/${s.planId}`, {
        method: 'POST',
        headers: { ...upload.headers, ...admin },
        body: upload.body,
      });
      const queued = (await res.json()) as { data: { id: number }; msg: string };
      if (res.status !== 200) throw new Error(`import: ${res.status} ${queued.msg}`);
      for (;;) {
        const job = await call<{ status: string; imported: number; errorCount?: number }>(
          'GET',
          `/candidate/enrollCompare/checkImport/${queued.data.id}`,
          { headers: admin },
        );
        if (jobFinished(String(job.data.status))) {
          if (job.data.imported < ROWS) log(`import ${source}: only ${job.data.imported} rows imported`);
          // The end the server recorded (job.finish_time, written in the transaction that commits the
          // rows; the commit follows within a few ms), on the clock the start was read from: this poll,
          // a process on the same two cores, saw it 25–60 ms later, more than the commit of the rows.
          const [row] = (
            await db.query<{ end: string }>(
              'select extract(epoch from finish_time) * 1000 as "end" from job where id = $1',
              [queued.data.id],
            )
          ).rows;
          return (Number(row!.end) - started) / 1000;
        }
        // As often as the import dialog asks (JOB_POLL_MS): the end is the job row's, not this poll's,
        // and polls every 20 ms cost the server ~80 requests an import that no browser sends.
        await sleep(JOB_POLL_MS);
      }
    };
    const matchedFile = path.join(tmp, 'matched.xlsx');
    fs.writeFileSync(
      matchedFile,
      await comparisonFile(s.enrolled.map((e) => [e.name, e.idCard, e.county, e.period, e.subject, e.phone])),
    );
    const unmatchedFile = path.join(tmp, 'unmatched.xlsx');
    fs.writeFileSync(
      unmatchedFile,
      // by name, as a list is kept: its ID numbers in no order
      await comparisonFile(
        Array.from({ length: ROWS }, (_, i) => [
          `考生${i}`,
          idCard('520112', i).card,
          '南明区',
          '小学',
          '语文',
          '13912345678',
        ]).sort((x, y) => (x[0]! < y[0]! ? -1 : 1)),
      ),
    );
    for (const [key, file, what] of wanted('import')
      ? ([
          ['importMatched', matchedFile, 'matched'],
          ['importUnmatched', unmatchedFile, 'unmatched'],
        ] as const)
      : []) {
      log(`${key}…`);
      const data = fs.readFileSync(file);
      const x = await jobPair(
        key,
        () => importProject(data, what),
        async () => (await rawJob<{ seconds: number }>('import', { file })).seconds,
      );
      secondsPair(
        key,
        `import ${ROWS.toLocaleString('en')} comparison rows, ${what === 'matched' ? 'each matching an enrolment' : 'none matching'}, vs raw exceljs read + the same checks`,
        '≤ 1.5',
        x,
      );
    }

    if (wanted('tickets')) {
      log('tickets…');
      const [picture] = (
        await db.query<{ picture: string }>(
          'select picture from enroll where plan_id = $1 and picture is not null limit 1',
          [s.planId],
        )
      ).rows;
      const storedPhoto = path.join(dataDir, 'files', picture!.picture);
      const pdfOut = path.join(tmp, 'pdf');
      fs.mkdirSync(pdfOut);
      const tickets = await jobPair(
        'tickets',
        async () => {
          const t0 = performance.now();
          const queued = await secure<{ jobId: number; total: number }>(
            '/candidate/admissionTicket/generateAdmissionTicket',
            { planId: s.planId, regenerate: true },
            admin,
          );
          for (;;) {
            const job = await call<{ status: string | number; done: number; failed: number }>(
              'GET',
              `/candidate/admissionTicket/generateJob/${queued.jobId}`,
              { headers: admin },
            );
            if (jobFinished(String(job.data.status))) {
              if (job.data.failed) log(`tickets: ${job.data.failed} failed`);
              return job.data.done / ((performance.now() - t0) / 1000);
            }
            await sleep(50);
          }
        },
        async () =>
          (
            await rawJob<{ docsPerSecond: number }>('pdf', {
              count: TICKETS,
              photoFile: fs.existsSync(storedPhoto) ? storedPhoto : photo.file,
              outDir: pdfOut,
              threads: PDF_THREADS,
            })
          ).docsPerSecond,
      );
      {
        const p = round(median(tickets.p));
        const r = round(median(tickets.r));
        pairs.push({
          key: 'tickets',
          label: `ticket PDF job, ${TICKETS.toLocaleString('en')} tickets vs raw pdfkit on ${PDF_THREADS} threads`,
          unit: 'docs/s',
          project: p,
          raw: r,
          ratio: round(p / r, 2),
          goal: '≥ 0.8',
          detail: `${peakOf('tickets')}${cpuOfRuns(tickets.cpu)}${warmUp(tickets.warm, 'docs/s')}`,
          runs: `${tickets.p.map((v) => round(v)).join(' / ')} vs ${tickets.r.map((v) => round(v)).join(' / ')}`,
        });
        log(JSON.stringify(pairs.at(-1)));
      }
    }

    // Idle after the jobs: what the process keeps (no GC forced; the time a quiet node would have).
    await sleep(IDLE_SOON_S * 1000);
    const idleSoon = memory(pid);
    await sleep((IDLE_S - IDLE_SOON_S) * 1000);
    const idle = memory(pid);
    const mem = {
      freshMB: fresh.rss,
      afterSeedMB: afterSeed.rss,
      peakMB: idle.hwm,
      idleSoonMB: idleSoon.rss,
      idleAfterJobsMB: idle.rss,
      ...peaksMB(peaks),
    };
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${round(os.totalmem() / 1073741824, 0)} GiB, Node ${process.version}`;
    if (!ONLY)
      writeSection({
        photo,
        mem,
        machine,
        load: `${loadAtStart} at the start, ${round(os.loadavg()[0]!, 2)} at the end`,
        minutes: round((Date.now() - started) / 60000),
      });
    const summary = {
      bench: 'ratios',
      quick: QUICK,
      rows: ROWS,
      seconds: SECONDS,
      rounds: ROUNDS,
      ratios: Object.fromEntries(pairs.map((p) => [p.key, p.ratio])),
      project: Object.fromEntries(pairs.map((p) => [p.key, p.project])),
      raw: Object.fromEntries(pairs.map((p) => [p.key, p.raw])),
      memoryMB: mem,
    };
    await stop(server, raw);
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } catch (e) {
    console.error(fs.readFileSync(path.join(tmp, 'server.log'), 'utf8').split('\n').slice(-30).join('\n'));
    throw e;
  } finally {
    await db.end().catch(() => {});
    await stop(...children);
    await dropDatabase?.().catch(() => {});
    await stopEmbedded?.().catch(() => {});
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const JOB_ROUNDS = Number(process.env.BENCH_JOB_ROUNDS ?? (QUICK ? 1 : 3));
const peaksMB = (peaks: Record<string, number>) =>
  Object.fromEntries(Object.entries(peaks).map(([k, v]) => [`${k}PeakMB`, v]));

/** Stops the server (SIGTERM through start.mjs: drained, then the pool) and the raw server. */
async function stop(...procs: ChildProcess[]) {
  await Promise.all(
    procs.map(async (p) => {
      if (p.exitCode !== null || p.signalCode !== null) return;
      const exited = new Promise((resolve) => p.once('exit', resolve));
      p.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000)]);
    }),
  );
}

const START = '<!-- ratios:start (npm run bench:ratios writes this section) -->';
const END = '<!-- ratios:end -->';

/** Writes the "Ratios" section of docs/benchmarks.md between its markers (appended the first time). */
function writeSection(o: {
  photo: { source: string; kb: number; size: string };
  mem: Record<string, number>;
  machine: string;
  load: string;
  minutes: number;
}) {
  const cell = (p: Pair, v: number | null) =>
    v === null ? '—' : p.unit === 's' ? `${v} s` : `${v.toLocaleString('en')} ${p.unit}`;
  const lines = [
    START,
    '## Ratios',
    '',
    `${new Date().toISOString().slice(0, 10)}, ${o.machine}; \`${QUICK ? 'BENCH_QUICK=1 ' : ''}npm run bench:ratios\` ` +
      `(packages/server/bench/ratios/), ${o.minutes} min; 1-minute load average ${o.load}.`,
    `The server as in production (\`node scripts/start.mjs\`, the build, NODE_ENV=production) on a fresh database with ` +
      `${ROWS.toLocaleString('en')} enrolments in the open plan; beside it the raw ceilings as their own processes: Fastify 5 + pg ` +
      'with the same SQL, `{code,msg,data}` envelope and session lookup (raw-server.ts), argon2id verify of the same hash, ' +
      `exceljs streaming write / read + the same checks, pdfkit on ${PDF_THREADS} worker threads with the stored photo (raw-jobs.ts). ` +
      `Load from a separate process (autocannon, ${CONNECTIONS} connections; applications ${APPLY_IN_FLIGHT} in flight), ` +
      `${SECONDS} s runs after a ${WARM_SECONDS} s warm-up of each side, project/raw interleaved × ${ROUNDS}` +
      `${ROUNDS > 1 ? ', medians' : ''}; jobs project/raw × ${JOB_ROUNDS} after one uncounted run of each side (its ` +
      `times under "warm-up"). Photo: ${o.photo.source}, ${o.photo.kb} KB, ${o.photo.size}. ` +
      'Ratio: project / raw (rates), project / raw seconds (export and imports). The raw side runs the SQL of the ' +
      "project's routes as committed when the harness was written, on every request (regions only are kept in memory); " +
      'where the project answers from memory (sessions, the cascade) its ratio can pass 1, and the raw ' +
      "`getEnrollByPlanId` gives the photo as the project's answer does (inlined or as its address).",
    '',
    '| pair | project | raw | ratio | goal | detail | runs (project vs raw) |',
    '|---|---|---|---|---|---|---|',
    ...pairs.map(
      (p) =>
        `| ${p.label} | ${cell(p, p.project)} | ${cell(p, p.raw)} | ${p.ratio === null ? '—' : `**${p.ratio}**`} | ${p.goal} | ${p.detail} | ${p.runs} |`,
    ),
    '',
    `Server memory (VmRSS of the server process): fresh ${o.mem.freshMB} MB, after the seed ${o.mem.afterSeedMB} MB, ` +
      `peak (VmHWM) ${o.mem.peakMB} MB, idle after the jobs ${o.mem.idleSoonMB} MB after ${IDLE_SOON_S} s and ` +
      `${o.mem.idleAfterJobsMB} MB after ${IDLE_S} s; peaks during ` +
      Object.entries(o.mem)
        .filter(([k]) => k.endsWith('PeakMB'))
        .map(([k, v]) => `${k.replace(/PeakMB$/, '')} ${v} MB`)
        .join(', ') +
      '.',
    ...(QUICK
      ? [
          '',
          `A quick run (BENCH_QUICK=1: ${ROWS.toLocaleString('en')} rows, ${SECONDS} s runs, one round): a check that the harness works; ` +
            'the numbers are noisy (one round, short runs, other work on the machine) and the full run is the measurement.',
        ]
      : []),
    END,
  ];
  const file = path.join(root, 'docs/benchmarks.md');
  const previous = fs.readFileSync(file, 'utf8');
  const a = previous.indexOf(START);
  const b = previous.indexOf(END);
  const section = lines.join('\n');
  const next =
    a >= 0 && b > a
      ? previous.slice(0, a) + section + previous.slice(b + END.length)
      : `${previous.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(file, next);
  log(`written to ${file}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
