import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSession } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lockState = async (token: string) =>
  (await t.call<{ locked: boolean; hasPassword: boolean }>('GET', '/auth/lockState', { token })).body.data;

describe('lock screen on the server (spec §4 Lock, DESIGN "No secret in the page")', () => {
  it('the first lock requires a password (锁屏密码不能为空); it is stored hashed', async () => {
    const token = await t.adminToken();
    expect(await lockState(token)).toEqual({ locked: false, hasPassword: false });
    const empty = await t.secure('POST', '/auth/lock', {}, { token });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('锁屏密码不能为空');
    const blank = await t.secure('POST', '/auth/lock', { password: '  ' }, { token });
    expect(blank.status).toBe(400);
    const plain = await t.call('POST', '/auth/lock', { token, body: { password: 'abc' } });
    expect(plain.status).toBe(400);
    const locked = await t.secure('POST', '/auth/lock', { password: 'lock-123' }, { token });
    expect(locked.status).toBe(200);
    expect(await lockState(token)).toEqual({ locked: true, hasPassword: true });
    const rows = await t.database.db.select({ lockHash: authSession.lockHash }).from(authSession);
    const hashes = rows.map((r) => r.lockHash).filter(Boolean);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).toMatch(/^\$argon2/);
    expect(hashes[0]).not.toContain('lock-123');
  });

  it('a locked session can only unlock, log out, read its lock state and info (403 elsewhere)', async () => {
    const token = await t.adminToken();
    await t.secure('POST', '/auth/lock', { password: 'lock-123' }, { token });
    const refused = await t.call('GET', '/recruit/recruitPlan/page', { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 403, msg: '屏幕已锁定，请先解锁', data: null });
    const en = await t.call('GET', '/auth/getMenu', { token, lang: 'en' });
    expect(en.body.msg).toBe('The screen is locked; unlock it first');
    expect((await t.call('GET', '/auth/getInfo', { token })).status).toBe(200);
    const wrong = await t.secure('POST', '/auth/unlock', { password: 'nope' }, { token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('锁屏密码错误');
    const right = await t.secure('POST', '/auth/unlock', { password: 'lock-123' }, { token });
    expect(right.status).toBe(200);
    expect(await lockState(token)).toEqual({ locked: false, hasPassword: true });
    expect((await t.call('GET', '/recruit/recruitPlan/page', { token })).status).toBe(200);
    // Locking again needs no password.
    expect((await t.secure('POST', '/auth/lock', {}, { token })).status).toBe(200);
    expect((await t.call('GET', '/auth/logout', { token })).status).toBe(200);
    expect((await t.call('GET', '/auth/getInfo', { token })).status).toBe(401);
  });

  it('the lock belongs to the session: another login of the same user is not locked', async () => {
    const a = await t.adminToken();
    const b = await t.adminToken();
    await t.secure('POST', '/auth/lock', { password: 'lock-123' }, { token: a });
    expect((await t.call('GET', '/recruit/recruitPlan/page', { token: b })).status).toBe(200);
  });

  it('five wrong unlocks revoke the session (401)', async () => {
    const token = await t.adminToken();
    await t.secure('POST', '/auth/lock', { password: 'lock-123' }, { token });
    for (let i = 0; i < 4; i++)
      expect((await t.secure('POST', '/auth/unlock', { password: `bad${i}` }, { token })).status).toBe(400);
    const fifth = await t.secure('POST', '/auth/unlock', { password: 'bad5' }, { token });
    expect(fifth.status).toBe(401);
    expect(fifth.body.msg).toBe('解锁失败次数过多，请重新登录');
    expect((await t.secure('POST', '/auth/unlock', { password: 'lock-123' }, { token })).status).toBe(401);
    expect((await t.call('GET', '/auth/getInfo', { token })).status).toBe(401);
  });

  it('unlock requires the password field; unlocking an unlocked session is a no-op', async () => {
    const token = await t.adminToken();
    const missing = await t.secure('POST', '/auth/unlock', {}, { token });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('锁屏密码不能为空');
    expect((await t.secure('POST', '/auth/unlock', { password: 'x' }, { token })).status).toBe(200);
    expect((await t.call('GET', '/auth/lockState')).status).toBe(401);
  });
});
