import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith } from '../recruit-plan/fixtures';
import { ageLogs, loginLogs } from './fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t.close());

interface OnlineRow {
  sessionId: number;
  userName: string;
  ip: string;
  userAgent: string;
  loginTime: string;
  expiresAt: string;
  current: boolean;
}

describe('login log (RuoYi-style: every admin login attempt)', () => {
  it('records a success and a failure with user, kind, ip, user agent and message', async () => {
    await t.adminToken();
    const wrong = await t.secure(
      'POST',
      '/auth/login',
      { userName: 'admin', password: 'wrong-pass' },
      {
        headers: { 'user-agent': 'TestAgent/1.0' },
      },
    );
    expect(wrong.status).toBe(400);
    const [fail, ok] = await loginLogs(t);
    expect(fail).toMatchObject({
      userName: 'admin',
      kind: 'admin',
      result: 'fail',
      msg: '用户名或密码错误',
      userAgent: 'TestAgent/1.0',
    });
    expect(fail!.ip).toBeTruthy();
    expect(ok).toMatchObject({ userName: 'admin', kind: 'admin', result: 'success' });
  });

  it('records an unknown user too', async () => {
    await t.secure('POST', '/auth/login', { userName: 'nobody_here', password: 'whatever1' });
    const [row] = await loginLogs(t);
    expect(row).toMatchObject({ userName: 'nobody_here', result: 'fail' });
  });

  it('POST /log/loginlog/list filters; deleteByIds and clean remove', async () => {
    const fails = await t.call<{ records: { result: string }[]; total: number }>(
      'POST',
      '/log/loginlog/list',
      {
        token,
        body: { result: 'fail', userName: 'admin' },
      },
    );
    expect(fails.status).toBe(200);
    expect(fails.body.data.total).toBe(1);
    const all = await t.call<{ records: { id: number }[]; total: number }>('POST', '/log/loginlog/list', {
      token,
      body: { current: 1, size: 10 },
    });
    expect(all.body.data.total).toBeGreaterThanOrEqual(4);
    // Entries past the retention (docs/security.md "Trails"; young ones: retention.test.ts).
    await ageLogs(t);
    const del = await t.call('DELETE', '/log/loginlog/deleteByIds', {
      token,
      body: { idList: [all.body.data.records[0]!.id] },
    });
    expect(del.status).toBe(200);
    expect((await loginLogs(t)).length).toBe(all.body.data.total - 1);
    const nobody = await adminWith(t, []);
    expect((await t.call('DELETE', '/log/loginlog/clean', { token: nobody })).status).toBe(403);
    await ageLogs(t); // the login of `nobody` too
    expect((await t.call('DELETE', '/log/loginlog/clean', { token })).status).toBe(200);
    expect(await loginLogs(t)).toEqual([]);
  });
});

describe('online users and force logout', () => {
  it('lists live admin sessions with the caller marked', async () => {
    const other = await t.adminToken();
    const answer = await t.call<OnlineRow[]>('GET', '/monitor/online/list', { token });
    expect(answer.status).toBe(200);
    const mine = answer.body.data.filter((r) => r.current);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ userName: 'admin' });
    expect(Date.parse(mine[0]!.expiresAt)).toBeGreaterThan(Date.parse(mine[0]!.loginTime));
    expect(answer.body.data.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(answer.body.data)).not.toContain(other);
    const filtered = await t.call<OnlineRow[]>('GET', '/monitor/online/list', {
      token,
      query: { userName: 'no_such_user' },
    });
    expect(filtered.body.data).toEqual([]);
  });

  it('kicks another session (its token then gets 401) but not one’s own', async () => {
    const victim = await t.adminToken();
    const before = await t.call<OnlineRow[]>('GET', '/monitor/online/list', { token: victim });
    const victimSession = before.body.data.find((r) => r.current)!.sessionId;
    const mySession = (await t.call<OnlineRow[]>('GET', '/monitor/online/list', { token })).body.data.find(
      (r) => r.current,
    )!.sessionId;
    const self = await t.call('DELETE', `/monitor/online/${mySession}`, { token });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('不能强退当前登录的会话');
    const kick = await t.call('DELETE', `/monitor/online/${victimSession}`, { token });
    expect(kick.status).toBe(200);
    expect((await t.call('GET', '/auth/getInfo', { token: victim })).status).toBe(401);
    expect((await t.call('DELETE', `/monitor/online/${victimSession}`, { token })).status).toBe(404);
    const nobody = await adminWith(t, []);
    expect((await t.call('GET', '/monitor/online/list', { token: nobody })).status).toBe(403);
    expect((await t.call('DELETE', `/monitor/online/${mySession}`, { token: nobody })).status).toBe(403);
  });
});
