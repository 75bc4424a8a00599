/**
 * `npx tsx packages/server/bench/hot-reads.ts`: the candidate's hot reads under load, written by hand
 * into docs/benchmarks.md ("Hot reads"). A fresh database on DATABASE_URL (created and dropped here),
 * ENROLMENTS enrolments seeded in SQL (one real application cloned, every clone its own candidate and
 * session), the server built as the tests build it and listening on loopback; the load comes from a
 * separate process (bench/hot-reads-load.mjs: autocannon, CONNECTIONS connections, SECONDS s per run),
 * each connection a different candidate. Runs, each after a 3 s warm-up:
 * - mix: checkCanCandidate, auth getInfo, the apply flag, the county cascade, getEnrollByPlanId in turn;
 * - each of those alone, and the open region tree and a dictionary;
 * - photo: the enrolment's photo URL (when the answer names one).
 * Prints one JSON line per run, with the server process's CPU ms per request answered and the 1-minute
 * load average of the machine.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateDatabase, openDatabase } from '../src/db';
import { seedOnce } from '../src/db/seed';
import { newToken } from '../src/lib/tokens';
import sharp from 'sharp';
import {
  applicationFields,
  makeCandidate,
  openPlanAndDemand,
  postApplication,
} from '../test/enroll/fixtures';

const ENROLMENTS = Number(process.env.BENCH_ENROLMENTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ONLY = (process.env.BENCH_RUNS ?? '').split(',').filter(Boolean);
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main() {
  const name = `bench_hot_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = openDatabase(dbUrl.toString(), 20);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-hot-'));
  try {
    await migrateDatabase(database.db);
    await seedOnce(database.db, { adminPassword: 'Bench1!pass', now: new Date() });
    const config = loadConfig({
      DATA_DIR: tmp,
      CAPTCHA_ENABLED: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(tmp, 'none'),
      TICKET_SIGNING_KEY: randomBytes(32).toString('base64'),
      RESULT_ENCRYPTION_KEYS: `b:${randomBytes(32).toString('base64')}`,
    });
    const app = await buildApp({ config, database, logger: false, sms: { send: async () => {} } });
    await app.ready();
    // One real application (a stored photo), then ENROLMENTS - 1 clones with their own accounts.
    const t = { app, database } as never;
    const ctx0 = await openPlanAndDemand(t);
    const { plan, demand, education } = ctx0;
    const cand = await makeCandidate(t);
    // A photograph-like picture (blurred noise): about 100 KB once normalised, as a real one.
    const picture = await sharp(randomBytes(600 * 840 * 3), { raw: { width: 600, height: 840, channels: 3 } })
      .blur(1.2)
      .jpeg({ quality: 90 })
      .toBuffer();
    const applied = await postApplication(
      t,
      cand.token,
      applicationFields(plan.id, cand.idCard, demand, education),
      picture,
    );
    if (applied.statusCode !== 200) throw new Error(applied.body);
    const first = { id: applied.json().data.id as number, candidate: cand };
    const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    await q(
      `insert into candidate_user (user_name, password_hash, real_name, id_card, gender, birthday, telephone)
       select 'hot' || g, password_hash, real_name, lpad(g::text, 17, '0') || 'X', gender, birthday,
              '138' || lpad(g::text, 8, '0')
       from candidate_user, generate_series(1, $1) g where id = $2`,
      [ENROLMENTS - 1, first.candidate.id],
    );
    const cols = `plan_id, name, gender, marital_status, birthday, nation, veteran, political_affiliation, phone, domicile, address, picture, graduate_college, education, graduation_date, major, is_normal, freshmen, teacher_certification, teacher_certification_type, teacher_certification_subject, is_adjust, priority_condition, priority_content, plan_type, province_code, city_code, county_code, enroll_county, academic_session, subject`;
    await q(
      `insert into enroll (candidate_id, id_card, ${cols})
       select c.id, c.id_card, ${cols.replace(/(^|, )/g, '$1e.')}
       from enroll e, candidate_user c where e.id = $1 and c.user_name like 'hot%'`,
      [first.id],
    );
    // A session per candidate, as openSession writes it (token hash, two hours).
    const { rows } = await q(`select id from candidate_user order by id`);
    const tokens: string[] = [];
    const values: unknown[] = [];
    const expires = new Date(Date.now() + 2 * 3600_000);
    for (const r of rows as { id: number }[]) {
      const { token, hash } = newToken();
      tokens.push(token);
      values.push([hash, r.id]);
    }
    await q(
      `insert into auth_session (token_hash, kind, subject_id, ip, user_agent, expires_at)
       select h, 'candidate', s, '127.0.0.1', 'bench', $3 from unnest($1::text[], $2::int[]) as u(h, s)`,
      [values.map((v) => (v as unknown[])[0]), values.map((v) => (v as unknown[])[1]), expires],
    );
    await q('analyze');
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const own = await (
      await fetch(`${base}/api/enroll/getEnrollByPlanId/${plan.id}`, {
        headers: { 'user-authorization': `Bearer ${tokens[0]}` },
      })
    ).json();
    const photoUrl: string | undefined = own.data?.pictureUrl;
    const reads = {
      check: '/api/recruitPlan/checkCanCandidate',
      getInfo: '/api/auth/getInfo',
      applyFlag: `/api/apply/${plan.id}`,
      cascade: `/api/recruitPlanData/getRecruitPlanDataRegionByCategory?planId=${plan.id}&category=${demand.category}`,
      enroll: `/api/enroll/getEnrollByPlanId/${plan.id}`,
    };
    const runs: Record<string, string[]> = {
      mix: Object.values(reads),
      ...Object.fromEntries(Object.entries(reads).map(([k, v]) => [k, [v]])),
      regionTree: ['/system/region/regionTreeDict'],
      dict: ['/admin/dictItem/listDictItem/sys_nation'],
      // One candidate's own photo on every connection (a photo URL opens for its owner only).
      ...(photoUrl ? { photo: [photoUrl] } : {}),
    };
    const spec = path.join(tmp, 'spec.json');
    for (const [run, paths] of Object.entries(runs)) {
      if (ONLY.length && !ONLY.includes(run)) continue;
      fs.writeFileSync(
        spec,
        JSON.stringify({
          base,
          paths,
          tokens: run === 'photo' ? tokens.slice(0, 1) : tokens,
          connections: CONNECTIONS,
          seconds: SECONDS,
        }),
      );
      // The server's CPU per request: this process serves and does nothing else during the run (a
      // figure that the machine's other load disturbs far less than req/s). PostgreSQL's is not in it.
      const cpu0 = process.cpuUsage();
      const out = await new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [path.join(import.meta.dirname, 'hot-reads-load.mjs'), spec], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let text = '';
        child.stdout.on('data', (d) => (text += d));
        child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`load exit ${code}`))));
      });
      const cpu = process.cpuUsage(cpu0);
      const load = JSON.parse(out) as { answered: number };
      const serverCpuMsPerReq = Math.round(((cpu.user + cpu.system) / 1000 / load.answered) * 1000) / 1000;
      console.log(
        JSON.stringify({ run, enrolments: ENROLMENTS, ...load, serverCpuMsPerReq, loadavg: os.loadavg()[0] }),
      );
    }
    await app.close();
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
