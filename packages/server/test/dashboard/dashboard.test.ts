import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PERMISSIONS, type DashboardStatistics, type DailyCount, type PlanTimeField } from '@tegang/domain';
import {
  admissionResult,
  admissionTicket,
  candidateUser,
  enroll,
  recruitPlan,
  recruitPlanData,
} from '../../src/db/schema';
import { dailySeries, MAX_DAYS } from '../../src/modules/enroll/plan-progress';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith, enrollRow } from '../recruit-plan/fixtures';
import { makeAdmin } from '../enroll/fixtures';

/**
 * The dashboard of any plan (docs/decisions.md "A dashboard for every plan"): an ended, archived plan
 * picked by id, its enrolments and passed audits per day in China Standard Time, its funnel, the
 * caller's region, and the export of the same numbers as xlsx. Counts are read live
 * (RATIO_CACHE_SECONDS=0); the cache is the post counts' (plan-data/ratios.test.ts).
 */
const DASHBOARD = '/candidate/enroll/statistics/dashboard';

/** An instant given as a China Standard Time wall clock, 'YYYY-MM-DD HH:mm:ss'. */
const cst = (wall: string) => new Date(`${wall.replace(' ', 'T')}+08:00`);

const LIUZHI = { provinceCode: '520000', cityCode: '520200', countyCode: '520203' }; // 六枝特区
const NANMING = { provinceCode: '520000', cityCode: '520100', countyCode: '520102' }; // 南明区

let t: TestApp;
let planId = 0;
let admin = '';

/**
 * A plan of March 2025, closed (status '2'): online enrolment 03-01 09:00 to 03-04 00:00 and audit up
 * to 03-06 00:00 (CST), so its days are 03-01 to 03-05. Demand: 六枝特区 小学 语文 3 and 数学 2,
 * 南明区 小学 语文 4 and 英语 5 (nobody applies to 英语). Four applicants:
 * - A 六枝 语文, applied 03-01 10:00, passed 03-04 10:00, ticket distributed, admitted;
 * - B 六枝 数学, applied 03-01 23:59:59 (still 03-01 in CST), passed 03-04 23:30, ticket not distributed;
 * - C 南明 语文, applied 03-02 00:00:00 (03-01 16:00 UTC: the next CST day), rejected;
 * - D 南明 语文, applied 03-03 12:00, passed 03-05 00:10, ticket distributed, not admitted.
 * Accounts: the four applicants' (made in February) and one made in 2024 that never applied exist at
 * the enrolment end; one made after it and one removed before it do not.
 */
async function endedPlan(): Promise<number> {
  const db = t.database.db;
  const times: Record<PlanTimeField, Date> = {
    startTime: cst('2025-02-20 00:00:00'),
    endTime: cst('2025-06-30 00:00:00'),
    enrollStartTime: cst('2025-03-01 09:00:00'),
    enrollEndTime: cst('2025-03-04 00:00:00'),
    auditStartTime: cst('2025-03-04 00:00:00'),
    auditEndTime: cst('2025-03-06 00:00:00'),
    ticketPrintStartTime: cst('2025-03-06 00:00:00'),
    ticketPrintEndTime: cst('2025-03-08 00:00:00'),
    examStartTime: cst('2025-03-09 09:00:00'),
    examEndTime: cst('2025-03-09 12:00:00'),
    scoreQueryStartTime: cst('2025-03-10 00:00:00'),
    scoreQueryEndTime: cst('2025-03-12 00:00:00'),
    interviewStartTime: cst('2025-03-13 00:00:00'),
    interviewEndTime: cst('2025-03-14 00:00:00'),
    physicalExamStartTime: cst('2025-03-15 00:00:00'),
    physicalExamEndTime: cst('2025-03-16 00:00:00'),
    listPublishedStartTime: cst('2025-03-17 00:00:00'),
    listPublishedEndTime: cst('2025-03-24 00:00:00'),
  };
  const [plan] = await db
    .insert(recruitPlan)
    .values({
      name: '2025年特岗教师招聘（已结束）',
      year: '2025',
      company: '贵州省教育厅',
      limitBirth: '1990-01-01',
      status: '2',
      ...times,
    })
    .returning({ id: recruitPlan.id });
  const id = plan!.id;
  const post = { planId: id, category: '01', learningPeriod: '02', status: '1' };
  await db.insert(recruitPlanData).values([
    { ...post, ...LIUZHI, subject: '01', demandNumber: 3 },
    { ...post, ...LIUZHI, subject: '02', demandNumber: 2 },
    { ...post, ...NANMING, subject: '01', demandNumber: 4 },
    { ...post, ...NANMING, subject: '03', demandNumber: 5 },
  ]);
  const account = async (n: number, made: Date, removed?: Date) => {
    const [row] = await db
      .insert(candidateUser)
      .values({
        userName: `ended${n}`,
        passwordHash: 'not-used',
        realName: '考生',
        idCard: `52010219950101${String(1000 + n)}`,
        gender: '1',
        birthday: '1995-01-01',
        telephone: `1370000${String(1000 + n)}`,
        createTime: made,
        removeTime: removed,
      })
      .returning({ id: candidateUser.id });
    return row!.id;
  };
  const applicant = async (
    n: number,
    region: typeof LIUZHI,
    subject: string,
    applied: string,
    audit?: { status: '1' | '2'; at: string },
  ) => {
    const candidateId = await account(n, cst('2025-02-10 08:00:00'));
    const [row] = await db
      .insert(enroll)
      .values(
        enrollRow({
          planId: id,
          candidateId,
          name: `考生${n}`,
          idCard: `52010219950101${String(1000 + n)}`,
          phone: `1370000${String(1000 + n)}`,
          ...region,
          enrollCounty: region === LIUZHI ? '六枝特区' : '南明区',
          academicSession: '02',
          subject,
          createTime: cst(applied),
          auditStatus: audit?.status ?? '0',
          auditTime: audit ? cst(audit.at) : null,
        }),
      )
      .returning({ id: enroll.id });
    return row!.id;
  };
  const a = await applicant(1, LIUZHI, '01', '2025-03-01 10:00:00', {
    status: '1',
    at: '2025-03-04 10:00:00',
  });
  const b = await applicant(2, LIUZHI, '02', '2025-03-01 23:59:59', {
    status: '1',
    at: '2025-03-04 23:30:00',
  });
  await applicant(3, NANMING, '01', '2025-03-02 00:00:00', { status: '2', at: '2025-03-04 11:00:00' });
  const d = await applicant(4, NANMING, '01', '2025-03-03 12:00:00', {
    status: '1',
    at: '2025-03-05 00:10:00',
  });
  await account(5, cst('2024-05-01 08:00:00'));
  await account(6, cst('2025-03-04 00:00:01'));
  await account(7, cst('2024-05-01 08:00:00'), cst('2025-03-02 00:00:00'));
  const ticket = (enrollId: number, seat: string, status: '0' | '1') => ({
    planId: id,
    enrollId,
    admissionNumber: `2025${seat}`,
    examDate: '2025-03-20',
    examTime: '09:00-11:30',
    examPlace: '六枝特区第一中学',
    examAddress: '六枝特区平寨镇',
    examRoomNumber: '01',
    seatNumber: seat,
    examinationRoomNotice: '凭准考证和身份证入场',
    status,
  });
  await db.insert(admissionTicket).values([ticket(a, '01', '1'), ticket(b, '02', '0'), ticket(d, '03', '1')]);
  await db.insert(admissionResult).values([
    { planId: id, enrollId: a, admissionStatus: '1' },
    { planId: id, enrollId: d, admissionStatus: '0' },
  ]);
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATIO_CACHE_SECONDS: '0' } });
  admin = await t.adminToken();
  planId = await endedPlan();
});
afterAll(() => t.close());

async function dashboard(token: string, query: Record<string, string | number> = { planId }) {
  const answer = await t.call<DashboardStatistics>('GET', DASHBOARD, { token, query });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const day = (date: string, applied: number, passed: number): DailyCount => ({ date, applied, passed });

describe('GET /candidate/enroll/statistics/dashboard (a plan picked by id)', () => {
  it('answers an ended, archived plan: its numbers final, per day in CST with zero days filled', async () => {
    const stats = await dashboard(admin);
    expect(stats).toMatchObject({
      planId,
      planName: '2025年特岗教师招聘（已结束）',
      planYear: '2025',
      planStatus: '2',
      final: true,
      total: 4,
      demand: 14,
      audit: { pending: 0, passed: 3, rejected: 1 },
    });
    // 23:59:59 CST is still 03-01; 00:00 CST of 03-02 (16:00 UTC of 03-01) is the next day; the
    // audit ends at 03-06 00:00, so 03-05 is the last day; 03-04 and 03-05 saw no enrolment.
    expect(stats.daily).toEqual([
      day('2025-03-01', 2, 0),
      day('2025-03-02', 1, 0),
      day('2025-03-03', 1, 0),
      day('2025-03-04', 0, 2),
      day('2025-03-05', 0, 1),
    ]);
    expect(stats.daily.reduce((s, d) => s + d.applied, 0)).toBe(stats.total);
    expect(stats.daily.reduce((s, d) => s + d.passed, 0)).toBe(stats.audit.passed);
  });

  it('counts the funnel registered → applied → passed → ticket → admitted', async () => {
    const stats = await dashboard(admin);
    // Registered: the four applicants and the account of 2024; not the one made after the enrolment
    // end, nor the one removed before it, nor the accounts of today.
    expect(stats.funnel).toEqual({ registered: 5, applied: 4, passed: 3, ticket: 2, admitted: 1 });
  });

  it('lists the counties and subjects against demand, and every post', async () => {
    const stats = await dashboard(admin);
    expect(stats.byCounty.map((b) => [b.label, b.demand, b.enrolled, b.passed])).toEqual([
      ['南明区', 9, 2, 1],
      ['六枝特区', 5, 2, 2],
    ]);
    expect(stats.bySubject.map((b) => [b.key, b.demand, b.enrolled, b.passed])).toEqual([
      ['01', 7, 3, 2],
      ['02', 2, 1, 1],
      ['03', 5, 0, 0],
    ]);
    expect(stats.posts).toHaveLength(4);
  });

  it('narrows every number to a county administrator’s county; registered is not given', async () => {
    const county = await makeAdmin(t, NANMING);
    const stats = await dashboard(county);
    expect(stats).toMatchObject({ total: 2, demand: 9, audit: { pending: 0, passed: 1, rejected: 1 } });
    expect(stats.funnel).toEqual({ registered: null, applied: 2, passed: 1, ticket: 1, admitted: 0 });
    expect(stats.daily).toEqual([
      day('2025-03-01', 0, 0),
      day('2025-03-02', 1, 0),
      day('2025-03-03', 1, 0),
      day('2025-03-04', 0, 0),
      day('2025-03-05', 0, 1),
    ]);
    expect(stats.byCounty.map((b) => b.key)).toEqual(['520102']);
    expect(new Set(stats.posts.map((p) => p.countyCode))).toEqual(new Set(['520102']));
    const city = await makeAdmin(t, { provinceCode: '520000', cityCode: '520200' });
    expect((await dashboard(city)).funnel).toEqual({
      registered: null,
      applied: 2,
      passed: 2,
      ticket: 1,
      admitted: 1,
    });
    // A province-level account is given the province-wide registered count.
    const province = await makeAdmin(t, { provinceCode: '520000' });
    expect((await dashboard(province)).funnel.registered).toBe(5);
    const elsewhere = await makeAdmin(t, { provinceCode: '110000', cityCode: '110100' });
    expect(await dashboard(elsewhere)).toMatchObject({
      total: 0,
      byCounty: [],
      funnel: { registered: null, applied: 0, passed: 0, ticket: 0, admitted: 0 },
    });
  });

  it('answers the open plan without planId, its days up to today only', async () => {
    const [open] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.status, '1'));
    const stats = await dashboard(admin, {});
    expect(stats).toMatchObject({ planId: open!.id, planStatus: '1', final: false });
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const first = new Date(open!.enrollStartTime.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    if (open!.enrollStartTime.getTime() <= Date.now()) {
      expect(stats.daily[0]?.date).toBe(first);
      expect(stats.daily.at(-1)?.date).toBe(today);
    }
    // A plan id that names no plan answers no plan.
    expect(await dashboard(admin, { planId: 987654 })).toMatchObject({ planId: null, daily: [], total: 0 });
    expect((await t.call('GET', DASHBOARD, { token: admin, query: { planId: 'x' } })).status).toBe(400);
  });

  it('needs the dashboard key', async () => {
    expect((await t.call('GET', DASHBOARD)).status).toBe(401);
    const clerk = await adminWith(t, [PERMISSIONS.enroll.list]);
    expect((await t.call('GET', DASHBOARD, { token: clerk, query: { planId } })).status).toBe(403);
    const viewer = await adminWith(t, [PERMISSIONS.dashboard.list]);
    expect((await t.call('GET', DASHBOARD, { token: viewer, query: { planId } })).status).toBe(200);
  });
});

/** The rows of a sheet as arrays of cell values (row 1 the header). */
function rowsOf(book: ExcelJS.Workbook, name: string): unknown[][] {
  const sheet = book.getWorksheet(name);
  expect(sheet, name).toBeDefined();
  const rows: unknown[][] = [];
  sheet!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function exported(token: string, lang: 'zh' | 'en' = 'zh') {
  const link = await t.call<{ url: string }>('POST', '/candidate/enroll/statistics/exportToken', {
    token,
    body: { planId },
  });
  expect(link.status).toBe(200);
  const file = await t.app.inject({
    method: 'GET',
    url: link.body.data.url,
    headers: { 'accept-language': lang },
  });
  expect(file.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as never);
  return { book, file, url: link.body.data.url };
}

describe('the statistics export (POST …/statistics/exportToken, GET …/statistics/export)', () => {
  it('writes the totals and funnel, per day, per county, per subject and per post', async () => {
    const { book, file, url } = await exported(admin);
    expect(file.headers['content-disposition']).toContain('.xlsx');
    expect(book.worksheets.map((s) => s.name)).toEqual([
      '汇总',
      '每日',
      '各县',
      '各学段',
      '各学科',
      '各岗位',
    ]);
    const totals = rowsOf(book, '汇总');
    expect(totals[0]).toEqual(['项目', '数值', '说明']);
    const value = (item: string) => totals.find((r) => r[0] === item)?.[1];
    expect(value('招聘计划')).toBe('2025年特岗教师招聘（已结束）');
    expect(totals.find((r) => r[0] === '招聘计划')?.[2]).toBe('计划已结束，数据为最终结果');
    expect(value('统计范围')).toBe('全部地区');
    expect(value('招聘需求')).toBe(14);
    expect(value('报名需求比')).toBe('0.3:1');
    expect(
      ['注册人数', '报名人数', '审核通过', '已发放准考证', '已录取', '待审核', '审核不通过'].map(value),
    ).toEqual([5, 4, 3, 2, 1, 0, 1]);
    expect(rowsOf(book, '每日')).toEqual([
      ['日期', '报名人数', '审核通过人数'],
      ['2025-03-01', 2, 0],
      ['2025-03-02', 1, 0],
      ['2025-03-03', 1, 0],
      ['2025-03-04', 0, 2],
      ['2025-03-05', 0, 1],
    ]);
    expect(rowsOf(book, '各县')).toEqual([
      ['县（区）', '需求人数', '报名人数', '审核通过人数', '报名:需求', '通过:需求'],
      ['南明区', 9, 2, 1, '0.2:1', '0.1:1'],
      ['六枝特区', 5, 2, 2, '0.4:1', '0.4:1'],
    ]);
    expect(rowsOf(book, '各学科')).toEqual([
      ['学科', '需求人数', '报名人数', '审核通过人数', '报名:需求', '通过:需求'],
      ['语文', 7, 3, 2, '0.4:1', '0.3:1'],
      ['数学', 2, 1, 1, '0.5:1', '0.5:1'],
      // Nobody applied: no ratio, never "0:1".
      ['英语', 5, 0, 0, '—', '—'],
    ]);
    const posts = rowsOf(book, '各岗位');
    expect(posts[0]).toEqual([
      '县（区）',
      '计划类别',
      '学段',
      '学科',
      '需求人数',
      '报名人数',
      '审核通过人数',
      '报名:需求',
      '通过:需求',
    ]);
    expect(posts.slice(1)).toContainEqual(['南明区', '普通岗位', '小学', '语文', 4, 2, 1, '0.5:1', '0.3:1']);
    expect(posts.slice(1)).toContainEqual(['南明区', '普通岗位', '小学', '英语', 5, 0, 0, '—', '—']);
    expect(posts).toHaveLength(5);
    // The link is single-use.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(400);
  });

  it('exports a county administrator’s county only, without the registered count, in English', async () => {
    const county = await makeAdmin(t, NANMING);
    const { book } = await exported(county, 'en');
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Totals',
      'Per day',
      'Per county',
      'Per learning period',
      'Per subject',
      'Per post',
    ]);
    const totals = rowsOf(book, 'Totals');
    const row = (item: string) => totals.find((r) => r[0] === item);
    expect(row('Region')?.[1]).toBe('南明区');
    expect(row('Registered')?.slice(1)).toEqual([
      '—',
      'Candidate accounts have no region: the registered count is shown to province-level accounts only',
    ]);
    expect(row('Applied')?.[1]).toBe(2);
    expect(row('Admitted')?.[1]).toBe(0);
    expect(rowsOf(book, 'Per county').slice(1)).toEqual([['南明区', 9, 2, 1, '0.2:1', '0.1:1']]);
  });

  it('needs the dashboard’s export key to make the link and to download', async () => {
    const viewer = await adminWith(t, [PERMISSIONS.dashboard.list]);
    const refused = await t.call('POST', '/candidate/enroll/statistics/exportToken', {
      token: viewer,
      body: { planId },
    });
    expect(refused.status).toBe(403);
    const exporter = await adminWith(t, [PERMISSIONS.dashboard.list, PERMISSIONS.dashboard.export]);
    const { book } = await exported(exporter);
    expect(book.worksheets).toHaveLength(6);
  });
});

describe('dailySeries (the days of a plan)', () => {
  const plan = {
    id: 1,
    enrollStartTime: cst('2025-03-01 09:00:00'),
    enrollEndTime: cst('2025-03-04 00:00:00'),
    auditEndTime: cst('2025-03-06 00:00:00'),
  };
  const all = { provinceCode: null, cityCode: null, countyCode: null };
  const progress = (applied: [string, number][], passed: [string, number][] = []) => ({
    at: new Date(),
    applied: applied.map(([d, n]) => ({ ...LIUZHI, day: d, n })),
    passed: passed.map(([d, n]) => ({ ...LIUZHI, day: d, n })),
    tickets: [],
    admitted: [],
    registered: 0,
  });

  it('runs from the enrolment start to today while the span runs, and is empty before it', () => {
    const series = dailySeries(progress([['2025-03-01', 1]]), all, plan, cst('2025-03-02 23:00:00'));
    expect(series).toEqual([day('2025-03-01', 1, 0), day('2025-03-02', 0, 0)]);
    expect(dailySeries(progress([]), all, plan, cst('2025-03-01 08:59:59'))).toEqual([]);
  });

  it('widens the span to days with counts outside it', () => {
    const series = dailySeries(
      progress([['2025-02-27', 1]], [['2025-03-08', 1]]),
      all,
      plan,
      cst('2025-04-01 00:00:00'),
    );
    expect(series.map((d) => d.date)).toEqual([
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
      '2025-03-03',
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
    ]);
    expect(series[0]).toEqual(day('2025-02-27', 1, 0));
    expect(series.at(-1)).toEqual(day('2025-03-08', 0, 1));
  });

  it('keeps the latest MAX_DAYS days of a longer span', () => {
    const series = dailySeries(progress([['2020-01-01', 1]]), all, plan, cst('2025-04-01 00:00:00'));
    expect(series).toHaveLength(MAX_DAYS);
    expect(series.at(-1)?.date).toBe('2025-03-05');
  });
});
