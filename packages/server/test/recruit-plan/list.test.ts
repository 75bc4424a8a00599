import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Page, type RecruitPlan } from '@tegang/domain';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith, createPlan, demoPlanId, PLAN_URL, soundPlan } from './fixtures';

let t: TestApp;
let token: string;
/** Ids of the plans made here: 12 of 2029 "Alpha n", 1 of 2031 "Beta". */
const alpha: number[] = [];
let beta: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  for (let i = 1; i <= 12; i++)
    alpha.push(await createPlan(t, token, { name: `Alpha Plan ${i}`, year: '2029' }));
  beta = await createPlan(t, token, { name: 'Beta 100%_plan', year: '2031' });
});
afterAll(() => t.close());

type PlanPage = Page<RecruitPlan>;

describe('GET /recruit/recruitPlan/page (spec §7 Recruit plan, §9 paging)', () => {
  it('answers the first page of 10 by default, year desc then id desc, the demo plan included', async () => {
    const answer = await t.call<PlanPage>('GET', `${PLAN_URL}/page`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
    const { records, total, current, size } = answer.body.data;
    expect({ total, current, size }).toEqual({ total: 14, current: 1, size: 10 });
    expect(records).toHaveLength(10);
    expect(records[0]!.id).toBe(beta);
    expect(records.slice(1).map((r) => r.id)).toEqual(alpha.slice(3).reverse());
    const last = await t.call<PlanPage>('GET', `${PLAN_URL}/page`, { token, query: { current: 2 } });
    expect(last.body.data.records.map((r) => r.id)).toEqual([
      ...alpha.slice(0, 3).reverse(),
      await demoPlanId(t),
    ]);
  });

  it('pages with current and size', async () => {
    const second = await t.call<PlanPage>('GET', `${PLAN_URL}/page`, {
      token,
      query: { current: 2, size: 10 },
    });
    expect(second.body.data.records).toHaveLength(4);
    expect(second.body.data.current).toBe(2);
    const big = await t.call<PlanPage>('GET', `${PLAN_URL}/page`, { token, query: { size: 20 } });
    expect(big.body.data.records).toHaveLength(14);
    expect(big.body.data.records.map((r) => r.year)).toEqual(
      [...big.body.data.records.map((r) => r.year)].sort().reverse(),
    );
  });

  it('refuses a size outside 10, 20, 30, 50, 100 and a page below 1 with 400', async () => {
    const queries: Record<string, string | number>[] = [
      { size: 15 },
      { size: 0 },
      { size: 'x' },
      { current: 0 },
    ];
    for (const query of queries) {
      const answer = await t.call('GET', `${PLAN_URL}/page`, { token, query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.code).toBe(400);
    }
    const answer = await t.call('GET', `${PLAN_URL}/page`, { token, query: { size: 15 } });
    expect(answer.body.msg).toBe('每页条数的取值无效');
  });

  it('searches by name (contains, case-insensitive), year and status', async () => {
    const byName = await t.call<PlanPage>('GET', `${PLAN_URL}/page`, {
      token,
      query: { name: 'alpha plan 1', size: 50 },
    });
    expect(byName.body.data.records.map((r) => r.name).sort()).toEqual([
      'Alpha Plan 1',
      'Alpha Plan 10',
      'Alpha Plan 11',
      'Alpha Plan 12',
    ]);
    const chinese = await t.call<PlanPage>('GET', `${PLAN_URL}/page`, { token, query: { name: '贵州' } });
    expect(chinese.body.data.total).toBe(1);
    // LIKE wildcards in the search are literal.
    const wildcard = await t.call<PlanPage>('GET', `${PLAN_URL}/page`, { token, query: { name: '100%_' } });
    expect(wildcard.body.data.records.map((r) => r.id)).toEqual([beta]);
    const percent = await t.call<PlanPage>('GET', `${PLAN_URL}/page`, { token, query: { name: '%' } });
    expect(percent.body.data.total).toBe(1);
    const byYear = await t.call<PlanPage>('GET', `${PLAN_URL}/page`, { token, query: { year: '2029' } });
    expect(byYear.body.data.total).toBe(12);
    const open = await t.call<PlanPage>('GET', `${PLAN_URL}/page`, { token, query: { status: '1' } });
    expect(open.body.data.records.map((r) => r.id)).toEqual([await demoPlanId(t)]);
    const both = await t.call<PlanPage>('GET', `${PLAN_URL}/page`, {
      token,
      query: { status: '0', year: '2031', name: 'beta' },
    });
    expect(both.body.data.records.map((r) => r.id)).toEqual([beta]);
    const none = await t.call<PlanPage>('GET', `${PLAN_URL}/page`, { token, query: { year: '1999' } });
    expect(none.body.data).toEqual({ records: [], total: 0, current: 1, size: 10 });
  });

  it('answers plans in the API shape: ISO times, YYYY-MM-DD limitBirth, string status', async () => {
    const answer = await t.call<PlanPage>('GET', `${PLAN_URL}/page`, { token, query: { year: '2031' } });
    const plan = answer.body.data.records[0]!;
    expect(plan).toMatchObject({
      ...soundPlan({ name: 'Beta 100%_plan', year: '2031' }),
      id: beta,
      status: '0',
    });
    expect(plan.createTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(plan.updateTime).toMatch(/Z$/);
  });
});

describe('option lists', () => {
  it('GET getRecruitPlanStatus answers the status options in the caller’s language', async () => {
    const zh = await t.call('GET', `${PLAN_URL}/getRecruitPlanStatus`, { token });
    expect(zh.body.data).toEqual([
      { value: '0', label: '未发布' },
      { value: '1', label: '报名中' },
      { value: '2', label: '已结束' },
    ]);
    const en = await t.call('GET', `${PLAN_URL}/getRecruitPlanStatus`, { token, lang: 'en' });
    expect(en.body.data).toEqual([
      { value: '0', label: 'Unpublished' },
      { value: '1', label: 'Enrolling' },
      { value: '2', label: 'Closed' },
    ]);
  });

  it('GET listRecruitPlan answers {id, name, year, status, smsNotify} of every plan, newest first', async () => {
    const answer = await t.call<
      { id: number; name: string; year: string; status: string; smsNotify: boolean }[]
    >('GET', `${PLAN_URL}/listRecruitPlan`, { token });
    expect(answer.body.data).toHaveLength(14);
    expect(answer.body.data[0]).toEqual({
      id: beta,
      name: 'Beta 100%_plan',
      year: '2031',
      status: '0',
      smsNotify: true,
    });
    expect(Object.keys(answer.body.data[1]!).sort()).toEqual(['id', 'name', 'smsNotify', 'status', 'year']);
  });
});

describe('GET /recruit/recruitPlan/{id}', () => {
  it('answers one plan, 404 for an unknown id and 400 for a malformed one', async () => {
    const found = await t.call<RecruitPlan>('GET', `${PLAN_URL}/${alpha[0]}`, { token });
    expect(found.body.data.name).toBe('Alpha Plan 1');
    const missing = await t.call('GET', `${PLAN_URL}/999999`, { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 404, msg: '请求的资源不存在', data: null });
    const bad = await t.call('GET', `${PLAN_URL}/abc`, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('编号的取值无效');
  });
});

describe('access (DESIGN "Permissions fail closed")', () => {
  const routes: [string, string][] = [
    ['GET', `${PLAN_URL}/page`],
    ['GET', `${PLAN_URL}/1`],
    ['POST', PLAN_URL],
    ['PUT', PLAN_URL],
    ['DELETE', `${PLAN_URL}/1`],
    ['DELETE', `${PLAN_URL}/deleteByIds`],
    ['GET', `${PLAN_URL}/getRecruitPlanStatus`],
    ['GET', `${PLAN_URL}/listRecruitPlan`],
    ['POST', `${PLAN_URL}/updateStatus/1/1`],
  ];

  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of routes) {
      const answer = await t.call(method, url);
      expect(answer.status, `${method} ${url}`).toBe(401);
      expect(answer.body.msg).toBe('登录状态已过期，请重新登录');
    }
  });

  it('answers 403 to an administrator without the keys, but serves the option lists', async () => {
    const none = await adminWith(t, []);
    for (const [method, url] of routes.filter(([, u]) => !/getRecruitPlanStatus|listRecruitPlan/.test(u))) {
      const answer = await t.call(method, url, { token: none, body: {} });
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body).toEqual({ code: 403, msg: '没有访问权限', data: null });
    }
    expect((await t.call('GET', `${PLAN_URL}/getRecruitPlanStatus`, { token: none })).status).toBe(200);
    expect((await t.call('GET', `${PLAN_URL}/listRecruitPlan`, { token: none })).status).toBe(200);
  });

  it('lets a list-only administrator read the page but not create or change status', async () => {
    const reader = await adminWith(t, [PERMISSIONS.recruitPlan.list]);
    expect((await t.call('GET', `${PLAN_URL}/page`, { token: reader })).status).toBe(200);
    expect((await t.secure('POST', PLAN_URL, soundPlan(), { token: reader })).status).toBe(403);
    expect((await t.call('POST', `${PLAN_URL}/updateStatus/${beta}/1`, { token: reader })).status).toBe(403);
  });
});

describe('OpenAPI document', () => {
  it('lists every recruit plan path', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/recruit/recruitPlan']!).sort()).toEqual(['post', 'put']);
    for (const path of [
      '/recruit/recruitPlan/page',
      '/recruit/recruitPlan/{id}',
      '/recruit/recruitPlan/deleteByIds',
      '/recruit/recruitPlan/getRecruitPlanStatus',
      '/recruit/recruitPlan/updateStatus/{id}/{status}',
      '/recruit/recruitPlan/listRecruitPlan',
    ])
      expect(doc.paths[path], path).toBeDefined();
  });
});
