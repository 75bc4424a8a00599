import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS, PERMISSIONS } from '@tegang/domain';
import { admissionResult, admissionTicket, recruitPlan } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { makeAdmin } from '../enroll/fixtures';
import { postImport, waitForImport } from '../imports/fixtures';
import { adminWith } from '../recruit-plan/fixtures';
import { enrolment, LIUZHI, NANMING } from './fixtures';

/**
 * The results template prefilled with a plan's ticket holders (GET downLoadPlanTemplate?planId=):
 * the ordinary header, no example row, one row per ticket in the caller's region with ID number,
 * name and admission number, on a real PostgreSQL.
 */
const BASE = '/candidate/admissionResults';

let t: TestApp;
let admin: string;
let planId: number;

async function download(token: string, query: string, lang = 'zh') {
  const raw = await t.app.inject({
    method: 'GET',
    url: `${BASE}/downLoadPlanTemplate${query}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
  });
  if (raw.statusCode !== 200)
    return { status: raw.statusCode, rows: [] as string[][], header: [] as string[], book: null };
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(raw.rawPayload as never);
  const sheet = book.worksheets[0]!;
  const values = (n: number) =>
    (sheet.getRow(n).values as unknown[])
      .slice(1)
      .map((v) => (v === undefined || v === null ? '' : String(v)));
  const rows: string[][] = [];
  for (let n = 2; n <= sheet.rowCount; n++) rows.push(values(n));
  return { status: raw.statusCode, header: values(1), rows, book };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const [plan] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.status, '1'));
  planId = plan!.id;
  const people = [
    await enrolment(t, planId, NANMING, '李明'),
    await enrolment(t, planId, LIUZHI, '王芳'),
    await enrolment(t, planId, NANMING, '赵强'),
  ];
  await enrolment(t, planId, NANMING, '无票'); // an enrolment without a ticket stays out
  const numbers = ['20275201020100102', '20275202030100101', '20275201020100101'];
  await t.database.db.insert(admissionTicket).values(
    people.map((p, i) => ({
      planId,
      enrollId: p.enrollId,
      admissionNumber: numbers[i]!,
      examDate: '2027-06-20',
      examTime: '09:00-11:30',
      examPlace: '贵阳一中',
      examAddress: '贵阳市南明区',
      examRoomNumber: '001',
      seatNumber: String(i + 1).padStart(2, '0'),
      examinationRoomNotice: '',
    })),
  );
}, 60_000);
afterAll(() => t?.close());

describe('results template prefilled with the plan’s ticket holders', () => {
  it('lists every ticket holder by admission number under the ordinary header, without the example row', async () => {
    const file = await download(admin, `?planId=${planId}`);
    expect(file.status).toBe(200);
    expect(file.header.slice(0, 3)).toEqual(['*身份证号', '*姓名', '准考证号']);
    expect(file.rows.map((r) => [r[1], r[2]])).toEqual([
      ['赵强', '20275201020100101'],
      ['李明', '20275201020100102'],
      ['王芳', '20275202030100101'],
    ]);
    for (const r of file.rows) {
      expect(r[0]).toMatch(/^\d{17}[\dX]$/);
      expect(r.slice(3).every((v) => v === '')).toBe(true);
    }
    expect(file.rows.flat().join('|')).not.toContain('已录取'); // the example row is gone
  });

  it('imports back once the office fills in the admission status', async () => {
    const file = await download(admin, `?planId=${planId}`);
    const sheet = file.book!.worksheets[0]!;
    const statusColumn = file.header.indexOf('*录取状态') + 1;
    expect(statusColumn).toBeGreaterThan(0);
    for (let n = 2; n <= sheet.rowCount; n++) sheet.getRow(n).getCell(statusColumn).value = '已录取';
    const data = Buffer.from(await file.book!.xlsx.writeBuffer());
    const posted = await postImport(t, `${BASE}/importExcel/${planId}`, admin, data);
    expect(posted.status).toBe(200);
    const view = await waitForImport(t, BASE, posted.body.data.id, admin);
    expect(view.status).toBe(JOB_STATUS.done);
    const written = await t.database.db.select().from(admissionResult);
    expect(written.map((r) => r.admissionNumber).sort()).toEqual([
      '20275201020100101',
      '20275201020100102',
      '20275202030100101',
    ]);
  });

  it('keeps to the caller’s region', async () => {
    const county = await makeAdmin(t, { provinceCode: '520000', cityCode: '520200', countyCode: '520203' });
    const file = await download(county, `?planId=${planId}`, 'en');
    expect(file.status).toBe(200);
    expect(file.header[0]).not.toContain('身份证号');
    expect(file.rows.map((r) => r[1])).toEqual(['王芳']);
  });

  it('answers 400 for an unknown or missing plan and 403 without the import key', async () => {
    expect((await download(admin, '?planId=987654')).status).toBe(400);
    expect((await download(admin, '')).status).toBe(400);
    const lister = await adminWith(t, [PERMISSIONS.admissionResult.list]);
    expect((await download(lister, `?planId=${planId}`)).status).toBe(403);
  });
});
