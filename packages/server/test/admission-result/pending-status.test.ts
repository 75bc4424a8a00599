import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, JOB_STATUS } from '@tegang/domain';
import { admissionResult, recruitPlan } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { importIssues, postImport, waitForImport, workbook } from '../imports/fixtures';
import { enrolment, LIUZHI, NANMING } from './fixtures';

/**
 * 录取状态 待定 in the results import (modules/admission-result/import.ts): accepted while the plan's
 * list publication runs, and the done import says how many rows are 待定 in the caller's language;
 * refused row by row once the list publication has ended, and then nothing of the file is written.
 */
const BASE = '/candidate/admissionResults';
const HEADER = ['身份证号', '姓名', '录取县', '任教学校', '录取状态'];

let t: TestApp;
let admin: string;
let planId: number;
let a: Awaited<ReturnType<typeof enrolment>>;
let b: Awaited<ReturnType<typeof enrolment>>;
let c: Awaited<ReturnType<typeof enrolment>>;

const row = (e: { idCard: string; name: string }, status: string) => [
  e.idCard,
  e.name,
  '南明区',
  '南明区第一小学',
  status,
];

async function runImport(rows: string[][], lang: 'zh' | 'en' = 'zh') {
  const posted = await postImport(
    t,
    `${BASE}/importExcel/${planId}`,
    admin,
    await workbook([HEADER, ...rows]),
  );
  expect(posted.status).toBe(200);
  await waitForImport(t, BASE, posted.body.data.id, admin);
  const { body } = await t.call<{ status: string; imported: number; message: string | null }>(
    'GET',
    `${BASE}/checkImport/${posted.body.data.id}`,
    { token: admin, lang },
  );
  return { view: body.data, id: posted.body.data.id };
}
const statusOf = async (enrollId: number) =>
  (await t.database.db.select().from(admissionResult).where(eq(admissionResult.enrollId, enrollId)))[0]
    ?.admissionStatus;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const [plan] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.status, '1'));
  planId = plan!.id;
  a = await enrolment(t, planId, NANMING, '李待定');
  b = await enrolment(t, planId, LIUZHI, '王待定');
  c = await enrolment(t, planId, NANMING, '赵录取');
}, 60_000);
afterAll(() => t?.close());

describe('录取状态 待定 in the results import', () => {
  it('imports 待定 while the list publication runs and says how many rows are 待定', async () => {
    const [plan] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.id, planId));
    const end = formatDateTime(plan!.listPublishedEndTime);
    const { view } = await runImport([row(a, '待定'), row(b, 'Pending'), row(c, '已录取')]);
    expect([view.status, view.imported]).toEqual([JOB_STATUS.done, 3]);
    expect(view.message).toBe(
      `其中 2 行录取状态为“待定”：这些考生查询录取结果时将看到“待定”，请在录取名单公示结束（${end}）前改为已录取或未录取`,
    );
    expect([await statusOf(a.enrollId), await statusOf(b.enrollId), await statusOf(c.enrollId)]).toEqual([
      '2',
      '2',
      '1',
    ]);
    // in English for an English reader, and no note for a file without 待定
    const again = await runImport([row(a, '待定')], 'en');
    expect(again.view.message).toContain('Rows with the admission status "Pending": 1.');
    const final = await runImport([row(a, '已录取'), row(b, '未录取')]);
    expect([final.view.status, final.view.message]).toEqual([JOB_STATUS.done, null]);
  });

  it('refuses 待定 row by row once the list publication has ended, writing nothing', async () => {
    const ended = new Date(Date.now() - 60_000);
    await t.database.db
      .update(recruitPlan)
      .set({ listPublishedEndTime: ended })
      .where(eq(recruitPlan.id, planId));
    const { view, id } = await runImport([row(a, '待定'), row(c, '未录取')]);
    expect(view.status).toBe(JOB_STATUS.rejected);
    const issues = await importIssues(t, BASE, id, admin);
    expect(issues.records.map((r) => [r.rowNumber, r.column, r.value, r.message])).toEqual([
      [2, '录取状态', '待定', `录取名单公示已于 ${formatDateTime(ended)} 结束，录取状态不能再为“待定”`],
    ]);
    // nothing of the file was written: the results are as the last import left them
    expect([await statusOf(a.enrollId), await statusOf(c.enrollId)]).toEqual(['1', '1']);
    // a final list still imports
    const final = await runImport([row(a, '未录取')]);
    expect([final.view.status, final.view.message]).toEqual([JOB_STATUS.done, null]);
    expect(await statusOf(a.enrollId)).toBe('0');
  });
});
