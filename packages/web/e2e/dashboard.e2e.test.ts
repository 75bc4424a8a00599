import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db';
import {
  admissionResult,
  admissionTicket,
  candidateUser,
  enroll,
  recruitPlan,
  recruitPlanData,
} from '../../server/src/db/schema';
import { axeFindings, describeFindings } from './axe';
import { desktop, launch } from './browser';
import { adminLogin, makeIdCard, shot } from './support';

/**
 * The dashboard of an ended plan: an administrator opens 报名统计, picks an archived plan of 2024 in
 * the plan picker, sees its daily trend, funnel and bars drawn and the same numbers in the tables,
 * reloads (the plan stays, it is in the address), exports the statistics and reads them back from the
 * xlsx. axe-core finds nothing serious or critical on the page; screenshots at 1440 and 375 px.
 *
 * The plan and its enrolments, tickets and results are set up behind the screens (the cycle's screens
 * have their own tests); the demo plan stays open as it was, and what is set up here is removed after.
 */
const baseUrl = inject('baseUrl');
const artifacts = inject('artifacts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-e2e-dashboard-'));
const stamp = Date.now() % 100_000_000;
const PLAN = `2024年特岗教师招聘（已结束${stamp % 1000}）`;
let browser: Browser;
let database: Database;
let planId = 0;
const accounts: number[] = [];

/** An instant given as a China Standard Time wall clock, 'YYYY-MM-DD HH:mm:ss'. */
const cst = (wall: string) => new Date(`${wall.replace(' ', 'T')}+08:00`);

const LIUZHI = { provinceCode: '520000', cityCode: '520200', countyCode: '520203', enrollCounty: '六枝特区' };
const NANMING = { provinceCode: '520000', cityCode: '520100', countyCode: '520102', enrollCounty: '南明区' };

/**
 * The plan of March 2024, archived (status '2'): enrolment 03-01 09:00 to 03-05 00:00, audit to 03-07
 * 00:00 (CST), so its days are 03-01 to 03-06. Demand (小学): 六枝特区 语文 4, 数学 3; 南明区 语文 6,
 * 数学 2, 英语 3 (nobody applies to 英语). Five applicants:
 * A 六枝 语文 03-01 10:00, passed 03-05, ticket distributed, admitted;
 * B 六枝 数学 03-01 20:00, passed 03-05, ticket distributed;
 * C 南明 语文 03-02 09:00, passed 03-06, ticket not distributed;
 * D 南明 语文 03-04 15:00, rejected 03-06;
 * E 南明 数学 03-04 23:59:59, pending.
 * One more account of 2023 never applied: six registered at the enrolment end.
 */
async function setUpEndedPlan(): Promise<number> {
  const db = database.db;
  const [plan] = await db
    .insert(recruitPlan)
    .values({
      name: PLAN,
      year: '2024',
      company: '贵州省教育厅',
      limitBirth: '1989-01-01',
      status: '2',
      startTime: cst('2024-02-20 00:00:00'),
      endTime: cst('2024-06-30 00:00:00'),
      enrollStartTime: cst('2024-03-01 09:00:00'),
      enrollEndTime: cst('2024-03-05 00:00:00'),
      auditStartTime: cst('2024-03-05 00:00:00'),
      auditEndTime: cst('2024-03-07 00:00:00'),
      ticketPrintStartTime: cst('2024-03-07 00:00:00'),
      ticketPrintEndTime: cst('2024-03-09 00:00:00'),
      examStartTime: cst('2024-03-10 09:00:00'),
      examEndTime: cst('2024-03-10 12:00:00'),
      scoreQueryStartTime: cst('2024-03-11 00:00:00'),
      scoreQueryEndTime: cst('2024-03-13 00:00:00'),
      interviewStartTime: cst('2024-03-14 00:00:00'),
      interviewEndTime: cst('2024-03-15 00:00:00'),
      physicalExamStartTime: cst('2024-03-16 00:00:00'),
      physicalExamEndTime: cst('2024-03-17 00:00:00'),
      listPublishedStartTime: cst('2024-03-18 00:00:00'),
      listPublishedEndTime: cst('2024-03-25 00:00:00'),
      customerServicePhone: '0851-85280000',
    })
    .returning({ id: recruitPlan.id });
  const id = plan!.id;
  const post = { planId: id, category: '01', learningPeriod: '02', status: '1' };
  const { enrollCounty: _l, ...liuzhi } = LIUZHI;
  const { enrollCounty: _n, ...nanming } = NANMING;
  await db.insert(recruitPlanData).values([
    { ...post, ...liuzhi, subject: '01', demandNumber: 4 },
    { ...post, ...liuzhi, subject: '02', demandNumber: 3 },
    { ...post, ...nanming, subject: '01', demandNumber: 6 },
    { ...post, ...nanming, subject: '02', demandNumber: 2 },
    { ...post, ...nanming, subject: '03', demandNumber: 3 },
  ]);
  const account = async (n: number, made: Date) => {
    const [row] = await db
      .insert(candidateUser)
      .values({
        userName: `dash${stamp}x${n}`,
        passwordHash: 'not-used',
        realName: `考生${n}`,
        idCard: makeIdCard('19960101', 700 + n + (stamp % 40) * 10),
        gender: '1',
        birthday: '1996-01-01',
        telephone: `133${String((stamp + n) % 100_000_000).padStart(8, '0')}`,
        createTime: made,
      })
      .returning({ id: candidateUser.id, idCard: candidateUser.idCard, phone: candidateUser.telephone });
    accounts.push(row!.id);
    return row!;
  };
  const applicant = async (
    n: number,
    region: typeof LIUZHI,
    subject: string,
    applied: string,
    audit?: { status: '1' | '2'; at: string },
  ) => {
    const who = await account(n, cst('2024-02-25 08:00:00'));
    const [row] = await db
      .insert(enroll)
      .values({
        planId: id,
        candidateId: who.id,
        name: `考生${n}`,
        gender: '1',
        idCard: who.idCard,
        maritalStatus: '10',
        birthday: '1996-01-01',
        nation: '01',
        veteran: '0',
        politicalAffiliation: '13',
        phone: who.phone,
        domicile: '贵州省贵阳市',
        address: '贵州省贵阳市南明区',
        graduateCollege: '贵州师范大学',
        education: '21',
        graduationDate: '2019-07-01',
        major: '汉语言文学',
        isNormal: '1',
        freshmen: '2',
        teacherCertification: '1',
        isAdjust: '1',
        priorityCondition: '0',
        planType: '01',
        ...region,
        academicSession: '02',
        subject,
        createTime: cst(applied),
        auditStatus: audit?.status ?? '0',
        auditTime: audit ? cst(audit.at) : null,
      })
      .returning({ id: enroll.id });
    return row!.id;
  };
  const a = await applicant(1, LIUZHI, '01', '2024-03-01 10:00:00', {
    status: '1',
    at: '2024-03-05 10:00:00',
  });
  const b = await applicant(2, LIUZHI, '02', '2024-03-01 20:00:00', {
    status: '1',
    at: '2024-03-05 11:00:00',
  });
  const c = await applicant(3, NANMING, '01', '2024-03-02 09:00:00', {
    status: '1',
    at: '2024-03-06 09:00:00',
  });
  await applicant(4, NANMING, '01', '2024-03-04 15:00:00', { status: '2', at: '2024-03-06 10:00:00' });
  await applicant(5, NANMING, '02', '2024-03-04 23:59:59');
  await account(6, cst('2023-06-01 08:00:00'));
  const ticket = (enrollId: number, seat: string, status: '0' | '1') => ({
    planId: id,
    enrollId,
    admissionNumber: `24${stamp}${seat}`,
    examDate: '2024-03-10',
    examTime: '09:00-11:30',
    examPlace: `六盘水市第一中学考点${stamp}`,
    examAddress: '六盘水市钟山区',
    examRoomNumber: '01',
    seatNumber: seat,
    examinationRoomNotice: '凭准考证和身份证入场',
    status,
  });
  await db.insert(admissionTicket).values([ticket(a, '01', '1'), ticket(b, '02', '1'), ticket(c, '03', '0')]);
  await db.insert(admissionResult).values([
    { planId: id, enrollId: a, admissionStatus: '1' },
    { planId: id, enrollId: b, admissionStatus: '0' },
  ]);
  return id;
}

beforeAll(async () => {
  browser = await launch();
  database = openDatabase(inject('databaseUrl'), 2);
  planId = await setUpEndedPlan();
});

afterAll(async () => {
  if (database) {
    const db = database.db;
    await db.delete(admissionResult).where(eq(admissionResult.planId, planId));
    await db.delete(admissionTicket).where(eq(admissionTicket.planId, planId));
    await db.delete(enroll).where(eq(enroll.planId, planId));
    await db.delete(recruitPlan).where(eq(recruitPlan.id, planId));
    if (accounts.length) await db.delete(candidateUser).where(inArray(candidateUser.id, accounts));
    await database.close();
  }
  await browser?.close();
});

/** The value of the dashboard's figure `key` (total, demand, ratio, pending, passed, rejected). */
const figure = (page: Page, key: string) =>
  page.getByTestId(`dashboard-${key}`).locator('.ant-statistic-content-value').textContent();

/** The cells' texts of each body row of the table inside `card`. */
const tableRows = (card: Locator) =>
  card
    .locator('.ant-table-tbody tr.ant-table-row')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
    );

/** Whether the chart `testId` is drawn: an SVG with a size and marks in it. */
async function drawn(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((box) => {
    const svg = box.querySelector('svg');
    if (!svg) return false;
    const { width, height } = svg.getBoundingClientRect();
    return width > 100 && height > 100 && svg.querySelectorAll('path').length > 0;
  });
}

/** The rows of sheet `name` of `book` as arrays of cell values (row 1 the header). */
function sheetRows(book: ExcelJS.Workbook, name: string): unknown[][] {
  const rows: unknown[][] = [];
  book.getWorksheet(name)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('the dashboard of an ended plan', () => {
  it('is picked, drawn, matches what was set up, survives a reload and exports the same numbers', async () => {
    const context = await desktop(browser, baseUrl);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    onTestFailed(() => shot(page, artifacts, 'dashboard-failure').catch(() => {}));
    await adminLogin(page);

    // The dashboard opens on the open plan; the picker lists every plan with its status.
    await page.goto('/wel/dashboard/index');
    await page.getByTestId('dashboard-as-of').waitFor();
    await expect
      .poll(() => page.locator('.ant-select:has(#dashboard-plan) .ant-select-selection-item').textContent())
      .toContain('（报名中）');
    // The picker shows the plan on screen: open it, type part of the name, choose.
    await page.locator('.ant-select:has(#dashboard-plan) .ant-select-selector').click();
    await page.locator('#dashboard-plan').fill('已结束');
    await page
      .locator('.ant-select-dropdown:has(#dashboard-plan_list) .ant-select-item-option', { hasText: PLAN })
      .click();
    await page.waitForURL(`**/wel/dashboard/index?planId=${planId}`);
    await expect.poll(() => figure(page, 'total')).toBe('5');
    expect(await figure(page, 'demand')).toBe('18');
    expect(await figure(page, 'ratio')).toBe('0.3:1');
    expect(await figure(page, 'pending')).toBe('1');
    expect(await figure(page, 'passed')).toBe('3');
    expect(await figure(page, 'rejected')).toBe('1');
    expect(await page.locator('.ant-card').first().textContent()).toContain(
      `${PLAN}：计划已结束，以下为您所辖地区的最终数据。`,
    );

    // The charts are drawn, with their titles, and named by their numbers for screen readers.
    for (const title of ['每日报名与审核通过', '招聘漏斗', '各县报名与需求', '各学科报名与需求'])
      await page.locator('.ant-card-head-title', { hasText: title }).first().waitFor();
    for (const chart of [
      'dashboard-trend-chart',
      'dashboard-funnel-chart',
      'dashboard-county-chart',
      'dashboard-subject-chart',
    ])
      await expect.poll(() => drawn(page, chart), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId('dashboard-trend-chart').getAttribute('aria-label')).toBe(
      '2024-03-01至2024-03-06共6天，报名5人，审核通过3人；报名最多的一天是2024-03-01，2人。',
    );
    expect(await page.getByTestId('dashboard-funnel-chart').getAttribute('aria-label')).toBe(
      '招聘漏斗：注册人数 6，报名人数 5，审核通过 3，已发放准考证 2，已录取 1。',
    );
    expect(await page.getByTestId('dashboard-funnel-chart').locator('svg').textContent()).toContain('已录取');

    // The tables beside the charts hold the same numbers.
    expect(await tableRows(page.getByTestId('dashboard-funnel-table'))).toEqual([
      ['注册人数', '6', '—'],
      ['报名人数', '5', '83.3%'],
      ['审核通过', '3', '60%'],
      ['已发放准考证', '2', '66.7%'],
      ['已录取', '1', '50%'],
    ]);
    const county = await tableRows(page.getByTestId('dashboard-county'));
    expect(county.map((r) => r.slice(0, 3))).toEqual([
      ['南明区', '3 / 11', '1'],
      ['六枝特区', '2 / 7', '2'],
    ]);
    const subjects = await tableRows(page.getByTestId('dashboard-subject'));
    expect(subjects.map((r) => r.slice(0, 4))).toEqual([
      ['语文', '3 / 10', '2', '0.3:1'],
      ['数学', '2 / 5', '1', '0.4:1'],
      ['英语', '0 / 3', '0', '—'],
    ]);
    await page.getByText('每日数据（6天）').click();
    expect(await tableRows(page.getByTestId('dashboard-trend-table'))).toEqual([
      ['2024-03-01', '2', '0'],
      ['2024-03-02', '1', '0'],
      ['2024-03-03', '0', '0'],
      ['2024-03-04', '2', '0'],
      ['2024-03-05', '0', '2'],
      ['2024-03-06', '0', '1'],
    ]);
    const english = page.getByTestId('dashboard-posts').locator('tr.ant-table-row', { hasText: '英语' });
    expect(await english.locator('[data-testid$="-ratio"]').allTextContents()).toEqual(['—', '—']);
    expect(await english.locator('[aria-label="无人报名"]').count()).toBe(2);
    await shot(page, artifacts, 'dashboard-1440');

    // axe-core on the drawn dashboard, the days' table open.
    const findings = await axeFindings(page);
    console.log(describeFindings('dashboard-1440', findings));
    expect(findings).toEqual([]);

    // A reload keeps the plan: it is in the address.
    await page.reload();
    await expect.poll(() => figure(page, 'total')).toBe('5');
    await expect
      .poll(() => page.locator('.ant-select:has(#dashboard-plan) .ant-select-selection-item').textContent())
      .toContain(PLAN);

    // The export: the one export mechanism's single-use link, read back.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('dashboard-export').click(),
    ]);
    const file = path.join(work, 'statistics.xlsx');
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      '汇总',
      '每日',
      '各县',
      '各学段',
      '各学科',
      '各岗位',
    ]);
    const totals = sheetRows(book, '汇总');
    const value = (item: string) => totals.find((r) => r[0] === item)?.[1];
    expect(value('招聘计划')).toBe(PLAN);
    expect(
      ['招聘需求', '注册人数', '报名人数', '审核通过', '已发放准考证', '已录取', '待审核', '审核不通过'].map(
        value,
      ),
    ).toEqual([18, 6, 5, 3, 2, 1, 1, 1]);
    expect(sheetRows(book, '每日').slice(1)).toEqual([
      ['2024-03-01', 2, 0],
      ['2024-03-02', 1, 0],
      ['2024-03-03', 0, 0],
      ['2024-03-04', 2, 0],
      ['2024-03-05', 0, 2],
      ['2024-03-06', 0, 1],
    ]);
    expect(sheetRows(book, '各县').slice(1)).toEqual([
      ['南明区', 11, 3, 1, '0.3:1', '0.1:1'],
      ['六枝特区', 7, 2, 2, '0.3:1', '0.3:1'],
    ]);
    expect(sheetRows(book, '各学科').slice(1)).toEqual([
      ['语文', 10, 3, 2, '0.3:1', '0.2:1'],
      ['数学', 5, 2, 1, '0.4:1', '0.2:1'],
      ['英语', 3, 0, 0, '—', '—'],
    ]);
    expect(sheetRows(book, '各岗位')).toHaveLength(6);

    // At 375 px the page stacks: the picker, the figures, each chart above its table.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => drawn(page, 'dashboard-trend-chart')).toBe(true);
    await expect
      .poll(() => page.getByTestId('dashboard-trend-chart').evaluate((e) => e.getBoundingClientRect().width))
      .toBeLessThan(375);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, artifacts, 'dashboard-375');
    const narrow = await axeFindings(page);
    console.log(describeFindings('dashboard-375', narrow));
    expect(narrow).toEqual([]);
    await context.close();
  });
});
