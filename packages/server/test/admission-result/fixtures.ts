import { candidateUser, enroll } from '../../src/db/schema';
import { openSession } from '../../src/lib/sessions';
import { idCard } from '../enroll/fixtures';
import type { TestApp } from '../helpers';
import { enrollRow } from '../recruit-plan/fixtures';

let serial = 0;

/** Where an enrolment is: 南明区 (Guiyang) or 六枝特区 (Liupanshui). */
export const NANMING = {
  provinceCode: '520000',
  cityCode: '520100',
  countyCode: '520102',
  enrollCounty: '南明区',
};
export const LIUZHI = {
  provinceCode: '520000',
  cityCode: '520200',
  countyCode: '520203',
  enrollCounty: '六枝特区',
};

/**
 * A candidate with a session and an enrolment in plan `planId` in `region`, written directly in the
 * database (valid GB 11643 ID number). Returns the enrolment id, the ID number, name and the token.
 */
export async function enrolment(
  t: TestApp,
  planId: number,
  region: typeof NANMING,
  name = '张三',
): Promise<{ enrollId: number; idCard: string; name: string; candidateId: number; token: string }> {
  serial += 1;
  const db = t.database.db;
  const card = idCard('19960512', String(300 + serial * 2 + (process.pid % 50) * 100).slice(-3), '520102');
  const phone = `137${String(serial).padStart(4, '0')}${String(process.pid % 10000).padStart(4, '0')}`;
  const [candidate] = await db
    .insert(candidateUser)
    .values({
      userName: `res_${serial}_${process.pid}`,
      passwordHash: 'not-used',
      realName: name,
      idCard: card,
      gender: '1',
      birthday: '1996-05-12',
      telephone: phone,
    })
    .returning();
  const [row] = await db
    .insert(enroll)
    .values(
      enrollRow({
        planId,
        candidateId: candidate!.id,
        name,
        idCard: card,
        phone,
        birthday: '1996-05-12',
        ...region,
        auditStatus: '1',
      }),
    )
    .returning();
  const token = await openSession(
    db,
    'candidate',
    candidate!.id,
    { ip: '127.0.0.1', headers: {} } as never,
    new Date(),
  );
  return { enrollId: row!.id, idCard: card, name, candidateId: candidate!.id, token };
}
