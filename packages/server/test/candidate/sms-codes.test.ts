import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMS_DAILY_CAP_PER_IP, SMS_DAILY_CAP_PER_PHONE, SMS_RESEND_S } from '@tegang/domain';
import type { TestApp } from '../helpers';
import {
  Clock,
  askCode,
  candidateCount,
  createCandidateApp,
  lastCode,
  newIdCard,
  newPhone,
  newUserName,
  otherCode,
  registerAccount,
  PASSWORD,
} from './fixtures';

const clock = new Clock('2026-03-02T01:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createCandidateApp(clock);
});
afterAll(() => t.close());
// Every test starts on a new day, so the daily caps of one test do not reach the next.
beforeEach(() => clock.advance(86_400));

const sentTo = (phone: string) => t.sms.filter((m) => m.phone === phone);

describe('SMS codes (spec §7 getVerificationCode, FPCode, FNCode, checkCanSend)', () => {
  it('sends a 6-digit registration code with the message text', async () => {
    const phone = newPhone();
    const answer = await t.call('GET', '/api/getVerificationCode', { query: { telephone: phone } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: 200, msg: '验证码已发送，5分钟内有效', data: null });
    const [sms] = sentTo(phone);
    expect(sms!.purpose).toBe('register');
    expect(sms!.code).toMatch(/^\d{6}$/);
    expect(sms!.text).toBe(`【特岗教师招聘】您的验证码为 ${sms!.code}，5分钟内有效，请勿泄露给他人。`);
  });

  it('answers a bad phone with 400 naming the field, and sends nothing', async () => {
    const before = t.sms.length;
    const cases: [string | undefined, string][] = [
      ['12345678901', '请输入正确的手机号码'],
      ['1391234', '手机号码长度不是11位'],
      [undefined, '手机号码不能为空'],
    ];
    for (const [telephone, msg] of cases) {
      const answer = await t.call<{ errors: { field: string }[] }>('GET', '/api/getVerificationCode', {
        query: telephone === undefined ? {} : { telephone },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe(msg);
      expect(answer.body.data.errors[0]!.field).toBe('telephone');
    }
    const en = await t.call('GET', '/api/FPCode', { query: { telephone: '12345678901' }, lang: 'en' });
    expect(en.body.msg).toBe('Phone: Please enter a valid mobile phone number');
    expect(t.sms.length).toBe(before);
  });

  it('refuses a second send within 60 s (any purpose) with 429 and the seconds to wait', async () => {
    const phone = newPhone();
    expect((await t.call('GET', '/api/getVerificationCode', { query: { telephone: phone } })).status).toBe(
      200,
    );
    clock.advance(20);
    const again = await t.call('GET', '/api/getVerificationCode', { query: { telephone: phone } });
    expect(again.status).toBe(429);
    expect(again.body.msg).toBe('发送过于频繁，请 40 秒后再试');
    const status = await t.call('GET', `/api/checkCanSend/${phone}/register`);
    expect(status.body.data).toEqual({ canSend: false, waitSeconds: 40, reason: 'tooFrequent' });
    expect(status.body.msg).toBe('发送过于频繁，请 40 秒后再试');
    clock.advance(40);
    expect((await t.call('GET', `/api/checkCanSend/${phone}/register`)).body.data).toEqual({
      canSend: true,
      waitSeconds: 0,
      reason: null,
    });
    expect((await t.call('GET', '/api/getVerificationCode', { query: { telephone: phone } })).status).toBe(
      200,
    );
    expect(sentTo(phone)).toHaveLength(2);
  });

  it('checkCanSend answers {canSend, waitSeconds, reason} and names a bad purpose', async () => {
    const phone = newPhone();
    const fresh = await t.call('GET', `/api/checkCanSend/${phone}/forgetPassword`);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toEqual({ canSend: true, waitSeconds: 0, reason: null });
    const bad = await t.call<{ errors: { field: string }[] }>('GET', `/api/checkCanSend/${phone}/nothing`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('验证码用途的取值无效');
    expect(bad.body.data.errors[0]!.field).toBe('purpose');
    const en = await t.call('GET', `/api/checkCanSend/${phone}/nothing`, { lang: 'en' });
    expect(en.body.msg).toContain('Code purpose');
  });

  it('checkCanSend counts the purpose: a registered phone gets no register or new-phone code', async () => {
    const account = await registerAccount(t, clock);
    clock.advance(SMS_RESEND_S); // past the gap after the registration's own code
    const phone = account.telephone;
    for (const purpose of ['register', 'editUserInfo']) {
      const taken = await t.call('GET', `/api/checkCanSend/${phone}/${purpose}`);
      expect(taken.status).toBe(200);
      expect(taken.body).toEqual({
        code: 200,
        msg: '该手机号已注册',
        data: { canSend: false, waitSeconds: 0, reason: 'telephoneTaken' },
      });
    }
    const en = await t.call('GET', `/api/checkCanSend/${phone}/register`, { lang: 'en' });
    expect(en.body.msg).toBe('This phone number is already registered');
    // the send route it predicts says the same
    expect((await t.call('GET', '/api/getVerificationCode', { query: { telephone: phone } })).status).toBe(
      409,
    );

    // recovery codes: the same answer for a phone with or without an account (no enumeration)
    const unknown = newPhone();
    for (const purpose of ['forgetPassword', 'forgetUserName']) {
      const known = await t.call('GET', `/api/checkCanSend/${phone}/${purpose}`);
      const other = await t.call('GET', `/api/checkCanSend/${unknown}/${purpose}`);
      expect(known.body).toEqual(other.body);
      expect(known.body.data).toEqual({ canSend: true, waitSeconds: 0, reason: null });
    }
    // a free phone may get a register code
    const free = await t.call<{ canSend: boolean }>('GET', `/api/checkCanSend/${unknown}/register`);
    expect(free.body.data.canSend).toBe(true);
  });

  it(`caps the sends per phone at ${SMS_DAILY_CAP_PER_PHONE} a day`, async () => {
    const phone = newPhone();
    for (let i = 0; i < SMS_DAILY_CAP_PER_PHONE; i++)
      expect((await askCode(t, clock, '/api/getVerificationCode', phone)).status).toBe(200);
    const capped = await t.call('GET', '/api/getVerificationCode', { query: { telephone: phone } });
    expect(capped.status).toBe(429);
    expect(capped.body.msg).toBe('今日获取验证码次数已达上限，请明天再试');
    const status = await t.call<{ canSend: boolean; waitSeconds: number }>(
      'GET',
      `/api/checkCanSend/${phone}/register`,
    );
    expect(status.body.data.canSend).toBe(false);
    expect(status.body.data.waitSeconds).toBeGreaterThan(60);
    expect(status.body.msg).toBe('今日获取验证码次数已达上限，请明天再试');
    expect(sentTo(phone)).toHaveLength(SMS_DAILY_CAP_PER_PHONE);
    clock.advance(86_400);
    expect((await askCode(t, clock, '/api/getVerificationCode', phone)).status).toBe(200);
  });

  it(`caps the sends per client IP at ${SMS_DAILY_CAP_PER_IP} a day`, async () => {
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < SMS_DAILY_CAP_PER_IP; i++) {
      const answer = await t.call('GET', '/api/getVerificationCode', {
        query: { telephone: newPhone() },
        headers,
      });
      expect(answer.status).toBe(200);
    }
    const phone = newPhone();
    const capped = await t.call('GET', '/api/getVerificationCode', { query: { telephone: phone }, headers });
    expect(capped.status).toBe(429);
    expect(capped.body.msg).toBe('今日获取验证码次数已达上限，请明天再试');
    expect(sentTo(phone)).toHaveLength(0);
    // Another client is not affected.
    const other = await t.call('GET', '/api/getVerificationCode', {
      query: { telephone: phone },
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(other.status).toBe(200);
  });

  it('refuses a registration code for a registered phone with 409 and sends nothing', async () => {
    const account = await registerAccount(t, clock);
    const before = sentTo(account.telephone).length;
    const answer = await t.call('GET', '/api/getVerificationCode', {
      query: { telephone: account.telephone },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe('该手机号已注册');
    expect(sentTo(account.telephone)).toHaveLength(before);
  });

  it('checkTelephone tells whether a phone is free to register', async () => {
    const account = await registerAccount(t, clock);
    expect((await t.call('GET', `/api/checkTelephone/${newPhone()}`)).body.data).toBe(true);
    expect((await t.call('GET', `/api/checkTelephone/${account.telephone}`)).body.data).toBe(false);
    const bad = await t.call('GET', '/api/checkTelephone/12345');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('手机号码长度不是11位');
  });

  it('answers recovery codes for an unregistered phone like a sent one, without sending (no enumeration)', async () => {
    const account = await registerAccount(t, clock);
    const unknown = newPhone();
    for (const path of ['/api/FPCode', '/api/FNCode']) {
      const known = await askCode(t, clock, path, account.telephone);
      const blind = await askCode(t, clock, path, unknown);
      expect(blind.status).toBe(200);
      expect(blind.body).toEqual(known.body);
    }
    expect(sentTo(unknown)).toHaveLength(0);
    expect(sentTo(account.telephone).map((m) => m.purpose)).toEqual([
      'register',
      'forgetPassword',
      'forgetUserName',
    ]);
    // The limits apply alike: a second ask within 60 s is refused for both.
    for (const telephone of [account.telephone, unknown]) {
      expect((await t.call('GET', '/api/FPCode', { query: { telephone } })).status).toBe(200);
      expect((await t.call('GET', '/api/FPCode', { query: { telephone } })).status).toBe(429);
    }
  });

  it('voids a code after five wrong tries', async () => {
    const telephone = newPhone();
    await askCode(t, clock, '/api/getVerificationCode', telephone);
    const code = lastCode(t, telephone, 'register');
    const payload = {
      userName: newUserName(),
      password: PASSWORD,
      realName: '李四',
      idCard: newIdCard(),
      telephone,
    };
    const before = await candidateCount(t);
    for (let i = 0; i < 4; i++) {
      const wrong = await t.secure('POST', '/api/register', { ...payload, code: otherCode(code) });
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toBe('短信验证码错误或已过期');
    }
    const fifth = await t.secure('POST', '/api/register', { ...payload, code: otherCode(code) });
    expect(fifth.status).toBe(400);
    expect(fifth.body.msg).toBe('短信验证码错误次数过多，请重新获取');
    const right = await t.secure('POST', '/api/register', { ...payload, code });
    expect(right.status).toBe(400);
    expect(right.body.msg).toBe('短信验证码错误次数过多，请重新获取');
    expect(await candidateCount(t)).toBe(before);
    // A new code works again.
    await askCode(t, clock, '/api/getVerificationCode', telephone);
    const fresh = await t.secure('POST', '/api/register', {
      ...payload,
      code: lastCode(t, telephone, 'register'),
    });
    expect(fresh.status).toBe(200);
  });

  it('refuses an expired code, a code of another purpose, and a used code', async () => {
    const account = await registerAccount(t, clock);
    const { telephone } = account;
    await askCode(t, clock, '/api/FNCode', telephone);
    const nameCode = lastCode(t, telephone, 'forgetUserName');
    const otherPurpose = await t.secure('POST', '/api/forgetPassword', {
      telephone,
      code: nameCode,
      password: 'N3w_Passw0rd!',
    });
    expect(otherPurpose.status).toBe(400);
    expect(otherPurpose.body.msg).toBe('短信验证码错误或已过期');

    const used = await t.secure('POST', '/api/forgetUserName', { telephone, code: nameCode });
    expect(used.status).toBe(200);
    const again = await t.secure('POST', '/api/forgetUserName', { telephone, code: nameCode });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('短信验证码错误或已过期');

    await askCode(t, clock, '/api/FNCode', telephone);
    const late = lastCode(t, telephone, 'forgetUserName');
    clock.advance(300);
    const expired = await t.secure('POST', '/api/forgetUserName', { telephone, code: late });
    expect(expired.status).toBe(400);
    expect(expired.body.msg).toBe('短信验证码错误或已过期');
  });
});
