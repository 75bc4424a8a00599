import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { desktop, launch, phone } from './browser';
import { makeIdCard, pdfText, pick, shot, smsCode } from './support';

/**
 * The main job end to end (issue 2): a candidate on a phone registers with an SMS code, applies with a
 * photo and downloads the enrolment form; an administrator finds that enrolment, edits its phone and
 * exports the list.
 */
const baseUrl = inject('baseUrl');
const artifacts = inject('artifacts');
let browser: Browser;
const stamp = Date.now() % 100_000_000;
const candidate = {
  userName: `cand${stamp}`,
  password: 'Cand1!pass',
  realName: '王小明',
  idCard: makeIdCard('19980307', stamp % 400),
  telephone: `139${String(stamp).padStart(8, '0')}`,
};
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-e2e-files-'));

/** The red enrolment status of the sidebar; on a phone the sidebar is a drawer behind the menu button. */
async function enrollStatus(page: import('playwright-core').Page): Promise<string> {
  const toggle = page.getByTestId('menu-toggle');
  const drawer = await toggle.isVisible();
  if (drawer) await toggle.click();
  const text = (await page.getByTestId('enroll-status').textContent()) ?? '';
  if (drawer) await page.keyboard.press('Escape');
  return text;
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('a candidate on a phone', () => {
  it('registers with an SMS code, applies with a photo and downloads the enrolment form', async () => {
    const context = await phone(browser, baseUrl);
    const page = await context.newPage();
    onTestFailed(() => shot(page, artifacts, 'candidate-failure'));
    await page.goto('/');
    await page.waitForURL('**/web/login');
    await page.goto('/web/register');
    await page.getByLabel('用户名', { exact: true }).fill(candidate.userName);
    await page.getByLabel('密码', { exact: true }).fill(candidate.password);
    await page.getByLabel('确认密码').fill(candidate.password);
    await page.getByLabel('真实姓名').fill(candidate.realName);
    await page.getByLabel('身份证号').fill(candidate.idCard);
    await page.getByLabel('手机号码').fill(candidate.telephone);
    await page.getByTestId('sms-send').click();
    const code = await smsCode(inject('smsLog'), candidate.telephone);
    await page.getByLabel('短信验证码').fill(code);
    await shot(page, artifacts, 'candidate-register');
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/web/login');

    await page.locator('#userName').fill(candidate.userName);
    await page.locator('#password').fill(candidate.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/web/user_info');
    await expect.poll(() => enrollStatus(page)).toContain('未报名');

    await page.getByTestId('go-enroll').click();
    await page.waitForURL('**/web/enroll');
    await page.getByTestId('enroll-agree').check();
    await page.getByTestId('enroll-start').click();
    await page.getByTestId('enroll-form').waitFor();

    // Basic info.
    await page.locator('#phone').fill(candidate.telephone);
    await pick(page, 'maritalStatus', '未婚');
    await pick(page, 'nation', '汉族');
    await pick(page, 'veteran', '否');
    await pick(page, 'politicalAffiliation', '群众');
    await page.locator('#domicile').fill('贵州省贵阳市南明区');
    await page.locator('#address').fill('贵州省贵阳市南明区花果园大街1号');
    await page.locator('#graduateCollege').fill('贵州师范大学');
    await pick(page, 'education', '大学本科');
    await page.locator('#graduationDate').fill('2020-07-01');
    await page.keyboard.press('Enter');
    await page.locator('#major').fill('汉语言文学');
    await pick(page, 'isNormal', '是');
    await pick(page, 'freshmen', '往届毕业生');
    await pick(page, 'teacherCertification', '未取得');
    await pick(page, 'isAdjust', '是');
    await pick(page, 'priorityCondition', '否');
    const jpeg = path.join(work, 'photo.jpg');
    await sharp({ create: { width: 390, height: 540, channels: 3, background: '#4a78b0' } })
      .jpeg()
      .toFile(jpeg);
    await page.locator('[data-testid=photo-upload] input[type=file]').setInputFiles(jpeg);
    await page.getByTestId('photo-preview').waitFor();
    expect(await page.getByTestId('derived-birthday').inputValue()).toBe('1998-03-07');

    // Enrolment info: the cascade offers only what has demand.
    await pick(page, 'planType');
    await page.locator('#enrollCounty').click();
    await page.locator('.ant-cascader-menu').first().locator('.ant-cascader-menu-item').first().click();
    await page.locator('.ant-cascader-menu').nth(1).locator('.ant-cascader-menu-item').first().click();
    await pick(page, 'academicSession');
    await pick(page, 'subject');
    await shot(page, artifacts, 'candidate-enroll-form');
    await page.getByTestId('enroll-submit').click();
    await page.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/web/enroll_table');
    await expect.poll(() => enrollStatus(page)).toContain('已报名');
    await shot(page, artifacts, 'candidate-enroll-table');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('enroll-download').click(),
    ]);
    const pdf = path.join(work, 'form.pdf');
    await download.saveAs(pdf);
    const text = pdfText(pdf);
    expect(text).toContain(candidate.realName);
    expect(text).toContain(candidate.idCard);
    await context.close();
  });
});

describe('an administrator', () => {
  it('logs in, finds that enrolment, edits its phone and exports the list', async () => {
    const context = await desktop(browser, baseUrl);
    const page = await context.newPage();
    onTestFailed(() => shot(page, artifacts, 'admin-failure'));
    await page.goto('/login');
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(inject('adminPassword'));
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/wel/index');
    await page.getByTestId('home-welcome').waitFor();

    // A deep link to the console page works like the menu.
    await page.goto('/candidate/enroll/index');
    await page.getByTestId('enroll-search-name').fill(candidate.realName);
    await page.getByTestId('enroll-search-submit').click();
    const rows = page.locator('[data-testid=enroll] .ant-table-row');
    const row = rows.filter({ hasText: candidate.realName });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await row.textContent()).toContain(candidate.idCard);
    await shot(page, artifacts, 'admin-enroll-list');

    const newPhone = '13700001111';
    await row.getByTestId('enroll-edit').click();
    await page.getByTestId('enroll-phone-input').fill('1370000');
    await page.getByTestId('enroll-form-submit').click();
    await expect
      .poll(() => page.locator('.ant-form-item-explain-error').first().textContent())
      .toBe('手机号码长度不是11位');
    await page.getByTestId('enroll-phone-input').fill(newPhone);
    await page.getByTestId('enroll-form-submit').click();
    await page.locator('.ant-message-success').first().waitFor();
    await expect.poll(() => row.textContent()).toContain(newPhone);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('enroll-export').click(),
    ]);
    const xlsx = path.join(work, 'enrolments.xlsx');
    await download.saveAs(xlsx);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx);
    const values: string[][] = [];
    workbook.worksheets[0]!.eachRow((r) =>
      values.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))),
    );
    expect(values[0]).toContain('姓名');
    const exported = values.find((r) => r.includes(candidate.realName));
    expect(exported).toBeDefined();
    expect(exported).toContain(candidate.idCard);
    expect(exported).toContain(newPhone);
    await context.close();
  });
});
