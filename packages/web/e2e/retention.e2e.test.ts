import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db';
import { axeFindings, describeFindings } from './axe';
import { desktop, launch, phone } from './browser';
import { adminLogin, makeIdCard, shot } from './support';

/**
 * Retention of personal data in the console (docs/security.md "Retention"): at 1440 px the plan list's
 * 数据保留 opens a plan's period, the date it ran out and what a run would change; 立即删除 after its
 * confirmation runs the job with a progress bar and leaves the plan deleted with its time; a plan
 * inside its period offers no run and says when. At 375 px the dialog fits the phone. axe-core on
 * each state.
 *
 * The two closed plans (their timeline moved 5 years and 1 year back) and their enrolments are
 * written in the database; other flows walk applications through the screens.
 */
const baseUrl = inject('baseUrl');
const artifacts = inject('artifacts');
const stamp = Date.now() % 100_000_000;
const DUE = `2021年特岗教师招聘（保留${stamp % 1000}）`;
const KEPT = `2025年特岗教师招聘（保留${stamp % 1000}）`;
let browser: Browser;
let database: Database;
const contexts: BrowserContext[] = [];

/** A closed plan copied from the demo plan, its whole timeline `yearsBack` years earlier. */
async function plan(name: string, yearsBack: number): Promise<number> {
  const back = `interval '${yearsBack} years'`;
  const times = [
    'start_time',
    'end_time',
    'enroll_start_time',
    'enroll_end_time',
    'audit_start_time',
    'audit_end_time',
    'ticket_print_start_time',
    'ticket_print_end_time',
    'exam_start_time',
    'exam_end_time',
    'score_query_start_time',
    'score_query_end_time',
    'interview_start_time',
    'interview_end_time',
    'physical_exam_start_time',
    'physical_exam_end_time',
    'list_published_start_time',
    'list_published_end_time',
  ];
  const { rows } = await database.pool.query<{ id: string }>(
    `insert into recruit_plan (name, year, company, limit_birth, status, ${times.join(', ')})
     select $1, year, company, limit_birth, '2', ${times.map((c) => `${c} - ${back}`).join(', ')}
     from recruit_plan where status = '1' limit 1 returning id`,
    [name],
  );
  return Number(rows[0]!.id);
}

/** `count` candidates, each with an enrolment in `planId` (a sound application in 南明区). */
async function applicants(planId: number, count: number, seq: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const idCard = makeIdCard('19960101', seq + i);
    const phone = `135${String(stamp + seq + i).padStart(8, '0')}`;
    const { rows } = await database.pool.query<{ id: string }>(
      `insert into candidate_user (user_name, password_hash, real_name, id_card, gender, birthday, telephone)
       values ($1, 'not-used', $2, $3, '1', '1996-01-01', $4) returning id`,
      [`ret${stamp}_${seq + i}`, `保留考生${i}`, idCard, phone],
    );
    await database.pool.query(
      `insert into enroll (plan_id, candidate_id, name, gender, id_card, marital_status, birthday, nation, veteran,
         political_affiliation, phone, domicile, address, graduate_college, education, graduation_date, major,
         is_normal, freshmen, teacher_certification, is_adjust, priority_condition, plan_type, province_code,
         city_code, county_code, enroll_county, academic_session, subject, audit_status)
       values ($1, $2, $3, '1', $4, '10', '1996-01-01', '01', '0', '13', $5, '贵州省贵阳市', '贵州省贵阳市南明区',
         '贵州师范大学', '21', '2018-07-01', '汉语言文学', '1', '2', '1', '1', '0', '01', '520000', '520100',
         '520102', '南明区', '02', '01', '1')`,
      [planId, Number(rows[0]!.id), `保留考生${i}`, idCard, phone],
    );
  }
}

beforeAll(async () => {
  browser = await launch();
  database = openDatabase(inject('databaseUrl'), 2);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await database?.close();
  await browser?.close();
});

/** axe-core's serious and critical findings on what `page` shows, printed; the bar is none. */
async function passesAxe(page: Page, state: string): Promise<void> {
  const findings = await axeFindings(page);
  console.log(describeFindings(state, findings));
  expect(findings, describeFindings(state, findings)).toEqual([]);
}

describe('retention of personal data in the console', () => {
  it('previews a plan past its period, runs it with a progress bar, and leaves a kept plan alone', async () => {
    const due = await plan(DUE, 5);
    const kept = await plan(KEPT, 1);
    await applicants(due, 3, 10);
    await applicants(kept, 1, 40);

    const context = await desktop(browser, baseUrl);
    contexts.push(context);
    const admin = await context.newPage();
    await admin.setViewportSize({ width: 1440, height: 900 });
    await adminLogin(admin);
    await admin.goto('/recruit/recruitPlan/index');
    const rowOf = (name: string) =>
      admin.locator('[data-testid=plan] .ant-table-row').filter({ hasText: name }).first();

    // The province changes a plan's period in its form: 3 years by default, here 5.
    await rowOf(KEPT).getByTestId('plan-edit').click();
    const years = admin.getByTestId('plan-form').locator('#retentionYears');
    await expect.poll(() => years.inputValue()).toBe('3');
    await years.fill('5');
    await years.scrollIntoViewIfNeeded();
    await shot(admin, artifacts, 'retention-1440-plan-form');
    await admin.getByTestId('plan-form-submit').click();
    await admin.locator('.ant-message-success').first().waitFor();

    // The kept plan: inside its period, no run, the date it may run.
    await rowOf(KEPT).getByTestId('plan-retention').click();
    const dialog = admin.locator('.ant-modal').filter({ has: admin.getByTestId('retention-view') });
    await expect.poll(() => dialog.getByTestId('retention-state').textContent()).toBe('保存中');
    await dialog.getByText('拟签约名单公示结束后 5 年').waitFor();
    await expect.poll(() => dialog.getByTestId('retention-why').textContent()).toContain('后才能删除');
    expect(await dialog.getByTestId('retention-run').isDisabled()).toBe(true);
    await passesAxe(admin, 'retention dialog, inside the period');
    await shot(admin, artifacts, 'retention-1440-kept');
    await dialog.getByTestId('retention-close').click();
    await dialog.waitFor({ state: 'hidden' });

    // The plan past its period: the preview, then the run.
    await rowOf(DUE).getByTestId('plan-retention').click();
    await expect.poll(() => dialog.getByTestId('retention-state').textContent()).toBe('已期满，待删除');
    await expect.poll(() => dialog.getByTestId('retention-count-enrolments').textContent()).toBe('3');
    await passesAxe(admin, 'retention dialog, due');
    await shot(admin, artifacts, 'retention-1440-due');
    await dialog.getByTestId('retention-run').click();
    await admin.getByTestId('retention-run-ok').click();
    await dialog.getByTestId('retention-purge-time').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => dialog.getByTestId('retention-job-message').textContent(), { timeout: 30_000 })
      .toContain('已完成');
    expect(await dialog.getByTestId('retention-count-enrolments').textContent()).toBe('3');
    expect(await dialog.getByTestId('retention-state').textContent()).toBe('已删除');
    await passesAxe(admin, 'retention dialog, deleted');
    await shot(admin, artifacts, 'retention-1440-done');

    // What the run left: masked names and keyed hashes, the kept plan as it was.
    const { rows } = await database.pool.query<{ name: string; id_card: string; plan_id: string }>(
      `select name, id_card, plan_id from enroll where plan_id in ($1, $2) order by id`,
      [due, kept],
    );
    const purged = rows.filter((r) => Number(r.plan_id) === due);
    expect(purged.map((r) => r.name)).toEqual(['保****', '保****', '保****']);
    expect(purged.every((r) => r.id_card.startsWith('#p1.'))).toBe(true);
    expect(rows.find((r) => Number(r.plan_id) === kept)!.id_card).toBe(makeIdCard('19960101', 40));
    await dialog.getByTestId('retention-close').click();

    // On a phone the dialog fits the screen.
    const small = await phone(browser, baseUrl);
    contexts.push(small);
    const page = await small.newPage();
    await adminLogin(page);
    await page.goto('/recruit/recruitPlan/index');
    await page
      .locator('[data-testid=plan] .ant-table-row')
      .filter({ hasText: DUE })
      .first()
      .getByTestId('plan-retention')
      .click();
    const onPhone = page.locator('.ant-modal').filter({ has: page.getByTestId('retention-view') });
    await onPhone.getByTestId('retention-purge-time').waitFor();
    const box = await onPhone.locator('.ant-modal-content').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    await shot(page, artifacts, 'retention-375-done');
  });
});
