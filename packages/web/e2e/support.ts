import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { idCardCheckChar, recruitPlanCreateSchema } from '@tegang/domain';
import type { Db } from '../../server/src/db';
import { createPlan } from '../../server/src/modules/recruit-plan/service';

/**
 * Presses `button` until `done` shows, as a person presses again when a click during a dialog's
 * opening animation was lost; a button that is not (yet) there is not pressed. Fails the test after
 * vitest's poll timeout if `done` never shows.
 */
export async function pressUntil(button: Locator, done: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await done.isVisible()) return true;
        if (await button.isVisible()) await button.click({ timeout: 2000 }).catch(() => undefined);
        await done.waitFor({ timeout: 1000 }).catch(() => undefined);
        return done.isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** A valid GB 11643 ID number born on `birth` (YYYYMMDD), odd sequence (male). */
export function makeIdCard(birth: string, seq: number): string {
  const first17 = `520102${birth}${String(seq * 2 + 1)
    .padStart(3, '0')
    .slice(-3)}`;
  return first17 + idCardCheckChar(first17);
}

/** Waits for the SMS code the server logged for `phone` (and `purpose`), as an operator reads the log. */
export async function smsCode(
  log: string,
  phone: string,
  purpose = 'register',
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const re = new RegExp(`phone=${phone} code=(\\d{6}) purpose=${purpose}`, 'g');
  while (Date.now() < deadline) {
    const hits = [...fs.readFileSync(log, 'utf8').matchAll(re)];
    if (hits.length) return hits[hits.length - 1]![1]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${phone} in ${log}`);
}

/**
 * Opens the antd select `#id` and picks the option with `text`, or the first one. Options are looked up
 * in this select's own dropdown (the one holding its `#<id>_list` listbox): the dropdown of the select
 * picked just before may still be in the page, closing. `within` narrows the select's lookup (e.g. to
 * a dialog when the search form has a field of the same name). A click that missed (the select does not
 * show the choice) is tried once more.
 */
export async function pick(page: Page, id: string, text?: string, within?: Locator): Promise<string> {
  const input = (within ?? page).locator(`#${id}`);
  const shown = (within ?? page).locator(`.ant-select:has(#${id}) .ant-select-selection-item`);
  // A choice the form made by itself (the only option of a level) is what a person leaves as it is.
  if (text && (await shown.filter({ hasText: text }).count())) return text;
  for (let attempt = 1; ; attempt++) {
    await input.click();
    // Long lists are virtual: type to narrow them (dictionary selects are searchable).
    if (text && (await input.isEditable())) await input.fill(text);
    const dropdown = page.locator(`.ant-select-dropdown:has(#${id}_list)`);
    const options = dropdown.locator('.ant-select-item-option');
    const option = text ? options.filter({ hasText: text }).first() : options.first();
    await option.waitFor({ state: 'visible' });
    const label = (await option.textContent()) ?? '';
    await option.click();
    await dropdown.waitFor({ state: 'hidden', timeout: 2000 }).catch(() => {});
    // On a loaded machine a click on a still-moving dropdown can miss: the select must show the choice.
    const taken = await shown
      .filter({ hasText: text ?? label })
      .first()
      .waitFor({ timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (taken || attempt === 2) return label;
  }
}

/** Text of a PDF, by pdftotext (poppler-utils). */
export function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

/** The text of the QR code on page 1 of a PDF (pdftoppm at 150 dpi, decoded by jsQR), or null. */
export async function pdfQr(file: string): Promise<string | null> {
  const png = `${file}.qr`;
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, png]);
  const { data, info } = await sharp(`${png}.png`).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return (
    jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ??
    null
  );
}

/** Saves a screenshot into e2e/artifacts (kept out of git) for a person to look at. */
export async function shot(page: Page, dir: string, name: string): Promise<void> {
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A candidate account as the register page asks for it. */
export interface CandidateAccount {
  userName: string;
  password: string;
  realName: string;
  idCard: string;
  telephone: string;
}

/**
 * Registers `candidate` with the SMS code the server logged, then logs in; ends on /web/user_info.
 * Saves a screenshot of the filled register page as `candidate-register`.
 */
export async function registerAndLogin(
  page: Page,
  candidate: CandidateAccount,
  smsLog: string,
  artifacts: string,
): Promise<void> {
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
  const code = await smsCode(smsLog, candidate.telephone);
  await page.getByLabel('短信验证码').fill(code);
  await shot(page, artifacts, 'candidate-register');
  await page.getByTestId('register-submit').click();
  await page.waitForURL('**/web/login');
  // The login page fills in the new user name itself: wait for it, so that the form is settled.
  await expect.poll(() => page.locator('#userName').inputValue()).toBe(candidate.userName);
  // antd may re-create the input right after the page opens; type again until the value holds.
  await expect
    .poll(async () => {
      await page.locator('#password').fill(candidate.password);
      await page.waitForTimeout(300);
      return page.locator('#password').inputValue();
    })
    .toBe(candidate.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/web/user_info');
}

/**
 * What a scripted user did on a form (the goal: a first-timer fills the application in under 2 minutes):
 * taps (clicks, including the tap that focuses a text field) and characters typed, of them Chinese.
 * A choice in a select is 2 taps (open, option), a radio button 1, a month on the phone's own picker
 * 3 (open, turn the wheels, done), choosing a photo 2 (upload, the file).
 */
export interface Effort {
  taps: number;
  typed: number;
  chinese: number;
}

const CHINESE = /[\u3400-\u9fff]/gu;

/** Counts the characters of `text` typed. */
function characters(effort: Effort, text: string): void {
  effort.typed += text.length;
  effort.chinese += text.match(CHINESE)?.length ?? 0;
}

/** Counts typing `text` into a field that was tapped first. */
function typed(effort: Effort, text: string): void {
  effort.taps += 1;
  characters(effort, text);
}

/** Picks `text` in the radio buttons of the form field `field` (one tap) and waits until it is checked. */
async function radio(page: Page, field: string, text: string, effort: Effort): Promise<void> {
  const group = page.getByTestId(`field-${field}`);
  await group.locator('.ant-radio-button-wrapper').first().waitFor();
  await group.getByText(text, { exact: true }).click();
  effort.taps += 1;
  await expect.poll(() => group.locator('.ant-radio-button-wrapper-checked').textContent()).toBe(text);
}

/** pick() counted: 2 taps, and the characters typed when the select is searchable (a long list). */
async function choose(page: Page, id: string, text: string | undefined, effort: Effort): Promise<string> {
  const searchable = text !== undefined && (await page.locator(`#${id}`).isEditable());
  const label = await pick(page, id, text);
  effort.taps += 2; // open, option; the tap that opened it focused its search box
  if (searchable) characters(effort, text);
  return label;
}

/** Types `text` into the text field `#id`, counted. */
async function type(page: Page, id: string, text: string, effort: Effort): Promise<void> {
  await page.locator(`#${id}`).fill(text);
  typed(effort, text);
}

/**
 * Fills the application's basic information as a first-timer would (a 大学本科 graduate of July 2020)
 * and uploads a generated photo into `dir`; returns the birthday the form derived from the ID number.
 * Uses what the form offers: the phone and the domicile prefilled (the account's phone, the ID
 * number's GB/T 2260 code), radio buttons for 2–3 options, the phone's month picker at 375 px (antd's
 * month panel on a desktop). Prints the taps and characters on one line (`first-timer form: …`) and
 * returns them in `effort` too.
 */
export async function fillApplication(
  page: Page,
  phone: string,
  dir: string,
  effort: Effort = { taps: 0, typed: 0, chinese: 0 },
): Promise<string> {
  if ((await page.locator('#phone').inputValue()) !== phone) await type(page, 'phone', phone, effort);
  await choose(page, 'maritalStatus', '未婚', effort);
  // 汉族 is the first of the list: tapped, not searched.
  expect(await choose(page, 'nation', undefined, effort)).toBe('汉族');
  await radio(page, 'veteran', '否', effort);
  await choose(page, 'politicalAffiliation', '群众', effort);
  // The domicile comes from the ID number (520102: 贵州省贵阳市南明区); otherwise picked in the cascader.
  const domicile = page.locator('.ant-select:has(#domicile) .ant-select-selection-item');
  const prefilled = await domicile
    .filter({ hasText: '南明区' })
    .waitFor({ timeout: 5000 })
    .then(() => true)
    .catch(() => false);
  if (!prefilled) {
    await page.locator('#domicile').click();
    await cascaderPath(page, ['贵州省', '贵阳市', '南明区']);
    effort.taps += 4;
  }
  await type(page, 'address', '贵州省贵阳市南明区花果园大街1号', effort);
  await type(page, 'graduateCollege', '贵州师范大学', effort);
  await choose(page, 'education', '大学本科', effort);
  const month = page.locator('#graduationDate');
  if ((await month.getAttribute('type')) === 'month') {
    await month.fill('2020-07');
    effort.taps += 3;
  } else {
    await month.fill('2020-07');
    await page.keyboard.press('Enter');
    typed(effort, '2020-07');
  }
  await type(page, 'major', '汉语言文学', effort);
  await radio(page, 'isNormal', '是', effort);
  await radio(page, 'freshmen', '往届毕业生', effort);
  await radio(page, 'teacherCertification', '未取得', effort);
  await radio(page, 'isAdjust', '是', effort);
  await radio(page, 'priorityCondition', '否', effort);
  const jpeg = path.join(dir, 'photo.jpg');
  await sharp({ create: { width: 390, height: 540, channels: 3, background: '#4a78b0' } })
    .jpeg()
    .toFile(jpeg);
  await page.locator('[data-testid=photo-upload] input[type=file]').setInputFiles(jpeg);
  effort.taps += 2;
  await page.getByTestId('photo-preview').waitFor();
  console.log(
    `first-timer form: ${effort.taps} taps, ${effort.typed} characters typed (${effort.chinese} Chinese)` +
      `, domicile ${prefilled ? 'prefilled' : 'picked'}`,
  );
  return page.getByTestId('derived-birthday').inputValue();
}

/** Clicks through an open antd cascader: one item per column, by its text (e.g. 贵州省, 贵阳市, 南明区). */
export async function cascaderPath(page: Page, names: readonly string[]): Promise<void> {
  for (const [level, name] of names.entries())
    await page
      .locator('.ant-cascader-menu')
      .nth(level)
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: name })
      .click();
}

/** The 报考信息 a scripted candidate takes: named choices, or the first on offer where left out. */
export interface EnrolmentChoice {
  planType?: string;
  /** City and county names of the 报考县 cascader. */
  county?: readonly [string, string];
  academicSession?: string;
  subject?: string;
}

/**
 * Fills the 报考信息 of the application form as a candidate does: plan category, county, learning
 * period and subject, each level once the one above is chosen. A choice the form made by itself (the
 * plan's only option) is left as it is.
 */
export async function chooseEnrolment(page: Page, choice: EnrolmentChoice = {}): Promise<void> {
  await pick(page, 'planType', choice.planType);
  const shown = page.locator('.ant-select:has(#enrollCounty) .ant-select-selection-item');
  if (!choice.county || !(await shown.filter({ hasText: choice.county[1] }).count())) {
    await page.locator('#enrollCounty').click();
    if (choice.county) await cascaderPath(page, choice.county);
    else
      for (const level of [0, 1])
        await page
          .locator('.ant-cascader-menu')
          .nth(level)
          .locator('.ant-cascader-menu-item')
          .first()
          .click();
  }
  await pick(page, 'academicSession', choice.academicSession);
  await pick(page, 'subject', choice.subject);
}

/**
 * Drafts a plan (status 0) named `name` of `year` behind the screens (the timeline form has its own
 * tests): online enrolment open since an hour ago for five days, then each later stage in turn.
 * Returns its id.
 */
export async function draftPlan(db: Db, name: string, year: string): Promise<number> {
  const hour = 3_600_000;
  const at = (h: number) => new Date(Date.now() + h * hour).toISOString();
  return createPlan(
    db,
    recruitPlanCreateSchema.parse({
      name,
      year,
      company: '贵州省教育厅',
      limitBirth: '1990-01-01',
      startTime: at(-24),
      endTime: at(24 * 60),
      enrollStartTime: at(-1),
      enrollEndTime: at(24 * 5),
      auditStartTime: at(24 * 5),
      auditEndTime: at(24 * 7),
      ticketPrintStartTime: at(24 * 7),
      ticketPrintEndTime: at(24 * 9),
      examStartTime: at(24 * 10),
      examEndTime: at(24 * 10 + 6),
      scoreQueryStartTime: at(24 * 11),
      scoreQueryEndTime: at(24 * 12),
      interviewStartTime: at(24 * 13),
      interviewEndTime: at(24 * 14),
      physicalExamStartTime: at(24 * 15),
      physicalExamEndTime: at(24 * 16),
      listPublishedStartTime: at(24 * 17),
      listPublishedEndTime: at(24 * 20),
      customerServicePhone: '0851-85280000',
    }),
  );
}

/** Logs into the console as `userName` and waits for the welcome page. */
export async function consoleLogin(page: Page, userName: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/wel/index');
}

/** Logs into the console as the seeded "admin" (the password the e2e setup provides). */
export const adminLogin = (page: Page): Promise<void> => consoleLogin(page, 'admin', inject('adminPassword'));

/** Writes `rows` (the first one the header) as the first sheet of the xlsx `file`; returns `file`. */
export async function writeXlsx(
  file: string,
  rows: readonly (readonly (string | number)[])[],
): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow([...row]);
  await book.xlsx.writeFile(file);
  return file;
}
