import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AUDIT_STATUS, idCardCheckChar } from '@tegang/domain';
import { admissionTicket, candidateUser, enroll, recruitPlan } from '../../src/db/schema';
import { enrollRow } from '../recruit-plan/fixtures';
import { openSession } from '../../src/lib/sessions';
import type { TestApp } from '../helpers';

/** Shared set-up of the admission ticket tests: applicants and tickets written directly. */

export const BASE = '/candidate/admissionTicket';

/** A county of 贵阳市 (520100) or of 六盘水市 (520200) with its city and province. */
export const COUNTIES = {
  nanming: { provinceCode: '520000', cityCode: '520100', countyCode: '520102', enrollCounty: '南明区' },
  yunyan: { provinceCode: '520000', cityCode: '520100', countyCode: '520103', enrollCounty: '云岩区' },
  liuzhi: { provinceCode: '520000', cityCode: '520200', countyCode: '520203', enrollCounty: '六枝特区' },
  zunyi: { provinceCode: '520000', cityCode: '520300', countyCode: '520302', enrollCounty: '红花岗区' },
} as const;
export type County = keyof typeof COUNTIES;

let serial = 0;
const run = randomBytes(2).readUInt16BE(0) % 900;

/** A fresh valid ID number (unique per call in this process). */
export function freshIdCard(): string {
  serial += 1;
  // Each test app has its own database: unique within this process is enough.
  const day = new Date(Date.UTC(1990, 0, 1) + Math.floor(serial / 999) * 86_400_000);
  const birth = day.toISOString().slice(0, 10).replace(/-/g, '');
  const first17 = `520102${birth}${String(1 + (serial % 999)).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

export interface ApplicantSpec {
  county?: County;
  academicSession?: string;
  subject?: string;
  auditStatus?: string;
  name?: string;
}

/**
 * Inserts candidates and their enrolments in plan `planId` in two statements (`specs` one each);
 * returns the enrolments in order.
 */
export async function insertApplicants(t: TestApp, planId: number, specs: ApplicantSpec[]) {
  const db = t.database.db;
  const cards = specs.map(() => freshIdCard());
  const users = await db
    .insert(candidateUser)
    .values(
      cards.map((idCard, i) => ({
        userName: `t${idCard.slice(-12)}`,
        passwordHash: 'not-used',
        realName: specs[i]!.name ?? `考生${i}`,
        idCard,
        gender: '1',
        birthday: '1995-01-01',
        telephone: `13${idCard.slice(-9)}`,
      })),
    )
    .returning({ id: candidateUser.id, idCard: candidateUser.idCard });
  return db
    .insert(enroll)
    .values(
      specs.map((s, i) => {
        const county = COUNTIES[s.county ?? 'nanming'];
        return enrollRow({
          planId,
          candidateId: users[i]!.id,
          name: s.name ?? `考生${i}`,
          idCard: users[i]!.idCard,
          phone: `13${users[i]!.idCard.slice(-9)}`,
          ...county,
          academicSession: s.academicSession ?? '02',
          subject: s.subject ?? '01',
          auditStatus: s.auditStatus ?? AUDIT_STATUS.passed,
        });
      }),
    )
    .returning();
}

/** A candidate session token for the enrolment's candidate. */
export async function candidateTokenOf(t: TestApp, candidateId: number): Promise<string> {
  return openSession(
    t.database.db,
    'candidate',
    candidateId,
    { ip: '127.0.0.1', headers: {} } as never,
    new Date(),
  );
}

let ticketSerial = 0;
/** A ticket written directly for enrolment `e` (exam fields unique by a serial). */
export async function insertTicket(
  t: TestApp,
  e: { id: number; planId: number },
  fields: Partial<typeof admissionTicket.$inferInsert> = {},
) {
  ticketSerial += 1;
  const n = String(ticketSerial).padStart(4, '0');
  const [row] = await t.database.db
    .insert(admissionTicket)
    .values({
      planId: e.planId,
      enrollId: e.id,
      admissionNumber: `T${run}${n}`,
      examDate: '2030-07-04',
      examTime: '09:00-11:30',
      examPlace: '手工考点',
      examAddress: '贵阳市南明区',
      examRoomNumber: `H${n}`,
      seatNumber: '01',
      examinationRoomNotice: '按时到场',
      ...fields,
    })
    .returning();
  return row!;
}

/** A second plan (copied from the demo plan, other name and year 2031). */
export async function insertPlan(t: TestApp, overrides: Partial<typeof recruitPlan.$inferInsert> = {}) {
  const db = t.database.db;
  const [demo] = await db.select().from(recruitPlan).limit(1);
  const { id: _id, createTime: _c, updateTime: _u, ...rest } = demo!;
  const [plan] = await db
    .insert(recruitPlan)
    .values({
      ...rest,
      name: `测试计划${randomBytes(3).toString('hex')}`,
      year: '2031',
      status: '0',
      ...overrides,
    })
    .returning();
  return plan!;
}

export const ticketsOfPlan = (t: TestApp, planId: number) =>
  t.database.db.select().from(admissionTicket).where(eq(admissionTicket.planId, planId));

/** Valid exam fields of the add/edit forms. */
export const examFields = (n: string) => ({
  admissionNumber: `A${n}`,
  examDate: '2030-07-04',
  examTime: '09:00-11:30',
  examPlace: '贵阳一中',
  examAddress: '贵阳市南明区1号',
  examRoomNumber: '001',
  seatNumber: n.slice(-2).padStart(2, '0'),
  examinationRoomNotice: '请携带身份证',
});
