import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sum } from 'drizzle-orm';
import { recruitPlanData } from '../../src/db/schema';
import { PERMISSIONS, type EnrollStatistics } from '@tegang/domain';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith } from '../recruit-plan/fixtures';
import { applyToOpenPlan, makeAdmin, type openPlanAndDemand } from './fixtures';

let t: TestApp;
let ctx: Awaited<ReturnType<typeof openPlanAndDemand>>;
beforeAll(async () => {
  t = await createTestApp();
  ({ ctx } = await applyToOpenPlan(t));
});
afterAll(() => t.close());

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
    expect(stats.body.data).toMatchObject({ planId: ctx.plan.id, total: 1, demand: total });
    const county = stats.body.data.byCounty.find((b) => b.key === ctx.demand.countyCode)!;
    expect(county.enrolled).toBe(1);
    expect(county.label).toBeTruthy();
    expect(stats.body.data.byPeriod.find((b) => b.key === ctx.demand.learningPeriod)?.enrolled).toBe(1);
    expect(stats.body.data.bySubject.find((b) => b.key === ctx.demand.subject)?.enrolled).toBe(1);
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
    const elsewhere = await makeAdmin(t, { provinceCode: '110000' });
    expect(
      (await t.call<EnrollStatistics>('GET', '/candidate/enroll/statistics', { token: elsewhere })).body.data,
    ).toMatchObject({ total: 0, demand: 0, byCounty: [] });
    expect((await t.call('GET', '/candidate/enroll/statistics')).status).toBe(401);
    // The dashboard is a menu screen of its own: the enrolment list's key does not open it.
    const clerk = await adminWith(t, [PERMISSIONS.enroll.list]);
    expect((await t.call('GET', '/candidate/enroll/statistics', { token: clerk })).status).toBe(403);
    const viewer = await adminWith(t, [PERMISSIONS.dashboard.list]);
    expect((await t.call('GET', '/candidate/enroll/statistics', { token: viewer })).status).toBe(200);
  });
});
