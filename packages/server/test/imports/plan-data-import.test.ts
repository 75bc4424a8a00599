import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS, PERMISSIONS } from '@tegang/domain';
import { job, recruitPlan, recruitPlanData } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { makeAdmin } from '../enroll/fixtures';
import { adminWith } from '../recruit-plan/fixtures';
import { importIssues, postImport, waitForImport, workbook } from './fixtures';

const BASE = '/recruit/recruitPlanData';
const HEADER = ['县（区）', '计划类别', '学段', '学科', '需求人数'];

let t: TestApp;
let token: string;
let planId: number;

/** The plan's demand rows as "county|category|period|subject=demand". */
async function demandOf(id: number) {
  const rows = await t.database.db.select().from(recruitPlanData).where(eq(recruitPlanData.planId, id));
  return rows
    .map((r) => `${r.countyCode}|${r.category}|${r.learningPeriod}|${r.subject}=${r.demandNumber}`)
    .sort();
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  // A fresh plan without demand (copy of the demo plan's timeline).
  const [demo] = await t.database.db.select().from(recruitPlan).limit(1);
  const { id: _id, createTime: _c, updateTime: _u, ...rest } = demo!;
  const [plan] = await t.database.db
    .insert(recruitPlan)
    .values({ ...rest, name: '导入测试计划', status: '0' })
    .returning();
  planId = plan!.id;
});
afterAll(async () => t?.close());

describe('recruit plan data import (one import mechanism)', () => {
  it('imports good rows by label or code in one job, and a second import updates the demand', async () => {
    const file = await workbook([
      HEADER,
      ['南明区', '普通岗位', '小学', '语文', 5],
      ['520103', '02', '初中', '数学', '3'],
    ]);
    const queued = await postImport(t, `${BASE}/importExcel?planId=${planId}`, token, file);
    expect(queued.status).toBe(200);
    const job = await waitForImport(t, BASE, queued.body.data.id, token);
    expect(job).toMatchObject({
      status: JOB_STATUS.done,
      total: 2,
      imported: 2,
      errorCount: 0,
      percent: 100,
    });
    expect(await demandOf(planId)).toEqual(['520102|01|02|01=5', '520103|02|03|02=3']);

    const again = await postImport(
      t,
      `${BASE}/importExcel?planId=${planId}`,
      token,
      await workbook([HEADER, ['南明区', '普通岗位', '小学', '语文', 8]]),
    );
    await waitForImport(t, BASE, again.body.data.id, token);
    expect(await demandOf(planId)).toEqual(['520102|01|02|01=8', '520103|02|03|02=3']);
  });

  it('writes nothing when any row is bad, and reports each bad cell by row and column', async () => {
    const before = await demandOf(planId);
    const file = await workbook([
      HEADER,
      ['云岩区', '普通岗位', '小学', '英语', 2], // good
      ['火星区', '普通岗位', '小学', '语文', 1], // unknown county
      ['南明区', '不存在', '小学', '语文', -1], // bad category, bad demand
      ['南明区', '普通岗位', '', '数学', 2], // empty learning period
      ['云岩区', '01', '02', '03', 4], // duplicates row 2
    ]);
    const queued = await postImport(t, `${BASE}/importExcel?planId=${planId}`, token, file);
    const job = await waitForImport(t, BASE, queued.body.data.id, token);
    expect(job).toMatchObject({ status: JOB_STATUS.rejected, total: 5, imported: 0, errorCount: 5 });
    expect(await demandOf(planId)).toEqual(before);
    const issues = await importIssues(t, BASE, job.id, token);
    expect(issues.total).toBe(5);
    expect(issues.records.map((i) => [i.rowNumber, i.column, i.message])).toEqual([
      [3, '县（区）', '县（区）“火星区”不是有效的县（区）'],
      [4, '计划类别', '计划类别“不存在”不是有效的选项'],
      [4, '需求人数', '需求人数必须是不小于 0 的整数'],
      [5, '学段', '学段不能为空'],
      [6, null, '与第 2 行重复'],
    ]);
  });

  it('fails a file that is not a workbook or lacks a column, and refuses a missing plan', async () => {
    const notXlsx = await postImport(
      t,
      `${BASE}/importExcel?planId=${planId}`,
      token,
      Buffer.from('name,id\n'),
    );
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.msg).toBe('请上传 Excel 文件（.xlsx）');
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]);
    const unreadable = await postImport(t, `${BASE}/importExcel?planId=${planId}`, token, broken);
    expect((await waitForImport(t, BASE, unreadable.body.data.id, token)).status).toBe(JOB_STATUS.failed);
    const noColumn = await postImport(
      t,
      `${BASE}/importExcel?planId=${planId}`,
      token,
      await workbook([
        ['县（区）', '计划类别', '学段', '学科'],
        ['南明区', '普通岗位', '小学', '语文'],
      ]),
    );
    const failed = await waitForImport(t, BASE, noColumn.body.data.id, token);
    expect(failed).toMatchObject({
      status: JOB_STATUS.failed,
      message: '文件缺少必需的列：需求人数（请使用导入模板）',
    });
    const noPlan = await postImport(t, `${BASE}/importExcel`, token, await workbook([HEADER]));
    expect(noPlan.status).toBe(400);
    // The uploads of finished jobs are gone.
    const jobs = await t.database.db.select().from(job);
    expect(jobs.every((j) => j.status !== JOB_STATUS.queued)).toBe(true);
  });

  it('refuses rows outside the importer’s region and hides jobs from other regions', async () => {
    const county = await makeAdmin(t, { provinceCode: '520000', cityCode: '520100', countyCode: '520102' });
    const file = await workbook([
      HEADER,
      ['南明区', '普通岗位', '高中', '语文', 1],
      ['云岩区', '普通岗位', '高中', '语文', 1],
    ]);
    const queued = await postImport(t, `${BASE}/importExcel?planId=${planId}`, county, file);
    const job = await waitForImport(t, BASE, queued.body.data.id, county);
    expect(job.status).toBe(JOB_STATUS.rejected);
    const issues = await importIssues(t, BASE, job.id, county);
    expect(issues.records.map((i) => [i.rowNumber, i.column])).toEqual([[3, '县（区）']]);
    const other = await makeAdmin(t, { provinceCode: '520000', cityCode: '520100', countyCode: '520103' });
    expect((await t.call('GET', `${BASE}/checkImport/${job.id}`, { token: other })).status).toBe(404);
    const rows = await t.database.db
      .select()
      .from(recruitPlanData)
      .where(and(eq(recruitPlanData.planId, planId), eq(recruitPlanData.learningPeriod, '04')));
    expect(rows).toEqual([]);
  });

  it('serves the template in the caller’s language, and refuses callers without the import key', async () => {
    const raw = await t.app.inject({
      method: 'GET',
      url: `${BASE}/downLoadExcelTemplate`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    });
    expect(raw.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      '*County',
      '*Category',
      '*Learning period',
      '*Subject',
      '*Demand',
    ]);
    const viewer = await adminWith(t, [PERMISSIONS.planData.list]);
    for (const url of [
      `${BASE}/downLoadExcelTemplate`,
      `${BASE}/checkImport/1`,
      `${BASE}/pageImportError?id=1`,
    ])
      expect((await t.call('GET', url, { token: viewer })).status).toBe(403);
  });
});

describe('recruit plan data export', () => {
  it('exports the filtered rows with the template’s columns first, ready to import again', async () => {
    const { body } = await t.call<{ url: string }>('POST', `${BASE}/exportToken`, {
      token,
      body: { planId },
    });
    const raw = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(raw.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    expect(rows[0]!.slice(0, 5)).toEqual(HEADER);
    expect(rows).toContainEqual(['南明区', '普通岗位', '小学', '语文', 8, '导入测试计划', '启用']);
    // The export imports again unchanged.
    const before = await demandOf(planId);
    const again = await postImport(
      t,
      `${BASE}/importExcel?planId=${planId}`,
      token,
      Buffer.from(raw.rawPayload),
    );
    expect((await waitForImport(t, BASE, again.body.data.id, token)).status).toBe(JOB_STATUS.done);
    expect(await demandOf(planId)).toEqual(before);
    const viewer = await adminWith(t, [PERMISSIONS.planData.list]);
    expect((await t.call('POST', `${BASE}/exportToken`, { token: viewer, body: {} })).status).toBe(403);
  });
});
