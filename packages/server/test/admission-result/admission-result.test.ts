import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JOB_STATUS,
  MASKED,
  PERMISSIONS,
  translate,
  type AdmissionResultDetail,
  type AdmissionResultRow,
  type CandidateResult,
  type Page,
} from '@tegang/domain';
import { admissionResult, auditTrail, recruitPlan, sysOperLog, sysRole } from '../../src/db/schema';
import { unseal } from '../../src/lib/sealed';
import { peSlot } from '../../src/modules/admission-result/service';
import { createTestApp, type TestApp } from '../helpers';
import { makeAdmin } from '../enroll/fixtures';
import { importIssues, postImport, waitForImport, workbook } from '../imports/fixtures';
import { adminWith } from '../recruit-plan/fixtures';
import { enrolment, LIUZHI, NANMING } from './fixtures';

/**
 * Admission results (spec §2/§7): import, list, detail, delete, export and the candidate's
 * read, on a real PostgreSQL; the physical examination result is sealed at rest, masked everywhere but
 * in the detail for holders of the physicalExam key, and each clear view is in the operation log.
 */
const BASE = '/candidate/admissionResults';
const R = PERMISSIONS.admissionResult;
const HEADER = [
  '身份证号',
  '姓名',
  '准考证号',
  '资格复审结果',
  '笔试成绩',
  '面试成绩',
  '总成绩',
  '体检结果',
  '岗前培训',
  '录取县',
  '录取学段',
  '录取学科',
  '任教学校',
  '备注',
  '录取状态',
];
/** Clear physical examination values: none of them may show anywhere but the allowed detail. */
const PE_A = '肝功能轻度异常-复查合格A';
const PE_B = '视力矫正后合格-B';

let t: TestApp;
let admin: string;
let planId: number;
let a: Awaited<ReturnType<typeof enrolment>>;
let b: Awaited<ReturnType<typeof enrolment>>;
let c: Awaited<ReturnType<typeof enrolment>>;

const row = (
  e: { idCard: string; name: string },
  over: Partial<Record<(typeof HEADER)[number], string>> = {},
) => {
  const values: Record<string, string> = {
    身份证号: e.idCard,
    姓名: e.name,
    准考证号: '20265201020101001',
    资格复审结果: '合格',
    笔试成绩: '85.5',
    面试成绩: '88',
    总成绩: '86.75',
    体检结果: '',
    岗前培训: '合格',
    录取县: '南明区',
    录取学段: '小学',
    录取学科: '语文',
    任教学校: '南明区第一小学',
    备注: '',
    录取状态: '已录取',
    ...over,
  };
  return HEADER.map((h) => values[h]!);
};

async function runImport(rows: string[][], token = admin, plan = planId) {
  const posted = await postImport(t, `${BASE}/importExcel/${plan}`, token, await workbook([HEADER, ...rows]));
  expect(posted.status).toBe(200);
  const view = await waitForImport(t, BASE, posted.body.data.id, token);
  return { view, id: posted.body.data.id };
}

async function list(query: Record<string, string | number> = {}, token = admin) {
  const answer = await t.call<Page<AdmissionResultRow>>('GET', `${BASE}/page`, {
    token,
    query: { current: 1, size: 100, ...query },
  });
  return answer;
}

const resultRows = () => t.database.db.select().from(admissionResult);
const resultOf = async (enrollId: number) => (await resultRows()).find((r) => r.enrollId === enrollId);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const [plan] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.status, '1'));
  planId = plan!.id;
  a = await enrolment(t, planId, NANMING, '李明');
  b = await enrolment(t, planId, LIUZHI, '王芳');
  c = await enrolment(t, planId, NANMING, '赵强');
}, 60_000);
afterAll(() => t?.close());

describe('import of admission results', () => {
  it('serves a template with the headers and an example row', async () => {
    const raw = await t.app.inject({
      method: 'GET',
      url: `${BASE}/downLoadExcelTemplate`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh' },
    });
    expect(raw.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as never);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    for (const h of HEADER) expect(header.join('|')).toContain(h);
    expect((sheet.getRow(2).values as unknown[]).slice(1).join('|')).toContain('已录取');
  });

  it('refuses a bad plan param and a missing file with 400', async () => {
    for (const param of ['abc', '0', '99999999999', '987654']) {
      const answer = await postImport(t, `${BASE}/importExcel/${param}`, admin, await workbook([HEADER]));
      expect(answer.status).toBe(400);
    }
    const noFile = await t.call('POST', `${BASE}/importExcel/${planId}`, { token: admin, body: {} });
    expect(noFile.status).toBe(400);
  });

  it('writes nothing when any row is bad, and names every problem by row and column', async () => {
    const stranger = { idCard: '11010119900307001X', name: '路人' };
    const { view, id } = await runImport([
      row(a, { 体检结果: PE_A }),
      row(stranger),
      row(b, { 姓名: '王芳芳' }),
      row(c, { 笔试成绩: '85.555', 面试成绩: '1001', 总成绩: 'abc' }),
      row(c, {
        录取状态: '也许',
        资格复审结果: '通过',
        录取县: '火星县',
        录取学段: '大学',
        录取学科: '魔法',
      }),
      row(a),
      row(b, { 身份证号: '' }),
      row(c, { 体检结果: 'x'.repeat(201), 录取状态: '' }),
    ]);
    expect(view.status).toBe(JOB_STATUS.rejected);
    expect(view.imported).toBe(0);
    const records = (await importIssues(t, BASE, id, admin)).records;
    expect(records.find((i) => i.rowNumber === 4)!.message).toContain('不一致');
    expect(records.find((i) => i.rowNumber === 5)!.message).toContain('两位小数');
    const issues = records.map((i) => `${i.rowNumber}:${i.column}`);
    // Row 7 repeats row 2's ID number: a row error of the whole row.
    expect(issues).toEqual(
      expect.arrayContaining([
        '3:身份证号',
        '4:姓名',
        '5:笔试成绩',
        '5:面试成绩',
        '5:总成绩',
        '6:录取状态',
        '6:资格复审结果',
        '6:录取县',
        '6:录取学段',
        '6:录取学科',
        '7:null',
        '8:身份证号',
        '9:体检结果',
        '9:录取状态',
      ]),
    );
    expect(await resultRows()).toEqual([]);
  });

  it('refuses an ID number of the plan outside the importer’s region', async () => {
    const liuzhiAdmin = await makeAdmin(t, LIUZHI);
    const { view, id } = await runImport([row(a), row(b)], liuzhiAdmin);
    expect(view.status).toBe(JOB_STATUS.rejected);
    const issues = (await importIssues(t, BASE, id, liuzhiAdmin)).records;
    expect(issues.map((i) => `${i.rowNumber}:${i.column}`)).toEqual(['2:身份证号']);
    expect(await resultRows()).toEqual([]);
  });

  it('imports good rows, seals the physical exam, and a second import replaces the result', async () => {
    const first = await runImport([
      row(a, { 体检结果: 'old value' }),
      row(b, { 体检结果: PE_B, 录取县: '六枝特区', 录取状态: '待定', 岗前培训: '不合格' }),
    ]);
    expect(first.view.status).toBe(JOB_STATUS.done);
    expect(first.view.imported).toBe(2);
    const second = await runImport([row(a, { 体检结果: PE_A, 备注: '补录' })]);
    expect(second.view.status).toBe(JOB_STATUS.done);
    const rows = await resultRows();
    expect(rows).toHaveLength(2);
    const ra = rows.find((r) => r.enrollId === a.enrollId)!;
    const rb = rows.find((r) => r.enrollId === b.enrollId)!;
    expect(ra.remarks).toBe('补录');
    expect(ra.admissionCounty).toBe('520102');
    expect(ra.admissionAcademicSession).toBe('02');
    expect(ra.admissionSubject).toBe('01');
    expect(ra.reviewResult).toBe('1');
    expect(ra.admissionStatus).toBe('1');
    expect(rb.admissionCounty).toBe('520203');
    expect(rb.admissionStatus).toBe('2');
    expect(rb.preJobTraining).toBe('0');
    // Sealed at rest: the table holds only 'v2.<key>…' bound to the row, never the value.
    for (const [r, clear] of [
      [ra, PE_A],
      [rb, PE_B],
    ] as const) {
      expect(r.physicalExamination!.startsWith('v2.')).toBe(true);
      expect(r.physicalExamination).not.toContain(clear);
      expect(unseal(t.app.ctx.dataKeys, r.physicalExamination!, peSlot(r.enrollId))).toBe(clear);
    }
    const { rows: raw } = await t.database.pool.query<{ v: string }>(
      'select physical_examination as v from admission_result',
    );
    for (const r of raw) expect(r.v.startsWith('v2.')).toBe(true);
    expect(JSON.stringify(raw)).not.toContain(PE_A);
  });
});

describe('list, detail, scope', () => {
  it('lists masked rows with the enrolment’s fields and filters them', async () => {
    const answer = await list({ planId });
    expect(answer.status).toBe(200);
    expect(answer.raw.body).not.toContain(PE_A);
    expect(answer.raw.body).not.toContain(PE_B);
    expect(answer.raw.body).not.toContain('v1.');
    const records = answer.body.data.records;
    expect(records).toHaveLength(2);
    const ra = records.find((r) => r.enrollId === a.enrollId)!;
    expect(ra).toMatchObject({
      name: a.name,
      idCard: a.idCard,
      region: '南明区',
      countyCode: '520102',
      examTotalScore: '86.75',
      physicalExamination: MASKED,
      admissionStatus: '1',
      planId,
    });
    expect((await list({ name: '王' })).body.data.records.map((r) => r.enrollId)).toEqual([b.enrollId]);
    expect((await list({ countyCode: '520203' })).body.data.records.map((r) => r.enrollId)).toEqual([
      b.enrollId,
    ]);
    expect((await list({ admissionStatus: '2' })).body.data.records).toHaveLength(1);
    expect((await list({ idCard: a.idCard.toLowerCase() })).body.data.records).toHaveLength(1);
    expect((await list({ admissionSubject: '02' })).body.data.records).toHaveLength(0);
  });

  it('answers 400 naming the field for bad filters and paging', async () => {
    for (const query of [
      { size: 7 },
      { current: 0 },
      { planId: 'abc' },
      { idCard: 'x'.repeat(40) },
      { name: 'n'.repeat(31) },
    ]) {
      const answer = await list(query as never);
      expect(answer.status, JSON.stringify(query)).toBe(400);
    }
    const en = await t.call('GET', `${BASE}/page`, { token: admin, query: { size: 7 }, lang: 'en' });
    expect(en.body.msg).toMatch(/[A-Za-z]/);
  });

  it('shows the physical exam in clear with the key, and logs the view without the value', async () => {
    const id = (await resultOf(a.enrollId))!.id;
    const before = await t.database.db.select().from(auditTrail);
    const answer = await t.call<AdmissionResultDetail>('GET', `${BASE}/${id}`, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id,
      name: a.name,
      idCard: a.idCard,
      gender: '1',
      birthday: '1996-05-12',
      education: '21',
      academicSession: '02',
      subject: '01',
      reviewResult: '1',
      writeExamScore: '85.5',
      interviewScore: '88',
      examTotalScore: '86.75',
      preJobTraining: '1',
      admissionCounty: '南明区',
      admissionCountyCode: '520102',
      officeSchool: '南明区第一小学',
      physicalExamination: PE_A,
      physicalExaminationVisible: true,
    });
    expect(answer.raw.headers['cache-control']).toBe('no-store');
    // The view goes to the append-only trail (docs/security.md "Trails"), with the row's region.
    const after = await t.database.db.select().from(auditTrail);
    const added = after.filter((r) => !before.some((x) => x.id === r.id));
    const views = added.filter((r) => r.event === 'physicalExamination.viewed');
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ targetTable: 'admission_result', targetId: id, countyCode: '520102' });
    expect(views[0]!.detail).toMatchObject({ enrollId: a.enrollId, url: `${BASE}/${id}` });
    expect(views[0]!.actorName).toBe('admin');
    for (const r of after) expect(JSON.stringify(r.detail)).not.toContain(PE_A);
    for (const r of await t.database.db.select().from(sysOperLog))
      expect(`${r.params}${r.errorMsg}`).not.toContain(PE_A);
  });

  it('masks the physical exam for a reader without the key, and logs nothing', async () => {
    const reader = await adminWith(t, [R.query, R.list]);
    const id = (await resultOf(a.enrollId))!.id;
    const before = (await t.database.db.select().from(auditTrail)).length;
    const answer = await t.call<AdmissionResultDetail>('GET', `${BASE}/${id}`, { token: reader });
    expect(answer.status).toBe(200);
    expect(answer.body.data.physicalExamination).toBe(MASKED);
    expect(answer.body.data.physicalExaminationVisible).toBe(false);
    expect(answer.raw.body).not.toContain(PE_A);
    const trail = await t.database.db.select().from(auditTrail);
    expect(trail.filter((r) => r.event === 'physicalExamination.viewed')).toHaveLength(1);
    expect(trail.length).toBe(before);
  });

  it('keeps another county’s administrator to their own region', async () => {
    const liuzhi = await makeAdmin(t, LIUZHI);
    const rows = (await list({}, liuzhi)).body.data.records;
    expect(rows.map((r) => r.enrollId)).toEqual([b.enrollId]);
    const idA = (await resultOf(a.enrollId))!.id;
    const idB = (await resultOf(b.enrollId))!.id;
    expect((await t.call('GET', `${BASE}/${idA}`, { token: liuzhi })).status).toBe(404);
    expect((await t.call('DELETE', `${BASE}/${idA}`, { token: liuzhi })).status).toBe(404);
    const both = await t.call('DELETE', `${BASE}/deleteByIds`, {
      token: liuzhi,
      body: { idList: [idA, idB] },
    });
    expect(both.status).toBe(404);
    expect(await resultRows()).toHaveLength(2);
    const otherCity = await makeAdmin(t, { provinceCode: '520000', cityCode: '520300' });
    expect((await list({}, otherCity)).body.data.records).toEqual([]);
  });

  it('answers 400 for bad ids and 404 for unknown ones', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await t.call('GET', `${BASE}/${bad}`, { token: admin })).status).toBe(400);
      expect((await t.call('DELETE', `${BASE}/${bad}`, { token: admin })).status).toBe(400);
    }
    expect((await t.call('GET', `${BASE}/987654`, { token: admin })).status).toBe(404);
    for (const body of [{}, { idList: [] }, { idList: ['x'] }, { idList: 'abc' }]) {
      expect((await t.call('DELETE', `${BASE}/deleteByIds`, { token: admin, body })).status).toBe(400);
    }
  });

  it('answers 403 without the key and 401 without a token', async () => {
    const lister = await adminWith(t, [R.list]);
    const id = (await resultOf(a.enrollId))!.id;
    expect((await t.call('GET', `${BASE}/${id}`, { token: lister })).status).toBe(403);
    expect((await t.call('DELETE', `${BASE}/${id}`, { token: lister })).status).toBe(403);
    expect(
      (await t.call('DELETE', `${BASE}/deleteByIds`, { token: lister, body: { idList: [id] } })).status,
    ).toBe(403);
    expect((await t.call('POST', `${BASE}/exportToken`, { token: lister, body: {} })).status).toBe(403);
    expect((await t.call('GET', `${BASE}/downLoadExcelTemplate`, { token: lister })).status).toBe(403);
    expect(
      (await postImport(t, `${BASE}/importExcel/${planId}`, lister, await workbook([HEADER]))).status,
    ).toBe(403);
    await t.database.db.insert(sysRole).values({ name: '空角色', code: 'empty_r' });
    const nobody = await makeAdmin(t, {}, 'empty_r');
    expect((await t.call('GET', `${BASE}/page`, { token: nobody })).status).toBe(403);
    expect((await t.call('GET', `${BASE}/getAdmissionPass`, { token: nobody })).status).toBe(403);
    expect((await t.call('GET', `${BASE}/page`)).status).toBe(401);
  });

  it('lists the code lists in the caller’s language (getAdmissionStatus is open)', async () => {
    const status = await t.call<{ value: string; label: string }[]>('GET', `${BASE}/getAdmissionStatus`, {
      lang: 'en',
    });
    expect(status.status).toBe(200);
    expect(status.body.data).toEqual([
      { value: '0', label: translate('en', 'status.admission.0') },
      { value: '1', label: translate('en', 'status.admission.1') },
      { value: '2', label: translate('en', 'status.admission.2') },
    ]);
    const pass = await t.call<{ value: string; label: string }[]>('GET', `${BASE}/getAdmissionPass`, {
      token: admin,
    });
    expect(pass.body.data.map((p) => p.label)).toEqual(['不合格', '合格']);
  });
});

describe('export', () => {
  it('exports the filtered rows with the admission group and the physical exam masked', async () => {
    const link = await t.call<{ url: string }>('POST', `${BASE}/exportToken`, {
      token: admin,
      body: { planId },
    });
    expect(link.status).toBe(200);
    const raw = await t.app.inject({
      method: 'GET',
      url: link.body.data.url,
      headers: { 'accept-language': 'zh' },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as never);
    const sheet = book.worksheets[0]!;
    const cells: string[] = [];
    sheet.eachRow((r) =>
      cells.push(
        (r.values as unknown[])
          .slice(1)
          .map((v) => String(v ?? ''))
          .join('|'),
      ),
    );
    const text = cells.join('\n');
    expect(cells).toHaveLength(3);
    expect(cells[0]).toContain('体检结果');
    expect(text).toContain(a.idCard);
    expect(text).toContain('南明区第一小学');
    expect(text).toContain('小学');
    expect(text).toContain(MASKED);
    expect(text).not.toContain(PE_A);
    expect(text).not.toContain(PE_B);
    expect(text).not.toContain('v1.');
    // The raw bytes do not hold the value either (unzipped strings are checked above; the zip is compressed).
    expect(raw.rawPayload.includes(Buffer.from(PE_A))).toBe(false);
    // Single use.
    const again = await t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(again.statusCode).toBe(400);
  });

  it('exports only the holder’s region and refuses bad filters', async () => {
    const liuzhi = await makeAdmin(t, LIUZHI);
    const link = await t.call<{ url: string }>('POST', `${BASE}/exportToken`, { token: liuzhi, body: {} });
    const raw = await t.app.inject({ method: 'GET', url: link.body.data.url });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as never);
    expect(book.worksheets[0]!.rowCount).toBe(2);
    const bad = await t.call('POST', `${BASE}/exportToken`, { token: admin, body: { planId: 'x' } });
    expect(bad.status).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/export?token=nope` })).statusCode).toBe(400);
  });
});

describe('the candidate’s result', () => {
  const url = (plan: number | string) => `/api/admissionResults/getAdmissionResultsByPlanId/${plan}`;
  const setStart = (at: Date) =>
    t.database.db.update(recruitPlan).set({ scoreQueryStartTime: at }).where(eq(recruitPlan.id, planId));

  it('refuses before the score-query start, saying when it opens', async () => {
    await setStart(new Date(Date.now() + 86_400_000));
    const answer = await t.call('GET', url(planId), { candidateToken: a.token });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toContain('成绩查询尚未开始');
    expect(answer.raw.body).not.toContain(PE_A);
  });

  it('answers the candidate’s own result with the physical exam in clear, without logging it', async () => {
    await setStart(new Date(Date.now() - 3_600_000));
    const logs = (await t.database.db.select().from(sysOperLog)).length;
    const answer = await t.call<CandidateResult>('GET', url(planId), { candidateToken: a.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      planId,
      name: a.name,
      idCard: a.idCard,
      examTotalScore: '86.75',
      physicalExamination: PE_A,
      admissionStatus: '1',
      officeSchool: '南明区第一小学',
      admissionCounty: '南明区',
      admissionCountyCode: '520102',
    });
    expect((await t.database.db.select().from(sysOperLog)).length).toBe(logs);
    const other = await t.call<CandidateResult>('GET', url(planId), { candidateToken: b.token });
    expect(other.body.data.physicalExamination).toBe(PE_B);
  });

  it('answers 404 without a result, for another plan, and 400/401 for bad input', async () => {
    const none = await t.call('GET', url(planId), { candidateToken: c.token, lang: 'en' });
    expect(none.status).toBe(404);
    expect(none.body.msg).toBe(translate('en', 'result.none'));
    // A second (closed) plan with its score query open, where the candidate has no enrolment.
    const [plan] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.id, planId));
    const { id: _id, ...copy } = plan!;
    const [other] = await t.database.db
      .insert(recruitPlan)
      .values({ ...copy, name: `${copy.name}（二）`, status: '2' })
      .returning();
    expect((await t.call('GET', url(other!.id), { candidateToken: a.token })).status).toBe(404);
    expect((await t.call('GET', url(999999), { candidateToken: a.token })).status).toBe(404);
    for (const bad of ['abc', '0', '-3', '99999999999'])
      expect((await t.call('GET', url(bad), { candidateToken: a.token })).status).toBe(400);
    expect((await t.call('GET', url(planId))).status).toBe(401);
    expect((await t.call('GET', url(planId), { token: admin })).status).toBe(401);
  });
});

describe('delete', () => {
  it('deletes one result and then a list, in scope', async () => {
    const ids = (await resultRows()).map((r) => r.id);
    expect(ids).toHaveLength(2);
    expect((await t.call('DELETE', `${BASE}/${ids[0]}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `${BASE}/${ids[0]}`, { token: admin })).status).toBe(404);
    // A list with an unknown id deletes nothing.
    expect(
      (await t.call('DELETE', `${BASE}/deleteByIds`, { token: admin, body: { idList: [ids[1], ids[0]] } }))
        .status,
    ).toBe(404);
    expect(await resultRows()).toHaveLength(1);
    expect(
      (await t.call('DELETE', `${BASE}/deleteByIds`, { token: admin, body: { idList: [ids[1]] } })).status,
    ).toBe(200);
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(admissionResult)).toEqual([
      { n: 0 },
    ]);
  });
});
