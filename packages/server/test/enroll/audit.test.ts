import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { PERMISSIONS } from '@tegang/domain';
import { auditTrail, enroll, recruitPlanData, sysMenu, sysRole, sysRoleMenu } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { operLogsWhere } from '../monitor/fixtures';
import { applicationFields, applyToOpenPlan, makeAdmin, multipart, photo } from './fixtures';

/**
 * The audit of applications (spec §2 "Enrolment records", audit): POST /candidate/enroll/audit passes or rejects
 * applications of the reviewer's region, all or none; the candidate sees the decision, resubmits a
 * rejected application (pending again) and cannot change a passed one (409).
 */
let t: TestApp;
let admin: string;
type Applied = Awaited<ReturnType<typeof applyToOpenPlan>>;

const rowOf = async (id: number) => (await t.database.db.select().from(enroll).where(eq(enroll.id, id)))[0]!;
const audit = (token: string, body: unknown) => t.call('POST', '/candidate/enroll/audit', { token, body });
/** The current version of each of `ids` (1 for an unknown id): what a reviewer reading them now sees. */
async function versionsOf(ids: number[]) {
  const rows = await t.database.db
    .select({ id: enroll.id, version: enroll.version })
    .from(enroll)
    .where(inArray(enroll.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.version]));
  return ids.map((id) => byId.get(id) ?? 1);
}

/** PUT /api/apply as the applicant of `a` with its original fields (and `overrides`). */
async function edit(a: Applied, overrides: Record<string, string> = {}) {
  const { body, headers } = multipart(
    {
      ...applicationFields(a.ctx.plan.id, a.candidate.idCard, a.ctx.demand, a.ctx.education),
      ...overrides,
    },
    { data: await photo() },
  );
  return t.app.inject({
    method: 'PUT',
    url: '/api/apply',
    payload: body,
    headers: { ...headers, 'user-authorization': `Bearer ${a.candidate.token}` },
  });
}

/** The candidate's own view of `a`'s enrolment. */
async function ownView(a: Applied) {
  const answer = await t.call<{ auditStatus: string; auditReason: string | null; auditTime: string | null }>(
    'GET',
    `/api/enroll/getEnrollByPlanId/${a.ctx.plan.id}`,
    { candidateToken: a.candidate.token },
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

describe('POST /candidate/enroll/audit', () => {
  it('passes one application, recording who and when; the candidate sees it and cannot edit it', async () => {
    const a = await applyToOpenPlan(t);
    expect((await rowOf(a.id)).auditStatus).toBe('0');
    const answer = await audit(admin, {
      idList: [a.id],
      versions: await versionsOf([a.id]),
      auditStatus: '1',
      auditReason: '忽略',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ msg: '审核完成', data: { count: 1 } });
    const row = await rowOf(a.id);
    expect(row).toMatchObject({ auditStatus: '1', auditReason: null });
    expect(row.auditTime).toBeInstanceOf(Date);
    expect(row.auditorId).toBeGreaterThan(0);
    expect(await ownView(a)).toMatchObject({ auditStatus: '1', auditReason: null });
    // A passed application is final for the candidate.
    const locked = await edit(a, { address: '贵州省贵阳市南明区新地址1号' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().msg).toBe('已审核通过的报名不能修改');
    expect((await rowOf(a.id)).address).toBe('贵州省贵阳市南明区花果园大街1号');
  });

  it('rejects a batch with the reason; the candidate sees it and a resubmission makes it pending', async () => {
    const a = await applyToOpenPlan(t);
    const b = await applyToOpenPlan(t);
    const answer = await audit(admin, {
      idList: [a.id, b.id],
      versions: await versionsOf([a.id, b.id]),
      auditStatus: '2',
      auditReason: '照片不清晰',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ count: 2 });
    for (const id of [a.id, b.id])
      expect(await rowOf(id)).toMatchObject({ auditStatus: '2', auditReason: '照片不清晰' });
    expect(await ownView(a)).toMatchObject({ auditStatus: '2', auditReason: '照片不清晰' });
    const resubmitted = await edit(a, { address: '贵州省贵阳市南明区新地址2号' });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    // Pending again: the old reason is cleared (the audit history keeps it).
    expect(await rowOf(a.id)).toMatchObject({
      auditStatus: '0',
      auditReason: null,
      address: '贵州省贵阳市南明区新地址2号',
    });
    expect((await rowOf(b.id)).auditStatus).toBe('2');
  });

  it('requires the reason of a rejection (400) and checks the payload, changing nothing', async () => {
    const a = await applyToOpenPlan(t);
    const noReason = await audit(admin, {
      idList: [a.id],
      versions: await versionsOf([a.id]),
      auditStatus: '2',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toContain('请填写不通过原因');
    const blank = await audit(admin, {
      idList: [a.id],
      versions: await versionsOf([a.id]),
      auditStatus: '2',
      auditReason: '   ',
    });
    expect(blank.status).toBe(400);
    const en = await t.call('POST', '/candidate/enroll/audit', {
      token: admin,
      lang: 'en',
      body: { idList: [a.id], versions: await versionsOf([a.id]), auditStatus: '2', auditReason: '' },
    });
    expect(en.body.msg).toContain('Give the reason for the rejection');
    const long = await audit(admin, {
      idList: [a.id],
      versions: await versionsOf([a.id]),
      auditStatus: '2',
      auditReason: '长'.repeat(201),
    });
    expect(long.status).toBe(400);
    expect(
      (await audit(admin, { idList: [a.id], versions: await versionsOf([a.id]), auditStatus: '0' })).status,
    ).toBe(400);
    expect((await audit(admin, { idList: [], versions: [], auditStatus: '1' })).status).toBe(400);
    expect(
      (
        await audit(admin, {
          idList: Array.from({ length: 501 }, (_, i) => i + 1),
          versions: Array.from({ length: 501 }, () => 1),
          auditStatus: '1',
        })
      ).status,
    ).toBe(400);
    expect((await rowOf(a.id)).auditStatus).toBe('0');
    expect(
      (
        await audit(admin, {
          idList: [a.id, 2147483000],
          versions: await versionsOf([a.id, 2147483000]),
          auditStatus: '1',
        })
      ).status,
    ).toBe(404);
    expect((await rowOf(a.id)).auditStatus).toBe('0');
  });

  it('answers 401 without a token and 403 without the audit key (even with every other key)', async () => {
    const a = await applyToOpenPlan(t);
    expect(
      (
        await t.call('POST', '/candidate/enroll/audit', {
          body: { idList: [a.id], versions: await versionsOf([a.id]) },
        })
      ).status,
    ).toBe(401);
    // A role with every menu and button but the audit button.
    const [role] = await t.database.db
      .insert(sysRole)
      .values({ name: '无审核权限', code: 'noaudit' })
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
    const reviewerless = await makeAdmin(t, {}, 'noaudit');
    expect((await t.call('GET', '/candidate/enroll/page', { token: reviewerless })).status).toBe(200);
    const answer = await audit(reviewerless, {
      idList: [a.id],
      versions: await versionsOf([a.id]),
      auditStatus: '1',
    });
    expect(answer.status).toBe(403);
    expect((await rowOf(a.id)).auditStatus).toBe('0');
  });

  it('keeps a county reviewer to the county: another county’s application changes nothing', async () => {
    const home = await applyToOpenPlan(t);
    const [other] = await t.database.db
      .select()
      .from(recruitPlanData)
      .where(
        and(
          eq(recruitPlanData.planId, home.ctx.plan.id),
          eq(recruitPlanData.category, '01'),
          ne(recruitPlanData.countyCode, home.ctx.demand.countyCode),
        ),
      )
      .limit(1);
    const away = await applyToOpenPlan(t, {
      cityCode: other!.cityCode,
      countyCode: other!.countyCode,
      academicSession: other!.learningPeriod,
      subject: other!.subject,
      teacherCertificationSubject: other!.subject,
    });
    const county = await makeAdmin(t, {
      provinceCode: home.ctx.demand.provinceCode,
      cityCode: home.ctx.demand.cityCode,
      countyCode: home.ctx.demand.countyCode,
    });
    const both = await audit(county, {
      idList: [home.id, away.id],
      versions: await versionsOf([home.id, away.id]),
      auditStatus: '2',
      auditReason: '不符',
    });
    expect(both.status).toBe(404);
    const rows = await t.database.db
      .select({ auditStatus: enroll.auditStatus })
      .from(enroll)
      .where(inArray(enroll.id, [home.id, away.id]));
    expect(rows.map((r) => r.auditStatus)).toEqual(['0', '0']);
    expect(
      (await audit(county, { idList: [away.id], versions: await versionsOf([away.id]), auditStatus: '1' }))
        .status,
    ).toBe(404);
    expect(
      (await audit(county, { idList: [home.id], versions: await versionsOf([home.id]), auditStatus: '1' }))
        .status,
    ).toBe(200);
    expect((await rowOf(away.id)).auditStatus).toBe('0');
  });

  it('writes each decision to the operation log', async () => {
    const a = await applyToOpenPlan(t);
    await audit(admin, {
      idList: [a.id],
      versions: await versionsOf([a.id]),
      auditStatus: '2',
      auditReason: '学历不符合',
    });
    // The entry is written when the response has been sent: wait for it.
    const [entry] = await operLogsWhere(
      t,
      (l) => l.url === '/candidate/enroll/audit' && !!l.params?.includes('学历不符合'),
    );
    expect(entry).toMatchObject({ method: 'POST', businessType: '2', status: 0, module: 'candidate/enroll' });
    expect(entry!.params).toContain(String(a.id));
    // … and the operation log screen lists it.
    const listed = await t.call<{ records: { id: number }[] }>('POST', '/log/operlog/list', {
      token: admin,
      body: { module: 'candidate/enroll', businessType: '2', size: 100 },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.records.map((r) => r.id)).toContain(entry!.id);
  });
});

describe('an audit decides on what the reviewer read (docs/security.md "Trails")', () => {
  type Row = { id: number; version: number; name: string; major: string };
  /** What the reviewer reads: the detail of one enrolment. */
  const detail = async (id: number) => {
    const answer = await t.call<Row>('GET', `/candidate/enroll/${id}`, { token: admin });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const trailOf = (id: number) =>
    t.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.event, 'enroll.audit'), eq(auditTrail.targetId, id)));

  it('answers 409 naming the change when the candidate edited after the reviewer read; nothing is passed', async () => {
    const a = await applyToOpenPlan(t, { name: '王审读' });
    const read = await detail(a.id);
    expect(read).toMatchObject({ major: '汉语言文学', version: 1 });
    // The candidate changes the major meanwhile.
    expect((await edit(a, { major: '伪造专业' })).statusCode).toBe(200);
    const stale = await audit(admin, { idList: [a.id], versions: [read.version], auditStatus: '1' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('报名信息已被修改（王审读，第 2 版），请刷新后重新审核');
    expect(stale.body.data).toEqual({ changed: [{ id: a.id, name: '王审读', version: 2 }] });
    expect(await rowOf(a.id)).toMatchObject({ auditStatus: '0', major: '伪造专业', auditorId: null });
    expect(await trailOf(a.id)).toEqual([]);
    // Read again: the reviewer now passes what is there, and the trail holds the decision.
    const again = await detail(a.id);
    expect(again).toMatchObject({ major: '伪造专业', version: 2 });
    const passed = await audit(admin, { idList: [a.id], versions: [again.version], auditStatus: '1' });
    expect(passed.status).toBe(200);
    expect(await rowOf(a.id)).toMatchObject({ auditStatus: '1', version: 3 });
    const [entry] = await trailOf(a.id);
    expect(entry).toMatchObject({
      actorName: 'admin',
      targetTable: 'enroll',
      provinceCode: a.ctx.demand.provinceCode,
      cityCode: a.ctx.demand.cityCode,
      countyCode: a.ctx.demand.countyCode,
      detail: { version: 2, decision: '1', reason: null },
    });
    expect(entry!.ip).toBeTruthy();
    // A second reviewer who read version 2 is late too: the first decision changed it.
    const late = await audit(admin, { idList: [a.id], versions: [2], auditStatus: '2', auditReason: '不符' });
    expect(late.status).toBe(409);
    expect((await rowOf(a.id)).auditStatus).toBe('1');
  });

  it('decides nothing in a batch when any record changed, listing every changed one (en too)', async () => {
    const a = await applyToOpenPlan(t, { name: '赵一致' });
    const b = await applyToOpenPlan(t, { name: '钱改过' });
    const c = await applyToOpenPlan(t, { name: '孙换号' });
    // The reviewer reads the list page.
    const listed = await t.call<{ records: Row[] }>('GET', '/candidate/enroll/page', {
      token: admin,
      query: { size: 100 },
    });
    const seen = new Map(listed.body.data.records.map((r) => [r.id, r.version]));
    const ids = [a.id, b.id, c.id];
    expect(ids.map((id) => seen.get(id))).toEqual([1, 1, 1]);
    // The candidate of b edits the major, an administrator changes c's phone.
    expect((await edit(b, { major: '伪造专业' })).statusCode).toBe(200);
    const phone = await t.secure(
      'PUT',
      '/candidate/enroll',
      { id: c.id, phone: '13900001111' },
      { token: admin },
    );
    expect(phone.status, JSON.stringify(phone.body)).toBe(200);
    const versions = ids.map((id) => seen.get(id)!);
    const stale = await audit(admin, { idList: ids, versions, auditStatus: '1' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('报名信息已被修改（钱改过，第 2 版；孙换号，第 2 版），请刷新后重新审核');
    const en = await t.call('POST', '/candidate/enroll/audit', {
      token: admin,
      lang: 'en',
      body: { idList: ids, versions, auditStatus: '2', auditReason: '不符' },
    });
    expect(en.status).toBe(409);
    expect(en.body.msg).toBe(
      'The application was changed (钱改过, version 2; 孙换号, version 2); reload it and audit again',
    );
    const rows = await t.database.db
      .select({ auditStatus: enroll.auditStatus })
      .from(enroll)
      .where(inArray(enroll.id, ids));
    expect(rows.map((r) => r.auditStatus)).toEqual(['0', '0', '0']);
    for (const id of ids) expect(await trailOf(id)).toEqual([]);
    // With the versions read anew the batch passes, one trail entry each.
    const fresh = await audit(admin, { idList: ids, versions: [1, 2, 2], auditStatus: '1' });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toEqual({ count: 3 });
    for (const id of ids) expect(await trailOf(id)).toHaveLength(1);
  });

  it('requires the versions read, one per id (400 naming the field)', async () => {
    const a = await applyToOpenPlan(t);
    const missing = await audit(admin, { idList: [a.id], auditStatus: '1' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('所见版本');
    const short = await audit(admin, { idList: [a.id, a.id + 1], versions: [1], auditStatus: '1' });
    expect(short.status).toBe(400);
    expect(short.body.msg).toContain('所见版本须与所选记录一一对应');
    expect((await audit(admin, { idList: [a.id], versions: [0], auditStatus: '1' })).status).toBe(400);
    expect((await rowOf(a.id)).auditStatus).toBe('0');
  });
});

describe('filters and options', () => {
  it('filters the page by audit status and lists the options in the caller’s language', async () => {
    const a = await applyToOpenPlan(t);
    await audit(admin, {
      idList: [a.id],
      versions: await versionsOf([a.id]),
      auditStatus: '2',
      auditReason: '资料不全',
    });
    const rejected = await t.call<{ records: { id: number; auditStatus: string }[] }>(
      'GET',
      '/candidate/enroll/page',
      { token: admin, query: { auditStatus: '2', size: 100 } },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.records.map((r) => r.id)).toContain(a.id);
    expect(rejected.body.data.records.every((r) => r.auditStatus === '2')).toBe(true);
    const zh = await t.call('GET', '/candidate/enroll/getAuditStatus', { token: admin });
    expect(zh.body.data).toEqual([
      { value: '0', label: '待审核' },
      { value: '1', label: '审核通过' },
      { value: '2', label: '审核不通过' },
    ]);
    const en = await t.call<{ label: string }[]>('GET', '/candidate/enroll/getAuditStatus', {
      token: admin,
      lang: 'en',
    });
    expect(en.body.data.map((o) => o.label)).toEqual(['Pending review', 'Passed', 'Rejected']);
  });
});
