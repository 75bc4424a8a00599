import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PERMISSIONS } from '@tegang/domain';
import { loadConfig } from '../../src/config';
import { auditTrail, sysLoginLog, sysOperLog } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith } from '../system/fixtures';
import { pastRetention } from './fixtures';

/**
 * Trails (docs/security.md "Trails"): operation- and login-log entries are removed only past the
 * retention (LOG_RETENTION_DAYS, 180 days by default), every removal is itself written to the
 * append-only trail, and the trail can be neither removed through a route nor changed in the database.
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
const LOG_ADMIN = [
  PERMISSIONS.operLog.list,
  PERMISSIONS.operLog.remove,
  PERMISSIONS.loginLog.list,
  PERMISSIONS.loginLog.remove,
];

const operEntry = (operatorId: number, createTime?: Date) => ({
  module: 'system/user',
  businessType: '1',
  method: 'POST',
  url: '/system/user',
  operatorId,
  operatorName: 'x',
  status: 0,
  ...(createTime ? { createTime } : {}),
});

const removals = (event: string, actorId: number) =>
  t.database.db
    .select()
    .from(auditTrail)
    .where(and(eq(auditTrail.event, event), eq(auditTrail.actorId, actorId)));

/** The error PostgreSQL raised for a statement (drizzle wraps it). */
async function refusal(statement: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await statement;
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message: string } }).cause;
    return cause ?? (e as { message: string });
  }
  throw new Error('the statement was not refused');
}

describe('operation and login logs keep their entries for the retention', () => {
  it('refuses to delete young operation-log entries, naming the rule; old ones go and are trailed', async () => {
    const admin = await adminWith(t, LOG_ADMIN, COUNTY);
    const db = t.database.db;
    const old1 = new Date(Date.now() - 400 * 86_400_000);
    const old2 = pastRetention();
    const [young, a, b] = await db
      .insert(sysOperLog)
      .values([operEntry(admin.id), operEntry(admin.id, old1), operEntry(admin.id, old2)])
      .returning();
    const refused = await t.call('DELETE', '/log/operlog/deleteByIds', {
      token: admin.token,
      body: { idList: [young!.id, a!.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(
      '日志至少保留 180 天（网络安全法第二十一条），所选记录中有 1 条未满保留期，不能删除',
    );
    const en = await t.call('DELETE', '/log/operlog/deleteByIds', {
      token: admin.token,
      lang: 'en',
      body: { idList: [young!.id] },
    });
    expect(en.body.msg).toContain('kept for at least 180 days');
    const ids = [young!.id, a!.id, b!.id];
    expect(await db.select().from(sysOperLog).where(inArray(sysOperLog.id, ids))).toHaveLength(3);
    expect(await removals('operLog.removed', admin.id)).toEqual([]);

    const removed = await t.call('DELETE', '/log/operlog/deleteByIds', {
      token: admin.token,
      body: { idList: [a!.id, b!.id] },
    });
    expect(removed.status).toBe(200);
    const left = await db.select({ id: sysOperLog.id }).from(sysOperLog).where(inArray(sysOperLog.id, ids));
    expect(left.map((r) => r.id)).toEqual([young!.id]);
    const [trail] = await removals('operLog.removed', admin.id);
    expect(trail).toMatchObject({
      targetTable: 'sys_oper_log',
      actorName: admin.userName,
      countyCode: '520203',
      detail: { mode: 'ids', count: 2, from: old1.toISOString(), to: old2.toISOString(), retentionDays: 180 },
    });
    expect(trail!.ip).toBeTruthy();
  });

  it('cleans only the entries past the retention, answering how many, and trails the clean', async () => {
    const admin = await adminWith(t, LOG_ADMIN, COUNTY);
    const db = t.database.db;
    const [young, old] = await db
      .insert(sysOperLog)
      .values([operEntry(admin.id), operEntry(admin.id, pastRetention())])
      .returning();
    const clean = await t.call<{ count: number }>('DELETE', '/log/operlog/clean', { token: admin.token });
    expect(clean.status).toBe(200);
    expect(clean.body.data.count).toBeGreaterThanOrEqual(1);
    expect(clean.body.msg).toBe(
      `已清除 ${clean.body.data.count} 条 180 天以前的日志，较新的日志在保留期内保留`,
    );
    const left = await db
      .select({ id: sysOperLog.id })
      .from(sysOperLog)
      .where(inArray(sysOperLog.id, [young!.id, old!.id]));
    expect(left.map((r) => r.id)).toEqual([young!.id]);
    const [trail] = await removals('operLog.removed', admin.id);
    expect(trail!.detail).toMatchObject({ mode: 'clean', count: clean.body.data.count });
  });

  it('keeps young login-log entries at deleteByIds and clean; old ones go and are trailed', async () => {
    const admin = await adminWith(t, LOG_ADMIN, COUNTY);
    const db = t.database.db;
    const entry = (createTime?: Date) => ({
      userName: admin.userName,
      kind: 'admin',
      ip: '10.0.0.9',
      result: 'success',
      msg: 'test',
      ...(createTime ? { createTime } : {}),
    });
    const [young, old] = await db
      .insert(sysLoginLog)
      .values([entry(), entry(pastRetention())])
      .returning();
    const refused = await t.call('DELETE', '/log/loginlog/deleteByIds', {
      token: admin.token,
      body: { idList: [young!.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('不能删除');
    const clean = await t.call<{ count: number }>('DELETE', '/log/loginlog/clean', { token: admin.token });
    expect(clean.status).toBe(200);
    expect(clean.body.data.count).toBe(1);
    const left = await db
      .select({ id: sysLoginLog.id })
      .from(sysLoginLog)
      .where(inArray(sysLoginLog.id, [young!.id, old!.id]));
    expect(left.map((r) => r.id)).toEqual([young!.id]);
    const [trail] = await removals('loginLog.removed', admin.id);
    expect(trail).toMatchObject({ targetTable: 'sys_login_log', detail: { mode: 'clean', count: 1 } });
  });

  it('reads the retention from LOG_RETENTION_DAYS, never below six months', () => {
    expect(loadConfig({}).logRetentionDays).toBe(180);
    expect(loadConfig({ LOG_RETENTION_DAYS: '365' }).logRetentionDays).toBe(365);
    expect(() => loadConfig({ LOG_RETENTION_DAYS: '30' })).toThrow(/LOG_RETENTION_DAYS/);
  });
});

describe('the trail is append-only', () => {
  it('refuses DELETE, UPDATE and TRUNCATE at the database, even for the owner', async () => {
    const db = t.database.db;
    const [row] = await db
      .insert(auditTrail)
      .values({ event: 'enroll.audit', targetTable: 'enroll', targetId: 1, detail: { test: true } })
      .returning();
    for (const statement of [
      db.delete(auditTrail).where(eq(auditTrail.id, row!.id)),
      db.update(auditTrail).set({ event: 'x' }).where(eq(auditTrail.id, row!.id)),
      db.execute(sql`TRUNCATE audit_trail`),
    ]) {
      const error = await refusal(statement);
      expect(error.message).toContain('audit_trail is append-only');
      expect(error.code).toBe('42501');
    }
    const [owner] = (
      await db.execute<{ owner: string; me: string }>(
        sql`SELECT tableowner AS owner, current_user AS me FROM pg_tables WHERE tablename = 'audit_trail'`,
      )
    ).rows;
    expect(owner!.owner).toBe(owner!.me);
    expect(await db.select().from(auditTrail).where(eq(auditTrail.id, row!.id))).toHaveLength(1);
  });

  it('has no route that removes it; a log administrator reads it in the region only', async () => {
    const trailRoutes = t.app.ctx.routes.filter((r) => r.url.includes('trail'));
    expect(trailRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /log/trail/list']);
    const logAdmin = await adminWith(t, LOG_ADMIN, COUNTY);
    for (const url of ['/log/trail/clean', '/log/trail/deleteByIds', '/log/trail/1'])
      expect((await t.call('DELETE', url, { token: logAdmin.token, body: {} })).status).toBe(404);

    const db = t.database.db;
    const [mine, sibling] = await db
      .insert(auditTrail)
      .values([
        { event: 'enroll.audit', targetTable: 'enroll', targetId: 900001, ...COUNTY },
        { event: 'enroll.audit', targetTable: 'enroll', targetId: 900002, ...SIBLING },
      ])
      .returning();
    const list = await t.call<{ records: { id: number }[]; total: number }>('POST', '/log/trail/list', {
      token: logAdmin.token,
      body: { event: 'enroll.audit', size: 100 },
    });
    expect(list.status).toBe(200);
    const ids = list.body.data.records.map((r) => r.id);
    expect(ids).toContain(mine!.id);
    expect(ids).not.toContain(sibling!.id);
    const all = await t.call<{ records: { id: number }[] }>('POST', '/log/trail/list', {
      token,
      body: { targetId: 900002 },
    });
    expect(all.body.data.records.map((r) => r.id)).toEqual([sibling!.id]);
    const reader = await adminWith(t, [PERMISSIONS.loginLog.list], COUNTY);
    expect((await t.call('POST', '/log/trail/list', { token: reader.token, body: {} })).status).toBe(403);
  });
});
