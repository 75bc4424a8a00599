/**
 * `npx tsx packages/server/bench/sessions.ts`: what sessions from memory (lib/session-cache.ts) and
 * the login path cost, version against version, written by hand into docs/benchmarks.md.
 * - BENCH_VERSIONS: `name=commit,…` (e.g. `before=bfa6d06@afd5322,after=bfa6d06`): each commit's
 *   packages/server is unpacked with `git archive` beside the repository's node_modules;
 *   `commit@base` takes SESSION_FILES (the session lookup and the login path) from `base`, so that a version differs
 *   from another in them alone; without BENCH_VERSIONS, the working tree alone ("current").
 * - A fresh database on DATABASE_URL (created and dropped here), migrated and seeded, the open plan
 *   with one real application cloned into BENCH_ENROLMENTS enrolments (each its own candidate), a
 *   session per candidate, one county administrator (a role holding the enrolment page only) and
 *   BENCH_CONNECTIONS candidates of a known password for the login.
 * - Each version's server runs as its own process (bench/sessions-server.ts: buildApp and listen),
 *   the load in another (bench/sessions-load.mjs: autocannon, BENCH_CONNECTIONS connections, each its
 *   own candidate, BENCH_SECONDS s after a 3 s warm-up; logins BENCH_LOGIN_CONNECTIONS), versions
 *   interleaved BENCH_ROUNDS times; CPU seconds of the server process and of its PostgreSQL backends
 *   over each run, per answered request.
 * - Runs: candidate `auth/getInfo`, `checkCanCandidate`, the admin enrolment page (one county
 *   administrator), candidate login (encrypted, captcha off, no rate limit) and, in the load process
 *   with no server running, raw argon2id verify of the same hash with as many calls in flight.
 * Prints one JSON line per run and a median table last.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { encryptPayload, importPublicKey, PERMISSIONS } from '@tegang/domain';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateDatabase, openDatabase } from '../src/db';
import { seedOnce } from '../src/db/seed';
import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { newToken } from '../src/lib/tokens';
import {
  applicationFields,
  makeCandidate,
  openPlanAndDemand,
  photo,
  postApplication,
} from '../test/enroll/fixtures';

const ENROLMENTS = Number(process.env.BENCH_ENROLMENTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * Logins in flight (and raw verifies in flight): enough to keep libuv's four threads busy, few enough
 * that no login waits near autocannon's 10 s timeout, whose unanswered work would count against the
 * answered ones.
 */
const LOGIN_CONNECTIONS = Number(process.env.BENCH_LOGIN_CONNECTIONS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ONLY = (process.env.BENCH_RUNS ?? '').split(',').filter(Boolean);
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const repo = path.resolve(import.meta.dirname, '../../..');
const LOGIN_PASSWORD = 'Bench1!login';

interface Version {
  name: string;
  /** The packages/server folder whose src runs. */
  serverDir: string;
}

/** The files of the session lookup and the login path, which `commit@base` takes from `base`. */
const SESSION_FILES = [
  'packages/server/src/lib/sessions.ts',
  'packages/server/src/plugins/access.ts',
  'packages/server/src/lib/crypto.ts',
  'packages/server/src/lib/login.ts',
  'packages/server/src/modules/auth/service.ts',
];

/** Unpacks packages/server of `spec` (`commit` or `commit@base`) beside the repository's node_modules. */
function unpack(name: string, spec: string, tmp: string): Version {
  const [commit, base] = spec.split('@');
  const dir = path.join(tmp, `v-${name}`);
  fs.mkdirSync(dir, { recursive: true });
  const archive = (c: string, paths: string[]) =>
    execFileSync('tar', ['-x', '-C', dir], {
      input: execFileSync('git', ['-C', repo, 'archive', c, ...paths], { maxBuffer: 1 << 30 }),
    });
  archive(commit!, ['packages/server', 'tsconfig.base.json']);
  if (base) archive(base, SESSION_FILES);
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'));
  fs.copyFileSync(
    path.join(import.meta.dirname, 'sessions-server.ts'),
    path.join(dir, 'packages/server/bench/sessions-server.ts'),
  );
  return { name, serverDir: path.join(dir, 'packages/server') };
}

/** Starts a version's server on `port`; resolves once it listens. */
async function startServer(v: Version, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(v.serverDir, 'bench/sessions-server.ts')],
    {
      cwd: v.serverDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => c.toString().includes('listening') && resolve());
    child.on('exit', (code) => reject(new Error(`server ${v.name} exited ${code}`)));
  });
  return child;
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Runs the load process on `spec`; its JSON answer. */
async function load(spec: object, tmp: string): Promise<Record<string, number>> {
  const file = path.join(tmp, `load-${randomBytes(3).toString('hex')}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'sessions-load.mjs'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  fs.rmSync(file);
  if (code !== 0) throw new Error(`load exited ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, number>;
}

/** CPU seconds (user + system) a process has used so far (Linux /proc; 0 when it is gone). */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-sessions-'));
  const versions: Version[] = process.env.BENCH_VERSIONS
    ? process.env.BENCH_VERSIONS.split(',').map((pair) => {
        const [name, commit] = pair.split('=');
        return unpack(name!, commit!, tmp);
      })
    : [{ name: 'current', serverDir: path.resolve(import.meta.dirname, '..') }];

  const dbName = `bench_sessions_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${dbName}`;
  const database = openDatabase(dbUrl.toString(), 5);
  const env = {
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: tmp,
    CAPTCHA_ENABLED: 'false',
    LOGIN_RATE_LIMIT: '0',
    CAPTCHA_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(tmp, 'no-web'),
    TICKET_SIGNING_KEY: randomBytes(32).toString('base64'),
    RESULT_ENCRYPTION_KEYS: `b:${randomBytes(32).toString('base64')}`,
  };
  try {
    await migrateDatabase(database.db);
    await seedOnce(database.db, { adminPassword: 'Bench1!pass', now: new Date() });
    // One real application through the app, then clones in SQL, each its own candidate.
    const app = await buildApp({
      config: loadConfig(env),
      database,
      logger: false,
      sms: { send: async () => {} },
    });
    await app.ready();
    const t = { app, database } as never;
    const { plan, demand, education } = await openPlanAndDemand(t);
    const first = await makeCandidate(t);
    const applied = await postApplication(
      t,
      first.token,
      applicationFields(plan.id, first.idCard, demand, education),
      await photo(),
    );
    if (applied.statusCode !== 200) throw new Error(applied.body);
    const enrollId = applied.json().data.id as number;
    const publicKey = await importPublicKey(app.ctx.keys.publicKey);
    await app.close();
    const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    await q(
      `insert into candidate_user (user_name, password_hash, real_name, id_card, gender, birthday, telephone)
       select 'sess' || g, password_hash, real_name, lpad(g::text, 17, '0') || 'X', gender, birthday,
              '138' || lpad(g::text, 8, '0')
       from candidate_user, generate_series(1, $1) g where id = $2`,
      [ENROLMENTS - 1, first.id],
    );
    const cols = `plan_id, name, gender, marital_status, birthday, nation, veteran, political_affiliation, phone, domicile, address, picture, graduate_college, education, graduation_date, major, is_normal, freshmen, teacher_certification, teacher_certification_type, teacher_certification_subject, is_adjust, priority_condition, priority_content, plan_type, province_code, city_code, county_code, enroll_county, academic_session, subject`;
    await q(
      `insert into enroll (candidate_id, id_card, ${cols})
       select c.id, c.id_card, ${cols.replace(/(^|, )/g, '$1e.')}
       from enroll e, candidate_user c where e.id = $1 and c.user_name like 'sess%'`,
      [enrollId],
    );
    // Sessions of the first CONNECTIONS clones (each connection its own candidate).
    const { rows } = await q(
      `select id from candidate_user where user_name like 'sess%' order by id limit $1`,
      [CONNECTIONS],
    );
    const ids = (rows as { id: number }[]).map((r) => r.id);
    const tokens: string[] = [];
    const hashes: string[] = [];
    for (const _ of ids) {
      const { token, hash } = newToken();
      tokens.push(token);
      hashes.push(hash);
    }
    await q(
      `insert into auth_session (token_hash, kind, subject_id, ip, user_agent, expires_at)
       select h, 'candidate', s, '127.0.0.1', 'bench', now() + interval '2 hours'
       from unnest($1::text[], $2::int[]) as u(h, s)`,
      [hashes, ids],
    );
    // The login accounts: the same clones with a known password (the hash raw argon2id verifies).
    const loginHash = await hashPassword(LOGIN_PASSWORD);
    await q(`update candidate_user set password_hash = $1 where id = any($2)`, [loginHash, ids]);
    const { rows: names } = await q(`select user_name from candidate_user where id = any($1)`, [ids]);
    const bodies = await Promise.all(
      (names as { user_name: string }[]).map(async (n) =>
        JSON.stringify(
          (await encryptPayload(publicKey, { userName: n.user_name, password: LOGIN_PASSWORD })).body,
        ),
      ),
    );
    // One county administrator whose role holds the enrolment page only.
    const db = database.db;
    const [role] = await db.insert(sysRole).values({ name: '县级审核', code: 'bench_county' }).returning();
    const menus = await db
      .select({ id: sysMenu.id })
      .from(sysMenu)
      .where(inArray(sysMenu.permission, [PERMISSIONS.enroll.list]));
    await db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role!.id, menuId: m.id })));
    const [county] = await q(`select county_code, city_code, province_code from enroll where id = $1`, [
      enrollId,
    ]).then((r) => r.rows as { county_code: string; city_code: string; province_code: string }[]);
    const [user] = await db
      .insert(sysUser)
      .values({
        userName: 'bench_county',
        nickName: 'bench',
        passwordHash: loginHash,
        provinceCode: county!.province_code,
        cityCode: county!.city_code,
        countyCode: county!.county_code,
      })
      .returning();
    await db.insert(sysUserRole).values({ userId: user!.id, roleId: role!.id });
    const adminTokens: string[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const { token, hash } = newToken();
      adminTokens.push(token);
      await q(
        `insert into auth_session (token_hash, kind, subject_id, ip, user_agent, expires_at)
         values ($1, 'admin', $2, '127.0.0.1', 'bench', now() + interval '2 hours')`,
        [hash, user!.id],
      );
    }
    await q('analyze');

    const candidate = { header: 'user-authorization', tokens };
    const runs: Record<string, object> = {
      getInfo: { path: '/api/auth/getInfo', ...candidate },
      checkCanCandidate: { path: '/api/recruitPlan/checkCanCandidate', ...candidate },
      adminPage: {
        path: `/candidate/enroll/page?pageNum=1&pageSize=10&planId=${plan.id}`,
        header: 'authorization',
        tokens: adminTokens,
      },
      login: { path: '/api/auth/login', method: 'POST', bodies, connections: LOGIN_CONNECTIONS },
    };
    const results: { run: string; version: string; round: number; result: Record<string, number> }[] = [];
    const port = 18_000 + Math.floor(Math.random() * 1000);
    const base = `http://127.0.0.1:${port}`;
    for (let round = 1; round <= ROUNDS; round++) {
      for (const v of versions) {
        const server = await startServer(v, { ...env, PORT: String(port) });
        try {
          for (const [run, spec] of Object.entries(runs)) {
            if (ONLY.length && !ONLY.includes(run)) continue;
            const { path: p, ...rest } = spec as { path: string };
            const common = { mode: 'http', url: base + p, connections: CONNECTIONS, ...rest };
            await load({ ...common, seconds: 3 }, tmp);
            // CPU of the server process and of its PostgreSQL backends over the run, per request.
            const backends = (
              await q('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
                dbName,
              ])
            ).rows.map((r: { pid: number }) => r.pid);
            const cpu = () => [cpuSeconds(server.pid!), backends.reduce((n, pid) => n + cpuSeconds(pid), 0)];
            const [server0, pg0] = cpu();
            const result = await load({ ...common, seconds: SECONDS }, tmp);
            const [server1, pg1] = cpu();
            const requests = result.perSecond! * SECONDS;
            result.serverCpuMs = Math.round((100_000 * (server1! - server0!)) / requests) / 100;
            result.pgCpuMs = Math.round((100_000 * (pg1! - pg0!)) / requests) / 100;
            results.push({ run, version: v.name, round, result });
            process.stdout.write(`${JSON.stringify({ run, version: v.name, round, ...result })}\n`);
          }
        } finally {
          await stopServer(server);
        }
      }
      if (!ONLY.length || ONLY.includes('login')) {
        const spec = {
          mode: 'argon2',
          hash: loginHash,
          password: LOGIN_PASSWORD,
          inFlight: LOGIN_CONNECTIONS,
        };
        await load({ ...spec, seconds: 3 }, tmp);
        const result = await load({ ...spec, seconds: SECONDS }, tmp);
        results.push({ run: 'argon2', version: 'raw', round, result });
        process.stdout.write(`${JSON.stringify({ run: 'argon2', version: 'raw', round, ...result })}\n`);
      }
    }
    const table: Record<string, Record<string, Record<string, number>>> = {};
    for (const r of results) {
      const of = results.filter((x) => x.run === r.run && x.version === r.version);
      (table[r.run] ??= {})[r.version] = {
        perSecond: Math.round(median(of.map((x) => x.result.perSecond!))),
        p99: median(of.map((x) => x.result.p99 ?? 0)),
        serverCpuMs: median(of.map((x) => x.result.serverCpuMs ?? 0)),
        pgCpuMs: median(of.map((x) => x.result.pgCpuMs ?? 0)),
      };
    }
    process.stdout.write(
      `${JSON.stringify({ medians: table, connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, enrolments: ENROLMENTS, cpus: os.cpus().length })}\n`,
    );
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
