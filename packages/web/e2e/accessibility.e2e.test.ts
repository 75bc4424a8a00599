import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { axeFindings, describeFindings, nodeCount } from './axe';
import { launch, phone } from './browser';
import {
  adminLogin,
  chooseEnrolment,
  fillApplication,
  makeIdCard,
  pick,
  registerAndLogin,
  shot,
} from './support';

/**
 * Accessibility of the candidate pages at 375 px and the console screens at 1440 px (the bar: 0
 * serious or critical axe-core findings on every page state). Each state is scanned
 * by axe-core in Chromium; every state is checked (soft assertions) and the findings are printed with
 * their rule, target and summary. Uses its own candidate (135… phone numbers, an ID born 1997-04-12),
 * so it does not depend on the other e2e files. The console states include the plan list searched by
 * its 状态, the reviewer's list and the enrolment detail (with a pass taken back), and a tab bar whose
 * tabs overflow (12+ screens opened from the menu).
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
    await page.getByTestId('enroll-agree').waitFor();
    // the notice box scrolls by keyboard: a focusable region named by its title
    const notice = page.getByTestId('enroll-notice-content');
    if (await notice.count())
      expect([await notice.getAttribute('tabindex'), await notice.getAttribute('aria-label')]).toEqual([
        '0',
        '报名须知',
      ]);
    total += await check(page, 'candidate-enroll-notice');
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

    total += await planListByStatus(page);
    total += await enrolmentListAndDetail(page);
    total += await overflowingTabs(page);

    console.log(`console screens: ${total} serious/critical nodes in all`);
    await context.close();
  });
});

/**
 * The plan list searched by its 状态 (spec §2 "status (search dropdown)"): the dropdown in view at
 * 1440 px without 展开, each row found showing its status beside the stage its timeline gives.
 */
async function planListByStatus(page: Page): Promise<number> {
  await page.goto('/recruit/recruitPlan/index');
  const rows = page.locator('[data-testid=plan] .ant-table-row');
  await rows.first().waitFor();
  expect(await page.locator('#status').isVisible(), 'the 状态 search at 1440 px').toBe(true);
  await pick(page, 'status', '报名中');
  await page.getByTestId('plan-search-submit').click();
  await expect
    .poll(async () => {
      const cells = await page.locator('[data-testid=plan] [data-testid=plan-status-cell]').allTextContents();
      return cells.length > 0 && cells.every((c) => c === '报名中');
    })
    .toBe(true);
  const first = rows.first();
  const [status, phase] = [first.getByTestId('plan-status-cell'), first.getByTestId('plan-phase')];
  expect([await status.isVisible(), await phase.isVisible()]).toEqual([true, true]);
  // beside each other: the status cell starts where the stage's cell ends
  const [s, p] = [(await status.boundingBox())!, (await phase.boundingBox())!];
  expect(s.x).toBeGreaterThan(p.x);
  await shot(page, artifacts, 'a11y-1440-plans-by-status');
  return check(page, 'console-plans-by-status');
}

/**
 * The reviewer's list at 1440 px (name, ID number, the whole phone, county and subject in view beside
 * the fixed audit and action columns) and the enrolment detail: its body scrolls by keyboard; 通过
 * offers 撤销, which takes the pass back and shows it in the history.
 */
async function enrolmentListAndDetail(page: Page): Promise<number> {
  let found = 0;
  await page.goto('/candidate/enroll/index');
  await page.getByTestId('enroll-search-name').fill(candidate.realName);
  await page.getByTestId('enroll-search-submit').click();
  const row = page.locator('[data-testid=enroll] .ant-table-row').filter({ hasText: candidate.telephone });
  await row.waitFor();
  const fixedLeft = (await page
    .locator('[data-testid=enroll] th')
    .filter({ hasText: '审核状态' })
    .first()
    .boundingBox())!.x;
  for (const header of ['姓名', '身份证号', '手机号码', '报考县', '报考学科']) {
    const box = (await page
      .locator('[data-testid=enroll] th')
      .filter({ hasText: header })
      .first()
      .boundingBox())!;
    expect(box.x + box.width, `${header} in view`).toBeLessThanOrEqual(fixedLeft + 1);
  }
  await shot(page, artifacts, 'a11y-1440-enrolments');
  found += await check(page, 'console-enrolments-reviewer');

  await row.getByTestId('enroll-view').click();
  const detail = page.getByTestId('enroll-detail');
  const history = page.getByTestId('enroll-audit-history');
  await history.waitFor();
  await detail.focus();
  const top = await detail.evaluate((el) => el.scrollTop);
  await page.keyboard.press('PageDown');
  await expect
    .poll(() => detail.evaluate((el) => el.scrollTop), { message: 'the detail scrolls by keyboard' })
    .toBeGreaterThan(top);
  await shot(page, artifacts, 'a11y-1440-enrolment-detail');
  found += await check(page, 'console-enrolment-detail');

  await page.getByTestId('enroll-detail-pass').click();
  await page.getByTestId('enroll-undo-pass').click();
  await page.locator('.ant-message-success').filter({ hasText: '已撤销审核通过' }).waitFor();
  await history.scrollIntoViewIfNeeded();
  await expect.poll(() => history.textContent()).toContain('撤销通过');
  expect(await history.textContent()).toContain('审核通过');
  await expect.poll(() => page.getByTestId('enroll-detail-pass').isEnabled()).toBe(true);
  await page.getByTestId('enroll-detail-back').click();
  return found;
}

/**
 * The console's tab bar with 12+ screens opened from the menu, so that the tabs overflow into antd's
 * … list: the tab list stays a valid tablist, closed and with the list open.
 */
async function overflowingTabs(page: Page): Promise<number> {
  const groups: [string, string[]][] = [
    [
      '招生管理',
      [
        '/wel/dashboard/index',
        '/recruit/recruitPlan/index',
        '/recruit/recruitPlanData/index',
        '/recruit/educationPlan/index',
        '/recruit/instruction/index',
        '/candidate/enroll/index',
        '/candidate/enrollCompare/index',
        '/candidate/registeredPersonnel/index',
        '/candidate/candidateUserState/index',
        '/candidate/admissionTicket/index',
        '/candidate/admissionResults/index',
      ],
    ],
    ['系统管理', ['/system/user/index', '/system/role/index', '/system/dict/index']],
  ];
  for (const [group, paths] of groups)
    for (const path of paths) {
      const link = page.getByTestId(`menu-${path}`);
      if (!(await link.isVisible()))
        await page.locator('.ant-menu-submenu-title').filter({ hasText: group }).click();
      await link.click();
      await page.waitForURL(`**${path}`);
      await page.getByTestId(`tab-${path}`).waitFor({ state: 'attached' });
    }
  expect(await page.locator('[data-testid=tabs] .ant-tabs-tab').count()).toBeGreaterThanOrEqual(12);
  const more = page.locator('[data-testid=tabs] .ant-tabs-nav-more');
  await expect.poll(() => more.isVisible(), { message: 'the tabs overflow' }).toBe(true);
  await page.locator('.ant-table-tbody').first().waitFor();
  let found = await check(page, 'console-tabs-overflowing');
  await more.click();
  await page.locator('.ant-tabs-dropdown:not(.ant-tabs-dropdown-hidden)').waitFor();
  await shot(page, artifacts, 'a11y-1440-tabs-overflow');
  found += await check(page, 'console-tabs-overflow-open');
  await page.keyboard.press('Escape');
  return found;
}
