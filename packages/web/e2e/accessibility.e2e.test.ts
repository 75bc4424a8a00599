import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { axeFindings, describeFindings, nodeCount } from './axe';
import { launch, phone } from './browser';
import { adminLogin, chooseEnrolment, fillApplication, makeIdCard, registerAndLogin, shot } from './support';

/**
 * Accessibility of the candidate pages at 375 px and the console screens at 1440 px (the bar: 0
 * serious or critical axe-core findings on every page state). Each state is scanned
 * by axe-core in Chromium; every state is checked (soft assertions) and the findings are printed with
 * their rule, target and summary. Uses its own candidate (135… phone numbers, an ID born 1997-04-12),
 * so it does not depend on the other e2e files.
 */
const baseUrl = inject('baseUrl');
const artifacts = inject('artifacts');
const stamp = Date.now() % 100_000_000;
const candidate = {
  userName: `a11y${stamp}`,
  password: 'A11y!pass',
  realName: '李无障',
  idCard: makeIdCard('19970412', stamp % 400),
  telephone: `135${String(stamp).padStart(8, '0')}`,
};
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-e2e-a11y-'));
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Scans what `page` shows once antd's entry animations have settled (a half-faded element would be
 * measured at its passing colour), prints the findings and checks that there are none.
 */
async function check(page: Page, state: string): Promise<number> {
  // The resting state is measured: no button left in its hover colour by the last click.
  await page.mouse.move(0, 0);
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(600);
  // A toast still fading out is measured at its passing colour: wait until no motion is running.
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          '[class*="-leave-active"], [class*="-enter-active"], [class*="-appear-active"]',
        ),
      null,
      { timeout: 5000 },
    )
    .catch(() => {});
  const findings = await axeFindings(page);
  console.log(describeFindings(state, findings));
  if (findings.length) await shot(page, artifacts, `a11y-${state}`);
  expect
    .soft(
      findings.map((f) => `${f.rule} ×${f.nodes.length}`),
      state,
    )
    .toEqual([]);
  return nodeCount(findings);
}

describe('candidate pages at 375 px', () => {
  it('have no serious or critical axe-core findings', async () => {
    const context = await phone(browser, baseUrl);
    const page = await context.newPage();
    // (a soft failure reports after the context is closed: then there is nothing to shoot)
    onTestFailed(() => shot(page, artifacts, 'a11y-candidate-failure').catch(() => {}));
    let total = 0;

    await page.goto('/web/login');
    await page.getByTestId('login-submit').waitFor();
    total += await check(page, 'candidate-login');

    await page.goto('/web/register');
    await page.getByTestId('register-submit').waitFor();
    total += await check(page, 'candidate-register');

    await registerAndLogin(page, candidate, inject('smsLog'), artifacts);
    await page.getByTestId('go-enroll').waitFor();
    total += await check(page, 'candidate-home');

    await page.getByTestId('go-enroll').click();
    await page.waitForURL('**/web/enroll');
    await page.getByTestId('enroll-agree').check();
    await page.getByTestId('enroll-start').click();
    await page.getByTestId('enroll-form').waitFor();
    total += await check(page, 'candidate-enroll-form');

    // The error state: submit the empty form, as a candidate who skipped fields does.
    await page.getByTestId('enroll-submit').click();
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    total += await check(page, 'candidate-enroll-form-errors');

    await fillApplication(page, candidate.telephone, work);
    await chooseEnrolment(page);
    await page.getByTestId('enroll-submit').click();
    await page.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/web/enroll_table');
    await page.getByTestId('enroll-download').waitFor();
    total += await check(page, 'candidate-enroll-table');

    console.log(`candidate pages: ${total} serious/critical nodes in all`);
    await context.close();
  });
});

describe('console screens at 1440 px', () => {
  it('have no serious or critical axe-core findings', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    onTestFailed(() => shot(page, artifacts, 'a11y-console-failure').catch(() => {}));
    let total = 0;

    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    total += await check(page, 'console-login');

    await adminLogin(page);
    const screens = [
      ['console-dashboard', '/wel/dashboard/index', '[data-testid=dashboard-as-of]'],
      ['console-enrolments', '/candidate/enroll/index', '.ant-table-tbody'],
      ['console-plans', '/recruit/recruitPlan/index', '.ant-table-tbody'],
      ['console-plan-data', '/recruit/recruitPlanData/index', '.ant-table-tbody'],
      ['console-users', '/system/user/index', '.ant-table-tbody'],
    ] as const;
    for (const [state, url, ready] of screens) {
      await page.goto(url);
      await page.locator(ready).first().waitFor();
      total += await check(page, state);
    }

    console.log(`console screens: ${total} serious/critical nodes in all`);
    await context.close();
  });
});
