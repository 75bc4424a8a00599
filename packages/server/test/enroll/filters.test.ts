import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idCardCheckChar, type Page } from '@tegang/domain';
import { admissionResult, candidateUser, enroll, enrollCompare, recruitPlan } from '../../src/db/schema';
import { insertTicket } from '../admission-ticket/fixtures';
import { createTestApp, type TestApp } from '../helpers';
import { enrollRow } from '../recruit-plan/fixtures';

/**
 * The one enrolment search (lib/enroll-filters.ts, docs/decisions.md "One enrolment search"): the
 * enrolment, ticket, result and comparison lists give the same filter the same meaning: the ID number
 * matches the full number only (a lower-case x is the same number), the phone the full number, the
 * name any part of it regardless of case.
 */

let t: TestApp;
let token: string;
let planId: number;
/** The enrolment every list holds one row of, and a neighbour whose ID number shares 17 characters. */
let target: { idCard: string; phone: string; name: string };

/** A valid ID number ending in X (GB 11643), born on `birth`, from sequence `from` on. */
function idCardWithX(birth: string, from: number): string {
  for (let seq = from; ; seq++) {
    const first17 = `520102${birth}${String(seq).padStart(3, '0')}`;
    if (idCardCheckChar(first17) === 'X') return first17 + 'X';
  }
}

async function insertEnrolment(idCard: string, name: string, phone: string) {
  const db = t.database.db;
  const [user] = await db
    .insert(candidateUser)
    .values({
      userName: `flt${idCard.slice(-10)}`,
      passwordHash: 'not-used',
      realName: name,
      idCard,
      gender: '1',
      birthday: '1993-04-21',
      telephone: phone,
    })
    .returning();
  const [row] = await db
    .insert(enroll)
    .values(
      enrollRow({
        planId,
        candidateId: user!.id,
        name,
        idCard,
        phone,
        provinceCode: '520000',
        cityCode: '520100',
        countyCode: '520102',
        enrollCounty: '南明区',
      }),
    )
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  const [plan] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.status, '1'));
  planId = plan!.id;
  const card = idCardWithX('19930421', 101);
  const rows = [
    await insertEnrolment(card, '测筛Ayi', '13700004321'),
    // Same first 17 characters but the last: a prefix search would find both.
    await insertEnrolment(card.slice(0, 17) + '0', '测筛邻居', '13700004322'),
  ];
  target = { idCard: card, phone: '13700004321', name: '测筛Ayi' };
  for (const e of rows) {
    await insertTicket(t, { id: e.id, planId });
    await t.database.db.insert(admissionResult).values({ planId, enrollId: e.id, admissionStatus: '1' });
    await t.database.db.insert(enrollCompare).values({
      planId,
      name: e.name,
      idCard: e.idCard,
      academicSession: e.academicSession,
      subject: e.subject,
      dataSource: '现场审核表',
      provinceCode: e.provinceCode,
      cityCode: e.cityCode,
      countyCode: e.countyCode,
    });
  }
}, 60_000);
afterAll(async () => t?.close());

/** The four lists over enrolments; `phone` when the list offers a phone filter. */
const LISTS = [
  { list: 'enrolments', url: '/candidate/enroll/page', phone: true },
  { list: 'admission tickets', url: '/candidate/admissionTicket/page', phone: true },
  { list: 'admission results', url: '/candidate/admissionResults/page', phone: false },
  { list: 'enrolment comparison', url: '/candidate/enrollCompare/page', phone: false },
];

describe.each(LISTS)('the enrolment search of $list', ({ url, phone }) => {
  async function idCards(query: Record<string, string | number>): Promise<string[]> {
    const answer = await t.call<Page<{ idCard: string }>>('GET', url, {
      token,
      query: { current: 1, size: 50, planId, ...query },
    });
    expect(answer.status).toBe(200);
    return answer.body.data.records.map((r) => r.idCard);
  }

  it('matches the full ID number exactly (x or X), the phone exactly, any part of the name in any case', async () => {
    expect(await idCards({ idCard: target.idCard })).toEqual([target.idCard]);
    expect(await idCards({ idCard: target.idCard.toLowerCase() })).toEqual([target.idCard]);
    // A prefix is not a match: neither the 17 characters both numbers share nor the first 10.
    expect(await idCards({ idCard: target.idCard.slice(0, 17) })).toEqual([]);
    expect(await idCards({ idCard: target.idCard.slice(0, 10) })).toEqual([]);
    expect(await idCards({ name: 'ayi' })).toEqual([target.idCard]);
    expect(await idCards({ name: '测筛' })).toHaveLength(2);
    if (phone) {
      expect(await idCards({ phone: target.phone })).toEqual([target.idCard]);
      expect(await idCards({ phone: target.phone.slice(0, 7) })).toEqual([]);
    }
  });
});
