import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { PERMISSIONS } from '@tegang/domain';
import { candidateUser, enroll, sysLoginLog, sysOperLog, sysUser, sysUserRole } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { demoPlanId, insertEnrolment } from '../recruit-plan/fixtures';
import { adminRoleId, adminWith } from '../system/fixtures';
import { pastRetention } from './fixtures';

/**
 * Monitoring is narrowed to the caller's region like every other regional list. The county
 * administrator below sits in 520000/520200/520203 (the county of `insertEnrolment`).
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t.close());

const COUNTY = { provinceCode: '520000', cityCode: '520200', countyCode: '520203' };
const SIBLING = { provinceCode: '520000', cityCode: '520200', countyCode: '520201' };
const MONITOR = [
  PERMISSIONS.online.list,
  PERMISSIONS.online.forceLogout,
  PERMISSIONS.operLog.list,
  PERMISSIONS.operLog.query,
  PERMISSIONS.operLog.remove,
  PERMISSIONS.loginLog.list,
  PERMISSIONS.loginLog.remove,
];

interface OnlineRow {
  sessionId: number;
  userName: string;
  current: boolean;
}
const sessionOf = async (tok: string) =>
  (await t.call<OnlineRow[]>('GET', '/monitor/online/list', { token: tok })).body.data.find((r) => r.current)!
    .sessionId;

describe('online users and force logout in the caller’s region', () => {
  it('a county administrator sees only its county’s sessions and cannot force out the super admin', async () => {
    const county = await adminWith(t, MONITOR, COUNTY);
    const peer = await adminWith(t, [PERMISSIONS.online.list], COUNTY);
    const sibling = await adminWith(t, [PERMISSIONS.online.list], SIBLING);
    const city = await adminWith(t, [PERMISSIONS.online.list], {
      provinceCode: '520000',
      cityCode: '520200',
    });
    const list = await t.call<OnlineRow[]>('GET', '/monitor/online/list', { token: county.token });
    expect(list.status).toBe(200);
    const names = new Set(list.body.data.map((r) => r.userName));
    expect(names).toEqual(new Set([county.userName, peer.userName]));

    const superSession = await sessionOf(token);
    const kickSuper = await t.call('DELETE', `/monitor/online/${superSession}`, { token: county.token });
    expect(kickSuper.status).toBe(403);
    expect(kickSuper.body.msg).toBe('不能强退上级管理员或超级管理员的会话');
    expect((await t.call('GET', '/auth/getInfo', { token })).status).toBe(200);
    const kickCity = await t.call('DELETE', `/monitor/online/${await sessionOf(city.token)}`, {
      token: county.token,
    });
    expect(kickCity.status).toBe(403);
    expect((await t.call('GET', '/auth/getInfo', { token: city.token })).status).toBe(200);
    const kickSibling = await t.call('DELETE', `/monitor/online/${await sessionOf(sibling.token)}`, {
      token: county.token,
    });
    expect(kickSibling.status).toBe(404);
    expect((await t.call('GET', '/auth/getInfo', { token: sibling.token })).status).toBe(200);

    const kickPeer = await t.call('DELETE', `/monitor/online/${await sessionOf(peer.token)}`, {
      token: county.token,
    });
    expect(kickPeer.status).toBe(200);
    expect((await t.call('GET', '/auth/getInfo', { token: peer.token })).status).toBe(401);
    // The unscoped super admin sees everyone.
    const all = await t.call<OnlineRow[]>('GET', '/monitor/online/list', { token });
    const allNames = new Set(all.body.data.map((r) => r.userName));
    expect(allNames.has(sibling.userName) && allNames.has(city.userName) && allNames.has('admin')).toBe(true);
  });

  it('only a holder of all rights forces out a holder of all rights, even inside the region', async () => {
    const county = await adminWith(t, MONITOR, COUNTY);
    const star = await adminWith(t, [], COUNTY);
    await t.database.db.insert(sysUserRole).values({ userId: star.id, roleId: await adminRoleId(t) });
    const session = await sessionOf(star.token);
    const answer = await t.call('DELETE', `/monitor/online/${session}`, { token: county.token, lang: 'en' });
    expect(answer.status).toBe(403);
    expect(answer.body.msg).toBe(
      'You cannot force out a session of a higher-level administrator or of a holder of all rights',
    );
    expect((await t.call('DELETE', `/monitor/online/${session}`, { token })).status).toBe(200);
  });
});

describe('operation log in the caller’s region', () => {
  it('lists, reads, deletes and cleans only the entries of operators inside the region', async () => {
    const county = await adminWith(t, MONITOR, COUNTY);
    const sibling = await adminWith(t, [], SIBLING);
    const db = t.database.db;
    const entry = (operatorId: number, operatorName: string) => ({
      module: 'system/user',
      businessType: '1',
      method: 'POST',
      url: '/system/user',
      operatorId,
      operatorName,
      params: `{"secret":"${operatorName}"}`,
      status: 0,
      // past the retention, so that a log administrator may remove it (docs/security.md "Trails")
      createTime: pastRetention(),
    });
    const [superUser] = await db.select().from(sysUser).where(eq(sysUser.userName, 'admin'));
    const rows = await db
      .insert(sysOperLog)
      .values([
        entry(superUser!.id, 'admin'),
        entry(sibling.id, sibling.userName),
        entry(county.id, county.userName),
        entry(county.id, county.userName),
      ])
      .returning();
    const [superRow, siblingRow, mine1, mine2] = rows;

    const list = await t.call<{ records: { id: number; params: string }[]; total: number }>(
      'POST',
      '/log/operlog/list',
      { token: county.token, body: { size: 100 } },
    );
    expect(list.status).toBe(200);
    const ids = list.body.data.records.map((r) => r.id);
    expect(ids).toContain(mine1!.id);
    expect(ids).not.toContain(superRow!.id);
    expect(ids).not.toContain(siblingRow!.id);
    // Other regions' parameters do not leak.
    const text = JSON.stringify(list.body.data);
    expect(text).not.toContain(sibling.userName);
    expect(text).not.toContain('\\"secret\\":\\"admin');
    expect(text).toContain(county.userName);
    expect(list.body.data.total).toBe(ids.length);

    expect((await t.call('GET', `/log/operlog/${superRow!.id}`, { token: county.token })).status).toBe(404);
    expect((await t.call('GET', `/log/operlog/${mine1!.id}`, { token: county.token })).status).toBe(200);

    const mixed = await t.call('DELETE', '/log/operlog/deleteByIds', {
      token: county.token,
      body: { idList: [mine1!.id, superRow!.id] },
    });
    expect(mixed.status).toBe(404);
    const kept = await db
      .select()
      .from(sysOperLog)
      .where(inArray(sysOperLog.id, [mine1!.id, superRow!.id]));
    expect(kept).toHaveLength(2);

    expect((await t.call('DELETE', '/log/operlog/clean', { token: county.token })).status).toBe(200);
    const left = await db
      .select()
      .from(sysOperLog)
      .where(
        inArray(
          sysOperLog.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual([superRow!.id, siblingRow!.id].sort());
    expect(mine2).toBeTruthy();
  });
});

describe('login log in the caller’s region', () => {
  it('shows admin rows of users inside the region and candidate rows of candidates enrolled there', async () => {
    const county = await adminWith(t, MONITOR, COUNTY);
    const sibling = await adminWith(t, [], SIBLING);
    const db = t.database.db;
    const enrolId = await insertEnrolment(t, await demoPlanId(t));
    const [candidate] = await db
      .select({ userName: candidateUser.userName, telephone: candidateUser.telephone })
      .from(enroll)
      .innerJoin(candidateUser, eq(candidateUser.id, enroll.candidateId))
      .where(eq(enroll.id, enrolId));
    const log = (userName: string, kind: 'admin' | 'candidate') => ({
      userName,
      kind,
      ip: '10.0.0.1',
      result: 'success',
      msg: 'test',
      createTime: pastRetention(),
    });
    const rows = await db
      .insert(sysLoginLog)
      .values([
        log('admin', 'admin'),
        log(sibling.userName, 'admin'),
        log('nobody_known', 'admin'),
        log('cand_elsewhere', 'candidate'),
        log(candidate!.userName, 'candidate'),
        log(candidate!.telephone, 'candidate'),
        log(county.userName, 'admin'),
        log(candidate!.userName, 'admin'),
      ])
      .returning();
    const visible = [rows[4]!.id, rows[5]!.id, rows[6]!.id];
    const list = await t.call<{ records: { id: number }[]; total: number }>('POST', '/log/loginlog/list', {
      token: county.token,
      body: { size: 100 },
    });
    expect(list.status).toBe(200);
    const ids = list.body.data.records.map((r) => r.id);
    const ours = ids.filter((id) => rows.some((r) => r.id === id));
    expect(ours.sort()).toEqual([...visible].sort());
    // The county admin's own login (by adminWith) is there too; nothing of other users.
    expect(list.body.data.total).toBe(ids.length);

    const mixed = await t.call('DELETE', '/log/loginlog/deleteByIds', {
      token: county.token,
      body: { idList: [rows[4]!.id, rows[0]!.id] },
    });
    expect(mixed.status).toBe(404);
    expect(
      await db
        .select()
        .from(sysLoginLog)
        .where(inArray(sysLoginLog.id, [rows[4]!.id, rows[0]!.id])),
    ).toHaveLength(2);

    expect((await t.call('DELETE', '/log/loginlog/clean', { token: county.token })).status).toBe(200);
    const left = await db
      .select({ id: sysLoginLog.id })
      .from(sysLoginLog)
      .where(
        inArray(
          sysLoginLog.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual(
      rows
        .map((r) => r.id)
        .filter((id) => !visible.includes(id))
        .sort(),
    );
    // The unscoped super admin still sees the rest.
    const all = await t.call<{ total: number }>('POST', '/log/loginlog/list', { token, body: {} });
    expect(all.body.data.total).toBeGreaterThanOrEqual(5);
  });
});
