import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissionTicket, enroll, job, sysUser } from '../../src/db/schema';
import type { Storage } from '../../src/integrations/storage';
import { startFileSweep, sweepFiles, sweepMessage } from '../../src/lib/file-sweep';
import { createTestApp, type TestApp } from '../helpers';
import { applyToOpenPlan } from '../enroll/fixtures';
import { BASE, insertTicket } from '../admission-ticket/fixtures';

/**
 * Files follow their rows (docs/security.md "Files follow their rows"): deleting an enrolment or a
 * ticket removes its photo and PDFs after the commit, a failed removal never fails the delete, and
 * the sweep removes what no row names once it is an hour old.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t.close());

const onDisk = (key: string) => fs.existsSync(path.join(t.filesDir, key));
const put = async (key: string, ageMs = 0) => {
  await t.app.ctx.storage.put(key, Buffer.from(`file ${key}`));
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(path.join(t.filesDir, key), when, when);
  return key;
};
const HOUR = 3_600_000;

/** An enrolment with its photo, a stored form PDF and a ticket with its stored PDF. */
async function enrolmentWithFiles() {
  const { id } = await applyToOpenPlan(t);
  const form = await put(`enroll/form/${id}-form.pdf`);
  await t.database.db.update(enroll).set({ pdfFile: form, createStatus: '1' }).where(eq(enroll.id, id));
  const [row] = await t.database.db.select().from(enroll).where(eq(enroll.id, id));
  const ticket = await insertTicket(t, { id, planId: row!.planId });
  const ticketPdf = await put(`admissionTicket/pdf/${ticket.id}-t.pdf`);
  await t.database.db
    .update(admissionTicket)
    .set({ pdfFile: ticketPdf })
    .where(eq(admissionTicket.id, ticket.id));
  expect(row!.picture).toBeTruthy();
  return { id, ticketId: ticket.id, files: [row!.picture!, form, ticketPdf] };
}

describe('deleting a row removes its files', () => {
  it('an enrolment: its photo, its form PDF and its ticket’s PDF (name, ID number, photo)', async () => {
    const { id, files } = await enrolmentWithFiles();
    for (const f of files) expect(onDisk(f), f).toBe(true);
    const answer = await t.call('DELETE', `/candidate/enroll/${id}`, { token });
    expect(answer.status).toBe(200);
    for (const f of files) expect(onDisk(f), f).toBe(false);
  });

  it('a ticket: its PDF', async () => {
    const { ticketId, files } = await enrolmentWithFiles();
    const answer = await t.call('DELETE', `${BASE}/${ticketId}`, { token });
    expect(answer.status).toBe(200);
    expect(onDisk(files[2]!)).toBe(false);
    expect(onDisk(files[0]!)).toBe(true); // the enrolment's own files stay with it
  });

  it('a failed removal is logged and does not fail the delete (the sweep takes the file later)', async () => {
    const { id, files } = await enrolmentWithFiles();
    const storage = t.app.ctx.storage;
    const broken: Storage = {
      ...storage,
      remove: async () => {
        throw new Error('disk unavailable');
      },
    };
    t.app.ctx.storage = broken;
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (m: string) => void warnings.push(m);
    try {
      const answer = await t.call('DELETE', `/candidate/enroll/${id}`, { token });
      expect(answer.status).toBe(200);
    } finally {
      t.app.ctx.storage = storage;
      console.warn = warn;
    }
    expect(await t.database.db.select().from(enroll).where(eq(enroll.id, id))).toEqual([]);
    expect(warnings.join('\n')).toContain(files[0]!);
    // Left on disk, unreferenced: an hour later the sweep removes them.
    for (const f of files) expect(onDisk(f)).toBe(true);
    const swept = await sweepFiles(t.app.ctx, { now: Date.now() + 2 * HOUR });
    expect(swept).toMatchObject({ photos: 1, forms: 1, tickets: 1 });
    for (const f of files) expect(onDisk(f)).toBe(false);
  });
});

describe('the file sweep', () => {
  it('removes old unreferenced files, keeps referenced ones and fresh ones, and logs the counts', async () => {
    const { files: referenced } = await enrolmentWithFiles();
    for (const f of referenced) fs.utimesSync(path.join(t.filesDir, f), new Date(0), new Date(0));
    const killed = await put('enroll/photo/killed-insert.jpg', 2 * HOUR);
    const fresh = await put('enroll/photo/being-applied.jpg', 10 * 60_000);
    const oldForm = await put('enroll/form/999-stale.pdf', 3 * HOUR);
    const unmarked = await put('admissionTicket/pdf/999-unmarked.pdf', 2 * HOUR);
    const orphanUpload = await put('imports/orphan.xlsx', 25 * HOUR);
    const recentUpload = await put('imports/recent.xlsx', 2 * HOUR);
    const queuedUpload = await put('imports/queued.xlsx', 25 * HOUR);
    const [admin] = await t.database.db.select({ id: sysUser.id }).from(sysUser).limit(1);
    await t.database.db.insert(job).values({
      kind: 'planData',
      fileName: 'queued.xlsx',
      fileKey: queuedUpload,
      adminId: admin!.id,
      status: '0',
    });

    const lines: string[] = [];
    const stop = startFileSweep(t.app.ctx, {
      info: (m) => void lines.push(m),
      warn: (m) => void lines.push(m),
    });
    for (let i = 0; i < 100 && !lines.length; i++) await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(lines).toEqual([sweepMessage({ photos: 1, forms: 1, tickets: 1, imports: 1, total: 4 })]);
    expect(lines[0]).toBe('[files] swept 4 unreferenced files (photos 1, forms 1, tickets 1, imports 1)');
    for (const gone of [killed, oldForm, unmarked, orphanUpload]) expect(onDisk(gone), gone).toBe(false);
    for (const kept of [...referenced, fresh, recentUpload, queuedUpload])
      expect(onDisk(kept), kept).toBe(true);
  });
});
