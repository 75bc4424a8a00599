import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseIdCard, type CandidateInfo } from '@tegang/domain';
import { candidateUser } from '../../src/db/schema';
import { AppError } from '../../src/lib/errors';
import { createCandidate } from '../../src/modules/candidate/service';
import type { TestApp } from '../helpers';
import { solvedCaptcha } from '../auth/login-fixtures';
import {
  Clock,
  PASSWORD,
  askCode,
  candidateCount,
  createCandidateApp,
  findCandidate,
  lastCode,
  login,
  newIdCard,
  newPhone,
  newUserName,
  otherCode,
  registerAccount,
} from './fixtures';

const clock = new Clock('2026-03-02T01:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createCandidateApp(clock);
});
afterAll(() => t.close());
beforeEach(() => clock.advance(86_400));

/** A registration payload with a fresh code for its phone. */
async function registration(overrides: Record<string, unknown> = {}) {
  const telephone = newPhone();
  await askCode(t, clock, '/api/getVerificationCode', telephone);
  return {
    userName: newUserName(),
    password: PASSWORD,
    realName: '王小明',
    idCard: newIdCard(),
    telephone,
    code: lastCode(t, telephone, 'register'),
    ...overrides,
  };
}

describe('POST /api/register', () => {
  it('registers end to end: code from the SMS, argon2id hash, gender and birthday from the ID number', async () => {
    const telephone = newPhone();
    const asked = await askCode(t, clock, '/api/getVerificationCode', telephone);
    expect(asked.status).toBe(200);
    const idCard = newIdCard('19960229').replace(/X$/, 'x');
    const userName = newUserName();
    const answer = await t.secure('POST', '/api/register', {
      userName,
      password: PASSWORD,
      realName: ' 王小明 ',
      idCard,
      telephone,
      code: lastCode(t, telephone, 'register'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe('注册成功，请登录');
    const row = await findCandidate(t, userName);
    expect(row).toMatchObject({
      realName: '王小明',
      idCard: idCard.toUpperCase(),
      telephone,
      birthday: '1996-02-29',
      gender: Number(idCard[16]) % 2 === 1 ? '1' : '2',
      state: '0',
      failedLogins: 0,
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
    // The code is used up.
    const again = await t.secure('POST', '/api/register', {
      userName: newUserName(),
      password: PASSWORD,
      realName: '王小明',
      idCard: newIdCard(),
      telephone,
      code: lastCode(t, telephone, 'register'),
    });
    expect(again.status).toBe(400);
  });

  it('refuses a plain body', async () => {
    const answer = await t.call('POST', '/api/register', { body: await registration() });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('请求加密信息无效，请刷新页面后重试');
  });

  it('answers each bad input with 400, the exact message and the field, and writes nothing', async () => {
    const payload = await registration();
    const wrongId = `${payload.idCard.slice(0, 17)}${payload.idCard[17] === '0' ? '1' : '0'}`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ telephone: '12345678901' }, 'telephone', '请输入正确的手机号码'],
      [{ userName: 'ab' }, 'userName', '用户名必须为4-16位，且只能包含字母，数字，下划线，减号'],
      [{ userName: 'bad name!' }, 'userName', '用户名必须为4-16位，且只能包含字母，数字，下划线，减号'],
      [
        { password: 'password1' },
        'password',
        '密码最少6位，包括至少1个大写字母，1个小写字母，1个数字，1个特殊字符',
      ],
      [{ idCard: wrongId }, 'idCard', '请输入正确的身份证号码'],
      [{ realName: 'x' }, 'realName', '请输入真实姓名（2-30个字）'],
      [{ code: '12ab' }, 'code', '请输入6位数字短信验证码'],
      [{ code: otherCode(payload.code) }, 'code', '短信验证码错误或已过期'],
    ];
    const before = await candidateCount(t);
    for (const [change, field, msg] of cases) {
      const answer = await t.secure<{ errors: { field: string }[] }>('POST', '/api/register', {
        ...payload,
        ...change,
      });
      expect(answer.status, field).toBe(400);
      expect(answer.body.msg).toBe(msg);
      expect(answer.body.data.errors.map((e) => e.field)).toEqual([field]);
    }
    const en = await t.secure('POST', '/api/register', { ...payload, telephone: '1' }, { lang: 'en' });
    expect(en.body.msg).toBe('Phone: length is not 11'); // summarizeErrors prefixes the label
    expect(await candidateCount(t)).toBe(before);
    // None of that used up the code.
    expect((await t.secure('POST', '/api/register', payload)).status).toBe(200);
  });

  it('answers a taken user name, ID number or phone with 409; the code stays usable for a corrected form', async () => {
    const existing = await registerAccount(t, clock);
    const before = await candidateCount(t);

    const sameName = await registration({ userName: existing.userName });
    const nameTaken = await t.secure('POST', '/api/register', sameName);
    expect(nameTaken.status).toBe(409);
    expect(nameTaken.body.msg).toBe('用户名已存在');

    const corrected = await t.secure('POST', '/api/register', { ...sameName, userName: newUserName() });
    expect(corrected.status).toBe(200);

    const sameId = await registration({ idCard: existing.idCard });
    const dup = await t.secure('POST', '/api/register', sameId);
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('该身份证号已注册');

    // The phone was free when the code was sent, and taken before the form came back.
    const samePhone = await registration();
    await t.database.db.insert(candidateUser).values({
      userName: newUserName(),
      passwordHash: 'x',
      realName: '赵六',
      idCard: newIdCard(),
      gender: '1',
      birthday: '1990-01-01',
      telephone: samePhone.telephone,
    });
    const phoneTaken = await t.secure('POST', '/api/register', samePhone);
    expect(phoneTaken.status).toBe(409);
    expect(phoneTaken.body.msg).toBe('该手机号已注册');
    expect(await candidateCount(t)).toBe(before + 2);
  });

  it('answers a race on the same user name with one 200 and one 409, never 500', async () => {
    const userName = newUserName();
    const [a, b] = [await registration({ userName }), await registration({ userName })];
    const answers = await Promise.all([
      t.secure('POST', '/api/register', a),
      t.secure('POST', '/api/register', b),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(answers.find((x) => x.status === 409)!.body.msg).toBe('用户名已存在');
  });
});

describe('unique indexes behind the checks', () => {
  it('turns a unique violation that gets past the checks into the 409 of its field', async () => {
    const existing = await registerAccount(t, clock);
    const base = {
      userName: newUserName(),
      password: PASSWORD,
      realName: '钱七',
      id: parseIdCard(newIdCard())!,
      telephone: newPhone(),
    };
    const cases: [Partial<typeof base>, string, string][] = [
      [{ userName: existing.userName }, 'account.userName.exists', 'userName'],
      [{ id: parseIdCard(existing.idCard)! }, 'account.idCard.exists', 'idCard'],
      [{ telephone: existing.telephone }, 'account.telephone.exists', 'telephone'],
    ];
    for (const [change, key, field] of cases) {
      const error = await createCandidate(t.app.ctx, { ...base, ...change }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 409, key, data: { field } });
    }
  });
});

describe('POST /api/auth/login, getInfo, logout', () => {
  it('logs in by user name and by phone; getInfo answers the candidate without the hash', async () => {
    const account = await registerAccount(t, clock);
    const byName = await login(t, account.userName);
    const byPhone = await login(t, account.telephone);
    expect(byName).not.toBe(byPhone);
    const info = await t.call<CandidateInfo & { passwordHash?: string }>('GET', '/api/auth/getInfo', {
      candidateToken: byPhone,
    });
    expect(info.status).toBe(200);
    const row = await findCandidate(t, account.userName);
    expect(info.body.data).toEqual({
      id: row!.id,
      userName: account.userName,
      realName: account.realName,
      idCard: account.idCard,
      gender: row!.gender,
      birthday: row!.birthday,
      telephone: account.telephone,
    });
    expect(JSON.stringify(info.body)).not.toContain('argon2');
  });

  it('answers the token encrypted, and refuses a plain body', async () => {
    const account = await registerAccount(t, clock);
    const plain = await t.call('POST', '/api/auth/login', {
      body: { userName: account.userName, password: PASSWORD },
    });
    expect(plain.status).toBe(400);
    const answer = await t.secure<string>('POST', '/api/auth/login', {
      userName: account.userName,
      password: PASSWORD,
    });
    expect((answer.body as { encrypted?: boolean }).encrypted).toBe(true);
    expect(typeof answer.body.data).toBe('string');
  });

  it('locks the account after five failures, for 15 minutes', async () => {
    const account = await registerAccount(t, clock);
    // From the third attempt on the captcha is asked for (decisions "Login lockout and captcha").
    const wrong = async (captcha = true) =>
      t.secure('POST', '/api/auth/login', {
        userName: account.userName,
        password: 'Wrong1!x',
        ...(captcha ? await solvedCaptcha(t) : {}),
      });
    const first = await wrong(false);
    expect(first.status).toBe(400);
    expect(first.body.msg).toBe('用户名或密码错误');
    const unknown = await t.secure('POST', '/api/auth/login', { userName: 'nobody_x', password: PASSWORD });
    expect(unknown.body.msg).toBe('用户名或密码错误');
    for (let i = 0; i < 3; i++) expect((await wrong()).status).toBe(400);
    const fifth = await wrong();
    expect(fifth.status).toBe(429);
    expect(fifth.body.msg).toBe('登录失败次数过多，账号已锁定，请 15 分钟后再试');
    const right = await t.secure('POST', '/api/auth/login', {
      userName: account.telephone,
      password: PASSWORD,
      ...(await solvedCaptcha(t)),
    });
    expect(right.status).toBe(429);
    clock.advance(15 * 60 + 1);
    expect(await login(t, account.userName)).toBeTruthy();
    expect((await findCandidate(t, account.userName))!.failedLogins).toBe(0);
  });

  it('names missing fields', async () => {
    const answer = await t.secure('POST', '/api/auth/login', { userName: '', password: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('用户名不能为空');
  });

  it('keeps the two kinds of token apart: 401 with an admin token, and a candidate token opens no admin route', async () => {
    const adminToken = await t.adminToken();
    const asCandidate = await t.call('GET', '/api/auth/getInfo', { candidateToken: adminToken });
    expect(asCandidate.status).toBe(401);
    expect(asCandidate.body).toEqual({ code: 401, msg: '登录状态已过期，请重新登录', data: null });
    expect((await t.call('GET', '/api/auth/getInfo', { token: adminToken })).status).toBe(401);
    const account = await registerAccount(t, clock);
    const token = await login(t, account.userName);
    expect((await t.call('GET', '/auth/getInfo', { token })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/getInfo')).status).toBe(401);
  });

  it('logout revokes the session', async () => {
    const account = await registerAccount(t, clock);
    const token = await login(t, account.userName);
    const other = await login(t, account.userName);
    const out = await t.call('GET', '/api/auth/logout', { candidateToken: token });
    expect(out.status).toBe(200);
    expect((await t.call('GET', '/api/auth/getInfo', { candidateToken: token })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/getInfo', { candidateToken: other })).status).toBe(200);
  });

  it('expires a session after 2 hours without use', async () => {
    const account = await registerAccount(t, clock);
    const token = await login(t, account.userName);
    clock.advance(7200 + 1);
    expect((await t.call('GET', '/api/auth/getInfo', { candidateToken: token })).status).toBe(401);
  });
});

describe('POST /api/editPassword', () => {
  it('refuses a wrong old password and a weak new one', async () => {
    const account = await registerAccount(t, clock);
    const token = await login(t, account.userName);
    const wrong = await t.secure(
      'POST',
      '/api/editPassword',
      { oldPsw: 'Nope1!xx', newPsw: 'N3w_Passw0rd!' },
      { candidateToken: token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('旧密码不正确');
    const weak = await t.secure(
      'POST',
      '/api/editPassword',
      { oldPsw: PASSWORD, newPsw: 'abc' },
      { candidateToken: token },
    );
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toBe('新密码：密码最少6位，包括至少1个大写字母，1个小写字母，1个数字，1个特殊字符');
    const missing = await t.secure(
      'POST',
      '/api/editPassword',
      { oldPsw: '', newPsw: 'N3w_Passw0rd!' },
      { candidateToken: token },
    );
    expect(missing.body.msg).toBe('请输入旧密码');
    expect(await login(t, account.userName)).toBeTruthy();
  });

  it('changes the password and ends every session', async () => {
    const account = await registerAccount(t, clock);
    const token = await login(t, account.userName);
    const second = await login(t, account.telephone);
    const answer = await t.secure(
      'POST',
      '/api/editPassword',
      { oldPsw: PASSWORD, newPsw: 'N3w_Passw0rd!' },
      { candidateToken: token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe('密码修改成功，请重新登录');
    for (const old of [token, second])
      expect((await t.call('GET', '/api/auth/getInfo', { candidateToken: old })).status).toBe(401);
    const oldLogin = await t.secure('POST', '/api/auth/login', {
      userName: account.userName,
      password: PASSWORD,
    });
    expect(oldLogin.status).toBe(400);
    expect(await login(t, account.userName, 'N3w_Passw0rd!')).toBeTruthy();
  });

  it('needs a candidate token', async () => {
    const answer = await t.secure('POST', '/api/editPassword', { oldPsw: PASSWORD, newPsw: 'N3w_Passw0rd!' });
    expect(answer.status).toBe(401);
  });
});

describe('POST /api/forgetPassword and /api/forgetUserName', () => {
  it('resets the password with an FPCode code, clears the lockout and ends the sessions', async () => {
    const account = await registerAccount(t, clock);
    const token = await login(t, account.userName);
    for (let i = 0; i < 5; i++)
      await t.secure('POST', '/api/auth/login', {
        userName: account.userName,
        password: 'Wrong1!x',
        ...(await solvedCaptcha(t)),
      });
    expect((await findCandidate(t, account.userName))!.lockedUntil).not.toBeNull();

    await askCode(t, clock, '/api/FPCode', account.telephone);
    const code = lastCode(t, account.telephone, 'forgetPassword');
    const wrong = await t.secure('POST', '/api/forgetPassword', {
      telephone: account.telephone,
      code: otherCode(code),
      password: 'Reset_Passw0rd',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('短信验证码错误或已过期');
    const weak = await t.secure('POST', '/api/forgetPassword', {
      telephone: account.telephone,
      code,
      password: 'weak',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toBe('密码最少6位，包括至少1个大写字母，1个小写字母，1个数字，1个特殊字符');

    const answer = await t.secure('POST', '/api/forgetPassword', {
      telephone: account.telephone,
      code,
      password: 'Reset_Passw0rd',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe('密码已重置，请使用新密码登录');
    expect((await t.call('GET', '/api/auth/getInfo', { candidateToken: token })).status).toBe(401);
    const row = await findCandidate(t, account.userName);
    expect(row).toMatchObject({ failedLogins: 0, lockedUntil: null });
    expect(await login(t, account.userName, 'Reset_Passw0rd')).toBeTruthy();
    // The code is used up.
    const reuse = await t.secure('POST', '/api/forgetPassword', {
      telephone: account.telephone,
      code,
      password: 'Other_Passw0rd',
    });
    expect(reuse.status).toBe(400);
  });

  it('refuses a reset for an unregistered phone like a wrong code', async () => {
    const telephone = newPhone();
    await askCode(t, clock, '/api/FPCode', telephone);
    const answer = await t.secure('POST', '/api/forgetPassword', {
      telephone,
      code: '123456',
      password: 'Reset_Passw0rd',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('短信验证码错误或已过期');
  });

  it('recovers the user name with an FNCode code', async () => {
    const account = await registerAccount(t, clock);
    await askCode(t, clock, '/api/FNCode', account.telephone);
    const answer = await t.secure<{ userName: string }>('POST', '/api/forgetUserName', {
      telephone: account.telephone,
      code: lastCode(t, account.telephone, 'forgetUserName'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ userName: account.userName });
    const bad = await t.secure('POST', '/api/forgetUserName', { telephone: account.telephone, code: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请输入6位数字短信验证码');
  });
});

describe('POST /api/editUserInfo', () => {
  it('changes the real name without a code when the phone stays', async () => {
    const account = await registerAccount(t, clock);
    const token = await login(t, account.userName);
    const answer = await t.secure<CandidateInfo>(
      'POST',
      '/api/editUserInfo',
      { realName: '张 三丰', telephone: account.telephone },
      { candidateToken: token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe('保存成功');
    expect(answer.body.data.realName).toBe('张 三丰');
    const info = await t.call<CandidateInfo>('GET', '/api/auth/getInfo', { candidateToken: token });
    expect(info.body.data.realName).toBe('张 三丰');
    const bad = await t.secure(
      'POST',
      '/api/editUserInfo',
      { realName: '1', telephone: account.telephone },
      { candidateToken: token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请输入真实姓名（2-30个字）');
  });

  it('moves to a new phone with the getEditCode code sent to that phone', async () => {
    const account = await registerAccount(t, clock);
    const token = await login(t, account.userName);
    const newTelephone = newPhone();

    const noCode = await t.secure(
      'POST',
      '/api/editUserInfo',
      { realName: account.realName, telephone: newTelephone },
      { candidateToken: token },
    );
    expect(noCode.status).toBe(400);
    expect(noCode.body.msg).toBe('请输入6位数字短信验证码');

    expect((await t.call('GET', '/api/getEditCode', { query: { telephone: newTelephone } })).status).toBe(
      401,
    );
    const asked = await askCode(t, clock, '/api/getEditCode', newTelephone, { candidateToken: token });
    expect(asked.status).toBe(200);
    const code = lastCode(t, newTelephone, 'editUserInfo');
    const wrong = await t.secure(
      'POST',
      '/api/editUserInfo',
      { realName: account.realName, telephone: newTelephone, code: otherCode(code) },
      { candidateToken: token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('短信验证码错误或已过期');
    expect((await findCandidate(t, account.userName))!.telephone).toBe(account.telephone);

    const answer = await t.secure<CandidateInfo>(
      'POST',
      '/api/editUserInfo',
      { realName: account.realName, telephone: newTelephone, code },
      { candidateToken: token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.telephone).toBe(newTelephone);
    expect(await login(t, newTelephone)).toBeTruthy();
    const oldPhone = await t.secure('POST', '/api/auth/login', {
      userName: account.telephone,
      password: PASSWORD,
    });
    expect(oldPhone.status).toBe(400);
  });

  it("refuses another account's phone with 409", async () => {
    const account = await registerAccount(t, clock);
    const other = await registerAccount(t, clock);
    const token = await login(t, account.userName);
    const before = t.sms.length;
    const ask = await t.call('GET', '/api/getEditCode', {
      query: { telephone: other.telephone },
      candidateToken: token,
    });
    expect(ask.status).toBe(409);
    expect(ask.body.msg).toBe('该手机号已注册');
    expect(t.sms.length).toBe(before);

    // Free when the code was sent, taken before the form came back.
    const target = newPhone();
    await askCode(t, clock, '/api/getEditCode', target, { candidateToken: token });
    await t.database.db
      .update(candidateUser)
      .set({ telephone: target })
      .where(eq(candidateUser.userName, other.userName));
    const answer = await t.secure(
      'POST',
      '/api/editUserInfo',
      { realName: account.realName, telephone: target, code: lastCode(t, target, 'editUserInfo') },
      { candidateToken: token },
    );
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe('该手机号已注册');
    expect((await findCandidate(t, account.userName))!.telephone).toBe(account.telephone);
  });
});

describe('OpenAPI', () => {
  it('lists the candidate routes with their schemas', async () => {
    const doc = await t.call<never>('GET', '/docs/json');
    const paths = (doc.body as unknown as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const path of [
      '/api/getVerificationCode',
      '/api/FPCode',
      '/api/FNCode',
      '/api/getEditCode',
      '/api/checkTelephone/{phone}',
      '/api/checkCanSend/{telephone}/{purpose}',
      '/api/register',
      '/api/auth/login',
      '/api/auth/getInfo',
      '/api/auth/logout',
      '/api/editUserInfo',
      '/api/editPassword',
      '/api/forgetPassword',
      '/api/forgetUserName',
    ])
      expect(paths[path], path).toBeDefined();
    expect(JSON.stringify(paths['/api/register'])).toContain('idCard');
  });
});
