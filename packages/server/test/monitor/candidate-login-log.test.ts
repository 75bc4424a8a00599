import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { candidateUser, sysLoginLog } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import { createTestApp, type TestApp } from '../helpers';
import { idCard } from '../enroll/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(candidateUser).values({
    userName: 'loglogin1',
    passwordHash: await hashPassword('Cand1!pass'),
    realName: '李雷',
    idCard: idCard('19990101', '123'),
    gender: '1',
    birthday: '1999-01-01',
    telephone: '13600001234',
  });
});
afterAll(() => t.close());

describe('login log of candidates', () => {
  it('records a failed and a successful candidate login with IP and user agent', async () => {
    expect(
      (await t.secure('POST', '/api/auth/login', { userName: 'loglogin1', password: 'Wrong1!x' })).status,
    ).toBe(400);
    expect(
      (
        await t.secure(
          'POST',
          '/api/auth/login',
          { userName: 'loglogin1', password: 'Cand1!pass' },
          { headers: { 'user-agent': 'e2e-agent' } },
        )
      ).status,
    ).toBe(200);
    const rows = await t.database.db.select().from(sysLoginLog).where(eq(sysLoginLog.kind, 'candidate'));
    expect(rows.map((r) => [r.userName, r.result])).toEqual([
      ['loglogin1', 'fail'],
      ['loglogin1', 'success'],
    ]);
    expect(rows[1]!.userAgent).toBe('e2e-agent');
    expect(rows[1]!.ip).toBeTruthy();
  });
});
