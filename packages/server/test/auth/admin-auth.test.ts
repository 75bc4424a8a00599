import { SCREENS } from '@tegang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysUser } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { solvedCaptcha } from './login-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('back-office login (spec §7 Admin auth)', () => {
  it('logs in with the encrypted payload and answers getInfo with user, roles and permissions', async () => {
    const token = await t.adminToken();
    const info = await t.call<{
      user: { userName: string; passwordHash?: string };
      roles: string[];
      permissions: string[];
    }>('GET', '/auth/getInfo', { token });
    expect(info.status).toBe(200);
    expect(info.body.data.user.userName).toBe('admin');
    expect(info.body.data.user.passwordHash).toBeUndefined();
    expect(info.body.data.roles).toEqual(['admin']);
    expect(info.body.data.permissions).toEqual(['*']);
  });

  it('refuses a plain (unencrypted) login body with 400', async () => {
    const answer = await t.call('POST', '/auth/login', {
      body: { userName: 'admin', password: t.adminPassword },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('请求加密信息无效，请刷新页面后重试');
  });

  it('answers a wrong password with 400 and locks the account after five failures', async () => {
    const wrong = await t.secure('POST', '/auth/login', { userName: 'admin', password: 'Wrong1!x' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('用户名或密码错误');
    // From the third attempt on the captcha is asked for (decisions "Login lockout and captcha").
    await t.secure('POST', '/auth/login', { userName: 'admin', password: 'Wrong1!x' });
    for (let i = 0; i < 2; i++)
      await t.secure('POST', '/auth/login', {
        userName: 'admin',
        password: 'Wrong1!x',
        ...(await solvedCaptcha(t)),
      });
    const fifth = await t.secure(
      'POST',
      '/auth/login',
      { userName: 'admin', password: 'Wrong1!x', ...(await solvedCaptcha(t)) },
      { lang: 'en' },
    );
    expect(fifth.status).toBe(429);
    expect(fifth.body.msg).toContain('locked');
    const right = await t.secure('POST', '/auth/login', {
      userName: 'admin',
      password: t.adminPassword,
      ...(await solvedCaptcha(t)),
    });
    expect(right.status).toBe(429);
    await t.database.db
      .update(sysUser)
      .set({ lockedUntil: null, failedLogins: 0 })
      .where(eq(sysUser.userName, 'admin'));
    expect(
      (await t.secure('POST', '/auth/login', { userName: 'admin', password: t.adminPassword })).status,
    ).toBe(200);
  });

  it('names missing fields', async () => {
    const answer = await t.secure('POST', '/auth/login', { userName: '', password: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('用户名不能为空');
  });

  it('answers 401 without a token, with a candidate-style header, and after logout', async () => {
    expect((await t.call('GET', '/auth/getInfo')).status).toBe(401);
    const token = await t.adminToken();
    expect((await t.call('GET', '/auth/getInfo', { candidateToken: token })).status).toBe(401);
    expect((await t.call('GET', '/auth/logout', { token })).status).toBe(200);
    const after = await t.call('GET', '/auth/getInfo', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 401, msg: '登录状态已过期，请重新登录', data: null });
  });

  it('serves the menu of the user', async () => {
    const token = await t.adminToken();
    const menu = await t.call<{ name: string; children: { path: string }[] }[]>('GET', '/auth/getMenu', {
      token,
    });
    // The recruitment group: the screens of packages/domain SCREENS in their order.
    expect(menu.body.data[0]!.children.map((c) => c.path)).toEqual(SCREENS[0].screens.map((s) => s.path));
    expect(menu.body.data[0]!.children.map((c) => c.path)).toContain('/wel/dashboard');
  });

  it('gives a captcha only when enabled', async () => {
    const off = await t.call<{ enabled: boolean }>('GET', '/auth/getCaptcha');
    expect(off.body.data.enabled).toBe(false);
  });

  it('answers unknown API paths with a JSON 404 envelope', async () => {
    const answer = await t.call('GET', '/recruit/nothing/here');
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(404);
  });
});
