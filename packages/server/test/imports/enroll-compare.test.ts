import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS, PERMISSIONS, type EnrollCompareRow, type Page } from '@tegang/domain';
import { enroll, enrollCompare } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { applyToOpenPlan, idCard, makeAdmin } from '../enroll/fixtures';
import { adminWith, createPlan, PLAN_URL } from '../recruit-plan/fixtures';
import { importIssues, postImport, waitForImport, workbook } from './fixtures';

const BASE = '/candidate/enrollCompare';
const HEADER = ['姓名', '身份证号', '报考县（区）', '报考学段', '报考学科', '手机号'];

let t: TestApp;
let token: string;
let planId: number;
let a: typeof enroll.$inferSelect;
let b: typeof enroll.$inferSelect;

async function list(query: Record<string, string | number> = {}, as = token) {
  const { body } = await t.call<Page<EnrollCompareRow>>('GET', `${BASE}/page`, {
    token: as,
    query: { current: 1, size: 100, ...query },
  });
  return body.data;
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  const first = await applyToOpenPlan(t);
  const second = await applyToOpenPlan(t);
  planId = first.ctx.plan.id;
  [a] = await t.database.db.select().from(enroll).where(eq(enroll.id, first.id));
  [b] = await t.database.db.select().from(enroll).where(eq(enroll.id, second.id));
});
afterAll(async () => t?.close());

describe('enrolment comparison', () => {
  it('matches rows by ID number and plan, flags each differing field and unknown ID numbers', async () => {
    const stranger = idCard('19990101', '123');
    const file = await workbook([
      HEADER,
      [a.name, a.idCard, '', '', '', a.phone], // matches
      [b.name, b.idCard, '', '', '数学', '13800000000'], // subject and phone differ
      ['李四', stranger, '', '', '', ''], // no such enrolment
    ]);
    const queued = await postImport(t, `${BASE}/importExcel/${planId}`, token, file, {
      dataSource: '现场审核表',
    });
    expect(queued.status).toBe(200);
    const job = await waitForImport(t, BASE, queued.body.data.id, token);
    expect(job).toMatchObject({ status: JOB_STATUS.done, imported: 3 });
    const page = await list({ planId });
    expect(page.total).toBe(3);
    const byId = new Map(page.records.map((r) => [r.idCard, r]));
    expect(byId.get(a.idCard)).toMatchObject({ dataSource: '现场审核表', errorDetails: '', differences: [] });
    const diff = byId.get(b.idCard)!;
    expect(diff.differences.map((d) => d.field)).toEqual(['subject', 'phone']);
    expect(diff.errorDetails).toContain('手机号：报名为“13912345678”，名单为“13800000000”');
    expect(byId.get(stranger)!.errorDetails).toBe('本计划中（您管理的地区内）没有该身份证号的报名');
    expect((await list({ planId, result: '1' })).total).toBe(2);
    // The ID number search (a hash index: equality only) finds the one row, in every plan too.
    const searches: Record<string, string | number>[] = [
      { planId, idCard: b.idCard },
      { idCard: b.idCard.toLowerCase() },
    ];
    for (const query of searches) {
      const found = await list(query);
      expect(found.records.map((r) => r.idCard)).toEqual([b.idCard]);
    }

    // The same source imported again replaces its rows.
    const again = await postImport(
      t,
      `${BASE}/importExcel/${planId}`,
      token,
      await workbook([HEADER, [a.name, a.idCard]]),
      {
        dataSource: '现场审核表',
      },
    );
    await waitForImport(t, BASE, again.body.data.id, token);
    expect((await list({ planId })).total).toBe(1);
  });

  it('writes nothing when a row is bad, and reports it', async () => {
    const before = await t.database.db.select().from(enrollCompare);
    const file = await workbook([
      HEADER,
      [a.name, a.idCard],
      ['', '123456'],
      [b.name, b.idCard],
      [b.name, b.idCard],
    ]);
    const queued = await postImport(t, `${BASE}/importExcel/${planId}`, token, file, {
      dataSource: '另一个系统',
    });
    const job = await waitForImport(t, BASE, queued.body.data.id, token);
    expect(job.status).toBe(JOB_STATUS.rejected);
    expect((await importIssues(t, BASE, job.id, token)).records.map((i) => [i.rowNumber, i.message])).toEqual(
      [
        [3, '姓名不能为空'],
        [3, '身份证号不是有效的身份证号'],
        [5, '与第 4 行重复'],
      ],
    );
    expect(await t.database.db.select().from(enrollCompare)).toEqual(before);
  });

  it('keeps other regions out: matching, the list and the export', async () => {
    const other = await makeAdmin(t, { provinceCode: '520000', cityCode: '520100', countyCode: '520199' });
    expect((await list({}, other)).total).toBe(0);
    const queued = await postImport(
      t,
      `${BASE}/importExcel/${planId}`,
      other,
      await workbook([HEADER, [a.name, a.idCard]]),
      {
        dataSource: 'x',
      },
    );
    await waitForImport(t, BASE, queued.body.data.id, other);
    const mine = await list({ dataSource: 'x' }, other);
    expect(mine.records.map((r) => r.errorDetails)).toEqual([
      '本计划中（您管理的地区内）没有该身份证号的报名',
    ]);
  });

  it('exports the list with its error details through a single-use link', async () => {
    const { body } = await t.call<{ url: string }>('POST', `${BASE}/exportToken`, {
      token,
      body: { planId },
    });
    const raw = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(raw.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1, 8)).toEqual([
      '招聘计划',
      '姓名',
      '身份证号',
      '报考学段',
      '报考学科',
      '数据来源',
      '错误详情',
    ]);
    expect(rows.length).toBeGreaterThan(1);
    expect((await t.app.inject({ method: 'GET', url: body.data.url })).statusCode).toBe(400);
  });

  it('keeps backslashes, tabs and line breaks of a cell and of the data source as they are (COPY text)', async () => {
    const stranger = idCard('19990102', '456');
    const name = 'a\\b\tc\nd';
    const queued = await postImport(
      t,
      `${BASE}/importExcel/${planId}`,
      token,
      await workbook([HEADER, [name, stranger, '', '\\N', '语\\文']]),
      { dataSource: 'src\\1\t2' },
    );
    const job = await waitForImport(t, BASE, queued.body.data.id, token);
    expect(job).toMatchObject({ status: JOB_STATUS.done, imported: 1 });
    const [row] = await t.database.db.select().from(enrollCompare).where(eq(enrollCompare.idCard, stranger));
    expect(row).toMatchObject({
      name,
      academicSession: '\\N',
      subject: '语\\文',
      dataSource: 'src\\1\t2',
      differences: [{ field: 'enroll', expected: null, actual: null }],
    });
  });

  it('compares an enrolment whose fields hold tabs or line breaks as it is stored', async () => {
    // The lookup packs a batch's enrolments into tab-separated lines; such a name must not shift them.
    const odd = 'x\ty\nz';
    await t.database.db.update(enroll).set({ name: odd }).where(eq(enroll.id, b.id));
    try {
      const queued = await postImport(
        t,
        `${BASE}/importExcel/${planId}`,
        token,
        await workbook([HEADER, [a.name, a.idCard, '', '', '', a.phone], ['王二', b.idCard]]),
        { dataSource: '特殊字符' },
      );
      expect(await waitForImport(t, BASE, queued.body.data.id, token)).toMatchObject({
        status: JOB_STATUS.done,
        imported: 2,
      });
      const byId = new Map(
        (await list({ planId, dataSource: '特殊字符' })).records.map((r) => [r.idCard, r]),
      );
      expect(byId.get(a.idCard)!.differences).toEqual([]);
      expect(byId.get(b.idCard)!.differences).toEqual([{ field: 'name', expected: odd, actual: '王二' }]);
    } finally {
      await t.database.db.update(enroll).set({ name: b.name }).where(eq(enroll.id, b.id));
    }
  });

  it('a deleted plan takes its comparison rows along; the delete waits for an import writing to it', async () => {
    const draft = await createPlan(t, token);
    const queued = await postImport(
      t,
      `${BASE}/importExcel/${draft}`,
      token,
      await workbook([HEADER, ['王五', idCard('19980505', '111'), '', '', '', '']]),
      { dataSource: '待删计划' },
    );
    expect(await waitForImport(t, BASE, queued.body.data.id, token)).toMatchObject({
      status: JOB_STATUS.done,
    });
    const rowsOf = (id: number) =>
      t.database.db.select().from(enrollCompare).where(eq(enrollCompare.planId, id));
    expect(await rowsOf(draft)).toHaveLength(1);
    // An import holds its plan FOR KEY SHARE until it commits (the rows carry no foreign key): a
    // delete of the plan waits, then removes what the import wrote.
    const held = await t.database.pool.connect();
    try {
      await held.query('begin');
      await held.query('select id from recruit_plan where id = $1 for key share', [draft]);
      await held.query(
        `insert into enroll_compare (plan_id, name, id_card, data_source, differences)
         values ($1, '赵六', $2, '待删计划', '[]')`,
        [draft, idCard('19980606', '222')],
      );
      let deleted = false;
      const deleting = t.call('DELETE', `${PLAN_URL}/${draft}`, { token }).then((answer) => {
        deleted = true;
        return answer;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(deleted).toBe(false);
      await held.query('commit');
      expect((await deleting).status).toBe(200);
    } finally {
      held.release();
    }
    expect(await rowsOf(draft)).toEqual([]);
  });

  it('refuses callers without the keys and bad params', async () => {
    const viewer = await adminWith(t, [PERMISSIONS.enrollCompare.list]);
    expect((await t.call('POST', `${BASE}/exportToken`, { token: viewer, body: {} })).status).toBe(403);
    const upload = await postImport(t, `${BASE}/importExcel/${planId}`, viewer, await workbook([HEADER]));
    expect(upload.status).toBe(403);
    expect((await postImport(t, `${BASE}/importExcel/abc`, token, await workbook([HEADER]))).status).toBe(
      400,
    );
    const none = await adminWith(t, []);
    expect((await t.call('GET', `${BASE}/page`, { token: none })).status).toBe(403);
  });
});
