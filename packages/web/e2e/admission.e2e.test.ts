import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db';
import { desktop, launch, phone } from './browser';
import {
  adminLogin,
  cascaderPath,
  chooseEnrolment,
  draftPlan,
  fillApplication,
  makeIdCard,
  pdfQr,
  pdfText,
  pick,
  registerAndLogin,
  shot,
  writeXlsx,
} from './support';
import { maskIdCard } from '@tegang/domain';

/**
 * The last mile of a recruitment cycle: the office arranges exam rooms for the passed
 * applicants of a plan, generates the tickets with a progress bar and distributes them; a candidate on
 * a 375 px phone downloads the ticket inside the print window and reads it; the office imports the
 * results and, from the score-query start, the candidate reads them.
 *
 * Time passing is played by moving the plan's timeline in the database between the steps (the timeline
 * form has its own tests); the demo plan is open again afterwards for the other flows.
 */
const baseUrl = inject('baseUrl');
const artifacts = inject('artifacts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-e2e-admission-'));
const HOUR = 3_600_000;
let browser: Browser;
let database: Database;

const stamp = Date.now() % 100_000_000;
const PLAN = `2028年特岗教师招聘（考务${stamp % 1000}）`;
const OTHERS = 34;
const SITE = '六盘水市第一中学考点';
const NOTICE = '考生须凭准考证和身份证入场，开考15分钟后不得入场。';
const candidate = {
  userName: `adm${stamp}`,
  password: 'Cand1!pass',
  realName: '王准考',
  idCard: makeIdCard('19980308', (stamp % 300) + 2),
  telephone: `137${String(stamp).padStart(8, '0')}`,
};
let planId = 0;
let demoPlanId = 0;

/** The plan's timeline with its stage `stage` open now (0 enrolment, 2 ticket print, 4 score query). */
async function openStage(stage: 0 | 2 | 4): Promise<void> {
  // Each stage lasts two days; the one asked for started an hour ago.
  const start = Date.now() - HOUR - stage * 2 * 24 * HOUR;
  const at = (i: number) => new Date(start + i * 2 * 24 * HOUR + (i > 2 ? HOUR : 0));
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
    `update recruit_plan set start_time = '${new Date(start - 24 * HOUR).toISOString()}',
       end_time = '${new Date(start + 30 * 24 * HOUR).toISOString()}', ${sets.join(', ')} where id = $1`,
    [planId],
  );
}

beforeAll(async () => {
  browser = await launch();
  database = openDatabase(inject('databaseUrl'), 2);
  const { rows } = await database.pool.query<{ id: string }>(
    `select id from recruit_plan where status = '1'`,
  );
  demoPlanId = Number(rows[0]!.id);
  planId = await draftPlan(database.db, PLAN, '2028');
  // The demo plan's posts and notices, for this plan; it is the open one for the test.
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
  await database.pool.query(`update recruit_plan set status = '2' where id = $1`, [demoPlanId]);
  await database.pool.query(`update recruit_plan set status = '1' where id = $1`, [planId]);
});

afterAll(async () => {
  if (database) {
    await database.pool.query(`update recruit_plan set status = '2' where id = $1`, [planId]);
    await database.pool.query(`update recruit_plan set status = '1' where id = $1`, [demoPlanId]);
    await database.close();
  }
  await browser?.close();
});

/**
 * `OTHERS` more applicants of the plan, passed too: copies of the candidate's enrolment under other
 * accounts and ID numbers, half of them for another subject, so that the arrangement fills two rooms of
 * one group and a room of another.
 */
async function addPassedApplicants(): Promise<void> {
  const { rows } = await database.pool.query<{ subject: string }>(
    `select distinct subject from recruit_plan_data where plan_id = $1 and county_code =
       (select county_code from enroll where plan_id = $1 limit 1) and learning_period =
       (select academic_session from enroll where plan_id = $1 limit 1) order by subject`,
    [planId],
  );
  const own = await database.pool.query<{ subject: string }>(
    `select subject from enroll where plan_id = $1`,
    [planId],
  );
  const other = rows.map((r) => r.subject).find((s) => s !== own.rows[0]!.subject) ?? own.rows[0]!.subject;
  for (let i = 0; i < OTHERS; i++) {
    const idCard = makeIdCard('19970101', 400 + i + (stamp % 50) * 40);
    const user = await database.pool.query<{ id: string }>(
      `insert into candidate_user (user_name, password_hash, real_name, id_card, gender, birthday, telephone)
       values ($1, 'x', $2, $3, '1', '1997-01-01', $4) returning id`,
      [`adm${stamp}x${i}`, `考生${i}`, idCard, `136${String((stamp + i) % 100_000_000).padStart(8, '0')}`],
    );
    await database.pool.query(
      `insert into enroll (plan_id, candidate_id, name, gender, id_card, marital_status, birthday, nation, veteran,
         political_affiliation, phone, domicile, address, picture, graduate_college, education, graduation_date, major,
         is_normal, freshmen, teacher_certification, is_adjust, priority_condition, plan_type, province_code, city_code,
         county_code, enroll_county, academic_session, subject, audit_status)
       select plan_id, $2, $3, gender, $4, marital_status, '1997-01-01', nation, veteran, political_affiliation, phone,
         domicile, address, picture, graduate_college, education, graduation_date, major, is_normal, freshmen,
         teacher_certification, is_adjust, priority_condition, plan_type, province_code, city_code, county_code,
         enroll_county, academic_session, $5, '1'
       from enroll where plan_id = $1 and id_card = $6`,
      [planId, user.rows[0]!.id, `考生${i}`, idCard, i % 2 ? other : own.rows[0]!.subject, candidate.idCard],
    );
  }
}

describe('admission tickets and results', () => {
  it('arranges rooms, generates and distributes tickets; the candidate downloads one, then reads the results', async () => {
    // The candidate applies on a phone (the enrolment flow has its own tests) and passes the audit.
    const cand = await (await phone(browser, baseUrl)).newPage();
    onTestFailed(() => shot(cand, artifacts, 'admission-candidate-failure'));
    await registerAndLogin(cand, candidate, inject('smsLog'), artifacts);
    await cand.goto('/web/enroll');
    await cand.getByTestId('enroll-agree').check();
    await cand.getByTestId('enroll-start').click();
    await cand.getByTestId('enroll-form').waitFor();
    await fillApplication(cand, candidate.telephone, work);
    await chooseEnrolment(cand, {
      planType: '普通岗位',
      county: ['六盘水市', '六枝特区'],
      academicSession: '小学',
      subject: '语文',
    });
    await cand.getByTestId('enroll-submit').click();
    await cand.getByRole('button', { name: '确定' }).click();
    await cand.waitForURL('**/web/enroll_table');
    await database.pool.query(`update enroll set audit_status = '1' where plan_id = $1`, [planId]);
    await addPassedApplicants();

    // Ticket printing opens.
    await openStage(2);
    const admin = await (await desktop(browser, baseUrl)).newPage();
    onTestFailed(() => shot(admin, artifacts, 'admission-admin-failure'));
    await adminLogin(admin);
    await admin.goto('/candidate/admissionTicket/index');
    const list = admin.getByTestId('ticket');
    await list.waitFor();

    // Arrange rooms: one 六盘水市 site, 30 seats a room; the preview says what will be written.
    await admin.getByTestId('ticket-arrange').click();
    const dialog = admin.getByTestId('arrange-dialog');
    await dialog.waitFor();
    await pick(admin, 'planId', PLAN, dialog);
    expect(await dialog.getByTestId('arrange-room-size').inputValue()).toBe('30');
    await dialog.getByTestId('arrange-exam-date').click();
    await admin.keyboard.type('2028-07-18');
    await admin.keyboard.press('Enter');
    await dialog.getByTestId('arrange-exam-time').fill('09:00-11:30');
    await dialog.getByTestId('arrange-notice').fill(NOTICE);
    if (!(await dialog.getByTestId('arrange-site-0').count()))
      await dialog.getByTestId('arrange-site-add').click();
    await dialog.getByTestId('arrange-site-code-0').fill('01');
    await dialog.getByTestId('arrange-site-name-0').fill(SITE);
    await dialog.getByTestId('arrange-site-address-0').fill('六盘水市钟山区人民路1号');
    await dialog.getByTestId('arrange-site-region-0').click();
    await cascaderPath(admin, ['贵州省', '六盘水市']);
    await admin.keyboard.press('Escape');
    await admin.getByTestId('arrange-preview').click();
    await expect.poll(() => admin.getByTestId('arrange-applicants').textContent()).toBe(String(OTHERS + 1));
    expect(await admin.getByTestId('arrange-arranged').textContent()).toBe(String(OTHERS + 1));
    expect(await admin.getByTestId('arrange-rooms').locator('.ant-table-row').count()).toBeGreaterThanOrEqual(
      2,
    );
    await shot(admin, artifacts, 'admission-arrange-preview');
    await admin.getByTestId('arrange-save').click();
    await admin.getByTestId('arrange-save-ok').click();
    await admin.locator('.ant-message-success').first().waitFor();
    const { rows: seats } = await database.pool.query<{ n: string; rooms: string; seats: string }>(
      `select count(*) n, count(distinct exam_room_number) rooms,
              count(distinct (exam_room_number, seat_number)) seats
         from admission_ticket where plan_id = $1`,
      [planId],
    );
    expect(Number(seats[0]!.n)).toBe(OTHERS + 1);
    expect(Number(seats[0]!.seats)).toBe(OTHERS + 1);
    expect(Number(seats[0]!.rooms)).toBeGreaterThanOrEqual(2);

    // Generate the plan's tickets with a progress bar, then distribute them all.
    await admin.reload();
    await list.waitFor();
    await pick(admin, 'planId', PLAN, admin.locator('.ant-pro-query-filter, .ant-pro-table-search').first());
    await admin
      .getByRole('button', { name: /查\s*询/ })
      .first()
      .click();
    await expect.poll(() => list.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await admin.getByTestId('ticket-generate').click();
    await admin.getByText('生成计划中未生成的准考证').click();
    await admin
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await admin.getByTestId('ticket-generate-done').waitFor({ timeout: 60_000 });
    await shot(admin, artifacts, 'admission-generated');
    await admin.getByTestId('ticket-generate-close').click();
    await admin.getByTestId('ticket-distribute').click();
    await admin.getByText('发放计划的全部准考证', { exact: true }).click();
    await admin.getByTestId('ticket-distribute-ok').click();
    await admin.locator('.ant-message-success').first().waitFor();
    const { rows: statuses } = await database.pool.query<{ status: string; create: string; n: string }>(
      `select status, ticket_create_status "create", count(*) n from admission_ticket where plan_id = $1 group by 1, 2`,
      [planId],
    );
    expect(statuses.map((r) => ({ ...r, n: Number(r.n) }))).toEqual([
      { status: '1', create: '1', n: OTHERS + 1 },
    ]);
    await shot(admin, artifacts, 'admission-ticket-list');

    // The candidate, on the phone, reads the reminder, the ticket, and downloads it.
    await cand.goto('/web/admission_ticket');
    await cand.getByTestId('ticket-reminder').waitFor();
    await shot(cand, artifacts, 'admission-candidate-reminder');
    await cand.getByRole('button', { name: '我知道了' }).click();
    await cand.getByTestId('ticket-view').waitFor();
    const number = ((await cand.getByTestId('ticket-admission-number').textContent()) ?? '').trim();
    expect(number).toMatch(/^2028520200010\d{4}$/);
    await shot(cand, artifacts, 'admission-candidate-ticket');
    const [download] = await Promise.all([
      cand.waitForEvent('download'),
      cand.getByTestId('ticket-download').click(),
    ]);
    const file = path.join(work, 'ticket.pdf');
    await download.saveAs(file);
    const text = pdfText(file).replace(/\s+/g, ' ');
    const { rows: own } = await database.pool.query<{ room: string; seat: string }>(
      `select exam_room_number room, seat_number seat from admission_ticket t join enroll e on e.id = t.enroll_id
        where t.plan_id = $1 and e.id_card = $2`,
      [planId, candidate.idCard],
    );
    for (const part of [candidate.realName, number, own[0]!.room, own[0]!.seat, SITE])
      expect(text).toContain(part);
    // The proctor scans the QR code with a phone: name, photo and room, no ID number.
    const qr = await pdfQr(file);
    expect(qr).toMatch(/\/verify\/ticket\/v2\.[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]{22}$/);
    const proctor = await (await phone(browser, baseUrl)).newPage();
    await proctor.goto(new URL(qr!).pathname);
    const page = (await proctor.textContent('body')) ?? '';
    for (const part of [candidate.realName, number, own[0]!.room, own[0]!.seat]) expect(page).toContain(part);
    expect(page).not.toContain(candidate.idCard);
    expect(await proctor.locator('img').count()).toBe(1);
    await shot(proctor, artifacts, 'admission-proctor-verify');
    await expect
      .poll(() => cand.getByTestId('ticket-download-count').textContent(), { timeout: 10_000 })
      .toContain('1');

    // Score query opens; the office imports the results; the candidate reads them.
    await openStage(4);
    await admin.goto('/candidate/admissionResults/index');
    await admin.getByTestId('result').waitFor();
    await pick(admin, 'planId', PLAN, admin.locator('.ant-pro-query-filter, .ant-pro-table-search').first());
    await admin
      .getByRole('button', { name: /查\s*询/ })
      .first()
      .click();
    const header = [
      '身份证号',
      '姓名',
      '准考证号',
      '资格复审结果',
      '笔试成绩',
      '面试成绩',
      '总成绩',
      '体检结果',
      '岗前培训',
      '录取县',
      '录取学段',
      '录取学科',
      '任教学校',
      '备注',
      '录取状态',
    ];
    const results = await writeXlsx(path.join(work, 'results.xlsx'), [
      header,
      [
        candidate.idCard,
        candidate.realName,
        number,
        '合格',
        '86.5',
        '88',
        '87.4',
        '合格',
        '合格',
        '六枝特区',
        '小学',
        '语文',
        '六枝特区第一小学',
        '',
        '已录取',
      ],
    ]);
    await admin.getByTestId('import-open').click();
    await admin.locator('.ant-modal input[type=file]').setInputFiles(results);
    await admin.getByTestId('import-start').click();
    await admin.getByTestId('import-done').waitFor({ timeout: 30_000 });
    await shot(admin, artifacts, 'admission-results-imported');
    await admin.getByRole('button', { name: /关\s*闭/ }).click();
    const resultRow = admin
      .locator('[data-testid=result] .ant-table-row')
      .filter({ hasText: maskIdCard(candidate.idCard) });
    await expect.poll(() => resultRow.count()).toBe(1);
    expect(await resultRow.textContent()).toContain('***');

    await cand.goto('/web/recruit_info');
    await cand.getByTestId('recruit-result').waitFor();
    expect(await cand.getByTestId('recruit-scores').textContent()).toContain('87.4');
    expect(await cand.getByTestId('recruit-status').textContent()).toContain('已录取');
    expect(await cand.getByTestId('recruit-admission').textContent()).toContain('六枝特区第一小学');
    await shot(cand, artifacts, 'admission-candidate-result');
  });
});
