import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissionTicket, recruitPlan } from '../../src/db/schema';
import type { Storage } from '../../src/integrations/storage';
import { createTestApp, type TestApp } from '../helpers';
import { BASE, insertApplicants, insertTicket } from './fixtures';

/**
 * The generate job reports what it delivered: a PDF discarded because its ticket was edited while it
 * was rendered is no success ("成功 2 份" for three stored files would be a lie); it counts as failed,
 * with the reason, and no file of it stays.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t?.close());

interface JobView {
  status: string;
  total: number;
  done: number;
  failed: number;
  message: string;
}

async function waitForJob(jobId: number, lang: 'zh' | 'en' = 'zh'): Promise<JobView> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = await t.call<JobView>('GET', `${BASE}/generateJob/${jobId}`, { token, lang });
    expect(answer.status).toBe(200);
    if (['2', '4'].includes(answer.body.data.status) || Date.now() > deadline) return answer.body.data;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the generate job counts only PDFs stored and linked', () => {
  it('a ticket edited while its PDF is rendered counts as failed, with the reason', async () => {
    const [plan] = await t.database.db.select().from(recruitPlan).limit(1);
    const applicants = await insertApplicants(t, plan!.id, [{}, {}, {}]);
    const tickets: (typeof admissionTicket.$inferSelect)[] = [];
    for (const a of applicants) tickets.push(await insertTicket(t, a));
    const edited = tickets[1]!;
    // The reviewer edits ticket 2 just as its rendered PDF is stored.
    const storage = t.app.ctx.storage;
    const wrapped: Storage = {
      ...storage,
      // Without the local path the job stores each file through `put` (as on S3), where this hooks in.
      localPath: undefined,
      async put(key, data) {
        await storage.put(key, data);
        if (key.startsWith(`admissionTicket/pdf/${edited.id}-`))
          await t.database.db.execute(
            sql`update admission_ticket set update_time = update_time + interval '1 second' where id = ${edited.id}`,
          );
      },
    };
    t.app.ctx.storage = wrapped;
    try {
      const queued = await t.secure<{ jobId: number }>(
        'POST',
        `${BASE}/generateAdmissionTicket`,
        { idList: tickets.map((x) => x.id) },
        { token },
      );
      expect(queued.status).toBe(200);
      const view = await waitForJob(queued.body.data.jobId);
      expect(view).toMatchObject({ status: '2', total: 3, done: 2, failed: 1 });
      expect(view.message).toContain('成功 2 份，失败 1 份');
      expect(view.message).toContain(`准考证 #${edited.id} 在生成期间被修改`);
      const en = await waitForJob(queued.body.data.jobId, 'en');
      expect(en.message).toContain(`Ticket #${edited.id} was edited`);
    } finally {
      t.app.ctx.storage = storage;
    }
    const [row] = await t.database.db.select().from(admissionTicket).where(eq(admissionTicket.id, edited.id));
    expect(row).toMatchObject({ ticketCreateStatus: '0', pdfFile: null });
    const files = await readdir(join(t.filesDir, 'admissionTicket', 'pdf'));
    expect(files.filter((f) => f.startsWith(`${edited.id}-`))).toEqual([]);
    expect(files.filter((f) => f.startsWith(`${tickets[0]!.id}-`))).toHaveLength(1);
  }, 120_000);
});
