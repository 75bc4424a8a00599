import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_STATUS, JOB_STATUS } from '@tegang/domain';
import { createTestApp, type TestApp } from '../helpers';
import { makeAdmin } from '../enroll/fixtures';
import { importIssues, postImport, waitForImport, workbook } from '../imports/fixtures';
import { BASE, COUNTIES, insertApplicants, insertPlan, insertTicket, ticketsOfPlan } from './fixtures';

const HEADER = [
  '身份证号',
  '准考证号',
  '考试日期',
  '考试时间',
  '考点名称',
  '考点地址',
  '考场号',
  '座位号',
  '考场须知',
];
const row = (idCard: string, n: string, over: Partial<Record<number, string>> = {}) => {
  const cells = [idCard, `N${n}`, '2031-07-04', '09:00-11:30', '贵阳一中', '南明区1号', '001', n, '带身份证'];
  for (const [i, v] of Object.entries(over)) cells[Number(i)] = v!;
  return cells;
};

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(async () => t?.close());

async function runImport(planId: number, rows: string[][], as = token) {
  const queued = await postImport(t, `${BASE}/importExcel/${planId}`, as, await workbook([HEADER, ...rows]));
  expect(queued.status).toBe(200);
  const job = await waitForImport(t, BASE, queued.body.data.id, as);
  return { job, issues: (await importIssues(t, BASE, queued.body.data.id, as)).records };
}

describe('admission ticket import', () => {
  it('creates and updates tickets of passed enrolments', async () => {
    const plan = await insertPlan(t);
    const [a, b] = await insertApplicants(t, plan.id, [{}, {}]);
    const old = await insertTicket(t, b!, { ticketCreateStatus: '1' });
    const { job, issues } = await runImport(plan.id, [row(a!.idCard, '01'), row(b!.idCard, '02')]);
    expect(issues).toEqual([]);
    expect(job).toMatchObject({ status: JOB_STATUS.done, imported: 2 });
    const tickets = await ticketsOfPlan(t, plan.id);
    expect(tickets.length).toBe(2);
    const updated = tickets.find((x) => x.enrollId === b!.id)!;
    expect(updated).toMatchObject({
      id: old.id,
      admissionNumber: 'N02',
      seatNumber: '02',
      ticketCreateStatus: '0',
    });
    expect(tickets.find((x) => x.enrollId === a!.id)).toMatchObject({
      examDate: '2031-07-04',
      examPlace: '贵阳一中',
      status: '0',
    });
  });

  it('writes nothing on a bad or mixed file and reports each row and column', async () => {
    const plan = await insertPlan(t);
    const [good, pending, distributed, other, yunyan] = await insertApplicants(t, plan.id, [
      {},
      { auditStatus: AUDIT_STATUS.pending },
      {},
      {},
      { county: 'yunyan' },
    ]);
    await insertTicket(t, distributed!, { status: '1' });
    const holder = await insertTicket(t, other!, {
      admissionNumber: 'TAKEN',
      examPlace: '贵阳一中',
      examRoomNumber: '009',
      seatNumber: '09',
    });
    const before = await ticketsOfPlan(t, plan.id);
    const { job, issues } = await runImport(plan.id, [
      row(good!.idCard, '01'), // row 2: fine
      row('520102199001011234', '02'), // row 3: bad ID number
      row(pending!.idCard, '03'), // row 4: not passed
      row(distributed!.idCard, '04'), // row 5: distributed
      row(yunyan!.idCard, '01'), // row 6: number and seat repeat row 2
      row(good!.idCard, '06'), // row 7: same ID number again
      row(yunyan!.idCard, '08', { 1: 'TAKEN' }), // row 8: number of another ticket
      row(yunyan!.idCard, '07', { 2: '2031-02-30', 6: '009', 7: '09', 8: '' }), // row 9
    ]);
    expect(job.status).not.toBe(JOB_STATUS.done);
    expect(job.imported).toBe(0);
    const at = (r: number) => issues.filter((i) => i.rowNumber === r).map((i) => [i.column, i.message]);
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual([['身份证号', '身份证号不是有效的身份证号']]);
    expect(at(4)).toEqual([['身份证号', '该报名未通过现场审核']]);
    expect(at(5)).toEqual([['身份证号', '该考生的准考证已发放，不能修改']]);
    expect(at(6)).toEqual([
      ['准考证号', '准考证号“N01”在文件中重复'],
      ['座位号', '座位号“贵阳一中 001 01”在文件中重复'],
    ]);
    expect(at(7).map((x) => x[1])).toEqual(['与第 2 行重复']);
    expect(at(8)).toEqual([['准考证号', '准考证号“TAKEN”已被本计划的其他准考证使用']]);
    expect(at(9)).toEqual([
      ['考场须知', '考场须知不能为空'],
      ['考试日期', '考试日期必须是日期（YYYY-MM-DD）'],
      ['座位号', '座位号“贵阳一中 009 09”已被本计划的其他准考证使用'],
    ]);
    expect(await ticketsOfPlan(t, plan.id)).toEqual(before);
    expect(holder.admissionNumber).toBe('TAKEN');

    // One good and one bad row: still nothing written.
    const mixed = await runImport(plan.id, [row(good!.idCard, '11'), row(pending!.idCard, '12')]);
    expect(mixed.job.imported).toBe(0);
    expect(mixed.issues.length).toBe(1);
    expect(await ticketsOfPlan(t, plan.id)).toEqual(before);

    // An applicant outside the importer's county is unknown to them.
    const county = await makeAdmin(t, {
      provinceCode: COUNTIES.liuzhi.provinceCode,
      cityCode: COUNTIES.liuzhi.cityCode,
      countyCode: COUNTIES.liuzhi.countyCode,
    });
    const foreign = await runImport(plan.id, [row(good!.idCard, '21')], county);
    expect(foreign.issues.map((i) => i.message)).toEqual(['本计划中（您管理的地区内）没有该身份证号的报名']);
  });

  it('answers the template and refuses a bad plan param', async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: `${BASE}/template`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as never);
    const header = (book.worksheets[0]!.getRow(1).values as string[])
      .slice(1)
      .map((v) => String(v).replace(/\*/g, ''));
    expect(header).toEqual(HEADER);
    const bad = await postImport(t, `${BASE}/importExcel/abc`, token, await workbook([HEADER]));
    expect(bad.status).toBe(400);
  });
});

describe('admission ticket export', () => {
  it('exports the filtered tickets of the region with labels', async () => {
    const plan = await insertPlan(t);
    const [a, b] = await insertApplicants(t, plan.id, [
      { name: '导出甲', academicSession: '03', subject: '02' },
      { name: '导出乙', county: 'yunyan' },
    ]);
    await insertTicket(t, a!, { status: '1', admissionNumber: 'EXP1' });
    await insertTicket(t, b!, { admissionNumber: 'EXP2' });
    const county = await makeAdmin(t, {
      provinceCode: COUNTIES.nanming.provinceCode,
      cityCode: COUNTIES.nanming.cityCode,
      countyCode: COUNTIES.nanming.countyCode,
    });
    const link = await t.call<{ url: string }>('POST', `${BASE}/exportToken`, {
      token: county,
      body: { planId: plan.id },
    });
    expect(link.status).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const values = (sheet.getRow(2).values as (string | number)[]).slice(1);
    const cell = (name: string) => values[header.indexOf(name)];
    expect(cell('姓名')).toBe('导出甲');
    expect(cell('准考证号')).toBe('EXP1');
    expect(cell('报考学段')).toBe('初中');
    expect(cell('报考学科')).toBe('数学');
    expect(cell('发放状态')).toBe('已发放');
    expect(cell('准考证生成状态')).toBe('未生成');
    expect(cell('计划名称')).toBe(plan.name);
    // The token is single-use.
    expect((await t.app.inject({ method: 'GET', url: link.body.data.url })).statusCode).toBe(400);
  });
});
