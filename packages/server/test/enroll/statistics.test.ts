import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, ne, sum } from 'drizzle-orm';
import { recruitPlanData } from '../../src/db/schema';
import { PERMISSIONS, PLAN_DATA_STATUS, type EnrollStatistics, type PostRatio } from '@tegang/domain';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith } from '../recruit-plan/fixtures';
import { applyToOpenPlan, makeAdmin, type openPlanAndDemand } from './fixtures';

/**
 * The dashboard's counts (docs/decisions.md "Live post ratios"), read live here
 * (RATIO_CACHE_SECONDS=0) so that each step's change shows at once; the cache has its own test
 * (plan-data/ratios.test.ts).
 */
let t: TestApp;
let ctx: Awaited<ReturnType<typeof openPlanAndDemand>>;
beforeAll(async () => {
  t = await createTestApp({ env: { RATIO_CACHE_SECONDS: '0' } });
  ({ ctx } = await applyToOpenPlan(t));
});
afterAll(() => t.close());

const statistics = async (token: string) => {
  const answer = await t.call<EnrollStatistics>('GET', '/candidate/enroll/statistics', { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const postOf = (
  stats: EnrollStatistics,
  d: { countyCode: string; category: string; learningPeriod: string; subject: string },
) =>
  stats.posts.find(
    (p) =>
      p.countyCode === d.countyCode &&
      p.category === d.category &&
      p.learningPeriod === d.learningPeriod &&
      p.subject === d.subject,
  );

describe('GET /candidate/enroll/statistics (dashboard: enrolments against demand)', () => {
  it('counts the enrolment against the demand of its county, period and subject', async () => {
    const stats = await t.call<EnrollStatistics>('GET', '/candidate/enroll/statistics', {
      token: await t.adminToken(),
    });
    expect(stats.status).toBe(200);
    const [{ total }] = await t.database.db
      .select({ total: sum(recruitPlanData.demandNumber).mapWith(Number) })
      .from(recruitPlanData)
      .where(eq(recruitPlanData.planId, ctx.plan.id));
    expect(stats.body.data).toMatchObject({
      planId: ctx.plan.id,
      total: 1,
      demand: total,
      audit: { pending: 1, passed: 0, rejected: 0 },
    });
    expect(Date.parse(stats.body.data.asOf!)).not.toBeNaN();
    const county = stats.body.data.byCounty.find((b) => b.key === ctx.demand.countyCode)!;
    expect(county).toMatchObject({ enrolled: 1, passed: 0 });
    expect(county.label).toBeTruthy();
    expect(stats.body.data.byPeriod.find((b) => b.key === ctx.demand.learningPeriod)?.enrolled).toBe(1);
    expect(stats.body.data.bySubject.find((b) => b.key === ctx.demand.subject)?.enrolled).toBe(1);
    // Every post of the plan is listed with its demand; the applied one with its applicant.
    expect(stats.body.data.posts.reduce((s, p) => s + p.demand, 0)).toBe(total);
    expect(postOf(stats.body.data, ctx.demand)).toEqual<PostRatio>({
      countyCode: ctx.demand.countyCode,
      countyName: county.label,
      category: ctx.demand.category,
      learningPeriod: ctx.demand.learningPeriod,
      subject: ctx.demand.subject,
      demand: ctx.demand.demandNumber,
      enrolled: 1,
      passed: 0,
    });
  });

  it('narrows enrolments and demand to the administrator’s county', async () => {
    const token = await makeAdmin(t, {
      provinceCode: ctx.demand.provinceCode,
      cityCode: ctx.demand.cityCode,
      countyCode: ctx.demand.countyCode,
    });
    const stats = await t.call<EnrollStatistics>('GET', '/candidate/enroll/statistics', { token });
    const [{ demand }] = await t.database.db
      .select({ demand: sum(recruitPlanData.demandNumber).mapWith(Number) })
      .from(recruitPlanData)
      .where(
        and(eq(recruitPlanData.planId, ctx.plan.id), eq(recruitPlanData.countyCode, ctx.demand.countyCode)),
      );
    expect(stats.body.data.byCounty.map((b) => b.key)).toEqual([ctx.demand.countyCode]);
    expect(stats.body.data.demand).toBe(demand);
    expect(new Set(stats.body.data.posts.map((p) => p.countyCode))).toEqual(new Set([ctx.demand.countyCode]));
    const elsewhere = await makeAdmin(t, { provinceCode: '110000' });
    expect(
      (await t.call<EnrollStatistics>('GET', '/candidate/enroll/statistics', { token: elsewhere })).body.data,
    ).toMatchObject({
      total: 0,
      demand: 0,
      audit: { pending: 0, passed: 0, rejected: 0 },
      byCounty: [],
      posts: [],
    });
    expect((await t.call('GET', '/candidate/enroll/statistics')).status).toBe(401);
    // The dashboard is a menu screen of its own: the enrolment list's key does not open it.
    const clerk = await adminWith(t, [PERMISSIONS.enroll.list]);
    expect((await t.call('GET', '/candidate/enroll/statistics', { token: clerk })).status).toBe(403);
    const viewer = await adminWith(t, [PERMISSIONS.dashboard.list]);
    expect((await t.call('GET', '/candidate/enroll/statistics', { token: viewer })).status).toBe(200);
  });

  it('counts enrolments by audit status and passed ones per bar and post, inside the caller’s county', async () => {
    const admin = await t.adminToken();
    const before = await statistics(admin);
    // Two more applicants for the same post, and one for a post of another county.
    const [other] = await t.database.db
      .select()
      .from(recruitPlanData)
      .where(
        and(
          eq(recruitPlanData.planId, ctx.plan.id),
          eq(recruitPlanData.category, ctx.demand.category),
          eq(recruitPlanData.status, PLAN_DATA_STATUS.active),
          ne(recruitPlanData.countyCode, ctx.demand.countyCode),
        ),
      )
      .orderBy(asc(recruitPlanData.id))
      .limit(1);
    expect(other).toBeDefined();
    const passed = await applyToOpenPlan(t);
    const rejected = await applyToOpenPlan(t);
    const away = await applyToOpenPlan(t, {
      cityCode: other!.cityCode,
      countyCode: other!.countyCode,
      academicSession: other!.learningPeriod,
      subject: other!.subject,
      teacherCertificationSubject: other!.subject,
    });
    const audit = (body: object) => t.call('POST', '/candidate/enroll/audit', { token: admin, body });
    // Fresh applications: each is at its first version when the reviewer decides.
    expect((await audit({ idList: [passed.id, away.id], versions: [1, 1], auditStatus: '1' })).status).toBe(
      200,
    );
    expect(
      (await audit({ idList: [rejected.id], versions: [1], auditStatus: '2', auditReason: '照片不清晰' }))
        .status,
    ).toBe(200);

    const all = await statistics(admin);
    expect(all.total).toBe(before.total + 3);
    expect(all.audit).toEqual({
      pending: before.audit.pending, // the three new ones were all decided
      passed: before.audit.passed + 2,
      rejected: before.audit.rejected + 1,
    });
    expect(all.audit.pending + all.audit.passed + all.audit.rejected).toBe(all.total);
    expect(postOf(all, ctx.demand)).toMatchObject({
      demand: ctx.demand.demandNumber,
      enrolled: 3,
      passed: 1,
    });
    expect(postOf(all, other!)).toMatchObject({ demand: other!.demandNumber, enrolled: 1, passed: 1 });
    expect(all.byCounty.find((b) => b.key === ctx.demand.countyCode)).toMatchObject({
      enrolled: 3,
      passed: 1,
    });
    expect(all.byCounty.find((b) => b.key === other!.countyCode)).toMatchObject({ enrolled: 1, passed: 1 });
    expect(all.byCounty.reduce((s, b) => s + b.passed, 0)).toBe(all.audit.passed);
    expect(all.byPeriod.reduce((s, b) => s + b.passed, 0)).toBe(all.audit.passed);
    expect(all.bySubject.reduce((s, b) => s + b.passed, 0)).toBe(all.audit.passed);
    expect(all.posts.reduce((s, p) => s + p.enrolled, 0)).toBe(all.total);

    // A county administrator counts only the county's enrolments, by status too.
    const county = await makeAdmin(t, {
      provinceCode: ctx.demand.provinceCode,
      cityCode: ctx.demand.cityCode,
      countyCode: ctx.demand.countyCode,
    });
    const own = await statistics(county);
    expect(own).toMatchObject({ total: 3, audit: { pending: 1, passed: 1, rejected: 1 } });
    expect(postOf(own, other!)).toBeUndefined();
    const otherCounty = await makeAdmin(t, {
      provinceCode: other!.provinceCode,
      cityCode: other!.cityCode,
      countyCode: other!.countyCode,
    });
    expect(await statistics(otherCounty)).toMatchObject({
      total: 1,
      audit: { pending: 0, passed: 1, rejected: 0 },
      demand: all.byCounty.find((b) => b.key === other!.countyCode)!.demand,
    });
  });

  it('keeps the applicants of a post whose demand was switched off, with demand 0 (no ratio)', async () => {
    const admin = await t.adminToken();
    const [row] = await t.database.db
      .select()
      .from(recruitPlanData)
      .where(
        and(
          eq(recruitPlanData.planId, ctx.plan.id),
          eq(recruitPlanData.countyCode, ctx.demand.countyCode),
          eq(recruitPlanData.category, ctx.demand.category),
          eq(recruitPlanData.learningPeriod, ctx.demand.learningPeriod),
          eq(recruitPlanData.subject, ctx.demand.subject),
        ),
      );
    await t.database.db
      .update(recruitPlanData)
      .set({ status: PLAN_DATA_STATUS.inactive })
      .where(eq(recruitPlanData.id, row!.id));
    try {
      const stats = await statistics(admin);
      expect(postOf(stats, ctx.demand)).toMatchObject({ demand: 0, enrolled: 3, passed: 1 });
    } finally {
      await t.database.db
        .update(recruitPlanData)
        .set({ status: PLAN_DATA_STATUS.active })
        .where(eq(recruitPlanData.id, row!.id));
    }
  });
});
