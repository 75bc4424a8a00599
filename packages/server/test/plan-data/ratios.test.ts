import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrollStatistics, SubjectDemandOption } from '@tegang/domain';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers';
import { applyToOpenPlan, makeCandidate, openPlanAndDemand } from '../enroll/fixtures';

/**
 * Live post ratios: the candidate's subject choices carry "applied / demand", and those
 * counts (shared with the dashboard) are read once per RATIO_CACHE_SECONDS per node, on the app's
 * clock, rather than per request; RATIO_CACHE_SECONDS=0 reads them every time.
 */
const SUBJECTS = '/api/recruitPlanData/getRecruitPlanDataSubjectByLearningPeriod';

async function subjectOf(t: TestApp, token: string, ctx: Awaited<ReturnType<typeof openPlanAndDemand>>) {
  const answer = await t.call<SubjectDemandOption[]>('GET', SUBJECTS, {
    candidateToken: token,
    query: {
      planId: ctx.plan.id,
      category: ctx.demand.category,
      countyCode: ctx.demand.countyCode,
      learningPeriod: ctx.demand.learningPeriod,
    },
  });
  expect(answer.status).toBe(200);
  return answer.body.data.find((s) => s.value === ctx.demand.subject)!;
}

describe('subject ratios, cached for RATIO_CACHE_SECONDS (default 30) on the app clock', () => {
  let t: TestApp;
  let clock = Date.now();
  let ctx: Awaited<ReturnType<typeof openPlanAndDemand>>;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
    ctx = await openPlanAndDemand(t);
    token = (await makeCandidate(t)).token;
  });
  afterAll(() => t.close());

  it('answers enrolled and demand per subject, and keeps them until the TTL ends', async () => {
    const first = await subjectOf(t, token, ctx);
    expect(first).toMatchObject({
      demandNumber: ctx.demand.demandNumber,
      demand: ctx.demand.demandNumber,
      enrolled: 0,
    });
    await applyToOpenPlan(t);
    clock += 29_000;
    // Within 30 s: the same counts, for the cascade and the dashboard alike.
    expect((await subjectOf(t, token, ctx)).enrolled).toBe(0);
    const admin = await t.adminToken();
    const cached = await t.call<EnrollStatistics>('GET', '/candidate/enroll/statistics', { token: admin });
    expect(cached.body.data.total).toBe(0);
    clock += 2_000;
    expect((await subjectOf(t, token, ctx)).enrolled).toBe(1);
    const fresh = await t.call<EnrollStatistics>('GET', '/candidate/enroll/statistics', { token: admin });
    expect(fresh.body.data).toMatchObject({ total: 1, asOf: new Date(clock).toISOString() });
  });
});

describe('RATIO_CACHE_SECONDS=0', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('counts on every request', async () => {
    t = await createTestApp({ env: { RATIO_CACHE_SECONDS: '0' } });
    const ctx = await openPlanAndDemand(t);
    const { token } = await makeCandidate(t);
    expect((await subjectOf(t, token, ctx)).enrolled).toBe(0);
    await applyToOpenPlan(t);
    expect(await subjectOf(t, token, ctx)).toMatchObject({ enrolled: 1, demand: ctx.demand.demandNumber });
  });

  it('is checked at start: whole seconds from 0 to 3600', () => {
    expect(loadConfig({}).ratioCacheSeconds).toBe(30);
    expect(loadConfig({ RATIO_CACHE_SECONDS: '0' }).ratioCacheSeconds).toBe(0);
    expect(() => loadConfig({ RATIO_CACHE_SECONDS: '-1' })).toThrow(/RATIO_CACHE_SECONDS/);
    expect(() => loadConfig({ RATIO_CACHE_SECONDS: 'soon' })).toThrow(/RATIO_CACHE_SECONDS/);
  });
});

describe('the ratio cache holds existing plans only', () => {
  let t: TestApp;
  let clock = Date.now();
  afterAll(() => t?.close());

  it('random plan ids neither enter the cache nor push the open plan out of it', async () => {
    t = await createTestApp({ now: () => new Date(clock) });
    const ctx = await openPlanAndDemand(t);
    const { token } = await makeCandidate(t);
    expect((await subjectOf(t, token, ctx)).enrolled).toBe(0);
    // An attacker asks for 40 plans that do not exist: empty answers, and the real plan stays cached.
    for (let i = 0; i < 40; i++) {
      const answer = await t.call<SubjectDemandOption[]>('GET', SUBJECTS, {
        candidateToken: token,
        query: {
          planId: 900_000 + i,
          category: ctx.demand.category,
          countyCode: ctx.demand.countyCode,
          learningPeriod: ctx.demand.learningPeriod,
        },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual([]);
    }
    await applyToOpenPlan(t);
    clock += 10_000;
    // Still the counts read before the application: the cached entry was not evicted.
    expect((await subjectOf(t, token, ctx)).enrolled).toBe(0);
    clock += 21_000;
    expect((await subjectOf(t, token, ctx)).enrolled).toBe(1);
  });
});
