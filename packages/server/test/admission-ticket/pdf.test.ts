import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissionTicket, candidateUser, enroll, recruitPlan } from '../../src/db/schema';
import { TICKET_POOL_IDLE_MS, ticketPool } from '../../src/modules/admission-ticket/pdf-service';
import { createTestApp, type TestApp } from '../helpers';
import { applyToOpenPlan, idCard, makeAdmin, makeCandidate } from '../enroll/fixtures';

/**
 * Admission ticket PDFs: the document read back with poppler and its QR code
 * decoded, the generate job through the real pg-boss queue and worker threads, the download links
 * and their gates.
 */
const run = promisify(execFile);
const NOTICE =
  '1. 考生须持准考证和身份证入场。\n2. 开考 15 分钟后不得入场。\n3. 严禁携带手机等通信工具进入考场。';
const TICKETS = 40;

let t: TestApp;
let token: string;
let dir: string;
let planId: number;
/** The first enrolment (with its candidate) and every ticket id, first one first. */
let first: { enrollId: number; candidateToken: string; candidateId: number; idCard: string; name: string };
let ticketIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  dir = await mkdtemp(join(tmpdir(), 'tegang-ticket-'));
  const applied = await applyToOpenPlan(t, { name: '韦晓梅' });
  planId = applied.ctx.plan.id;
  const [row] = await t.database.db.select().from(enroll).where(eq(enroll.id, applied.id));
  first = {
    enrollId: applied.id,
    candidateToken: applied.candidate.token,
    candidateId: applied.candidate.id,
    idCard: row!.idCard,
    name: row!.name,
  };
  // More enrolments of the plan: clones of the first (same photo file) under accounts of their own.
  const enrollIds = [applied.id];
  for (let i = 1; i < TICKETS; i++) {
    const card = idCard('19950101', String(500 + 2 * i).padStart(3, '0'), '520103');
    const [user] = await t.database.db
      .insert(candidateUser)
      .values({
        userName: `ticket${i}x${Date.now() % 100000}`,
        passwordHash: 'x',
        realName: `考生${i}`,
        idCard: card,
        gender: '1',
        birthday: '1995-01-01',
        telephone: `137${String(i).padStart(8, '0')}`,
      })
      .returning();
    const { id: _id, createTime: _c, updateTime: _u, ...rest } = row!;
    const [clone] = await t.database.db
      .insert(enroll)
      // a copy of the application but its 报名序号, unique per plan
      .values({
        ...rest,
        candidateId: user!.id,
        idCard: card,
        name: `考生${i}`,
        pdfFile: null,
        serialNo: null,
      })
      .returning({ id: enroll.id });
    enrollIds.push(clone!.id);
  }
  const inserted = await t.database.db
    .insert(admissionTicket)
    .values(
      enrollIds.map((enrollId, i) => ({
        planId,
        enrollId,
        admissionNumber: `2026520102010${String(1 + Math.floor(i / 30)).padStart(2, '0')}${String(1 + (i % 30)).padStart(2, '0')}`,
        examDate: '2030-07-18', // ahead: a ticket verifies until its exam day plus 7 days
        examTime: '09:00-11:30',
        examPlace: '贵阳市第一中学',
        examAddress: '贵阳市南明区中华南路 1 号',
        examRoomNumber: String(1 + Math.floor(i / 30)).padStart(3, '0'),
        seatNumber: String(1 + (i % 30)).padStart(2, '0'),
        examinationRoomNotice: NOTICE,
      })),
    )
    .returning({ id: admissionTicket.id });
  ticketIds = inserted.map((r) => r.id).sort((a, b) => a - b);
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The plan's ticket print window `from`…`to` ms around now. */
const printWindow = (from: number, to: number) =>
  t.database.db
    .update(recruitPlan)
    .set({ ticketPrintStartTime: new Date(Date.now() + from), ticketPrintEndTime: new Date(Date.now() + to) })
    .where(eq(recruitPlan.id, planId));

const ticketRow = async (id: number) =>
  (await t.database.db.select().from(admissionTicket).where(eq(admissionTicket.id, id)))[0]!;

/** Text of a PDF (pdftotext -raw, white space removed) and the content of its QR code (page 1 at 150 dpi). */
async function readPdf(pdf: Buffer, name: string): Promise<{ text: string; qr: string | null }> {
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  const text = (await run('pdftotext', ['-raw', file, '-'])).stdout.replace(/\s+/g, '');
  await run('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, join(dir, name)]);
  const { data, info } = await sharp(await readFile(join(dir, `${name}.png`)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const code = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
  );
  return { text, qr: code?.data ?? null };
}

describe('the ticket PDF and its QR code', () => {
  it('reads back every field and the notice; the QR opens a verification that shows the candidate', async () => {
    const id = ticketIds[0]!;
    const link = await t.call<{ url: string }>('GET', `/candidate/admissionTicket/downloadToken/${id}`, {
      token,
    });
    expect(link.status).toBe(200);
    const file = await t.call('GET', link.body.data.url);
    expect(file.status).toBe(200);
    expect(file.raw.headers['content-type']).toBe('application/pdf');
    expect(String(file.raw.headers['content-disposition'])).toContain("filename*=UTF-8''");
    const { text, qr } = await readPdf(file.raw.rawPayload, 'first');
    const row = await ticketRow(id);
    const [plan] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.id, planId));
    expect(text).not.toContain(`${plan!.year}年${plan!.year}年`);
    for (const s of [
      `${plan!.year}年${plan!.name.replace(/^\d{4}年/, '')}准考证`,
      first.name,
      first.idCard,
      row.admissionNumber,
      '贵阳市第一中学',
      '001',
      '09:00-11:30',
      '2030-07-18',
      '考生须持准考证和身份证入场。',
      '开考15分钟后不得入场。',
      '严禁携带手机等通信工具进入考场。',
    ])
      expect(text).toContain(s.replace(/\s+/g, ''));
    // Rendered on demand: stored and marked generated; an administrator's preview is not counted.
    expect(row.ticketCreateStatus).toBe('1');
    expect(row.pdfFile).toMatch(/^admissionTicket\/pdf\//);
    expect(row.ticketFileDownloadNum).toBe(0);
    expect(row.isDownload).toBe('0');

    expect(qr).toMatch(/^http:\/\/localhost(:\d+)?\/verify\/ticket\/v2\.[\w-]+\.\d+\.[\w-]{22}$/);
    const path = new URL(qr!).pathname;
    const qrToken = path.split('/').pop()!;
    expect(qrToken).not.toContain(first.idCard);
    expect(Buffer.from(qrToken.split('.')[1]!, 'base64url').toString()).toBe(String(id));
    // Not distributed yet: the page says so; once distributed it is valid.
    const before = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('准考证无效');
    await t.database.db.update(admissionTicket).set({ status: '1' }).where(eq(admissionTicket.id, id));
    const page = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('有效准考证');
    expect(page.body).toContain(first.name);
    expect(page.body).toContain('001');
    expect(page.body).toContain(row.admissionNumber);
    expect(page.body).toContain('data:image/jpeg;base64,');
    expect(page.body).not.toContain(first.idCard);
    expect(page.body).not.toContain('<script');
    await t.database.db.update(admissionTicket).set({ status: '0' }).where(eq(admissionTicket.id, id));
  });

  it('keeps a preview link inside the administrator’s region and single-use', async () => {
    const other = await makeAdmin(t, { provinceCode: '520000', cityCode: '520100', countyCode: '520199' });
    const refused = await t.call('GET', `/candidate/admissionTicket/downloadToken/${ticketIds[1]}`, {
      token: other,
    });
    expect(refused.status).toBe(404);
    const link = await t.call<{ url: string }>(
      'GET',
      `/candidate/admissionTicket/downloadToken/${ticketIds[1]}`,
      {
        token,
      },
    );
    expect((await t.call('GET', link.body.data.url)).status).toBe(200);
    expect((await t.call('GET', link.body.data.url)).status).toBe(400);
    // A token of one ticket does not open another.
    const again = await t.call<{ url: string }>(
      'GET',
      `/candidate/admissionTicket/downloadToken/${ticketIds[1]}`,
      {
        token,
      },
    );
    const wrong = again.body.data.url.replace(`/${ticketIds[1]}?`, `/${ticketIds[2]}?`);
    expect((await t.call('GET', wrong)).status).toBe(400);
  });
});

describe('the generate job', () => {
  it('renders every ticket of a plan on the worker threads through pg-boss and reports 100 %', async () => {
    const queued = await t.secure<{ jobId: number; total: number }>(
      'POST',
      '/candidate/admissionTicket/generateAdmissionTicket',
      { planId },
      { token },
    );
    expect(queued.status).toBe(200);
    // The tickets rendered on demand above are generated already; the rest are selected.
    const pending = (
      await t.database.db.select().from(admissionTicket).where(eq(admissionTicket.planId, planId))
    ).filter((r) => r.ticketCreateStatus === '0').length;
    expect(queued.body.data.total).toBe(pending);
    expect(pending).toBeGreaterThanOrEqual(TICKETS - 2);
    const seen: number[] = [];
    let view: {
      status: string;
      total: number;
      done: number;
      failed: number;
      percent: number;
      message: string;
    };
    const deadline = Date.now() + 90_000;
    for (;;) {
      const answer = await t.call<typeof view>(
        'GET',
        `/candidate/admissionTicket/generateJob/${queued.body.data.jobId}`,
        { token },
      );
      expect(answer.status).toBe(200);
      view = answer.body.data;
      seen.push(view.percent);
      if (view.status === '2' || view.status === '4' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(view.status).toBe('2');
    expect(view).toMatchObject({ total: pending, done: pending, failed: 0, percent: 100 });
    expect(view.message).toContain(String(pending));
    expect(seen.every((p, i) => i === 0 || p >= seen[i - 1]!)).toBe(true);
    const rows = await t.database.db
      .select()
      .from(admissionTicket)
      .where(inArray(admissionTicket.id, ticketIds));
    expect(rows.every((r) => r.ticketCreateStatus === '1' && r.pdfFile)).toBe(true);
    // A generated file is a whole ticket of its own candidate.
    const last = rows.find((r) => r.id === ticketIds.at(-1))!;
    const stored = await readFile(join(t.filesDir, last.pdfFile!));
    // Written by the render threads themselves: owner-only, and no temporary left beside them.
    expect((await stat(join(t.filesDir, last.pdfFile!))).mode & 0o777).toBe(0o600);
    expect(
      (await readdir(join(t.filesDir, 'admissionTicket', 'pdf'))).filter((f) => f.endsWith('.tmp')),
    ).toEqual([]);
    const { text, qr } = await readPdf(stored, 'generated');
    expect(text).toContain(`考生${TICKETS - 1}`);
    expect(text).toContain(last.admissionNumber);
    expect(qr).toContain('/verify/ticket/v2.');
    // The rendering threads end once idle: the node's memory goes back to its idle size.
    const pool = ticketPool(t.app.ctx);
    expect(pool.threads.length).toBeGreaterThan(0);
    const idleBy = Date.now() + TICKET_POOL_IDLE_MS + 10_000;
    while (pool.threads.length && Date.now() < idleBy) await new Promise((r) => setTimeout(r, 250));
    expect(pool.threads).toHaveLength(0);
  }, 120_000);

  it('refuses a call without planId or idList (400 naming the field) and hides other regions’ jobs', async () => {
    const bad = await t.secure('POST', '/candidate/admissionTicket/generateAdmissionTicket', {}, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBeTruthy();
    const queued = await t.secure<{ jobId: number; total: number }>(
      'POST',
      '/candidate/admissionTicket/generateAdmissionTicket',
      { idList: [ticketIds[3]!] },
      { token },
    );
    expect(queued.body.data.total).toBe(1);
    const other = await makeAdmin(t, { provinceCode: '520000', cityCode: '520100', countyCode: '520199' });
    const hidden = await t.call('GET', `/candidate/admissionTicket/generateJob/${queued.body.data.jobId}`, {
      token: other,
    });
    expect(hidden.status).toBe(404);
  });
});

describe('the candidate’s download', () => {
  it('opens only the own distributed ticket inside the print window, once per link, and counts it', async () => {
    const id = ticketIds[0]!;
    const me = first.candidateToken;
    const url = `/api/admissionTicket/downloadToken/${id}`;
    await printWindow(-3_600_000, 3_600_000);
    await t.database.db.update(admissionTicket).set({ status: '0' }).where(eq(admissionTicket.id, id));
    const none = await t.call('GET', url, { candidateToken: me });
    expect(none.status).toBe(404);
    expect(none.body.msg).toBe('暂无您的准考证');
    await t.database.db.update(admissionTicket).set({ status: '1' }).where(eq(admissionTicket.id, id));

    await printWindow(3_600_000, 7_200_000);
    const early = await t.call('GET', url, { candidateToken: me });
    expect(early.status).toBe(400);
    expect(early.body.msg).toMatch(/准考证打印尚未开始.*\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await printWindow(-7_200_000, -3_600_000);
    const late = await t.call('GET', url, { candidateToken: me, lang: 'en' });
    expect(late.status).toBe(400);
    expect(late.body.msg).toMatch(/^Ticket printing ended at \d{4}-/);

    await printWindow(-3_600_000, 3_600_000);
    const stranger = await makeCandidate(t);
    expect((await t.call('GET', url, { candidateToken: stranger.token })).status).toBe(404);

    const link = await t.call<{ url: string }>('GET', url, { candidateToken: me });
    expect(link.status).toBe(200);
    expect(link.body.data.url).toMatch(new RegExp(`^/api/admissionTicket/downloadTicketFile/${id}\\?token=`));
    const file = await t.call('GET', link.body.data.url);
    expect(file.status).toBe(200);
    expect(file.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.call('GET', link.body.data.url)).status).toBe(400); // single use
    let row = await ticketRow(id);
    expect(row.ticketFileDownloadNum).toBe(1);
    expect(row.isDownload).toBe('1');

    // A link taken inside the window does not open after it closed; nothing is counted.
    const stale = await t.call<{ url: string }>('GET', url, { candidateToken: me });
    await printWindow(-7_200_000, -3_600_000);
    expect((await t.call('GET', stale.body.data.url)).status).toBe(400);
    await printWindow(-3_600_000, 3_600_000);
    const twice = await t.call<{ url: string }>('GET', url, { candidateToken: me });
    expect((await t.call('GET', twice.body.data.url)).status).toBe(200);
    row = await ticketRow(id);
    expect(row.ticketFileDownloadNum).toBe(2);
  });

  it('renders a stale ticket again on download (ticketCreateStatus 0 or the file gone)', async () => {
    const id = ticketIds[5]!;
    await t.database.db
      .update(admissionTicket)
      .set({ status: '1', ticketCreateStatus: '0', examRoomNumber: '099', updateTime: new Date() })
      .where(eq(admissionTicket.id, id));
    const [row] = await t.database.db.select().from(admissionTicket).where(eq(admissionTicket.id, id));
    const [owner] = await t.database.db.select().from(enroll).where(eq(enroll.id, row!.enrollId));
    const token2 = await candidateSession(owner!.candidateId);
    const link = await t.call<{ url: string }>('GET', `/api/admissionTicket/downloadToken/${id}`, {
      candidateToken: token2,
    });
    const file = await t.call('GET', link.body.data.url);
    const { text } = await readPdf(file.raw.rawPayload, 'stale');
    expect(text).toContain('099');
    expect((await ticketRow(id)).ticketCreateStatus).toBe('1');

    // Marked generated but its file is gone: rendered and stored again.
    await t.database.db
      .update(admissionTicket)
      .set({ pdfFile: 'admissionTicket/pdf/gone.pdf' })
      .where(eq(admissionTicket.id, id));
    const again = await t.call<{ url: string }>('GET', `/api/admissionTicket/downloadToken/${id}`, {
      candidateToken: token2,
    });
    const file2 = await t.call('GET', again.body.data.url);
    expect(file2.status).toBe(200);
    expect(file2.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const after = await ticketRow(id);
    expect(after.pdfFile).not.toBe('admissionTicket/pdf/gone.pdf');
    expect(after.ticketFileDownloadNum).toBe(2);
  });
});

async function candidateSession(candidateId: number): Promise<string> {
  const { openSession } = await import('../../src/lib/sessions');
  return openSession(
    t.database.db,
    'candidate',
    candidateId,
    { ip: '127.0.0.1', headers: {} } as never,
    new Date(),
  );
}
