import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { idCardCheckChar } from '@tegang/domain';
import {
  candidateUser,
  categoryEducation,
  recruitPlan,
  recruitPlanData,
  sysRole,
  sysUser,
  sysUserRole,
} from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import { openSession } from '../../src/lib/sessions';
import type { TestApp } from '../helpers';

/** A valid GB 11643 number born on `birth` (YYYYMMDD) with sequence `seq` (odd = male). */
export function idCard(birth = '19980307', seq = '001', region = '520102'): string {
  const first17 = region + birth + seq;
  return first17 + idCardCheckChar(first17);
}

let serial = 0;
/** A candidate account inserted directly, with a session token. */
export async function makeCandidate(t: TestApp, opts: { idCard?: string; realName?: string } = {}) {
  serial += 1;
  const card = opts.idCard ?? idCard('19980307', String(101 + 2 * serial)); // odd sequence: male
  const [row] = await t.database.db
    .insert(candidateUser)
    .values({
      userName: `cand${serial}${Date.now() % 100000}`,
      passwordHash: await hashPassword('Cand1!pass'),
      realName: opts.realName ?? '张三',
      idCard: card,
      gender: '1',
      birthday: '1998-03-07',
      telephone: `139${String(Date.now() % 100000000).padStart(8, '0')}`.slice(0, 11),
    })
    .returning();
  const token = await openSession(
    t.database.db,
    'candidate',
    row!.id,
    { ip: '127.0.0.1', headers: {} } as never,
    new Date(),
  );
  return { id: row!.id, idCard: card, token };
}

/** The seeded open plan and a demand row of category 01 that 本科 (21) may apply to. */
export async function openPlanAndDemand(t: TestApp) {
  const [plan] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.status, '1'));
  const [mapping] = await t.database.db
    .select()
    .from(categoryEducation)
    .where(eq(categoryEducation.category, '01'));
  const [demand] = await t.database.db
    .select()
    .from(recruitPlanData)
    .where(and(eq(recruitPlanData.planId, plan!.id), eq(recruitPlanData.category, '01')))
    .orderBy(asc(recruitPlanData.id))
    .limit(1);
  return {
    plan: plan!,
    demand: demand!,
    education: mapping!.education.includes('21') ? '21' : mapping!.education[0]!,
  };
}

/** A complete, valid set of application fields for `card` and `demand`. */
export function applicationFields(
  planId: number,
  card: string,
  demand: { category: string; cityCode: string; countyCode: string; learningPeriod: string; subject: string },
  education = '21',
) {
  return {
    planId: String(planId),
    name: '张三',
    idCard: card,
    maritalStatus: '10',
    nation: '01',
    veteran: '0',
    politicalAffiliation: '13',
    phone: '13912345678',
    domicile: '贵州省贵阳市南明区',
    address: '贵州省贵阳市南明区花果园大街1号',
    graduateCollege: '贵州师范大学',
    education,
    graduationDate: '2020-07-01',
    major: '汉语言文学',
    isNormal: '1',
    freshmen: '2',
    teacherCertification: '1',
    teacherCertificationType: '02',
    teacherCertificationSubject: demand.subject,
    isAdjust: '1',
    priorityCondition: '0',
    planType: demand.category,
    cityCode: demand.cityCode,
    countyCode: demand.countyCode,
    academicSession: demand.learningPeriod,
    subject: demand.subject,
  };
}

/** A portrait JPEG of `w`×`h` px. */
export const photo = (w = 300, h = 420) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();

/** A multipart body of `fields` plus an optional file `updateImg`. */
export function multipart(
  fields: Record<string, string>,
  file?: { data: Buffer; name?: string; type?: string },
) {
  const boundary = `----tegang${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="updateImg"; filename="${file.name ?? 'photo.jpg'}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * POST /api/apply as the candidate with `token`: `fields` as multipart plus a valid photo (or `photoData`).
 * Returns the raw answer (status and body are the caller's to check).
 */
export async function postApplication(
  t: TestApp,
  token: string,
  fields: Record<string, string>,
  photoData?: Buffer,
) {
  const { body, headers } = multipart(fields, { data: photoData ?? (await photo()) });
  return t.app.inject({
    method: 'POST',
    url: '/api/apply',
    payload: body,
    headers: { ...headers, 'user-authorization': `Bearer ${token}` },
  });
}

/**
 * A new candidate applies to the seeded open plan with valid fields (`overrides` replace some) and a
 * photo; throws unless the answer is 200. Returns the enrolment id, the candidate and the plan context.
 */
export async function applyToOpenPlan(t: TestApp, overrides: Record<string, string> = {}) {
  const ctx = await openPlanAndDemand(t);
  // The enrolment takes the account's name: a name override is the account's real name.
  const candidate = await makeCandidate(t, { realName: overrides.name });
  const answer = await postApplication(t, candidate.token, {
    ...applicationFields(ctx.plan.id, candidate.idCard, ctx.demand, ctx.education),
    ...overrides,
  });
  if (answer.statusCode !== 200) throw new Error(`apply failed: ${answer.statusCode} ${answer.body}`);
  return { id: answer.json().data.id as number, candidate, ctx };
}

/** A back-office user with `permissions` (via a role and its menus) and a region scope, logged in. */
export async function makeAdmin(
  t: TestApp,
  scope: { provinceCode?: string; cityCode?: string; countyCode?: string },
  roleCode = 'admin',
) {
  serial += 1;
  const password = 'Scope1!pass';
  const [role] = await t.database.db.select().from(sysRole).where(eq(sysRole.code, roleCode));
  const [user] = await t.database.db
    .insert(sysUser)
    .values({
      userName: `scoped${serial}`,
      nickName: '县级管理员',
      passwordHash: await hashPassword(password),
      ...scope,
    })
    .returning();
  await t.database.db.insert(sysUserRole).values({ userId: user!.id, roleId: role!.id });
  return t.adminToken(user!.userName, password);
}
