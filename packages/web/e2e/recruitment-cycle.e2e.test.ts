import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/src/db';
import { recruitPlan, sysRole, sysUser, sysUserRole } from '../../server/src/db/schema';
import { hashPassword } from '../../server/src/lib/passwords';
import { desktop, launch, phone } from './browser';
import {
  adminLogin,
  cascaderPath,
  chooseEnrolment,
  consoleLogin,
  draftPlan,
  fillApplication,
  makeIdCard,
  pick,
  registerAndLogin,
  shot,
  writeXlsx,
} from './support';
import { maskIdCard } from '@tegang/domain';

/**
 * The recruitment cycle's office work in the console: an administrator imports a list into
 * the enrolment comparison through the import dialog — a file with a bad row is refused whole with its
 * problems listed, the corrected file is imported with a progress bar, and the row that matches no
 * enrolment is flagged in the list.
 */
const baseUrl = inject('baseUrl');
const artifacts = inject('artifacts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-e2e-import-'));
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the import dialog, uploads `file` and waits for the job to finish: 'done' or 'rejected'. */
async function runImport(page: Page, file: string, dataSource?: string): Promise<'done' | 'rejected'> {
  await page.getByTestId('import-open').click();
  if (dataSource !== undefined) await page.getByTestId('compare-data-source').fill(dataSource);
  await page.locator('.ant-modal input[type=file]').setInputFiles(file);
  await page.getByTestId('import-start').click();
  const done = page.getByTestId('import-done');
  const rejected = page.getByTestId('import-rejected');
  await expect
    .poll(async () => (await done.isVisible()) || (await rejected.isVisible()), { timeout: 30_000 })
    .toBe(true);
  return (await done.isVisible()) ? 'done' : 'rejected';
}

describe('an office imports an external list into the enrolment comparison', () => {
  it('sees a bad file refused row by row, then the corrected one imported and its mismatch flagged', async () => {
    const context = await desktop(browser, baseUrl);
    const page = await context.newPage();
    onTestFailed(() => shot(page, artifacts, 'compare-failure'));
    await adminLogin(page);
    await page.goto('/candidate/enrollCompare/index');
    // No plan chosen: the import waits for one.
    await expect.poll(() => page.getByTestId('import-open').isDisabled()).toBe(true);
    await pick(page, 'planId');
    await page.getByTestId('compare-search-submit').click();
    await expect.poll(() => page.getByTestId('import-open').isDisabled()).toBe(false);

    const header = ['姓名', '身份证号', '报考县（区）', '报考学段', '报考学科', '手机号'];
    const unknown = makeIdCard('19970512', 321);
    const bad = await writeXlsx(path.join(work, 'bad.xlsx'), [header, ['赵六', unknown], ['', '12345']]);
    expect(await runImport(page, bad, '现场审核表')).toBe('rejected');
    const errors = page.getByTestId('import-errors');
    await expect.poll(() => errors.textContent()).toContain('身份证号不是有效的身份证号');
    expect(await errors.textContent()).toContain('姓名不能为空');
    await shot(page, artifacts, 'compare-import-rejected');
    await page.getByRole('button', { name: /关\s*闭/ }).click();
    // Nothing was written.
    await expect.poll(() => page.locator('[data-testid=compare] .ant-table-row').count()).toBe(0);

    const good = await writeXlsx(path.join(work, 'good.xlsx'), [header, ['赵六', unknown]]);
    expect(await runImport(page, good, '现场审核表')).toBe('done');
    await shot(page, artifacts, 'compare-import-done');
    await page.getByRole('button', { name: /关\s*闭/ }).click();
    const row = page.locator('[data-testid=compare] .ant-table-row').filter({ hasText: maskIdCard(unknown) });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('compare-error').textContent()).toBe(
      '本计划中（您管理的地区内）没有该身份证号的报名',
    );
    await shot(page, artifacts, 'compare-list');
    await context.close();
  });
});

/**
 * The recruitment cycle of a new plan: the provincial administrator opens it and enters a post and the
 * enrolment notice; a candidate on a 375 px phone reads that notice and applies to that post; a 云岩区
 * reviewer rejects the application with a reason; the candidate reads the reason, corrects and
 * resubmits; the reviewer passes it; a comparison list with another phone number flags the difference.
 * The plan is drafted behind the screens (its timeline form has its own tests); the demo plan is open
 * again afterwards for the other flows.
 */
describe('a recruitment cycle for a new plan', () => {
  const stamp = Date.now() % 100_000_000;
  const PLAN = `2027年特岗教师招聘（演练${stamp % 1000}）`;
  const NOTICE = `演练须知${stamp}：报名后请留意审核结果。`;
  const REVIEWER = { userName: `yy${stamp}`, password: 'Yy1!review' };
  const candidate = {
    userName: `cyc${stamp}`,
    password: 'Cand1!pass',
    realName: '李审核',
    idCard: makeIdCard('19990615', (stamp % 400) + 1),
    telephone: `138${String(stamp).padStart(8, '0')}`,
  };
  let database: Database;
  let planId = 0;
  let demoPlanId = 0;

  beforeAll(async () => {
    database = openDatabase(inject('databaseUrl'), 2);
    const { db } = database;
    const [demo] = await db
      .select({ id: recruitPlan.id })
      .from(recruitPlan)
      .where(eq(recruitPlan.status, '1'));
    demoPlanId = demo!.id;
    planId = await draftPlan(db, PLAN, '2027');
    // A reviewer of 贵阳市 云岩区 with the administrator role: the region is what limits it.
    const [role] = await db.select().from(sysRole).where(eq(sysRole.code, 'admin'));
    const [user] = await db
      .insert(sysUser)
      .values({
        userName: REVIEWER.userName,
        nickName: '云岩区审核员',
        passwordHash: await hashPassword(REVIEWER.password),
        provinceCode: '520000',
        cityCode: '520100',
        countyCode: '520103',
      })
      .returning();
    await db.insert(sysUserRole).values({ userId: user!.id, roleId: role!.id });
  });
  afterAll(async () => {
    // The other flows apply to the demo plan.
    await database.db.update(recruitPlan).set({ status: '2' }).where(eq(recruitPlan.id, planId));
    await database.db.update(recruitPlan).set({ status: '1' }).where(eq(recruitPlan.id, demoPlanId));
    await database.close();
  });

  it('goes from posts and notice to a passed application and a flagged comparison', async () => {
    const admin = await (await desktop(browser, baseUrl)).newPage();
    onTestFailed(() => shot(admin, artifacts, 'cycle-admin-failure'));
    await consoleLogin(admin, 'admin', inject('adminPassword'));

    // Open the new plan (one plan is open at a time).
    await admin.goto('/recruit/recruitPlan/index');
    const planRow = (name: string) =>
      admin.locator('[data-testid=plan] .ant-table-row').filter({ hasText: name }).first();
    const setStatus = async (row: Locator, to: string) => {
      await row.getByTestId('plan-status').click();
      await admin.getByTestId(`plan-status-${to}`).click();
      await admin.getByTestId('plan-status-ok').click();
      await admin.locator('.ant-message-success').first().waitFor();
    };
    // The demo plan's cycle is still running, so the console would refuse to end it (已结束 archives a
    // plan after its last stage): it is archived behind the screens, as if its year were over.
    await database.db.update(recruitPlan).set({ status: '2' }).where(eq(recruitPlan.id, demoPlanId));
    await admin.reload();
    await setStatus(planRow(PLAN), '1');

    // A post: 云岩区, 普通岗位, 小学 语文, demand 2.
    await admin.goto('/recruit/recruitPlanData/index');
    await admin.getByTestId('plan-data-add').click();
    const postForm = admin.getByTestId('plan-data-form');
    await postForm.waitFor();
    await pick(admin, 'planId', PLAN, postForm);
    await admin.getByTestId('plan-data-region').click();
    await cascaderPath(admin, ['贵州省', '贵阳市', '云岩区']);
    await pick(admin, 'category', '普通岗位', postForm);
    await pick(admin, 'learningPeriod', '小学', postForm);
    await pick(admin, 'subject', '语文', postForm);
    await postForm.locator('#demandNumber').fill('2');
    await shot(admin, artifacts, 'cycle-post-form');
    await admin.getByTestId('plan-data-form-submit').click();
    await admin.locator('.ant-message-success').first().waitFor();

    // The enrolment notice, written in the rich-text editor.
    await admin.goto('/recruit/instruction/index');
    await admin.getByTestId('instruction-add').click();
    const noticeForm = admin.getByTestId('instruction-form');
    await noticeForm.waitFor();
    await pick(admin, 'planId', PLAN, noticeForm);
    await pick(admin, 'type', '报名须知', noticeForm);
    await admin.getByTestId('instruction-context-content').click();
    await admin.keyboard.type(NOTICE);
    await admin.getByTestId('instruction-form-submit').click();
    await admin.locator('.ant-message-success').first().waitFor();

    // The candidate on a phone reads that notice and applies to that post.
    const cand = await (await phone(browser, baseUrl)).newPage();
    onTestFailed(() => shot(cand, artifacts, 'cycle-candidate-failure'));
    await registerAndLogin(cand, candidate, inject('smsLog'), artifacts);
    await cand.goto('/web/enroll');
    await expect.poll(() => cand.getByTestId('enroll-notice-content').textContent()).toContain(NOTICE);
    await shot(cand, artifacts, 'cycle-notice');
    await cand.getByTestId('enroll-agree').check();
    await cand.getByTestId('enroll-start').click();
    await cand.getByTestId('enroll-form').waitFor();
    expect(await fillApplication(cand, candidate.telephone, work)).toBe('1999-06-15');
    await chooseEnrolment(cand, {
      planType: '普通岗位',
      county: ['贵阳市', '云岩区'],
      academicSession: '小学',
      subject: '语文',
    });
    await shot(cand, artifacts, 'cycle-candidate-form');
    await cand.getByTestId('enroll-submit').click();
    await cand.getByRole('button', { name: '确定' }).click();
    await cand.waitForURL('**/web/enroll_table');
    await expect.poll(() => cand.getByTestId('enroll-audit-status').getAttribute('data-status')).toBe('0');

    // The 云岩区 reviewer rejects it with a reason.
    const reviewer = await (await desktop(browser, baseUrl)).newPage();
    onTestFailed(() => shot(reviewer, artifacts, 'cycle-reviewer-failure'));
    await consoleLogin(reviewer, REVIEWER.userName, REVIEWER.password);
    await reviewer.goto('/candidate/enroll/index');
    await reviewer.getByTestId('enroll-search-name').fill(candidate.realName);
    await reviewer.getByTestId('enroll-search-submit').click();
    const row = reviewer
      .locator('[data-testid=enroll] .ant-table-row')
      .filter({ hasText: maskIdCard(candidate.idCard) });
    await expect.poll(() => row.count()).toBe(1);
    const REASON = '毕业院校与学历证书不一致，请核对后重新提交';
    await row.locator('[data-testid^=enroll-reject-]').click();
    await reviewer.getByTestId('enroll-reject-reason').fill(REASON);
    await reviewer.getByTestId('enroll-reject-ok').click();
    await reviewer.locator('.ant-message-success').first().waitFor();
    await shot(reviewer, artifacts, 'cycle-reviewer-rejected');

    // The candidate sees it and why, corrects and resubmits.
    await cand.reload();
    await expect.poll(() => cand.getByTestId('enroll-audit-status').getAttribute('data-status')).toBe('2');
    expect(await cand.getByTestId('enroll-audit-reason').textContent()).toContain(REASON);
    await shot(cand, artifacts, 'cycle-candidate-rejected');
    await cand.goto('/web/enroll');
    await cand.getByTestId('enroll-form').waitFor();
    expect(await cand.getByTestId('enroll-audit-reason').textContent()).toContain(REASON);
    // The stored photo: read from its own address with the candidate's token, shown as a blob: URL.
    const preview = cand.getByTestId('photo-preview');
    await expect
      .poll(() =>
        preview.evaluate((el) => (el instanceof HTMLImageElement ? el : el.querySelector('img'))?.src ?? ''),
      )
      .toMatch(/^blob:/);
    await shot(cand, artifacts, 'cycle-candidate-resubmit-form');
    await cand.locator('#graduateCollege').fill('贵州大学');
    await cand.getByTestId('enroll-submit').click();
    // The confirm appears only when the form is valid: otherwise say which fields the page refused.
    const confirmOk = cand.locator('.ant-modal-confirm .ant-btn-primary');
    const refused = cand.locator('.ant-form-item-explain-error');
    await expect
      .poll(async () =>
        (await confirmOk.isVisible()) ? 'confirm' : (await refused.allTextContents()).join(' | '),
      )
      .toBe('confirm');
    const [answer] = await Promise.all([
      cand.waitForResponse((r) => r.url().endsWith('/api/apply') && r.request().method() === 'PUT'),
      confirmOk.click(),
    ]);
    // The server's answer, in the failure message when it is not a success.
    expect(`${answer.status()} ${await answer.text()}`).toMatch(/^200 /);
    await cand.locator('.ant-message-success').first().waitFor();
    await cand.goto('/web/enroll_table');
    await expect.poll(() => cand.getByTestId('enroll-audit-status').getAttribute('data-status')).toBe('0');

    // The reviewer passes it; the candidate sees it passed.
    await reviewer.getByTestId('enroll-search-submit').click();
    await expect.poll(() => row.textContent()).toContain('待审核');
    await row.locator('[data-testid^=enroll-pass-]').click();
    await reviewer.getByTestId('enroll-pass-ok').click();
    await reviewer.locator('.ant-message-success').first().waitFor();
    await cand.reload();
    await expect.poll(() => cand.getByTestId('enroll-audit-status').getAttribute('data-status')).toBe('1');
    await shot(cand, artifacts, 'cycle-candidate-passed');

    // The dashboard counts it among the passed applicants of its post.
    // (counts are a snapshot of at most RATIO_CACHE_SECONDS: reload until it is read again)
    await expect
      .poll(
        async () => {
          await admin.goto('/wel/dashboard/index');
          const passed = admin.getByTestId('dashboard-passed').locator('.ant-statistic-content-value');
          await passed.waitFor();
          return [await passed.innerText(), await admin.getByTestId('dashboard-demand').innerText()];
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toEqual(['1', expect.stringContaining('2')]);
    await shot(admin, artifacts, 'cycle-dashboard');

    // The on-site audit sheet has another phone number: the comparison flags it.
    await reviewer.goto('/candidate/enrollCompare/index');
    await pick(reviewer, 'planId', PLAN);
    await reviewer.getByTestId('compare-search-submit').click();
    const sheetPhone = '13912345678';
    const sheet = await writeXlsx(path.join(work, 'cycle.xlsx'), [
      ['姓名', '身份证号', '报考县（区）', '报考学段', '报考学科', '手机号'],
      [candidate.realName, candidate.idCard, '云岩区', '小学', '语文', sheetPhone],
    ]);
    expect(await runImport(reviewer, sheet, '现场审核表')).toBe('done');
    await reviewer.getByRole('button', { name: /关\s*闭/ }).click();
    const flagged = reviewer
      .locator('[data-testid=compare] .ant-table-row')
      .filter({ hasText: maskIdCard(candidate.idCard) });
    await expect.poll(() => flagged.count()).toBe(1);
    const detail = (await flagged.getByTestId('compare-error').textContent()) ?? '';
    expect(detail).toContain(candidate.telephone);
    expect(detail).toContain(sheetPhone);
    await shot(reviewer, artifacts, 'cycle-compare');
  });
});
