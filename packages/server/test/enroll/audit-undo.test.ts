import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { AUDIT_UNDO_SECONDS, PERMISSIONS } from '@tegang/domain';
import { auditTrail, enroll, sysMenu, sysRole, sysRoleMenu } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { operLogsWhere } from '../monitor/fixtures';
import { applyToOpenPlan, makeAdmin } from './fixtures';

/**
 * Taking a pass back from the reviewer's workbench (POST /candidate/enroll/audit/undo): the reviewer's
 * own pass, at once, while nothing changed the application since — it is then as it was before the
 * pass (status, reason, time, reviewer), the history and the trail say so; anything else is a 409
 * that changes nothing.
 */
let t: TestApp;
let admin: string;
/** How far the server's clock runs ahead of the real one (the undo window is checked against it). */
let ahead = 0;

type History = { decision: string; reason: string | null; reviewer: string | null }[];
const rowOf = async (id: number) => (await t.database.db.select().from(enroll).where(eq(enroll.id, id)))[0]!;
/** Decides on `id` as read now; answers the version the decision gave it. */
async function decide(token: string, id: number, auditStatus: '1' | '2', auditReason?: string) {
  const read = await rowOf(id);
  const answer = await t.call('POST', '/candidate/enroll/audit', {
    token,
    body: { idList: [id], versions: [read.version], auditStatus, auditReason },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return read.version + 1;
}
const undo = (token: string, body: unknown) =>
  t.call<{ version: number }>('POST', '/candidate/enroll/audit/undo', { token, body });
const history = (id: number) =>
  t.call<History>('GET', `/candidate/enroll/auditHistory/${id}`, { token: admin });

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(Date.now() + ahead) });
  admin = await t.adminToken();
});
beforeEach(() => {
  ahead = 0;
});
afterAll(() => t.close());

describe('POST /candidate/enroll/audit/undo', () => {
  it('takes the reviewer’s pass back: pending again, the history and the trail say so', async () => {
    const a = await applyToOpenPlan(t);
    const version = await decide(admin, a.id, '1');
    expect((await rowOf(a.id)).auditStatus).toBe('1');

    const answer = await undo(admin, { id: a.id, version });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.msg).toBe('已撤销审核通过，报名恢复为撤销前的状态');
    expect(answer.body.data.version).toBe(version + 1);
    const row = await rowOf(a.id);
    expect([row.auditStatus, row.auditTime, row.auditorId, row.version]).toEqual([
      '0',
      null,
      null,
      version + 1,
    ]);

    const listed = (await history(a.id)).body.data;
    expect(listed.map((h) => h.decision)).toEqual(['undone', '1']);
    expect(listed[0]!.reviewer).toBe('admin');
    const [entry] = await t.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.targetId, a.id), eq(auditTrail.event, 'enroll.auditUndone')));
    expect(entry).toMatchObject({
      targetTable: 'enroll',
      provinceCode: row.provinceCode,
      countyCode: row.countyCode,
      detail: { version, undone: '1', restored: '0' },
    });
    // The undo is in the operation log as well.
    const [logged] = await operLogsWhere(t, (l) => l.url === '/candidate/enroll/audit/undo');
    expect(logged).toMatchObject({ method: 'POST', businessType: '2', status: 0 });

    // Taken back once: a second undo has nothing to take back.
    expect((await undo(admin, { id: a.id, version: version + 1 })).status).toBe(409);
  });

  it('puts back an earlier rejection with its reason, time and reviewer', async () => {
    const a = await applyToOpenPlan(t);
    await decide(admin, a.id, '2', '学历证书不清晰');
    const rejected = await rowOf(a.id);
    const version = await decide(admin, a.id, '1');
    expect((await undo(admin, { id: a.id, version })).status).toBe(200);
    const row = await rowOf(a.id);
    expect([row.auditStatus, row.auditReason, row.auditTime, row.auditorId]).toEqual([
      '2',
      '学历证书不清晰',
      rejected.auditTime,
      rejected.auditorId,
    ]);
    expect((await history(a.id)).body.data.map((h) => h.decision)).toEqual(['undone', '1', '2']);
  });

  it('refuses (409, nothing changes) once the application changed, after the window, for a rejection or another reviewer’s pass', async () => {
    const changed = await applyToOpenPlan(t);
    const version = await decide(admin, changed.id, '1');
    // the phone corrected by the office after the pass: a later change the undo must not clobber
    const phone = await t.secure(
      'PUT',
      '/candidate/enroll',
      { id: changed.id, phone: '13800000001' },
      { token: admin },
    );
    expect(phone.status).toBe(200);
    const stale = await undo(admin, { id: changed.id, version });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(
      `该审核结果已不能撤销：只能在 ${AUDIT_UNDO_SECONDS} 秒内撤销自己刚做出的“通过”，且报名此后没有变动`,
    );
    expect((await undo(admin, { id: changed.id, version: version + 1 })).status).toBe(409);
    expect((await rowOf(changed.id)).auditStatus).toBe('1');

    const late = await applyToOpenPlan(t);
    const lateVersion = await decide(admin, late.id, '1');
    ahead = (AUDIT_UNDO_SECONDS + 5) * 1000;
    expect((await undo(admin, { id: late.id, version: lateVersion })).status).toBe(409);
    ahead = 0;
    expect((await rowOf(late.id)).auditStatus).toBe('1');
    // within the window the same undo goes through
    expect((await undo(admin, { id: late.id, version: lateVersion })).status).toBe(200);

    const rejected = await applyToOpenPlan(t);
    const rejectedVersion = await decide(admin, rejected.id, '2', '照片不合格');
    expect((await undo(admin, { id: rejected.id, version: rejectedVersion })).status).toBe(409);
    expect((await rowOf(rejected.id)).auditStatus).toBe('2');

    const others = await applyToOpenPlan(t);
    const othersVersion = await decide(admin, others.id, '1');
    const colleague = await makeAdmin(t, {});
    expect((await undo(colleague, { id: others.id, version: othersVersion })).status).toBe(409);
    const trail = await t.database.db
      .select({ event: auditTrail.event })
      .from(auditTrail)
      .where(eq(auditTrail.targetId, others.id))
      .orderBy(desc(auditTrail.id));
    expect(trail.map((e) => e.event)).toEqual(['enroll.audit']);
  });

  it('keeps to the caller’s region and key, and checks the payload', async () => {
    const a = await applyToOpenPlan(t);
    const version = await decide(admin, a.id, '1');
    expect(
      (await t.call('POST', '/candidate/enroll/audit/undo', { body: { id: a.id, version } })).status,
    ).toBe(401);
    const elsewhere = await makeAdmin(t, {
      provinceCode: '110000',
      cityCode: '110100',
      countyCode: '110101',
    });
    expect((await undo(elsewhere, { id: a.id, version })).status).toBe(404);

    // A role with every menu and button but the audit button.
    const [role] = await t.database.db
      .insert(sysRole)
      .values({ name: '无审核撤销', code: 'noundo' })
      .returning();
    const menus = await t.database.db
      .select({ id: sysMenu.id, permission: sysMenu.permission })
      .from(sysMenu);
    await t.database.db
      .insert(sysRoleMenu)
      .values(
        menus
          .filter((m) => m.permission !== PERMISSIONS.enroll.audit)
          .map((m) => ({ roleId: role!.id, menuId: m.id })),
      );
    const reviewerless = await makeAdmin(t, {}, 'noundo');
    expect((await undo(reviewerless, { id: a.id, version })).status).toBe(403);

    for (const body of [{}, { id: a.id }, { id: a.id, version: 0 }, { id: 'x', version }]) {
      const bad = await undo(admin, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await rowOf(a.id)).auditStatus).toBe('1');
    expect((await undo(admin, { id: a.id, version })).status).toBe(200);
  });
});
