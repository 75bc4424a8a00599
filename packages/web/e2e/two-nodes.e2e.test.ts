import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import {
  CANDIDATE_AUTH_HEADER,
  decryptData,
  encryptPayload,
  idCardCheckChar,
  importPublicKey,
} from '@tegang/domain';
import { openDatabase, type Database } from '../../server/src/db';
import { openSession } from '../../server/src/lib/sessions';
import { CHROMIUM, launch } from './browser';
import { clusterUnavailable, start, type Cluster, type NodeName } from './cluster';
import {
  chooseEnrolment,
  draftPlan,
  fillApplication,
  makeIdCard,
  pdfQr,
  pdfText,
  registerAndLogin,
  shot,
} from './support';

/**
 * Two nodes behind nginx (README "Several nodes"), on their own cluster (e2e/cluster.ts; the single
 * server of the e2e global setup is not used): a candidate in WeChat on a 375 px phone registers and
 * applies with a photo through nginx; the enrolment form and, once the office has generated and
 * distributed the tickets, the admission ticket are each downloaded from node a and from node b
 * directly and hold the photo and the name; an import and a ticket generate job survive the SIGKILL of
 * the node running them (another node takes each over after JOB_STALE_SECONDS, no row written twice);
 * the ticket's QR link answers the ticket on both nodes.
 */
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN';
/** Rows of the comparison import killed halfway (a few seconds of work on this machine). */
const IMPORT_ROWS = 60_000;
/** Tickets of the generate job killed halfway. */
const TICKETS = 600;
const DATA_SOURCE = 'two-nodes';

const missing = [
  await clusterUnavailable(),
  fs.existsSync(CHROMIUM) ? null : `Chromium not found at ${CHROMIUM} ('apt-get install -y chromium').`,
  hasCommand('pdfimages') ? null : "pdfimages not found ('apt-get install -y poppler-utils').",
].filter((m): m is string => !!m);
if (missing.length && !process.env.CI) console.warn(`two-nodes e2e skipped: ${missing.join(' ')}`);

function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const artifacts = inject('artifacts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-e2e-two-nodes-'));
const stamp = Date.now() % 100_000_000;
const candidate = {
  userName: `two${stamp}`,
  password: 'Cand1!pass',
  realName: '杨双节',
  idCard: makeIdCard('19970512', stamp % 400),
  telephone: `138${String(stamp).padStart(8, '0')}`,
};
let cluster: Cluster;
let browser: Browser;
let database: Database;
let adminToken = '';
let candidateToken = '';
let enrollId = 0;
let demoPlanId = 0;
let qrUrl = '';
let admissionNumber = '';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A JSON call to `base` (nginx or a node) as the administrator; throws on a non-200 answer. */
async function adminCall<T>(base: string, method: string, url: string, body?: unknown): Promise<T> {
  return (await adminAnswer<T>(base, method, url, body)).data;
}

/** The whole answer envelope of an administrator's call; throws on a non-200 answer. */
async function adminAnswer<T>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ data: T; encrypted?: boolean }> {
  const res = await fetch(base + url, {
    method,
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: T; encrypted?: boolean };
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${answer.msg}`);
  return answer;
}

/** An encrypted call (spec §7 "encrypted") as the administrator: the body sealed with the server's key. */
async function adminSecure<T>(base: string, url: string, payload: unknown): Promise<T> {
  const key = await adminCall<{ publicKey: string }>(base, 'GET', '/auth/publicKey');
  const { body, key: session } = await encryptPayload(await importPublicKey(key.publicKey), payload);
  const answer = await adminAnswer<T>(base, 'POST', url, body);
  return answer.encrypted ? decryptData<T>(session, answer.data as never) : answer.data;
}

/** Downloads a PDF through a single-use link asked of node `base` and fetched from the same node. */
async function candidatePdf(base: string, tokenUrl: string, file: string): Promise<string> {
  const link = await fetch(base + tokenUrl, {
    headers: { [CANDIDATE_AUTH_HEADER]: `Bearer ${candidateToken}` },
  });
  const answer = (await link.json()) as { msg: string; data: { url: string } };
  if (link.status !== 200) throw new Error(`${tokenUrl} on ${base}: ${link.status} ${answer.msg}`);
  const res = await fetch(base + answer.data.url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/pdf');
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

/** Width × height of every image in the PDF (pdfimages -list, poppler-utils). */
function pdfImageSizes(file: string): string[] {
  return execFileSync('pdfimages', ['-list', file])
    .toString()
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length > 4 && cols[2] === 'image')
    .map((cols) => `${cols[3]}x${cols[4]}`);
}

/** The stored photo of the candidate's enrolment, as width × height. */
async function photoSize(): Promise<string> {
  const { rows } = await database.pool.query<{ picture: string }>(
    `select picture from enroll where id = $1`,
    [enrollId],
  );
  const key = rows[0]!.picture;
  const object = await cluster.s3.client.send(
    new GetObjectCommand({ Bucket: cluster.env.S3_BUCKET!, Key: key.replace(/^\//, '') }),
  );
  const chunks: Buffer[] = [];
  for await (const c of object.Body as Readable) chunks.push(c as Buffer);
  const meta = await sharp(Buffer.concat(chunks)).metadata();
  return `${meta.width}x${meta.height}`;
}

/**
 * The job's row: its status and the node running it (`runner` is "<NODE_NAME>/<pid>/<run>"). On a
 * database from before the jobs rebuild (table import_job, no runner) the node is the one it was
 * queued on, `queuedOn`: that node wakes its own worker at once.
 */
async function jobRow(
  id: number,
  queuedOn: NodeName,
): Promise<{ status: string; runner: string | null; node: NodeName | null; processed: number }> {
  const { rows: table } = await database.pool.query<{ job: string | null }>(
    `select to_regclass('public.job')::text job`,
  );
  const { rows } = await database.pool.query<{ status: string; runner: string | null; processed: number }>(
    table[0]!.job
      ? `select status, runner, processed from job where id = $1`
      : `select status, '${queuedOn}' runner, processed from import_job where id = $1`,
    [id],
  );
  const runner = rows[0]?.runner ?? null;
  return {
    status: rows[0]?.status ?? '',
    runner,
    node: (runner?.split('/')[0] as NodeName | undefined) ?? null,
    processed: rows[0]?.processed ?? 0,
  };
}

/** An enrolment comparison list of `rows` valid rows (as bench/import.bench.ts builds it). */
async function comparisonList(rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(['姓名', '身份证号', '报考县（区）', '报考学段', '报考学科', '手机号']);
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(1990, 0, 1) + Math.floor(i / 900) * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .replace(/-/g, '');
    // 900 distinct sequence numbers a day: every ID number of the list differs.
    const first17 = `520102${day}${100 + (i % 900)}`;
    sheet.addRow([`考生${i}`, first17 + idCardCheckChar(first17), '南明区', '小学', '语文', '13912345678']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A multipart body with `data` as the field `file` and the text `fields`. */
function upload(data: Buffer, fields: Record<string, string>) {
  const boundary = `----tegang${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  return {
    body: Buffer.concat([
      ...parts,
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.xlsx"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * `TICKETS` passed applicants of a new plan, each with an arranged ticket not generated yet: copies
 * of the candidate's enrolment (its photo) under other accounts, as bench/ticket-pdf.ts seeds them.
 */
async function seedTicketPlan(): Promise<number> {
  const planId = await draftPlan(database.db, `2029年特岗教师招聘（双节点${stamp % 1000}）`, '2029');
  const { pool } = database;
  await pool.query(
    `insert into candidate_user (user_name, password_hash, real_name, id_card, gender, birthday, telephone)
     select 'twonode' || g, 'x', '考生' || g, '8' || lpad(g::text, 16, '0') || 'X', '1', '1996-01-01',
            '136' || lpad(g::text, 8, '0')
     from generate_series(1, $1) g`,
    [TICKETS],
  );
  await pool.query(
    `insert into enroll (plan_id, candidate_id, name, gender, id_card, marital_status, birthday, nation, veteran, political_affiliation, phone, domicile, address, picture, graduate_college, education, graduation_date, major, is_normal, freshmen, teacher_certification, teacher_certification_type, teacher_certification_subject, is_adjust, priority_condition, priority_content, plan_type, province_code, city_code, county_code, enroll_county, academic_session, subject, audit_status)
     select $1, c.id, c.real_name, e.gender, c.id_card, e.marital_status, e.birthday, e.nation, e.veteran, e.political_affiliation, e.phone, e.domicile, e.address, e.picture, e.graduate_college, e.education, e.graduation_date, e.major, e.is_normal, e.freshmen, e.teacher_certification, e.teacher_certification_type, e.teacher_certification_subject, e.is_adjust, e.priority_condition, e.priority_content, e.plan_type, e.province_code, e.city_code, e.county_code, e.enroll_county, e.academic_session, e.subject, '1'
     from enroll e, candidate_user c where e.id = $2 and c.user_name like 'twonode%'`,
    [planId, enrollId],
  );
  await insertTickets(planId, '2029');
  return planId;
}

/** An arranged ticket (site, room of 30, seat) for every passed enrolment of `planId` (the arrangement has its own tests). */
async function insertTickets(planId: number, year: string): Promise<void> {
  await database.pool.query(
    `insert into admission_ticket (plan_id, enroll_id, admission_number, exam_date, exam_time, exam_place, exam_address, exam_room_number, seat_number, examination_room_notice)
     select e.plan_id, e.id, $2 || '520102' || '01' || lpad((1 + (r - 1) / 30)::text, 3, '0') || lpad((1 + (r - 1) % 30)::text, 2, '0'),
            ($2 || '-07-18')::date, '09:00-11:30', '贵阳市第一中学', '贵阳市南明区中华南路 1 号',
            lpad((1 + (r - 1) / 30)::text, 3, '0'), lpad((1 + (r - 1) % 30)::text, 2, '0'),
            '考生须持准考证和身份证入场。'
     from (select e.*, row_number() over (order by e.id) r from enroll e where e.plan_id = $1 and e.audit_status = '1') e`,
    [planId, year],
  );
}

/** Generates (through `base`) the tickets of `planId` not generated yet: the job's id. */
async function queueGenerate(base: string, planId: number): Promise<number> {
  const queued = await adminSecure<{ jobId: number; total: number }>(
    base,
    '/candidate/admissionTicket/generateAdmissionTicket',
    { planId },
  );
  return queued.jobId;
}

interface JobView {
  status: string;
  attempts?: number;
  total: number;
  done?: number;
  imported?: number;
  failed?: number;
  message?: string | null;
}

/** Polls a job view (through nginx) until the job is finished (status 2 done, 3 rejected, 4 failed). */
async function finished(url: string, timeoutMs: number): Promise<JobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = await adminCall<JobView>(cluster.url, 'GET', url).catch(() => null);
    if (view && ['2', '3', '4'].includes(view.status)) return view;
    if (Date.now() > deadline)
      throw new Error(`${url} not finished in ${timeoutMs / 1000} s: ${JSON.stringify(view)}`);
    await sleep(300);
  }
}

describe.skipIf(missing.length > 0 && !process.env.CI)('two nodes behind nginx', () => {
  beforeAll(async () => {
    if (missing.length) throw new Error(`two-nodes e2e cannot run: ${missing.join(' ')}`);
    cluster = await start();
    browser = await launch();
    database = openDatabase(cluster.databaseUrl, 4);
    adminToken = await openSession(
      database.db,
      'admin',
      1,
      { ip: '127.0.0.1', headers: {} } as never,
      new Date(),
    );
    const { rows } = await database.pool.query<{ id: string }>(
      `select id from recruit_plan where status = '1'`,
    );
    demoPlanId = Number(rows[0]!.id);
  }, 240_000);

  afterAll(async () => {
    await database?.close();
    await browser?.close();
    await cluster?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('a candidate in WeChat applies with a photo through nginx; form and ticket from node a and node b hold photo and name', async () => {
    const context = await browser.newContext({
      baseURL: cluster.url,
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      acceptDownloads: true,
      locale: 'zh-CN',
      userAgent: WECHAT_UA,
    });
    const page: Page = await context.newPage();
    onTestFailed(() => shot(page, artifacts, 'two-nodes-candidate-failure'));
    await registerAndLogin(page, candidate, cluster.smsLog, artifacts);
    await page.goto('/web/enroll');
    await page.getByTestId('enroll-agree').check();
    await page.getByTestId('enroll-start').click();
    await page.getByTestId('enroll-form').waitFor();
    await fillApplication(page, candidate.telephone, work);
    await chooseEnrolment(page);
    await page.getByTestId('enroll-submit').click();
    await page.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/web/enroll_table');
    await shot(page, artifacts, 'two-nodes-enroll-table');

    const { rows } = await database.pool.query<{ id: string; candidate_id: string }>(
      `select id, candidate_id from enroll where id_card = $1`,
      [candidate.idCard],
    );
    enrollId = Number(rows[0]!.id);
    // The candidate's own API session (the browser's is its own), for the downloads node by node.
    candidateToken = await openSession(
      database.db,
      'candidate',
      Number(rows[0]!.candidate_id),
      { ip: '127.0.0.1', headers: {} } as never,
      new Date(),
    );
    const photo = await photoSize();

    for (const name of ['a', 'b'] as const) {
      const file = await candidatePdf(
        cluster.nodes[name].url,
        `/api/enroll/downloadToken/${enrollId}`,
        path.join(work, `form-${name}.pdf`),
      );
      expect(pdfText(file)).toContain(candidate.realName);
      expect(pdfImageSizes(file)).toContain(photo);
    }

    // The office passes the audit and arranges a seat (behind the screens, as admission.e2e), then
    // generates the plan's tickets and distributes them through the API behind nginx.
    await database.pool.query(`update enroll set audit_status = '1' where id = $1`, [enrollId]);
    await insertTickets(demoPlanId, '2027');
    const jobId = await queueGenerate(cluster.url, demoPlanId);
    const view = await finished(`/candidate/admissionTicket/generateJob/${jobId}`, 60_000);
    expect(view).toMatchObject({ status: '2', failed: 0 });
    await adminCall(cluster.url, 'POST', `/candidate/admissionTicket/batchDistributed/${demoPlanId}`);
    // The print window opens.
    const hour = 3_600_000;
    await database.pool.query(
      `update recruit_plan set ticket_print_start_time = $2, ticket_print_end_time = $3 where id = $1`,
      [demoPlanId, new Date(Date.now() - hour), new Date(Date.now() + 24 * hour)],
    );
    const ticket = await database.pool.query<{ id: string; admission_number: string }>(
      `select id, admission_number from admission_ticket where enroll_id = $1`,
      [enrollId],
    );
    admissionNumber = ticket.rows[0]!.admission_number;
    for (const name of ['a', 'b'] as const) {
      const file = await candidatePdf(
        cluster.nodes[name].url,
        `/api/admissionTicket/downloadToken/${ticket.rows[0]!.id}`,
        path.join(work, `ticket-${name}.pdf`),
      );
      const text = pdfText(file).replace(/\s+/g, ' ');
      expect(text).toContain(candidate.realName);
      expect(text).toContain(admissionNumber);
      expect(pdfImageSizes(file)).toContain(photo);
      qrUrl ||= (await pdfQr(file)) ?? '';
    }
    expect(qrUrl).toMatch(/\/verify\/ticket\/v2\.[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]{22}$/);
  });

  it('an import and a ticket generate job finish once after the node running them is killed', async () => {
    const ticketPlan = await seedTicketPlan();
    const list = await comparisonList(IMPORT_ROWS);
    // Both queued on node a; whichever node's worker takes each is read from the job row.
    const body = upload(list, { dataSource: DATA_SOURCE });
    const res = await fetch(`${cluster.nodes.a.url}/candidate/enrollCompare/importExcel/${demoPlanId}`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${adminToken}` },
      body: body.body,
    });
    expect(res.status).toBe(200);
    const importId = ((await res.json()) as { data: { id: number } }).data.id;
    const ticketJob = await queueGenerate(cluster.nodes.a.url, ticketPlan);

    // Wait until both run, then kill every node running one of them (SIGKILL: no goodbye).
    const deadline = Date.now() + 30_000;
    let runners: NodeName[];
    let killedRuns: (string | null)[];
    for (;;) {
      const [imp, gen] = await Promise.all([jobRow(importId, 'a'), jobRow(ticketJob, 'a')]);
      if (imp.status === '1' && gen.status === '1' && imp.node && gen.node && gen.processed > 0) {
        runners = [...new Set([imp.node, gen.node])];
        killedRuns = [imp.runner, gen.runner];
        break;
      }
      if (['2', '3', '4'].includes(imp.status) || ['2', '3', '4'].includes(gen.status))
        throw new Error(
          `a job finished before the kill (import ${imp.status}, tickets ${gen.status}): make it bigger`,
        );
      if (Date.now() > deadline)
        throw new Error(`the jobs did not both start: ${JSON.stringify([imp, gen])}`);
      await sleep(100);
    }
    const killedAt = Date.now();
    await Promise.all(runners.map((n) => cluster.kill(n, 'SIGKILL')));
    // Which node resumes each job (the survivor, or the killed one once it is back), for the log.
    const resumedOn = { import: new Set<string>(), tickets: new Set<string>() };
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const [imp, gen] = await Promise.all([jobRow(importId, 'a'), jobRow(ticketJob, 'a')]);
        if (imp.status === '1' && imp.node && imp.runner !== killedRuns[0]) resumedOn.import.add(imp.node);
        if (gen.status === '1' && gen.node && gen.runner !== killedRuns[1]) resumedOn.tickets.add(gen.node);
        await sleep(200);
      }
    })();
    await Promise.all(runners.map((n) => cluster.restart(n)));

    const [imported, generated] = await Promise.all([
      finished(`/candidate/enrollCompare/checkImport/${importId}`, 90_000),
      finished(`/candidate/admissionTicket/generateJob/${ticketJob}`, 90_000),
    ]).finally(() => (watching = false));
    await watch;
    console.log(
      `two-nodes: killed ${runners.join(', ')}; import resumed on ${[...resumedOn.import].join(', ') || '?'}, ` +
        `tickets on ${[...resumedOn.tickets].join(', ') || '?'}; both done ` +
        `${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
    );
    expect(imported, JSON.stringify(imported)).toMatchObject({
      status: '2',
      imported: IMPORT_ROWS,
      attempts: 2,
    });
    // The restarted run renders the tickets not marked yet and counts those the killed run stored; that
    // every ticket of the plan was generated, once, is read from the tickets below.
    expect(generated, JSON.stringify(generated)).toMatchObject({ status: '2', failed: 0, attempts: 2 });
    expect(generated).toMatchObject({ total: TICKETS, done: TICKETS });

    // Rows written once: the comparison rows, and one generated file per ticket.
    const compare = await database.pool.query<{ n: number; cards: number }>(
      `select count(*)::int n, count(distinct id_card)::int cards from enroll_compare where plan_id = $1 and data_source = $2`,
      [demoPlanId, DATA_SOURCE],
    );
    expect(compare.rows[0]).toEqual({ n: IMPORT_ROWS, cards: IMPORT_ROWS });
    const tickets = await database.pool.query<{
      n: number;
      numbers: number;
      generated: number;
      files: number;
    }>(
      `select count(*)::int n, count(distinct admission_number)::int numbers,
              count(*) filter (where ticket_create_status = '1')::int generated, count(distinct pdf_file)::int files
         from admission_ticket where plan_id = $1`,
      [ticketPlan],
    );
    expect(tickets.rows[0]).toEqual({ n: TICKETS, numbers: TICKETS, generated: TICKETS, files: TICKETS });
  });

  it('the QR link of the ticket answers its details on node a and on node b', async () => {
    expect(qrUrl).not.toBe('');
    const { pathname } = new URL(qrUrl);
    for (const name of ['a', 'b'] as const) {
      const res = await fetch(cluster.nodes[name].url + pathname, {
        headers: { accept: 'application/json' },
      });
      expect(res.status).toBe(200);
      const body = JSON.stringify(((await res.json()) as { data: unknown }).data);
      expect(body).toContain(candidate.realName);
      expect(body).toContain(admissionNumber);
      expect(body).not.toContain(candidate.idCard);
      const page = await fetch(cluster.nodes[name].url + pathname);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(candidate.realName);
    }
  });
});
