import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { candidateUser } from '../../src/db/schema';
import type { TestApp } from '../helpers';
import {
  Clock,
  PASSWORD,
  askCode,
  createCandidateApp,
  lastCode,
  newIdCard,
  newPhone,
  newUserName,
  registerAccount,
} from './fixtures';

/**
 * Enumeration through SMS codes (docs/security.md "Logins"): an answer that tells something about
 * another person's data (an ID number already registered, a phone without an account) uses up the
 * code, so one code cannot probe several ID numbers.
 */
const clock = new Clock('2026-04-06T01:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createCandidateApp(clock);
});
afterAll(() => t.close());
beforeEach(() => clock.advance(86_400));

describe('POST /api/register', () => {
  it('uses up the code when the ID number is already registered', async () => {
    const existing = await registerAccount(t, clock);
    const telephone = newPhone();
    await askCode(t, clock, '/api/getVerificationCode', telephone);
    const code = lastCode(t, telephone, 'register');
    const form = { userName: newUserName(), password: PASSWORD, realName: '王五', telephone, code };

    const taken = await t.secure('POST', '/api/register', { ...form, idCard: existing.idCard });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('该身份证号已注册');
    // The same code cannot probe another ID number, nor register.
    const again = await t.secure('POST', '/api/register', { ...form, idCard: newIdCard() });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('短信验证码错误或已过期');
  });

  it('keeps the code for a corrected user name (a taken user name is not personal data)', async () => {
    const existing = await registerAccount(t, clock);
    const telephone = newPhone();
    await askCode(t, clock, '/api/getVerificationCode', telephone);
    const form = {
      password: PASSWORD,
      realName: '王五',
      idCard: newIdCard(),
      telephone,
      code: lastCode(t, telephone, 'register'),
    };
    expect((await t.secure('POST', '/api/register', { ...form, userName: existing.userName })).status).toBe(
      409,
    );
    expect((await t.secure('POST', '/api/register', { ...form, userName: newUserName() })).status).toBe(200);
  });
});

describe('recovery codes', () => {
  it('uses up a forgetUserName code that meets no account', async () => {
    const account = await registerAccount(t, clock);
    await askCode(t, clock, '/api/FNCode', account.telephone);
    const code = lastCode(t, account.telephone, 'forgetUserName');
    // The account moves away from the phone before the code comes back.
    const moved = newPhone();
    await t.database.db
      .update(candidateUser)
      .set({ telephone: moved })
      .where(eq(candidateUser.userName, account.userName));
    const missing = await t.secure('POST', '/api/forgetUserName', { telephone: account.telephone, code });
    expect(missing.status).toBe(400);
    await t.database.db
      .update(candidateUser)
      .set({ telephone: account.telephone })
      .where(eq(candidateUser.userName, account.userName));
    const again = await t.secure('POST', '/api/forgetUserName', { telephone: account.telephone, code });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('短信验证码错误或已过期');
  });

  it('uses up a forgetPassword code that meets no account', async () => {
    const account = await registerAccount(t, clock);
    await askCode(t, clock, '/api/FPCode', account.telephone);
    const code = lastCode(t, account.telephone, 'forgetPassword');
    await t.database.db
      .update(candidateUser)
      .set({ telephone: newPhone() })
      .where(eq(candidateUser.userName, account.userName));
    const body = { telephone: account.telephone, code, password: 'Reset_Passw0rd' };
    expect((await t.secure('POST', '/api/forgetPassword', body)).status).toBe(400);
    await t.database.db
      .update(candidateUser)
      .set({ telephone: account.telephone })
      .where(eq(candidateUser.userName, account.userName));
    expect((await t.secure('POST', '/api/forgetPassword', body)).status).toBe(400);
  });
});
