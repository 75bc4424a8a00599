import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db';
import { hashPassword } from '../../server/src/lib/passwords';
import { axeFindings, describeFindings } from './axe';
import { launch } from './browser';
import { adminLogin, chooseEnrolment, fillApplication, makeIdCard, shot } from './support';

/**
 * The candidate's three minutes and the reviewer's day, on a 375 px phone and a 1440 px screen, both
 * in WeChat: the home card and the sidebar agree on the candidate's state at every step (未报名,
 * 待审核, 审核未通过 with the reason and 修改报名, 审核已通过, 已录取 with 查看录取结果); a Word table
 * pasted into the enrolment notice scrolls inside itself, not the page; a failed submit focuses the
 * first field in error and keeps it in view; the enrolment-form page guides WeChat users; the
 * reviewer rejects and passes in the detail dialog, stepping between pending applications; the
 * greyed ticket actions say why; an archived plan still shows its result. One seeded cycle on the
 * demo plan (its timeline and status are restored afterwards); the two candidates' accounts, the
 * second one's copy of the first's application and the result are set behind the screens.
 */
const baseUrl = inject('baseUrl');
const artifacts = inject('artifacts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-e2e-journeys-'));
const HOUR = 3_600_000;
const stamp = Date.now() % 100_000_000;

/** WeChat's in-app browser on an iPhone and WeChat for Windows (both say MicroMessenger). */
const WECHAT_PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN';
const WECHAT_DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 ' +
  'Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13)';

/** One name for both candidates, so the reviewer's search (and its pending neighbours) holds just them. */
const DIGITS = '零一二三四五六七八九';
const NAME = `周${String(stamp % 1000)
  .padStart(3, '0')
  .replace(/\d/g, (d) => DIGITS[Number(d)]!)}`;
const PASSWORD = 'Cand1!pass';
const phoneCand = {
  userName: `jp${stamp}`,
  idCard: makeIdCard('19960511', (stamp % 300) + 5),
  telephone: `133${String(stamp).padStart(8, '0')}`,
};
const deskCand = {
  userName: `jd${stamp}`,
  idCard: makeIdCard('19980722', (stamp % 300) + 7),
  telephone: `134${String(stamp).padStart(8, '0')}`,
};
const REASON = '照片不清晰，请上传近期免冠证件照';

/** A Word table as the clipboard gives it: Word's classes, widths and styles around an exam schedule. */
const WORD_TABLE = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><body>
<p class=MsoNormal>考试日程安排如下：</p>
<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0 width=840 style='width:630pt;border-collapse:collapse'>
<tr><td width=120 style='width:90pt'><p class=MsoNormal><b>阶段</b></p></td><td width=120 style='width:90pt'><p class=MsoNormal><b>日期</b></p></td><td width=120 style='width:90pt'><p class=MsoNormal><b>时间</b></p></td><td width=120 style='width:90pt'><p class=MsoNormal><b>地点</b></p></td><td width=120 style='width:90pt'><p class=MsoNormal><b>须携带材料</b></p></td><td width=120 style='width:90pt'><p class=MsoNormal><b>联系人</b></p></td><td width=120 style='width:90pt'><p class=MsoNormal><b>咨询电话</b></p></td></tr>
<tr><td width=120 style='width:90pt'><p class=MsoNormal>现场资格审核</p></td><td width=120 style='width:90pt'><p class=MsoNormal>2027年5月8日</p></td><td width=120 style='width:90pt'><p class=MsoNormal>9:00—17:00</p></td><td width=120 style='width:90pt'><p class=MsoNormal>各县（区）教育局人事股</p></td><td width=120 style='width:90pt'><p class=MsoNormal>身份证、毕业证、教师资格证</p></td><td width=120 style='width:90pt'><p class=MsoNormal>王老师</p></td><td width=120 style='width:90pt'><p class=MsoNormal>0851-85280000</p></td></tr>
<tr><td width=120 style='width:90pt'><p class=MsoNormal>笔试</p></td><td width=120 style='width:90pt'><p class=MsoNormal>2027年5月13日</p></td><td width=120 style='width:90pt'><p class=MsoNormal>9:00—11:30</p></td><td width=120 style='width:90pt'><p class=MsoNormal>以准考证上的考点为准</p></td><td width=120 style='width:90pt'><p class=MsoNormal>准考证、身份证、2B铅笔</p></td><td width=120 style='width:90pt'><p class=MsoNormal>李老师</p></td><td width=120 style='width:90pt'><p class=MsoNormal>0851-85280001</p></td></tr>
</table></body></html>`;

let browser: Browser;
let database: Database;
let demoPlanId = 0;
let demoPlanName = '';
/** The demo plan's timeline and status before the test, restored afterwards. */
let saved: Record<string, unknown> = {};
const contexts: BrowserContext[] = [];

/** A candidate's context: WeChat at 375 px (a phone, touch) or at 1440 px (WeChat for Windows). */
async function wechat(width: 375 | 1440): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: width === 375 ? { width: 375, height: 812 } : { width: 1440, height: 900 },
    ...(width === 375 ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
    userAgent: width === 375 ? WECHAT_PHONE : WECHAT_DESKTOP,
    acceptDownloads: true,
    locale: 'zh-CN',
  });
  contexts.push(context);
  const page = await context.newPage();
  // WeChat previews the PDF in a page of its own: not looked at here.
  context.on('page', (p) => void p.close().catch(() => {}));
  return page;
}

/** Logs in on /web/login (the form may re-create its inputs right after opening: typed until it holds). */
async function login(page: Page, userName: string): Promise<void> {
  await page.goto('/web/login');
  await page.locator('#userName').fill(userName);
  await expect
    .poll(async () => {
      await page.locator('#password').fill(PASSWORD);
      await page.waitForTimeout(200);
      return page.locator('#password').inputValue();
    })
    .toBe(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/web/user_info');
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

/**
 * The home (/web/user_info) as `label`: the card's state is `state`, the sidebar says the same, and
 * the card passes axe-core's serious and critical rules. Screenshot `journeys-<width>-<label>`.
 */
async function home(page: Page, width: number, label: string, state: string): Promise<void> {
  // The page is loaded again until the state shows: a plan changed straight in the database reaches
  // the server's reference results only when they expire (REFERENCE_CACHE_SECONDS, 10 s by default).
  await expect
    .poll(
      async () => {
        await page.goto('/web/user_info');
        return page
          .getByTestId('stage-state')
          .textContent({ timeout: 10_000 })
          .catch(() => null);
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(state);
  expect(await sidebarStatus(page), `sidebar at ${width} px, ${label}`).toBe(state);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  const findings = await axeFindings(page);
  expect.soft(findings, describeFindings(`home-${label}-${width}`, findings)).toEqual([]);
  await shot(page, artifacts, `journeys-${width}-home-${label}`);
}

/** The page scrolls sideways by no pixel (a wide table must scroll inside its own box). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * After a failed submit: where the focus is. 'first-error' when the focused element is inside the
 * first form item in error and lies inside the viewport below the sticky header, else what is wrong.
 */
const focusOnFirstError = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    const first = document.querySelector('.ant-form-item-has-error');
    if (!first) return 'no error shown';
    if (!active || !first.contains(active)) return `focus on ${active?.id || active?.tagName} instead`;
    const box = active.getBoundingClientRect();
    return box.top >= 56 && box.bottom <= window.innerHeight
      ? 'first-error'
      : `off-screen (top ${Math.round(box.top)})`;
  });

beforeAll(async () => {
  browser = await launch();
  database = openDatabase(inject('databaseUrl'), 2);
  const { rows } = await database.pool.query<Record<string, unknown> & { id: string; name: string }>(
    `select * from recruit_plan where status = '1'`,
  );
  demoPlanId = Number(rows[0]!.id);
  demoPlanName = rows[0]!.name;
  saved = rows[0]!;
  const hash = await hashPassword(PASSWORD);
  for (const [c, birthday] of [
    [phoneCand, '1996-05-11'],
    [deskCand, '1998-07-22'],
  ] as const)
    await database.pool.query(
      `insert into candidate_user (user_name, password_hash, real_name, id_card, gender, birthday, telephone)
       values ($1, $2, $3, $4, '1', $5, $6)`,
      [c.userName, hash, NAME, c.idCard, birthday, c.telephone],
    );
});

afterAll(async () => {
  if (database) {
    const cols = Object.keys(saved).filter((k) => k.endsWith('_time'));
    await database.pool.query(
      `update recruit_plan set status = '1', ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')} where id = $1`,
      [demoPlanId, ...cols.map((c) => saved[c])],
    );
    await database.close();
  }
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

// One cycle for two widths, three people and a dozen page states: about three minutes on a loaded machine.
describe('the candidate journeys at 375 px and 1440 px', { timeout: 300_000 }, () => {
  it('home and sidebar agree at every step; notice table, first error, WeChat guide, workbench, reasons, archived result', async () => {
    const admin = await (
      await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
    ).newPage();
    contexts.push(admin.context());
    const phone = await wechat(375);
    const desk = await wechat(1440);
    onTestFailed(async () => {
      for (const [p, name] of [
        [admin, 'admin'],
        [phone, 'phone'],
        [desk, 'desk'],
      ] as const)
        await shot(p, artifacts, `journeys-failure-${name}`).catch(() => {});
    });

    // The office pastes a Word table into the plan's enrolment notice.
    await adminLogin(admin);
    await admin.goto('/recruit/instruction/index');
    const noticeRow = admin
      .locator('[data-testid=instruction] .ant-table-row')
      .filter({ hasText: demoPlanName })
      .first();
    await noticeRow.getByTestId('instruction-edit').click();
    const editor = admin.getByTestId('instruction-context-content');
    await editor.click();
    await admin.keyboard.press('Control+A');
    await editor.evaluate((el, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', '考试日程安排');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, WORD_TABLE);
    await expect.poll(() => editor.locator('table tr').count()).toBe(3);
    await shot(admin, artifacts, 'journeys-1440-notice-editor');
    await admin.getByTestId('instruction-form-submit').click();
    await admin.locator('.ant-message-success').first().waitFor();

    // The plan list shows the plan's phase from its timeline, and 已结束 is greyed with its reason
    // while a later window is still to come (it would hide the cycle from its candidates).
    await admin.goto('/recruit/recruitPlan/index');
    const planRow = admin
      .locator('[data-testid=plan] .ant-table-row')
      .filter({ hasText: demoPlanName })
      .first();
    expect(await planRow.getByTestId('plan-phase').getAttribute('data-phase')).toBe('enroll');
    await planRow.getByTestId('plan-status').click();
    const close = admin
      .locator('.ant-dropdown-menu-item')
      .filter({ has: admin.getByTestId('plan-status-2') });
    await close.waitFor({ state: 'visible' });
    expect(await close.getAttribute('class')).toContain('ant-dropdown-menu-item-disabled');
    expect(await close.getByTestId('plan-close-blocked').textContent()).toBeTruthy();
    await shot(admin, artifacts, 'journeys-1440-plan-close-blocked');
    await admin.keyboard.press('Escape');

    // Both candidates: not applied yet; the notice's table scrolls inside its box, never the page;
    // an empty submit focuses the first field in error, in view.
    for (const [page, width, c] of [
      [phone, 375, phoneCand],
      [desk, 1440, deskCand],
    ] as const) {
      await login(page, c.userName);
      await home(page, width, 'not-applied', '未报名');
      expect(await page.getByTestId('go-enroll').textContent()).toContain('立即报名');
      await page.getByTestId('go-enroll').click();
      const table = page.locator('[data-testid=enroll-notice-content] .tegang-table-scroll');
      await table.waitFor();
      expect(await page.locator('[data-testid=enroll-notice-content] table tr').count()).toBe(3);
      const box = await table.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      if (width === 375) expect(box.scroll).toBeGreaterThan(box.client);
      expect(await pageOverflow(page), `page overflow at ${width} px`).toBeLessThanOrEqual(0);
      await shot(page, artifacts, `journeys-${width}-notice-table`);
      await page.getByTestId('enroll-agree').check();
      await page.getByTestId('enroll-start').click();
      await page.getByTestId('enroll-form').waitFor();
      await page.getByTestId('enroll-submit').click();
      await expect.poll(() => focusOnFirstError(page)).toBe('first-error');
      await shot(page, artifacts, `journeys-${width}-first-error`);
      // 毕业时间: the phone's own month picker at 375 px; on a computer a panel inside the window.
      const month = page.locator('#graduationDate');
      if (width === 375) expect(await month.getAttribute('type')).toBe('month');
      else {
        await month.click();
        const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').first();
        await panel.waitFor();
        const b = (await panel.boundingBox())!;
        expect([b.x >= 0, b.y >= 0, b.x + b.width <= 1440]).toEqual([true, true, true]);
        await page.keyboard.press('Escape');
      }
    }

    // The phone candidate applies; the desktop one's application is a copy made behind the screens.
    await fillApplication(phone, phoneCand.telephone, work);
    await chooseEnrolment(phone);
    await phone.getByTestId('enroll-submit').click();
    await phone.getByRole('button', { name: '确定' }).click();
    await phone.waitForURL('**/web/enroll_table');
    await database.pool.query(
      `insert into enroll (plan_id, candidate_id, name, gender, id_card, marital_status, birthday, nation, veteran,
         political_affiliation, phone, domicile, address, picture, graduate_college, education, graduation_date, major,
         is_normal, freshmen, teacher_certification, is_adjust, priority_condition, plan_type, province_code, city_code,
         county_code, enroll_county, academic_session, subject, audit_status)
       select plan_id, (select id from candidate_user where user_name = $2), name, gender, $3, marital_status,
         '1998-07-22', nation, veteran, political_affiliation, $4, domicile, address, picture, graduate_college,
         education, graduation_date, major, is_normal, freshmen, teacher_certification, is_adjust, priority_condition,
         plan_type, province_code, city_code, county_code, enroll_county, academic_session, subject, '0'
       from enroll where id_card = $1`,
      [phoneCand.idCard, deskCand.userName, deskCand.idCard, deskCand.telephone],
    );

    // In WeChat the enrolment-form page says how to get the PDF, at both widths.
    for (const [page, width] of [
      [phone, 375],
      [desk, 1440],
    ] as const) {
      await page.goto('/web/enroll_table');
      await page.getByTestId('enroll-download').click();
      await page.getByTestId('enroll-wechat-guide').waitFor();
      expect(await page.getByTestId('enroll-wechat-guide').textContent()).toContain('浏览器');
      await shot(page, artifacts, `journeys-${width}-wechat-guide`);
      await home(page, width, 'pending', '待审核');
    }

    // The reviewer's workbench at 1440 px: the audit status in view; reject and pass in the detail.
    await admin.goto('/candidate/enroll/index');
    await admin.getByTestId('enroll-search-name').fill(NAME);
    await admin.getByTestId('enroll-search-submit').click();
    const rows = admin.locator('[data-testid=enroll] .ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    const statusHeader = admin.locator('[data-testid=enroll] th').filter({ hasText: '审核状态' }).first();
    const header = (await statusHeader.boundingBox())!;
    expect(header.x + header.width).toBeLessThanOrEqual(1440);
    expect(header.x).toBeGreaterThanOrEqual(0);
    const row = (idCard: string) => rows.filter({ hasText: idCard.slice(-4) }).first();
    await row(phoneCand.idCard).getByTestId('enroll-view').click();
    const detail = admin.getByTestId('enroll-detail');
    await detail.waitFor();
    await admin.getByTestId('enroll-detail-reject').click();
    await admin.getByTestId('enroll-reject-reason').fill(REASON);
    await admin.getByTestId('enroll-reject-ok').click();
    await admin.locator('.ant-message-success').first().waitFor();
    // The dialog moves on to the next pending application (else back to the previous one).
    const showsDesk = () =>
      detail
        .textContent()
        .then((t) => (t ?? '').includes(deskCand.telephone))
        .catch(() => false);
    await admin.waitForTimeout(500);
    if (!(await showsDesk())) await admin.getByTestId('enroll-detail-prev').click();
    await expect.poll(showsDesk).toBe(true);
    await shot(admin, artifacts, 'journeys-1440-workbench-detail');
    await admin.getByTestId('enroll-detail-pass').click();
    await expect
      .poll(() => admin.locator('.ant-message-success').last().textContent(), { timeout: 10_000 })
      .toBeTruthy();
    await admin.keyboard.press('Escape');
    await expect
      .poll(async () => [await row(phoneCand.idCard).textContent(), await row(deskCand.idCard).textContent()])
      .toEqual([expect.stringContaining('审核不通过'), expect.stringContaining('审核通过')]);
    await shot(admin, artifacts, 'journeys-1440-workbench-list');

    // The rejected candidate: the reason and 修改报名 on the card, 审核未通过 in the drawer too.
    await home(phone, 375, 'rejected', '审核未通过');
    expect(await phone.getByTestId('stage-reason').textContent()).toContain(REASON);
    expect(await phone.getByTestId('go-enroll').textContent()).toContain('修改报名');
    await home(desk, 1440, 'passed', '审核已通过');
    // …and the same candidate on the other width.
    const phoneOfDesk = await wechat(375);
    await login(phoneOfDesk, deskCand.userName);
    await home(phoneOfDesk, 375, 'passed', '审核已通过');
    const deskOfPhone = await wechat(1440);
    await login(deskOfPhone, phoneCand.userName);
    await home(deskOfPhone, 1440, 'rejected', '审核未通过');
    expect(await deskOfPhone.getByTestId('stage-reason').textContent()).toContain(REASON);

    // Greyed ticket actions say why: no plan is chosen in the search form.
    await admin.goto('/candidate/admissionTicket/index');
    await admin.getByTestId('ticket-generate').click();
    // Each greyed item's tooltip says its reason; the whole-plan ones ask for the plan first.
    const greyed = admin.locator('.ant-dropdown-menu-item-disabled [data-disabled-reason]');
    await greyed.first().waitFor();
    const reasons = await greyed.evaluateAll((els) => els.map((e) => e.getAttribute('data-disabled-reason')));
    expect(reasons).toContain('请先在搜索条件中选择招聘计划');
    for (let i = 0; i < reasons.length; i++) {
      await greyed.nth(i).hover();
      await expect
        .poll(() =>
          admin.locator('.ant-tooltip:not(.ant-tooltip-hidden) .ant-tooltip-inner').last().textContent(),
        )
        .toBe(reasons[i]);
    }
    await greyed.filter({ hasText: '计划' }).first().hover();
    await shot(admin, artifacts, 'journeys-1440-disabled-reason');

    // Results published, then the plan archived: the result still shows, on both widths.
    const start = Date.now() - HOUR - 8 * 24 * HOUR;
    const stages = ['enroll', 'audit', 'ticket_print', 'exam', 'score_query'];
    const sets = stages.flatMap((c, i) => [
      `${c}_start_time = '${new Date(start + i * 2 * 24 * HOUR).toISOString()}'`,
      `${c}_end_time = '${new Date(start + (i + 1) * 2 * 24 * HOUR - 60_000).toISOString()}'`,
    ]);
    await database.pool.query(`update recruit_plan set ${sets.join(', ')} where id = $1`, [demoPlanId]);
    await database.pool.query(
      `insert into admission_result (plan_id, enroll_id, write_exam_score, exam_total_score, admission_status, office_school)
       select plan_id, id, 86.5, 86.5, '1', '六枝特区第一小学' from enroll where id_card = $1`,
      [deskCand.idCard],
    );
    await database.pool.query(`update recruit_plan set status = '2' where id = $1`, [demoPlanId]);
    for (const [page, width] of [
      [desk, 1440],
      [phoneOfDesk, 375],
    ] as const) {
      await home(page, width, 'admitted', '已录取');
      const action = page.getByTestId('stage-action');
      expect(await action.textContent()).toContain('查看录取结果');
      await action.click();
      await page.waitForURL('**/web/recruit_info');
      await expect.poll(() => page.getByTestId('recruit-status').textContent()).toContain('已录取');
      await shot(page, artifacts, `journeys-${width}-archived-result`);
    }
  });
});
