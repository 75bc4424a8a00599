import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { PLAN_RANGES, type PermissionKey, type PlanTimeField, type RecruitPlan } from '@tegang/domain';
import {
  candidateUser,
  enroll,
  recruitPlan,
  sysMenu,
  sysRole,
  sysRoleMenu,
  sysUser,
  sysUserRole,
} from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import type { TestApp } from '../helpers';

/** Helpers of the recruit plan tests (spec §2/§3/§4/§5 "Recruit plan"). */

export const PLAN_URL = '/recruit/recruitPlan';

/** An instant in May 2030 (UTC). */
export const day = (d: number, h = 0) => new Date(Date.UTC(2030, 4, d, h)).toISOString();

/** A sound plan for May 2030: each stage after the previous one (spec §4 "Plan timeline order"). */
export const soundPlan = (overrides: Record<string, unknown> = {}) => ({
  name: '2030年测试省特岗教师招聘计划',
  year: '2030',
  company: '测试省教育厅',
  limitBirth: '1995-01-01',
  startTime: day(1),
  endTime: day(31),
  enrollStartTime: day(2),
  enrollEndTime: day(8),
  auditStartTime: day(8),
  auditEndTime: day(10),
  ticketPrintStartTime: day(10),
  ticketPrintEndTime: day(12),
  examStartTime: day(13),
  examEndTime: day(13, 6),
  scoreQueryStartTime: day(14),
  scoreQueryEndTime: day(16),
  interviewStartTime: day(17),
  interviewEndTime: day(18),
  physicalExamStartTime: day(19),
  physicalExamEndTime: day(20),
  listPublishedStartTime: day(21),
  listPublishedEndTime: day(28),
  customerServicePhone: '0851-88886666',
  serviceCenter: '<p>咨询时间：工作日 9:00—17:00</p>',
  ...overrides,
});

/** Creates a plan through the API (encrypted POST) and returns its id. */
export async function createPlan(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const answer = await t.secure<number>('POST', PLAN_URL, soundPlan(overrides), { token });
  if (answer.status !== 200) throw new Error(`create failed: ${answer.body.msg}`);
  return answer.body.data;
}

/** Reads a plan through the API. */
export async function readPlan(t: TestApp, token: string, id: number) {
  return t.call<RecruitPlan>('GET', `${PLAN_URL}/${id}`, { token });
}

/** The id of the seeded demo plan (status 1, open). */
export async function demoPlanId(t: TestApp): Promise<number> {
  const [row] = await t.database.db
    .select({ id: recruitPlan.id })
    .from(recruitPlan)
    .where(eq(recruitPlan.status, '1'));
  return row!.id;
}

export async function planCount(t: TestApp): Promise<number> {
  return (await t.database.db.select({ id: recruitPlan.id }).from(recruitPlan)).length;
}

/**
 * An administrator whose one role holds exactly `permissions` (through the seeded menu buttons; none
 * for an empty list), written directly in the database. Returns a logged-in token.
 */
export async function adminWith(t: TestApp, permissions: PermissionKey[]): Promise<string> {
  const db = t.database.db;
  const suffix = randomBytes(3).toString('hex');
  const userName = `user_${suffix}`;
  const password = 'Plan1234!x';
  const [role] = await db
    .insert(sysRole)
    .values({ name: `角色${suffix}`, code: `role_${suffix}` })
    .returning();
  if (permissions.length) {
    const menus = await db
      .select({ id: sysMenu.id })
      .from(sysMenu)
      .where(inArray(sysMenu.permission, permissions));
    await db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role!.id, menuId: m.id })));
  }
  const [user] = await db
    .insert(sysUser)
    .values({ userName, nickName: userName, passwordHash: await hashPassword(password), state: '0' })
    .returning();
  await db.insert(sysUserRole).values({ userId: user!.id, roleId: role!.id });
  return t.adminToken(userName, password);
}

/** Writes a candidate and an enrolment in plan `planId` directly in the database. */
export async function insertEnrolment(t: TestApp, planId: number): Promise<number> {
  const db = t.database.db;
  const n = String(randomBytes(4).readUInt32BE(0) % 1e8).padStart(8, '0');
  const idCard = `5201021995${n}`;
  const phone = `139${n}`;
  const [candidate] = await db
    .insert(candidateUser)
    .values({
      userName: `cand_${n}`,
      passwordHash: 'not-used',
      realName: '张三',
      idCard,
      gender: '1',
      birthday: '1995-01-01',
      telephone: phone,
    })
    .returning();
  const [row] = await db
    .insert(enroll)
    .values(enrollRow({ planId, candidateId: candidate!.id, name: '张三', idCard, phone }))
    .returning();
  return row!.id;
}

/**
 * The columns of an enrolment row written straight to the database in tests: a sound application
 * (unmarried Han, 本科 of 贵州师范大学 in 2018, teacher's certificate held, 普通岗位 小学 语文 in
 * 六枝特区) with `fields` over it (the candidate, plan, name, ID number, phone, region …).
 */
export function enrollRow(
  fields: Pick<typeof enroll.$inferInsert, 'planId' | 'candidateId' | 'name' | 'idCard' | 'phone'> &
    Partial<typeof enroll.$inferInsert>,
): typeof enroll.$inferInsert {
  return {
    gender: '1',
    maritalStatus: '10',
    birthday: '1995-01-01',
    nation: '01',
    veteran: '0',
    politicalAffiliation: '13',
    domicile: '贵州省贵阳市',
    address: '贵州省贵阳市南明区',
    graduateCollege: '贵州师范大学',
    education: '21',
    graduationDate: '2018-07-01',
    major: '汉语言文学',
    isNormal: '1',
    freshmen: '2',
    teacherCertification: '1',
    isAdjust: '1',
    priorityCondition: '0',
    planType: '01',
    provinceCode: '520000',
    cityCode: '520200',
    countyCode: '520203',
    enrollCounty: '六枝特区',
    academicSession: '02',
    subject: '01',
    ...fields,
  };
}

/**
 * Moves the whole timeline of plan `id` (every start and end, order kept) so that `field` falls at
 * `at`; written directly in the database. Returns the plan's times after the move.
 */
export async function placeTimeline(
  t: TestApp,
  id: number,
  field: PlanTimeField,
  at: Date,
): Promise<Record<PlanTimeField, Date>> {
  const db = t.database.db;
  const [row] = await db.select().from(recruitPlan).where(eq(recruitPlan.id, id));
  const shift = at.getTime() - row![field].getTime();
  const times = Object.fromEntries(
    PLAN_RANGES.flatMap(([s, e]) => [s, e]).map((f) => [f, new Date(row![f].getTime() + shift)]),
  ) as Record<PlanTimeField, Date>;
  await db.update(recruitPlan).set(times).where(eq(recruitPlan.id, id));
  return times;
}
