import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobFinished, type RegionScope } from '@tegang/domain';
import { admissionTicket, candidateUser, enroll, job as jobTable } from '../src/db/schema';
import { openSession } from '../src/lib/sessions';
import {
  localOrigin,
  poolSize,
  queueTicketGeneration,
  selectTickets,
} from '../src/modules/admission-ticket/pdf-service';
import type { AdminPrincipal } from '../src/types';
import { applicationFields, idCard, multipart, openPlanAndDemand } from '../test/enroll/fixtures';
import { benchPhoto } from './photo';

/**
 * ticketPdf (target: the generate job ≥ 0.8 × bare rendering on the same threads), both
 * measured in one run:
 * (a) raw: pdfkit alone on as many worker threads as the job's pool (bench/ratios/pdf-worker.mjs:
 *     the same page drawn at fixed positions, the same fonts and the same stored photo, each file
 *     written), TICKETS documents, each thread busy back to back: no database, no layout code;
 * (b) job: TICKETS tickets of one plan (one applicant with BENCH_PHOTO or a photograph-like photo
 *     through POST /api/apply, cloned in SQL) generated end to end by the real job — queued on
 *     pg-boss, rendered on the app's pool, each file stored and its ticket marked — timed from the
 *     queueing to status '2'.
 * Both after a warm-up of 50 documents per thread, then alternated (a, b, a, b, a: the machine's other
 * load and the threads' warming touch both alike); rates are totals over the runs.
 * Prints documents/s and job / bare.
 */
const TICKETS = Number(process.env.BENCH_TICKETS ?? 1000);
/** Documents per thread rendered before timing (threads started, fonts parsed, code optimised). */
const WARM_UP = 50;
/** Timed jobs, each between two timed bare runs. */
const ROUNDS = 2;
/** How often the finished job is looked for (the console polls every second; the wait adds at most this). */
const POLL_MS = 50;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One applicant through the API, cloned in SQL to `n` enrolments of `planId` with a ticket each. */
async function seedTickets(app: FastifyInstance, base: string, n: number): Promise<number> {
  const { db, pool } = app.ctx.database;
  const t = { database: app.ctx.database } as never;
  const { plan, demand, education } = await openPlanAndDemand(t);
  const card = idCard('19960101', '871', '520102');
  const [user] = await db
    .insert(candidateUser)
    .values({
      userName: 'ticketbench0',
      passwordHash: 'x',
      realName: '韦晓梅',
      idCard: card,
      gender: '1',
      birthday: '1996-01-01',
      telephone: '13600000000',
    })
    .returning();
  const token = await openSession(
    db,
    'candidate',
    user!.id,
    { ip: '127.0.0.1', headers: {} } as never,
    new Date(),
  );
  const { body, headers } = multipart(applicationFields(plan.id, card, demand, education), {
    data: (await benchPhoto()).data,
  });
  const res = await fetch(`${base}/api/apply`, {
    method: 'POST',
    body,
    headers: { ...headers, 'user-authorization': `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`apply failed: ${res.status} ${await res.text()}`);
  const enrollId = ((await res.json()) as { data: { id: number } }).data.id;
  await pool.query(
    `insert into candidate_user (user_name, password_hash, real_name, id_card, gender, birthday, telephone)
     select 'ticketbench' || g, 'x', '考生' || g, '8' || lpad(g::text, 16, '0') || 'X', '1', '1996-01-01',
            '136' || lpad(g::text, 8, '0')
     from generate_series(1, $1) g`,
    [n - 1],
  );
  await pool.query(
    `insert into enroll (plan_id, candidate_id, name, gender, id_card, marital_status, birthday, nation, veteran, political_affiliation, phone, domicile, address, picture, graduate_college, education, graduation_date, major, is_normal, freshmen, teacher_certification, teacher_certification_type, teacher_certification_subject, is_adjust, priority_condition, priority_content, plan_type, province_code, city_code, county_code, enroll_county, academic_session, subject, audit_status)
     select e.plan_id, c.id, c.real_name, e.gender, c.id_card, e.marital_status, e.birthday, e.nation, e.veteran, e.political_affiliation, e.phone, e.domicile, e.address, e.picture, e.graduate_college, e.education, e.graduation_date, e.major, e.is_normal, e.freshmen, e.teacher_certification, e.teacher_certification_type, e.teacher_certification_subject, e.is_adjust, e.priority_condition, e.priority_content, e.plan_type, e.province_code, e.city_code, e.county_code, e.enroll_county, e.academic_session, e.subject, '1'
     from enroll e, candidate_user c where e.id = $1 and c.user_name like 'ticketbench%' and c.id <> $2`,
    [enrollId, user!.id],
  );
  await pool.query(
    `insert into admission_ticket (plan_id, enroll_id, admission_number, exam_date, exam_time, exam_place, exam_address, exam_room_number, seat_number, examination_room_notice)
     select e.plan_id, e.id, '2027520102' || '01' || lpad((1 + (r - 1) / 30)::text, 3, '0') || lpad((1 + (r - 1) % 30)::text, 2, '0'),
            '2027-07-18', '09:00-11:30', '贵阳市第一中学', '贵阳市南明区中华南路 1 号',
            lpad((1 + (r - 1) / 30)::text, 3, '0'), lpad((1 + (r - 1) % 30)::text, 2, '0'),
            E'1. 考生须持准考证和身份证入场。\\n2. 开考 15 分钟后不得入场。\\n3. 严禁携带手机等通信工具进入考场。'
     from (select e.*, row_number() over (order by e.id) r from enroll e join candidate_user c on c.id = e.candidate_id
           where e.plan_id = $1 and c.user_name like 'ticketbench%') e`,
    [plan.id],
  );
  return plan.id;
}

/** Queues a generate job as the seeded administrator (id 1, all regions) and waits for it to finish. */
async function generate(
  app: FastifyInstance,
  input: { planId?: number; idList?: number[]; regenerate?: boolean },
) {
  const scope: RegionScope = { provinceCode: null, cityCode: null, countyCode: null };
  const admin = { id: 1, scope } as AdminPrincipal;
  const start = performance.now();
  const { jobId, total } = await queueTicketGeneration(app.ctx, input, admin, localOrigin(app.ctx.config));
  for (;;) {
    const [job] = await app.ctx.db.select().from(jobTable).where(eq(jobTable.id, jobId));
    if (job && jobFinished(job.status)) {
      return {
        seconds: (performance.now() - start) / 1000,
        total,
        done: job.imported,
        failed: job.errorCount,
      };
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

export async function run(app: FastifyInstance, base: string) {
  const planId = await seedTickets(app, base, TICKETS);
  const rows = await selectTickets(app.ctx.db, eq(admissionTicket.planId, planId));
  const threads = poolSize();

  // (a) Raw pdfkit on worker threads with the photo the job embeds, measured before and after (b)
  // (the mean cancels order effects such as JIT warm-up and other load of the machine).
  const [stored] = await app.ctx.db
    .select({ picture: enroll.picture })
    .from(enroll)
    .where(eq(enroll.id, rows[0]!.t.enrollId));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-ticket-raw-'));
  const photoFile = path.join(tmp, 'photo.jpg');
  fs.writeFileSync(photoFile, (await app.ctx.storage.get(stored!.picture!))!);
  const workers = Array.from(
    { length: threads },
    () => new Worker(new URL('./ratios/pdf-worker.mjs', import.meta.url), { workerData: { photoFile } }),
  );
  let bytes = 0;
  const renderBare = async (count: number) => {
    let next = 0;
    const start = performance.now();
    await Promise.all(
      workers.map(async (worker) => {
        while (next < count) {
          const index = next++;
          worker.postMessage({ index, outDir: tmp });
          bytes += (await new Promise<number>((resolve) => worker.once('message', resolve))) as number;
        }
      }),
    );
    return (performance.now() - start) / 1000;
  };
  await renderBare(WARM_UP * threads);
  bytes = 0;
  await renderBare(TICKETS);
  const avgKB = bytes / TICKETS / 1024;

  // (b) The job: a warm-up job over a few tickets (starts the app's pool), then the whole plan,
  // alternating with (a): bare, job, bare, job, bare.
  await generate(app, { idList: rows.slice(0, WARM_UP * threads).map((r) => r.t.id) });
  const bareRuns = [await renderBare(TICKETS)];
  const jobs: Awaited<ReturnType<typeof generate>>[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    jobs.push(await generate(app, { planId, regenerate: true }));
    bareRuns.push(await renderBare(TICKETS));
  }
  await Promise.all(workers.map((w) => w.terminate()));
  fs.rmSync(tmp, { recursive: true, force: true });
  const generated = await app.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(admissionTicket)
    .where(sql`${admissionTicket.planId} = ${planId} and ${admissionTicket.ticketCreateStatus} = '1'`);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const bareRate = (TICKETS * bareRuns.length) / sum(bareRuns);
  const jobRate = sum(jobs.map((j) => j.done)) / sum(jobs.map((j) => j.seconds));
  return {
    name: 'ticketPdf',
    tickets: TICKETS,
    threads,
    rawPdfkitDocsPerSecond: round(bareRate),
    rawRuns: bareRuns.map((sec) => round(TICKETS / sec)).join('/'),
    jobRuns: jobs.map((j) => round(j.done / j.seconds)).join('/'),
    jobDocsPerSecond: round(jobRate),
    ratio: round(jobRate / bareRate, 2),
    failed: sum(jobs.map((j) => j.failed)),
    generated: generated[0]!.n,
    rawAvgKB: round(avgKB),
  };
}
