import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissionTicket, enroll, recruitPlan } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { BASE, insertApplicants, insertTicket } from '../admission-ticket/fixtures';
import { applyToOpenPlan } from '../enroll/fixtures';

/**
 * A form or ticket is never rendered and stored without its photo (docs/security.md "Object storage"):
 * when the photo an enrolment names is gone from the storage, the download is refused with a clear
 * message and nothing is stored, and the ticket job counts that ticket as failed with 照片文件缺失.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const storedFiles = async (prefix: string) => {
  const keys: string[] = [];
  for await (const file of t.app.ctx.storage.list!(prefix)) keys.push(file.key);
  return keys;
};

describe('a missing photo file', () => {
  it('refuses the enrolment form download and stores no photo-less form', async () => {
    const { id, candidate } = await applyToOpenPlan(t);
    const [row] = await t.database.db.select().from(enroll).where(eq(enroll.id, id));
    await t.app.ctx.storage.remove(row!.picture!); // the photo's file is gone (another node's disk, lost)
    const link = await t.call<{ url: string }>('GET', `/api/enroll/downloadToken/${id}`, {
      candidateToken: candidate.token,
    });
    const zh = await t.app.inject({
      method: 'GET',
      url: link.body.data.url,
      headers: { 'accept-language': 'zh' },
    });
    expect(zh.statusCode).toBe(409);
    expect(zh.headers['content-type']).toMatch(/json/);
    expect(zh.json().msg).toContain('照片文件缺失');
    const [after] = await t.database.db.select().from(enroll).where(eq(enroll.id, id));
    expect(after).toMatchObject({ pdfFile: null, createStatus: row!.createStatus });
    expect((await storedFiles('enroll/form')).filter((k) => k.startsWith(`enroll/form/${id}-`))).toEqual([]);
  });

  it('fails that ticket in the generate job with the reason 照片文件缺失 and renders the others', async () => {
    const token = await t.adminToken();
    const [plan] = await t.database.db.select().from(recruitPlan).limit(1);
    const applicants = await insertApplicants(t, plan!.id, [{}, {}]);
    const tickets: (typeof admissionTicket.$inferSelect)[] = [];
    for (const a of applicants) tickets.push(await insertTicket(t, a));
    const missing = applicants[1]!;
    await t.database.db
      .update(enroll)
      .set({ picture: 'enroll/photo/00000000-0000-0000-0000-000000000000.jpg' })
      .where(eq(enroll.id, missing.id));
    const queued = await t.secure<{ jobId: number }>(
      'POST',
      `${BASE}/generateAdmissionTicket`,
      { idList: tickets.map((x) => x.id) },
      { token },
    );
    expect(queued.status).toBe(200);
    let view: { status: string; done: number; failed: number; message: string } | undefined;
    for (const deadline = Date.now() + 90_000; Date.now() < deadline;) {
      const answer = await t.call<typeof view>('GET', `${BASE}/generateJob/${queued.body.data.jobId}`, {
        token,
      });
      view = answer.body.data;
      if (view && ['2', '4'].includes(view.status)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(view).toMatchObject({ status: '2', done: 1, failed: 1 });
    expect(view!.message).toContain(`准考证 #${tickets[1]!.id}：照片文件缺失`);
    const [blank] = await t.database.db
      .select()
      .from(admissionTicket)
      .where(eq(admissionTicket.id, tickets[1]!.id));
    expect(blank).toMatchObject({ ticketCreateStatus: '0', pdfFile: null });
    expect(
      (await storedFiles('admissionTicket/pdf')).filter((k) => k.includes(`/${tickets[1]!.id}-`)),
    ).toEqual([]);
  }, 120_000);
});
