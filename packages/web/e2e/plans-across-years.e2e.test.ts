import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db';
import { axeFindings, describeFindings } from './axe';
import { launch, phone } from './browser';
import {
  chooseEnrolment,
  draftPlan,
  fillApplication,
  makeIdCard,
  pdfText,
  registerAndLogin,
  shot,
} from './support';

/**
 * A province lives in years: a candidate walks plan A to admission, then plan B opens (A archived)
 * and, on a 375 px phone, her home card shows B as 未报名 with A's admission below it, 我的报名
 * lists her plans, A's result, form (a real PDF, read back) and ticket (inside A's print window) stay
 * reachable by A's id, and she applies to B; 我的报名 at 1440 px too, and axe-core on the new pages.
 *
 * Time passing is played by moving the plans' timelines in the database between the steps, and the
 * office's audit, ticket and result are written there too (admission.e2e.test.ts walks them through
 * the console). The seeded demo plan is archived for the test and open again afterwards, as the
 * other flows expect.
 */
const baseUrl = inject('baseUrl');
const artifacts = inject('artifacts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-e2e-years-'));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const stamp = Date.now() % 100_000_000;
const PLAN_A = `2027年特岗教师招聘（往年${stamp % 1000}）`;
const PLAN_B = `2028年特岗教师招聘（新一年${stamp % 1000}）`;
const SCHOOL = '六枝特区第一小学';
const NUMBER = `2027520203${String(stamp % 1_000_000).padStart(6, '0')}`;
const candidate = {
  userName: `yrs${stamp}`,
  password: 'Cand1!pass',
  realName: '李往年',
  idCard: makeIdCard('19980415', (stamp % 300) + 5),
  telephone: `135${String(stamp).padStart(8, '0')}`,
};
let browser: Browser;
let database: Database;
let demoPlanId = 0;
let planA = 0;
let planB = 0;
const contexts: BrowserContext[] = [];

/**
 * Places the timeline of `planId` with its stage `stage` started an hour ago, each stage two days
 * (0 enrolment, 2 ticket print, 4 score query; 8: every stage over, the list published a minute
 * ago).
 */
async function placeStage(planId: number, stage: number): Promise<void> {
  const start = Date.now() - HOUR - stage * 2 * DAY;
  const at = (i: number) => new Date(start + i * 2 * DAY + (i > 2 ? HOUR : 0));
  const cols = [
    'enroll',
    'audit',
    'ticket_print',
    'exam',
    'score_query',
    'interview',
    'physical_exam',
    'list_published',
  ];
  const sets = cols.flatMap((c, i) => [
    `${c}_start_time = '${at(i).toISOString()}'`,
    `${c}_end_time = '${new Date(at(i + 1).getTime() - (i >= 2 ? 60_000 : 0)).toISOString()}'`,
  ]);
  await database.pool.query(
    `update recruit_plan set start_time = '${new Date(start - DAY).toISOString()}',
       end_time = '${new Date(start + 30 * DAY).toISOString()}', ${sets.join(', ')} where id = $1`,
    [planId],
  );
}

/** Copies the demo plan's posts and enrolment notice to `planId`. */
async function postsOf(planId: number): Promise<void> {
  await database.pool.query(
    `insert into recruit_plan_data (plan_id, province_code, city_code, county_code, category, learning_period, subject, demand_number, status)
     select $1, province_code, city_code, county_code, category, learning_period, subject, demand_number, status
       from recruit_plan_data where plan_id = $2`,
    [planId, demoPlanId],
  );
  await database.pool.query(
    `insert into recruit_instruction (plan_id, type, context) select $1, type, context from recruit_instruction where plan_id = $2`,
    [planId, demoPlanId],
  );
}

const setStatus = (planId: number, status: string) =>
  database.pool.query(`update recruit_plan set status = $2 where id = $1`, [planId, status]);

beforeAll(async () => {
  browser = await launch();
  database = openDatabase(inject('databaseUrl'), 2);
  const { rows } = await database.pool.query<{ id: string }>(
    `select id from recruit_plan where status = '1'`,
  );
  demoPlanId = Number(rows[0]!.id);
  planA = await draftPlan(database.db, PLAN_A, '2027');
  await postsOf(planA);
  // Plan A is the open plan of its year.
  await setStatus(demoPlanId, '2');
  await setStatus(planA, '1');
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  if (database) {
    if (planB) await setStatus(planB, '2');
    if (planA) await setStatus(planA, '2');
    await setStatus(demoPlanId, '1');
    await database.close();
  }
  await browser?.close();
});

/** Logs in on /web/login (the form may re-create its inputs right after opening: typed until it holds). */
async function login(page: Page): Promise<void> {
  await page.goto('/web/login');
  await page.locator('#userName').fill(candidate.userName);
  await expect
    .poll(async () => {
      await page.locator('#password').fill(candidate.password);
      await page.waitForTimeout(200);
      return page.locator('#password').inputValue();
    })
    .toBe(candidate.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/web/user_info');
}

/**
 * Opens the home until the card's state is `state` for plan `plan` (a plan changed in the database
 * reaches the server's reference results when they expire, REFERENCE_CACHE_SECONDS).
 */
async function homeShows(page: Page, plan: string, state: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto('/web/user_info');
        const card = page.getByTestId('stage-card');
        const shown = await card
          .getByTestId('stage-plan')
          .textContent({ timeout: 10_000 })
          .catch(() => null);
        const tag = await card
          .getByTestId('stage-state')
          .textContent({ timeout: 10_000 })
          .catch(() => null);
        return `${shown} ${tag}`;
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(`${plan} ${state}`);
}

/** The sidebar's red status; on a phone the sidebar is the drawer behind the menu button. */
async function sidebarStatus(page: Page): Promise<string> {
  const toggle = page.getByTestId('menu-toggle');
  const drawer = await toggle.isVisible();
  if (drawer) await toggle.click();
  const status = page.getByTestId('enroll-status').first();
  await expect.poll(() => status.textContent()).not.toBe('…');
  const text = (await status.textContent()) ?? '';
  if (drawer) {
    await page.keyboard.press('Escape');
    await page
      .locator('.ant-drawer-open')
      .waitFor({ state: 'detached' })
      .catch(() => {});
  }
  return text;
}

/** axe-core's serious and critical findings on what `page` shows, printed; the bar is none. */
async function passesAxe(page: Page, state: string): Promise<void> {
  const findings = await axeFindings(page);
  console.log(describeFindings(state, findings));
  expect(findings, describeFindings(state, findings)).toEqual([]);
}

/** The card of plan `planId` on 我的报名. */
const listed = (page: Page, planId: number) =>
  page.locator(`[data-testid=my-enroll-item][data-plan-id="${planId}"]`);

/** Widest horizontal overflow of the page (px): 0 or less when nothing sticks out sideways. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('a candidate across two plans', () => {
  it('keeps plan A’s admission, result, form and ticket reachable while she applies to plan B', async () => {
    const context = await phone(browser, baseUrl);
    contexts.push(context);
    const page = await context.newPage();
    onTestFailed(() => shot(page, artifacts, 'years-375-failure'));

    // Plan A: she applies on her phone and passes the on-site audit.
    await registerAndLogin(page, candidate, inject('smsLog'), artifacts);
    await page.goto('/web/enroll');
    await page.getByTestId('enroll-agree').check();
    await page.getByTestId('enroll-start').click();
    await page.getByTestId('enroll-form').waitFor();
    await fillApplication(page, candidate.telephone, work);
    await chooseEnrolment(page, {
      planType: '普通岗位',
      county: ['六盘水市', '六枝特区'],
      academicSession: '小学',
      subject: '语文',
    });
    await page.getByTestId('enroll-submit').click();
    await page.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/web/enroll_table');
    await database.pool.query(
      `update enroll set audit_status = '1', audit_time = now() where plan_id = $1 and id_card = $2`,
      [planA, candidate.idCard],
    );

    // A's ticket print window: the office distributes her ticket; she reads it (A is the open plan).
    await placeStage(planA, 2);
    await database.pool.query(
      `insert into admission_ticket (plan_id, enroll_id, admission_number, exam_date, exam_time, exam_place,
         exam_address, exam_room_number, seat_number, examination_room_notice, status)
       select plan_id, id, $3, '2027-07-18', '09:00-11:30', '六盘水市第一中学考点', '六盘水市钟山区人民路1号',
         '03', '17', '考生须凭准考证和身份证入场。', '1'
       from enroll where plan_id = $1 and id_card = $2`,
      [planA, candidate.idCard, NUMBER],
    );
    await homeShows(page, PLAN_A, '准考证可下载');

    // A's score query: the office publishes her admission.
    await placeStage(planA, 4);
    await database.pool.query(
      `insert into admission_result (plan_id, enroll_id, admission_number, write_exam_score, interview_score,
         exam_total_score, admission_county, admission_academic_session, admission_subject, office_school,
         admission_status)
       select plan_id, id, $3, 86.5, 88, 87.4, county_code, academic_session, subject, $4, '1'
       from enroll where plan_id = $1 and id_card = $2`,
      [planA, candidate.idCard, NUMBER, SCHOOL],
    );
    await homeShows(page, PLAN_A, '已录取');

    // A year later: A's cycle is over and archived; plan B opens with its enrolment window open.
    await placeStage(planA, 8);
    planB = await draftPlan(database.db, PLAN_B, '2028');
    await postsOf(planB);
    await setStatus(planA, '2');
    await setStatus(planB, '1');

    // Her home: B as 未报名 (the sidebar agrees: the spec's status of the open plan), A admitted below.
    await homeShows(page, PLAN_B, '未报名');
    const earlier = page.getByTestId('stage-earlier-item');
    await expect.poll(() => earlier.count()).toBe(1);
    await shot(page, artifacts, 'years-375-home');
    expect(await sidebarStatus(page)).toBe('未报名');
    expect(await earlier.getAttribute('data-plan-id')).toBe(String(planA));
    expect(await earlier.getByTestId('stage-earlier-plan').textContent()).toBe(PLAN_A);
    expect(await earlier.getByTestId('stage-earlier-state').textContent()).toBe('已录取');
    expect(await earlier.getByTestId('stage-earlier-action').textContent()).toContain('查看录取结果');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await passesAxe(page, 'home card with an earlier plan (375 px)');

    // A's result, from its home-card row: her admission and school, the page naming plan A.
    await earlier.getByTestId('stage-earlier-action').click();
    await page.waitForURL(`**/web/recruit_info?planId=${planA}`);
    await page.getByTestId('recruit-result').waitFor();
    expect(await page.getByTestId('plan-banner').textContent()).toContain(PLAN_A);
    expect(await page.getByTestId('plan-banner').textContent()).toContain('2027年');
    expect(await page.getByTestId('recruit-status').textContent()).toContain('已录取');
    expect(await page.getByTestId('recruit-admission').textContent()).toContain(SCHOOL);
    expect(await page.getByTestId('recruit-scores').textContent()).toContain('87.4');
    await shot(page, artifacts, 'years-375-result-of-a');

    // 我的报名 from the menu: plan A (she has not applied to B yet), admitted, with its pages.
    await page.getByTestId('menu-toggle').click();
    await page.getByTestId('menu-my-enroll').click();
    await page.waitForURL('**/web/my_enroll');
    const a = listed(page, planA);
    await a.waitFor();
    expect(await page.getByTestId('my-enroll-item').count()).toBe(1);
    expect(await a.getByTestId('my-enroll-state').textContent()).toBe('已录取');
    expect(await a.getByTestId('my-enroll-school').textContent()).toBe(SCHOOL);
    expect(await a.getByTestId('my-enroll-ticket').count()).toBe(0); // A's print window is over

    // A's form: downloaded from A's own page, a real PDF.
    await a.getByTestId('my-enroll-form').click();
    await page.waitForURL(`**/web/enroll_table?planId=${planA}`);
    expect(await page.getByTestId('plan-banner').textContent()).toContain(PLAN_A);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('enroll-download').click(),
    ]);
    const file = path.join(work, 'form-a.pdf');
    await download.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const form = pdfText(file).replace(/\s+/g, '');
    for (const part of [candidate.realName, candidate.idCard, PLAN_A.replace(/\s+/g, '')])
      expect(form).toContain(part);
    await shot(page, artifacts, 'years-375-form-of-a');

    // A's ticket while A's print window is open again (dates moved later), whatever plan is open.
    await placeStage(planA, 2);
    await page.goto('/web/my_enroll');
    await listed(page, planA).getByTestId('my-enroll-ticket').click();
    await page.waitForURL(`**/web/admission_ticket?planId=${planA}`);
    await page.getByTestId('ticket-reminder').waitFor();
    await page.getByRole('button', { name: '我知道了' }).click();
    await page.getByTestId('ticket-view').waitFor();
    expect(await page.getByTestId('ticket-admission-number').textContent()).toBe(NUMBER);
    expect(await page.getByTestId('ticket-plan').textContent()).toBe(PLAN_A);
    expect(await page.getByTestId('plan-banner').textContent()).toContain(PLAN_A);
    await shot(page, artifacts, 'years-375-ticket-of-a');
    await placeStage(planA, 8);

    // She applies to plan B.
    await page.goto('/web/user_info');
    await page.getByTestId('go-enroll').click();
    await page.getByTestId('enroll-agree').check();
    await page.getByTestId('enroll-start').click();
    await page.getByTestId('enroll-form').waitFor();
    await fillApplication(page, candidate.telephone, work);
    await chooseEnrolment(page, {
      planType: '普通岗位',
      county: ['六盘水市', '六枝特区'],
      academicSession: '小学',
      subject: '语文',
    });
    await page.getByTestId('enroll-submit').click();
    await page.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/web/enroll_table');
    await homeShows(page, PLAN_B, '待审核');
    expect(await page.getByTestId('stage-earlier-item').getAttribute('data-plan-id')).toBe(String(planA));

    // 我的报名 lists both, B first (the newer plan), each with its own state.
    await page.goto('/web/my_enroll');
    await listed(page, planB).waitFor();
    expect(
      await page
        .getByTestId('my-enroll-item')
        .evaluateAll((items) => items.map((e) => e.getAttribute('data-plan-id'))),
    ).toEqual([String(planB), String(planA)]);
    expect(await listed(page, planB).getByTestId('my-enroll-state').textContent()).toBe('待审核');
    expect(await listed(page, planB).getByTestId('my-enroll-current').count()).toBe(1);
    expect(await listed(page, planA).getByTestId('my-enroll-state').textContent()).toBe('已录取');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, artifacts, 'years-375-my-enroll');
    await passesAxe(page, '我的报名 (375 px)');

    // The same list on a computer, 1440 px: two cards a row.
    const wide = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
      locale: 'zh-CN',
    });
    contexts.push(wide);
    const desk = await wide.newPage();
    onTestFailed(() => shot(desk, artifacts, 'years-1440-failure'));
    await login(desk);
    await desk.getByTestId('stage-earlier-item').waitFor();
    await shot(desk, artifacts, 'years-1440-home');
    await passesAxe(desk, 'home card with an earlier plan (1440 px)');
    await desk.getByTestId('menu-my-enroll').click();
    await desk.waitForURL('**/web/my_enroll');
    await listed(desk, planA).waitFor();
    const boxes = await Promise.all([listed(desk, planB).boundingBox(), listed(desk, planA).boundingBox()]);
    expect(Math.abs(boxes[0]!.y - boxes[1]!.y)).toBeLessThan(2); // side by side
    expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x);
    expect(await pageOverflow(desk)).toBeLessThanOrEqual(0);
    await shot(desk, artifacts, 'years-1440-my-enroll');
    await passesAxe(desk, '我的报名 (1440 px)');
  });
});
