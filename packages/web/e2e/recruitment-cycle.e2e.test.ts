import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { desktop, launch } from './browser';
import { makeIdCard, pick, shot } from './support';

/**
 * The recruitment cycle's office work in the console (issue 8): an administrator imports a list into
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

async function xlsx(name: string, rows: string[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  const file = path.join(work, name);
  await book.xlsx.writeFile(file);
  return file;
}

async function adminLogin(page: Page) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(inject('adminPassword'));
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/wel/index');
}

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
    const bad = await xlsx('bad.xlsx', [header, ['赵六', unknown], ['', '12345']]);
    expect(await runImport(page, bad, '现场审核表')).toBe('rejected');
    const errors = page.getByTestId('import-errors');
    await expect.poll(() => errors.textContent()).toContain('身份证号不是有效的身份证号');
    expect(await errors.textContent()).toContain('姓名不能为空');
    await shot(page, artifacts, 'compare-import-rejected');
    await page.getByRole('button', { name: /关\s*闭/ }).click();
    // Nothing was written.
    await expect.poll(() => page.locator('[data-testid=compare] .ant-table-row').count()).toBe(0);

    const good = await xlsx('good.xlsx', [header, ['赵六', unknown]]);
    expect(await runImport(page, good, '现场审核表')).toBe('done');
    await shot(page, artifacts, 'compare-import-done');
    await page.getByRole('button', { name: /关\s*闭/ }).click();
    const row = page.locator('[data-testid=compare] .ant-table-row').filter({ hasText: unknown });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('compare-error').textContent()).toBe(
      '本计划中（您管理的地区内）没有该身份证号的报名',
    );
    await shot(page, artifacts, 'compare-list');
    await context.close();
  });
});
