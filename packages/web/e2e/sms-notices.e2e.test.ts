import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db';
import { axeFindings, describeFindings } from './axe';
import { desktop, launch, phone } from './browser';
import { adminLogin, makeIdCard, pick, registerAndLogin, shot } from './support';

/**
 * Notices that reach everyone: on a 375 px phone the candidate's bell counts her unseen notices and
 * /web/notice lists them across her plans (a rejection with the reviewer's note, her ticket, her
 * results, her passed audit); in the console at 1440 px the plan list warns while a plan's SMS
 * notices are off, the audit screen says so above the table for the plan viewed, and the plan's
 * 短信通知 dialog lists the failed notices with the provider's error. axe-core on each.
 *
 * The enrolments, tickets, results and failed notices are written in the database (other flows walk
 * them through the screens), on two closed plans of this test's own, removed afterwards.
 */
const baseUrl = inject('baseUrl');
const artifacts = inject('artifacts');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const stamp = Date.now() % 100_000_000;
const EARLIER = `2026年特岗教师招聘（通知${stamp % 1000}）`;
const LATER = `2027年特岗教师补招（通知${stamp % 1000}）`;
const REASON = '学历证书照片模糊，请重新上传清晰的照片';
const candidate = {
  userName: `ntc${stamp}`,
  password: 'Cand1!pass',
  realName: '王通知',
  idCard: makeIdCard('19970312', (stamp % 300) + 7),
  telephone: `136${String(stamp).padStart(8, '0')}`,
};
let browser: Browser;
let database: Database;
const contexts: BrowserContext[] = [];
const plans: number[] = [];
let candidateId = 0;

/** A closed plan copied from the demo plan with `name` and the given times (ms from now) and switch. */
async function plan(name: string, times: Record<string, number>, smsNotify: string): Promise<number> {
  const { rows } = await database.pool.query<{ id: string }>(
    `insert into recruit_plan (name, year, company, limit_birth, status, start_time, end_time,
       enroll_start_time, enroll_end_time, audit_start_time, audit_end_time, ticket_print_start_time,
       ticket_print_end_time, exam_start_time, exam_end_time, score_query_start_time, score_query_end_time,
       interview_start_time, interview_end_time, physical_exam_start_time, physical_exam_end_time,
       list_published_start_time, list_published_end_time, sms_notify)
     select $1, year, company, limit_birth, '2', start_time, end_time, enroll_start_time,
       $2, audit_start_time, audit_end_time, $3, $4, exam_start_time, exam_end_time, $5, $6,
       interview_start_time, interview_end_time, physical_exam_start_time, physical_exam_end_time,
       list_published_start_time, list_published_end_time, $7
     from recruit_plan where status = '1' limit 1 returning id`,
    [
      name,
      new Date(Date.now() + times.enrollEnd!),
      new Date(Date.now() + times.printStart!),
      new Date(Date.now() + times.printEnd!),
      new Date(Date.now() + times.scoreStart!),
      new Date(Date.now() + times.scoreEnd!),
      smsNotify,
    ],
  );
  const id = Number(rows[0]!.id);
  plans.push(id);
  return id;
}

/**
 * An enrolment in `planId` (a sound application in 南明区) of `who` (her by default), audited as
 * `audit` `ago` ms ago.
 */
async function enrolment(
  planId: number,
  audit: string,
  ago: number,
  reason: string | null,
  who: { id: number; realName: string; idCard: string; telephone: string } = {
    id: candidateId,
    ...candidate,
  },
): Promise<number> {
  const { rows } = await database.pool.query<{ id: string }>(
    `insert into enroll (plan_id, candidate_id, name, gender, id_card, marital_status, birthday, nation, veteran,
       political_affiliation, phone, domicile, address, graduate_college, education, graduation_date, major,
       is_normal, freshmen, teacher_certification, is_adjust, priority_condition, plan_type, province_code,
       city_code, county_code, enroll_county, academic_session, subject, audit_status, audit_reason, audit_time)
     values ($1, $2, $3, '1', $4, '10', '1997-03-12', '01', '0', '13', $5, '贵州省贵阳市', '贵州省贵阳市南明区',
       '贵州师范大学', '21', '2019-07-01', '汉语言文学', '1', '2', '1', '1', '0', '01', '520000', '520100',
       '520102', '南明区', '02', '01', $6, $7, $8) returning id`,
    [planId, who.id, who.realName, who.idCard, who.telephone, audit, reason, new Date(Date.now() - ago)],
  );
  return Number(rows[0]!.id);
}

beforeAll(async () => {
  browser = await launch();
  database = openDatabase(inject('databaseUrl'), 2);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  if (database) {
    for (const id of plans) {
      await database.pool.query(`delete from sms_notification where plan_id = $1`, [id]);
      await database.pool.query(`delete from admission_result where plan_id = $1`, [id]);
      await database.pool.query(`delete from admission_ticket where plan_id = $1`, [id]);
      await database.pool.query(`delete from enroll where plan_id = $1`, [id]);
      await database.pool.query(`delete from job where kind = 'smsNotice' and param like $1`, [
        `{"planId":${id},%`,
      ]);
      await database.pool.query(`delete from recruit_plan where id = $1`, [id]);
    }
    await database.pool.query(`delete from candidate_user where user_name = $1`, [`ntd${stamp}`]);
    await database.close();
  }
  await browser?.close();
});

/** axe-core's serious and critical findings on what `page` shows, printed; the bar is none. */
async function passesAxe(page: Page, state: string): Promise<void> {
  const findings = await axeFindings(page);
  console.log(describeFindings(state, findings));
  expect(findings, describeFindings(state, findings)).toEqual([]);
}

describe('notices that reach everyone', () => {
  it('the candidate’s bell and notice list on a phone; the console’s warnings and failures', async () => {
    const phoneContext = await phone(browser, baseUrl);
    contexts.push(phoneContext);
    const page = await phoneContext.newPage();
    await registerAndLogin(page, candidate, inject('smsLog'), artifacts);
    const { rows } = await database.pool.query<{ id: string }>(
      `select id from candidate_user where user_name = $1`,
      [candidate.userName],
    );
    candidateId = Number(rows[0]!.id);

    // The earlier plan: passed, ticket distributed inside the print window, results open.
    const earlier = await plan(
      EARLIER,
      {
        enrollEnd: -20 * DAY,
        printStart: -2 * DAY,
        printEnd: 3 * DAY,
        scoreStart: -3 * HOUR,
        scoreEnd: 30 * DAY,
      },
      '1',
    );
    const passed = await enrolment(earlier, '1', 10 * DAY, null);
    await database.pool.query(
      `insert into admission_ticket (plan_id, enroll_id, admission_number, exam_date, exam_time, exam_place,
         exam_address, exam_room_number, seat_number, examination_room_notice, status, update_time)
       values ($1, $2, $3, '2026-07-04', '09:00-11:30', '贵阳一中', '贵阳市南明区', '001', '01', '按时到场', '1', $4)`,
      [earlier, passed, `N${stamp}`, new Date(Date.now() - 3 * DAY)],
    );
    await database.pool.query(
      `insert into admission_result (plan_id, enroll_id, admission_status, update_time) values ($1, $2, '1', $3)`,
      [earlier, passed, new Date(Date.now() - 2 * DAY)],
    );
    // The later plan, its SMS notices off: rejected, still correctable.
    const later = await plan(
      LATER,
      {
        enrollEnd: 5 * DAY,
        printStart: 8 * DAY,
        printEnd: 10 * DAY,
        scoreStart: 20 * DAY,
        scoreEnd: 30 * DAY,
      },
      '0',
    );
    const rejected = await enrolment(later, '2', 2 * HOUR, REASON);
    // Another candidate of the later plan, rejected while its notices were off: the catch-up's.
    const other = {
      realName: '赵补发',
      idCard: makeIdCard('19980101', (stamp % 300) + 9),
      telephone: `137${String(stamp).padStart(8, '0')}`,
    };
    const made = await database.pool.query<{ id: string }>(
      `insert into candidate_user (user_name, password_hash, real_name, id_card, gender, birthday, telephone)
       values ($1, 'not-used', $2, $3, '1', '1998-01-01', $4) returning id`,
      [`ntd${stamp}`, other.realName, other.idCard, other.telephone],
    );
    await enrolment(later, '2', HOUR, '缺少教师资格证', { id: Number(made.rows[0]!.id), ...other });
    // Two failed SMS notices: one to be tried again, one given up.
    await database.pool.query(
      `insert into sms_notification (plan_id, enroll_id, event, status, attempts, next_attempt_time, error, send_time)
       values ($1, $2, 'ticketReady', '2', 2, $3, 'isv.BUSINESS_LIMIT_CONTROL: 触发号码天级流控', now()),
              ($4, $5, 'rejected', '2', 5, null, 'isv.MOBILE_NUMBER_ILLEGAL: 非法手机号', now())`,
      [earlier, passed, new Date(Date.now() + 5 * 60_000), later, rejected],
    );

    // The bell counts what she has not seen yet: four notices.
    await page.goto('/web/user_info');
    const bell = page.getByTestId('notice-bell');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('消息通知，4 条未读');
    await shot(page, artifacts, 'notices-375-bell');
    await bell.click();
    await page.waitForURL('**/web/notice');
    const items = page.getByTestId('notice-item');
    await expect.poll(() => items.count()).toBe(4);
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual([
      'rejected',
      'resultsOpen',
      'ticketReady',
      'passed',
    ]);
    expect(await items.first().textContent()).toContain(REASON);
    // Nothing sticks out sideways at 375 px.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await shot(page, artifacts, 'notices-375-list');
    await passesAxe(page, '/web/notice at 375 px');
    // Opening the list marked them seen: the bell is quiet again.
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('消息通知');
    await items.nth(1).getByTestId('notice-action-resultsOpen').click();
    await page.waitForURL(`**/web/recruit_info?planId=${earlier}`);

    // The console at 1440 px.
    const deskContext = await desktop(browser, baseUrl);
    contexts.push(deskContext);
    const admin = await deskContext.newPage();
    await admin.setViewportSize({ width: 1440, height: 900 });
    await adminLogin(admin);
    await admin.goto('/recruit/recruitPlan/index');
    const laterRow = admin.locator('[data-testid=plan] .ant-table-row').filter({ hasText: LATER }).first();
    await laterRow.getByTestId('plan-sms-off').waitFor();
    expect(
      await admin
        .locator('[data-testid=plan] .ant-table-row')
        .filter({ hasText: EARLIER })
        .getByTestId('plan-sms-off')
        .count(),
    ).toBe(0);
    await shot(admin, artifacts, 'notices-1440-plan-list');

    // The plan's 短信通知 dialog: the warning, the counts and the failed notices.
    await laterRow.getByTestId('plan-sms-notice').click();
    const dialog = admin.locator('.ant-modal').filter({ has: admin.getByTestId('sms-notice-plan') });
    await dialog.getByTestId('sms-notice-off').waitFor();
    const failures = dialog.getByTestId('sms-notice-failures');
    await failures.locator('.ant-table-row').first().waitFor();
    const failure = await failures.locator('.ant-table-row').first().textContent();
    expect(failure).toContain('136****');
    expect(failure).toContain('isv.MOBILE_NUMBER_ILLEGAL');
    expect(failure).toContain('不再重试');
    expect(failure).not.toContain(candidate.telephone);
    await expect.poll(() => failures.locator('.ant-spin-blur').count()).toBe(0);
    await shot(admin, artifacts, 'notices-1440-dialog');
    await passesAxe(admin, 'the 短信通知 dialog with a plan off and a failure');
    await dialog.getByTestId('sms-notice-close').click();

    // The audit screen, filtered to the later plan: the warning above the table, with the way to the switch.
    await admin.goto('/candidate/enroll/index');
    await pick(admin, 'planId', LATER, admin.locator('.ant-pro-query-filter, .ant-pro-table-search').first());
    await admin.getByTestId('enroll-search-submit').click();
    const alert = admin.getByTestId('enroll-sms-off');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(`“${LATER}”的短信通知已关闭`);
    await shot(admin, artifacts, 'notices-1440-enroll-alert');
    await passesAxe(admin, 'the audit screen with the SMS warning');
    await admin.getByTestId('enroll-sms-off-open').click();
    await admin.getByTestId('sms-notice-switch').click();
    // On: the catch-up job follows (her rejection is still correctable), and the warning goes.
    await admin.getByTestId('sms-notice-job-line').waitFor();
    await expect.poll(() => admin.getByTestId('sms-notice-job-line').textContent()).toContain('开启后补发');
    await expect
      .poll(() => admin.getByTestId('sms-notice-job-line').textContent(), { timeout: 30_000 })
      .toContain('发送完成');
    // Nobody waits for the rejection notice any more: its send is greyed.
    await expect.poll(() => admin.getByTestId('sms-notice-send-rejected').isDisabled()).toBe(true);
    await shot(admin, artifacts, 'notices-1440-catch-up');
    await passesAxe(admin, 'the 短信通知 dialog following the catch-up job');
    await admin.getByTestId('sms-notice-close').click();
    await expect.poll(() => alert.count()).toBe(0);
  });
});
