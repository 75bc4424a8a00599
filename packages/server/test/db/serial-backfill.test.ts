import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatSerialNo } from '@tegang/domain';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase, type Database } from '../../src/db';
import { withDatabase } from '../setup/global';

/**
 * The upgrade that brings the 报名序号 (drizzle/0012_retention_serial_notices.sql): an installation with
 * enrolments from before it gets their numbers in application order per plan and county, and the
 * counters of the next applications start after them.
 */
const BEFORE_SERIAL = '0012_retention_serial_notices';
const name = `${inject('templateDb')}_serial_${randomBytes(4).toString('hex')}`;
let database: Database;
let folder: string;

/** The migrations folder as it was before the 报名序号: its journal cut before BEFORE_SERIAL. */
function foldersBeforeSerial(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tegang-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((e) => e.tag === BEFORE_SERIAL);
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return dir;
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: inject('pgUrl') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  database = openDatabase(withDatabase(inject('pgUrl'), name), 2);
  folder = foldersBeforeSerial();
  await migrate(database.db, { migrationsFolder: folder });
});
afterAll(async () => {
  await database.close();
  rmSync(folder, { recursive: true, force: true });
});

const TIMES = [
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

/** A plan of `year` as the release before the 报名序号 stored it; its id. */
async function oldPlan(year: string): Promise<number> {
  const { rows } = await database.pool.query<{ id: number }>(
    `insert into recruit_plan (name, year, company, limit_birth, ${TIMES.join(', ')})
     values ($1, $2, '贵州省教育厅', '1990-01-01', ${TIMES.map(() => 'now()').join(', ')}) returning id`,
    [`${year}年特岗教师招聘`, year],
  );
  return rows[0]!.id;
}

let people = 0;
/** An enrolment of a new account in `countyCode`, applied at `at`; its id. */
async function oldEnrolment(planId: number, countyCode: string, at: string): Promise<number> {
  people += 1;
  const card = `5201021998030${String(people).padStart(4, '0')}X`;
  const { rows: users } = await database.pool.query<{ id: number }>(
    `insert into candidate_user (user_name, password_hash, real_name, id_card, gender, birthday, telephone)
     values ($1, 'x', '张三', $2, '1', '1998-03-07', $3) returning id`,
    [`old${people}`, card, `1390000${String(people).padStart(4, '0')}`],
  );
  const { rows } = await database.pool.query<{ id: number }>(
    `insert into enroll (plan_id, candidate_id, name, gender, id_card, marital_status, birthday, nation, veteran,
       political_affiliation, phone, domicile, address, graduate_college, education, graduation_date, major,
       is_normal, freshmen, teacher_certification, is_adjust, priority_condition, plan_type, province_code,
       city_code, county_code, enroll_county, academic_session, subject, create_time, update_time)
     values ($1, $2, '张三', '1', $3, '10', '1998-03-07', '01', '0', '13', '13900000000', '贵州省贵阳市',
       '贵阳市', '贵州师范大学', '21', '2020-07-01', '汉语言文学', '1', '1', '1', '1', '0', '01', '520000',
       $4, $5, '某县', '02', '01', $6, $6) returning id`,
    [planId, users[0]!.id, card, `${countyCode.slice(0, 4)}00`, countyCode, at],
  );
  return rows[0]!.id;
}

describe('the upgrade to the 报名序号', () => {
  it('numbers the enrolments made before it in application order per plan and county, and the counters follow', async () => {
    const a = await oldPlan('2026');
    const b = await oldPlan('2027');
    // Inserted out of order: the later application first.
    const a2 = await oldEnrolment(a, '520102', '2026-05-02T08:00:00Z');
    const a1 = await oldEnrolment(a, '520102', '2026-05-01T08:00:00Z');
    const a3 = await oldEnrolment(a, '520102', '2026-05-03T08:00:00Z');
    const aOther = await oldEnrolment(a, '522732', '2026-05-01T09:00:00Z');
    const b1 = await oldEnrolment(b, '520102', '2027-05-01T08:00:00Z');

    await migrateDatabase(database.db);

    const { rows } = await database.pool.query<{ id: number; serial_no: string }>(
      'select id, serial_no from enroll',
    );
    const serialOf = new Map(rows.map((r) => [r.id, r.serial_no]));
    const serial = (year: string, countyCode: string, sequence: number) =>
      formatSerialNo({ year, countyCode, sequence });
    expect(serialOf.get(a1)).toBe(serial('2026', '520102', 1));
    expect(serialOf.get(a2)).toBe(serial('2026', '520102', 2));
    expect(serialOf.get(a3)).toBe(serial('2026', '520102', 3));
    expect(serialOf.get(aOther)).toBe(serial('2026', '522732', 1));
    expect(serialOf.get(b1)).toBe(serial('2027', '520102', 1));

    const counters = await database.db.execute<{ plan_id: number; county_code: string; last_value: number }>(
      sql`select plan_id, county_code, last_value from enroll_serial order by plan_id, county_code`,
    );
    expect(counters.rows).toEqual([
      { plan_id: a, county_code: '520102', last_value: 3 },
      { plan_id: a, county_code: '522732', last_value: 1 },
      { plan_id: b, county_code: '520102', last_value: 1 },
    ]);
  });
});
