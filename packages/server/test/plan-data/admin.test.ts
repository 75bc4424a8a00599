import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Page, type PlanData } from '@tegang/domain';
import { recruitPlanData, sysRegion } from '../../src/db/schema';
import { makeAdmin, openPlanAndDemand } from '../enroll/fixtures';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith, createPlan } from '../recruit-plan/fixtures';

/** Recruit plan data in the back office (spec §3, §5, §6 region scope, §7 "/recruit/recruitPlanData", §9). */

const URL = '/recruit/recruitPlanData';
type Demand = typeof recruitPlanData.$inferSelect;

let t: TestApp;
let token: string;
let planId: number;
/** A seeded demand row, and one of another county. */
let home: Demand;
let away: Demand;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  home = (await openPlanAndDemand(t)).demand;
  [away] = await t.database.db
    .select()
    .from(recruitPlanData)
    .where(and(eq(recruitPlanData.planId, home.planId), ne(recruitPlanData.countyCode, home.countyCode)))
    .limit(1);
  planId = await createPlan(t, token, { name: 'Plan data admin' });
});
afterAll(() => t.close());

const row = (overrides: Record<string, unknown> = {}) => ({
  planId,
  countyCode: home.countyCode,
  category: '01',
  learningPeriod: '02',
  subject: '01',
  demandNumber: 3,
  ...overrides,
});
const count = async () =>
  (await t.database.db.select({ id: recruitPlanData.id }).from(recruitPlanData)).length;

describe('POST, GET, PUT, DELETE /recruit/recruitPlanData', () => {
  it('creates (encrypted) an active row with its province and city, reads, updates and deletes it', async () => {
    const created = await t.secure<number>('POST', URL, row(), { token });
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data;
    const read = await t.call<PlanData>('GET', `${URL}/${id}`, { token });
    expect(read.body.data).toMatchObject({
      planId,
      planName: 'Plan data admin',
      provinceCode: home.provinceCode,
      cityCode: home.cityCode,
      countyCode: home.countyCode,
      demandNumber: 3,
      status: '1',
    });
    expect(read.body.data.regionName.split(' / ')).toHaveLength(3);
    const updated = await t.secure(
      'PUT',
      URL,
      { ...row({ demandNumber: '0', subject: '02' }), id },
      { token },
    );
    expect(updated.status, updated.body.msg).toBe(200);
    const again = await t.call<PlanData>('GET', `${URL}/${id}`, { token });
    expect(again.body.data).toMatchObject({ demandNumber: 0, subject: '02' });
    expect((await t.call('DELETE', `${URL}/${id}`, { token })).status).toBe(200);
    expect((await t.call('GET', `${URL}/${id}`, { token })).status).toBe(404);
  });

  it('refuses a plain (unencrypted) create', async () => {
    const before = await count();
    const answer = await t.call('POST', URL, { token, body: row() });
    expect(answer.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('answers 409 to a duplicate (plan, county, category, period, subject)', async () => {
    const first = await t.secure<number>('POST', URL, row({ subject: '05' }), { token });
    expect(first.status).toBe(200);
    const before = await count();
    const dup = await t.secure('POST', URL, row({ subject: '05', demandNumber: 9 }), { token });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('该招聘计划下已有相同报考县、计划类别、学段和学科的数据');
    const other = await t.secure<number>('POST', URL, row({ subject: '06' }), { token });
    const moved = await t.secure('PUT', URL, { ...row({ subject: '05' }), id: other.body.data }, { token });
    expect(moved.status).toBe(409);
    expect(await count()).toBe(before + 1);
  });

  it('refuses bad inputs with 400 naming the field and changes nothing', async () => {
    const [province] = await t.database.db
      .select()
      .from(sysRegion)
      .where(eq(sysRegion.code, home.provinceCode));
    const before = await count();
    const cases: [Record<string, unknown>, string, string?][] = [
      [row({ planId: undefined }), 'planId', '招聘计划不能为空'],
      [row({ planId: 999999 }), 'planId', '招聘计划的取值无效'],
      [row({ countyCode: '' }), 'countyCode', '报考县不能为空'],
      [row({ countyCode: province!.code }), 'countyCode'],
      [row({ countyCode: home.cityCode }), 'countyCode'],
      [row({ countyCode: '999999' }), 'countyCode'],
      [row({ category: undefined }), 'category', '计划类别不能为空'],
      [row({ category: '99' }), 'category', '计划类别的取值无效'],
      [row({ learningPeriod: '' }), 'learningPeriod', '学段不能为空'],
      [row({ learningPeriod: 'x' }), 'learningPeriod'],
      [row({ subject: '99' }), 'subject'],
      [row({ demandNumber: undefined }), 'demandNumber', '需求人数不能为空'],
      [row({ demandNumber: -1 }), 'demandNumber', '需求人数必须是不小于0的整数'],
      [row({ demandNumber: 1.5 }), 'demandNumber'],
      [row({ demandNumber: 'abc' }), 'demandNumber'],
      [row({ demandNumber: 3_000_000_000 }), 'demandNumber'],
    ];
    for (const [body, field, msg] of cases) {
      const answer = await t.secure<{ errors: { field: string }[] }>('POST', URL, body, { token });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.data.errors[0]!.field, JSON.stringify(body)).toBe(field);
      if (msg) expect(answer.body.msg).toBe(msg);
    }
    expect((await t.call('GET', `${URL}/page`, { token, query: { planId: 'x' } })).status).toBe(400);
    expect((await t.call('DELETE', `${URL}/deleteByIds`, { token, body: { idList: [] } })).status).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('GET /recruit/recruitPlanData/page', () => {
  it('filters by plan, county, category, period, subject and status', async () => {
    const all = await t.call<Page<PlanData>>('GET', `${URL}/page`, { token, query: { planId: home.planId } });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThan(10);
    expect(all.body.data.records).toHaveLength(10);
    const query = {
      planId: home.planId,
      countyCode: home.countyCode,
      category: home.category,
      learningPeriod: home.learningPeriod,
      subject: home.subject,
      status: '1',
    };
    const one = await t.call<Page<PlanData>>('GET', `${URL}/page`, { token, query });
    expect(one.body.data.records.map((r) => r.id)).toEqual([home.id]);
    const none = await t.call<Page<PlanData>>('GET', `${URL}/page`, {
      token,
      query: { ...query, status: '0' },
    });
    expect(none.body.data.total).toBe(0);
  });

  it('filters by a city picked alone: its counties only', async () => {
    const byCity = await t.call<Page<PlanData>>('GET', `${URL}/page`, {
      token,
      query: { planId: home.planId, cityCode: home.cityCode, size: 100 },
    });
    const all = await t.call<Page<PlanData>>('GET', `${URL}/page`, {
      token,
      query: { planId: home.planId, size: 100 },
    });
    expect(byCity.body.data.total).toBeGreaterThan(0);
    expect(byCity.body.data.total).toBeLessThan(all.body.data.total);
    expect(byCity.body.data.records.every((r) => r.cityCode === home.cityCode)).toBe(true);
  });
});

describe('status', () => {
  it('lists the options in zh and en and toggles a row', async () => {
    const options = await t.call('GET', `${URL}/getRecruitPlanDataStatus`, { token });
    expect(options.body.data).toEqual([
      { value: '1', label: '启用', labelEn: 'Active' },
      { value: '0', label: '停用', labelEn: 'Inactive' },
    ]);
    const off = await t.call('POST', `${URL}/updateStatus/${home.id}`, { token });
    expect(off.body).toMatchObject({ code: 200, data: '0' });
    const on = await t.call('POST', `${URL}/updateStatus/${home.id}`, { token });
    expect(on.body.data).toBe('1');
    expect((await t.call('POST', `${URL}/updateStatus/99999999`, { token })).status).toBe(404);
  });
});

describe('access and region scope', () => {
  it('answers 403 without the keys', async () => {
    const none = await adminWith(t, []);
    const calls: [string, string, unknown?][] = [
      ['GET', `${URL}/page`],
      ['GET', `${URL}/${home.id}`],
      ['PUT', URL, { ...row(), id: home.id }],
      ['POST', URL, row()],
      ['DELETE', `${URL}/${home.id}`],
      ['DELETE', `${URL}/deleteByIds`, { idList: [home.id] }],
      ['POST', `${URL}/updateStatus/${home.id}`],
    ];
    for (const [method, url, body] of calls) {
      const answer = await t.call(method, url, { token: none, body });
      expect(answer.status, `${method} ${url}`).toBe(403);
    }
    const reader = await adminWith(t, [PERMISSIONS.planData.list]);
    expect((await t.call('GET', `${URL}/page`, { token: reader })).status).toBe(200);
    expect((await t.call('POST', `${URL}/updateStatus/${home.id}`, { token: reader })).status).toBe(403);
  });

  it("keeps a county administrator to their county's rows", async () => {
    const county = await makeAdmin(t, {
      provinceCode: home.provinceCode,
      cityCode: home.cityCode,
      countyCode: home.countyCode,
    });
    const list = await t.call<Page<PlanData>>('GET', `${URL}/page`, { token: county, query: { size: 100 } });
    expect(list.body.data.total).toBeGreaterThan(0);
    expect(new Set(list.body.data.records.map((r) => r.countyCode))).toEqual(new Set([home.countyCode]));
    const other = await t.call<Page<PlanData>>('GET', `${URL}/page`, {
      token: county,
      query: { countyCode: away.countyCode },
    });
    expect(other.body.data.total).toBe(0);
    const before = await t.database.db.select().from(recruitPlanData).where(eq(recruitPlanData.id, away.id));
    expect((await t.call('GET', `${URL}/${away.id}`, { token: county })).status).toBe(404);
    const edit = { ...row({ planId: away.planId, countyCode: away.countyCode }), id: away.id };
    expect((await t.secure('PUT', URL, edit, { token: county })).status).toBe(404);
    expect((await t.call('POST', `${URL}/updateStatus/${away.id}`, { token: county })).status).toBe(404);
    expect((await t.call('DELETE', `${URL}/${away.id}`, { token: county })).status).toBe(404);
    const many = await t.call('DELETE', `${URL}/deleteByIds`, {
      token: county,
      body: { idList: [home.id, away.id] },
    });
    expect(many.status).toBe(404);
    const created = await t.secure('POST', URL, row({ countyCode: away.countyCode, subject: '07' }), {
      token: county,
    });
    expect(created.status).toBe(400);
    expect(created.body.msg).toContain('不在您的管辖地区内');
    // Moving one of its own rows to another county is refused the same way.
    const moved = await t.secure(
      'PUT',
      URL,
      { ...row({ planId: home.planId, countyCode: away.countyCode }), id: home.id },
      { token: county },
    );
    expect(moved.status).toBe(400);
    expect(await t.database.db.select().from(recruitPlanData).where(eq(recruitPlanData.id, away.id))).toEqual(
      before,
    );
    expect((await t.call('GET', `${URL}/${home.id}`, { token: county })).status).toBe(200);
  });
});
