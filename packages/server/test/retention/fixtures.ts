import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { JOB_STATUS, jobFinished } from '@tegang/domain';
import {
  admissionResult,
  admissionTicket,
  candidateUser,
  enroll,
  enrollCompare,
  importError,
  job,
  recruitPlan,
} from '../../src/db/schema';
import type { TestApp } from '../helpers';
import { insertApplicants, insertPlan, insertTicket, type ApplicantSpec } from '../admission-ticket/fixtures';
import { placeTimeline } from '../recruit-plan/fixtures';

/** Shared set-up of the retention tests (docs/security.md "Retention"). */

export const URL = '/recruit/retention';
const YEAR_MS = 365.25 * 86_400_000;
/** `years` (fractional) before `from`. */
export const yearsAgo = (years: number, from = new Date()) => new Date(from.getTime() - years * YEAR_MS);

/**
 * A plan whose whole timeline lies in the past, its list publication ending `endedYearsAgo` years
 * ago, kept `retentionYears`.
 */
export async function pastPlan(t: TestApp, endedYearsAgo: number, retentionYears = 3) {
  const plan = await insertPlan(t, { retentionYears, status: '2' });
  await placeTimeline(t, plan.id, 'listPublishedEndTime', yearsAgo(endedYearsAgo));
  const [row] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.id, plan.id));
  return row!;
}

/** Stores a file under a new key of `folder` and answers the key. */
export async function storeFile(t: TestApp, folder: string, ext: string): Promise<string> {
  const key = `${folder}/${randomUUID()}.${ext}`;
  await t.app.ctx.storage.put(key, Buffer.from(`file ${key}`));
  return key;
}

/** True when the file of `key` is in the local storage's folder. */
export const fileExists = (t: TestApp, key: string) => fs.existsSync(path.join(t.filesDir, key));

/**
 * A plan's candidates with everything the retention job touches: per applicant a photo and a form
 * PDF, a ticket with its PDF, a result with a (sealed-looking) physical examination and remarks, a
 * comparison row whose differences quote the name and phone, and an import job of the plan with a
 * problem row quoting the ID number. Answers the enrolments and the file keys.
 */
export async function populatePlan(t: TestApp, planId: number, specs: ApplicantSpec[]) {
  const db = t.database.db;
  const enrolments = await insertApplicants(t, planId, specs);
  const files: string[] = [];
  for (const e of enrolments) {
    const picture = await storeFile(t, 'enroll/photo', 'jpg');
    const pdfFile = await storeFile(t, 'enroll/form', 'pdf');
    const ticketPdf = await storeFile(t, 'admissionTicket/pdf', 'pdf');
    files.push(picture, pdfFile, ticketPdf);
    await db
      .update(enroll)
      .set({ picture, pdfFile, createStatus: '1', auditReason: '照片不清晰' })
      .where(eq(enroll.id, e.id));
    await insertTicket(t, e, { pdfFile: ticketPdf, ticketCreateStatus: '1', status: '1' });
    await db.insert(admissionResult).values({
      planId,
      enrollId: e.id,
      admissionNumber: `R${e.id}`,
      writeExamScore: '80.50',
      examTotalScore: '80.50',
      physicalExamination: `v2.test.${randomUUID()}`,
      remarks: `备注 ${e.name} ${e.phone}`,
      admissionStatus: '1',
      admissionCounty: e.countyCode,
      officeSchool: '南明区第一小学',
    });
    await db.insert(enrollCompare).values({
      planId,
      name: e.name,
      idCard: e.idCard,
      dataSource: '学籍库',
      differences: [
        { field: 'name', expected: e.name, actual: `${e.name}x` },
        { field: 'phone', expected: e.phone, actual: '13900000000' },
        { field: 'subject', expected: '01', actual: '02' },
      ],
      provinceCode: e.provinceCode,
      cityCode: e.cityCode,
      countyCode: e.countyCode,
    });
  }
  const [importJob] = await db
    .insert(job)
    .values({
      kind: 'admissionResult',
      param: JSON.stringify({ planId }),
      fileName: 'results.xlsx',
      status: JOB_STATUS.rejected,
      adminId: await adminId(t),
    })
    .returning();
  await db.insert(importError).values(
    enrolments.map((e, i) => ({
      jobId: importJob!.id,
      rowNumber: i + 2,
      column: 'idCard',
      value: e.idCard,
      messageKey: 'import.cell.notEnrolled',
      params: { value: e.idCard },
    })),
  );
  return { enrolments, files, importJobId: importJob!.id };
}

export async function adminId(t: TestApp): Promise<number> {
  const rows = await t.database.db.execute(sql`select id from sys_user where user_name = 'admin'`);
  return Number((rows.rows[0] as { id: string }).id);
}

/** Everything of plan `planId` the retention job may change, as rows (to compare before and after). */
export async function snapshot(t: TestApp, planId: number) {
  const db = t.database.db;
  const enrolments = await db.select().from(enroll).where(eq(enroll.planId, planId)).orderBy(enroll.id);
  const candidateIds = enrolments.map((e) => e.candidateId);
  return {
    enrolments,
    tickets: await db
      .select()
      .from(admissionTicket)
      .where(eq(admissionTicket.planId, planId))
      .orderBy(admissionTicket.id),
    results: await db
      .select()
      .from(admissionResult)
      .where(eq(admissionResult.planId, planId))
      .orderBy(admissionResult.id),
    comparisons: await db
      .select()
      .from(enrollCompare)
      .where(eq(enrollCompare.planId, planId))
      .orderBy(enrollCompare.id),
    accounts: candidateIds.length
      ? await db
          .select()
          .from(candidateUser)
          .where(inArray(candidateUser.id, candidateIds))
          .orderBy(candidateUser.id)
      : [],
    plan: (await db.select().from(recruitPlan).where(eq(recruitPlan.id, planId)))[0]!,
  };
}

/** The rows of `after` that differ from their row of `before` (by id). */
export function changed<T extends { id: number }>(before: T[], after: T[]): number {
  const was = new Map(before.map((r) => [r.id, JSON.stringify(r)]));
  return after.filter((r) => was.get(r.id) !== JSON.stringify(r)).length;
}

/** Waits until every job of `ids` has ended; answers their rows. */
export async function jobsEnded(t: TestApp, ids: number[]) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = await t.database.db.select().from(job).where(inArray(job.id, ids));
    if (rows.length === ids.length && rows.every((r) => jobFinished(r.status))) return rows;
    if (Date.now() > deadline) throw new Error(`jobs ${ids.join(', ')} did not end`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
