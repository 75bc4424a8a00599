import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_DATA_STATUS } from '@tegang/domain';
import { categoryEducation, recruitPlanData } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { makeCandidate, openPlanAndDemand } from '../enroll/fixtures';

/**
 * The candidate's demand cascade (spec §7 "/api/recruitPlanData/…") offers only active rows
 * (status '1') with demand > 0: a row switched off or with no places left is never a choice.
 */
let t: TestApp;
let ctx: Awaited<ReturnType<typeof openPlanAndDemand>>;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ctx = await openPlanAndDemand(t);
  token = (await makeCandidate(t)).token;
  const { plan, demand } = ctx;
  const at = {
    planId: plan.id,
    provinceCode: demand.provinceCode,
    cityCode: demand.cityCode,
    countyCode: demand.countyCode,
  };
  await t.database.db.insert(recruitPlanData).values([
    // Beside the live demand row: an inactive subject and a subject with no places.
    {
      ...at,
      category: demand.category,
      learningPeriod: demand.learningPeriod,
      subject: 'ZZOFF',
      demandNumber: 5,
      status: PLAN_DATA_STATUS.inactive,
    },
    {
      ...at,
      category: demand.category,
      learningPeriod: demand.learningPeriod,
      subject: 'ZZZERO',
      demandNumber: 0,
      status: PLAN_DATA_STATUS.active,
    },
    // A learning period that has only an inactive row.
    {
      ...at,
      category: demand.category,
      learningPeriod: 'ZZLP',
      subject: 'ZZLPS',
      demandNumber: 3,
      status: PLAN_DATA_STATUS.inactive,
    },
    // A whole category that has only an inactive and a zero-demand row.
    {
      ...at,
      category: 'ZZCAT',
      learningPeriod: demand.learningPeriod,
      subject: demand.subject,
      demandNumber: 4,
      status: PLAN_DATA_STATUS.inactive,
    },
    {
      ...at,
      category: 'ZZCAT',
      learningPeriod: 'ZZLP',
      subject: demand.subject,
      demandNumber: 0,
      status: PLAN_DATA_STATUS.active,
    },
  ]);
  await t.database.db.insert(categoryEducation).values({ category: 'ZZCAT', education: [ctx.education] });
});
afterAll(() => t.close());

const get = async <T>(url: string, query?: Record<string, string | number>) => {
  const answer = await t.call<T>('GET', url, { candidateToken: token, query });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const values = (options: { value: string }[]) => options.map((o) => o.value);

describe('candidate cascade offers only active rows with demand', () => {
  it('getRecruitPlanDataByPlanId lists no inactive or zero-demand row', async () => {
    const rows = await get<{ category: string; subject: string; demandNumber: number }[]>(
      `/api/recruitPlanData/getRecruitPlanDataByPlanId/${ctx.plan.id}`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.subject)).not.toContain('ZZOFF');
    expect(rows.map((r) => r.subject)).not.toContain('ZZZERO');
    expect(rows.map((r) => r.subject)).not.toContain('ZZLPS');
    expect(rows.map((r) => r.category)).not.toContain('ZZCAT');
    expect(rows.every((r) => r.demandNumber > 0)).toBe(true);
  });

  it('getCategoryByEducation does not offer a category without an active row with demand', async () => {
    const options = await get<{ value: string }[]>(
      `/api/recruitPlanData/getCategoryByEducation/${ctx.education}`,
      { planId: ctx.plan.id },
    );
    expect(values(options)).toContain(ctx.demand.category);
    expect(values(options)).not.toContain('ZZCAT');
  });

  it('getRecruitPlanDataRegionByCategory has no region for such a category', async () => {
    expect(
      await get<unknown[]>('/api/recruitPlanData/getRecruitPlanDataRegionByCategory', {
        planId: ctx.plan.id,
        category: 'ZZCAT',
      }),
    ).toEqual([]);
  });

  it('getRecruitPlanDataLearningPeriodByRegion does not offer a period with only inactive rows', async () => {
    const options = await get<{ value: string }[]>(
      '/api/recruitPlanData/getRecruitPlanDataLearningPeriodByRegion',
      { planId: ctx.plan.id, category: ctx.demand.category, countyCode: ctx.demand.countyCode },
    );
    expect(values(options)).toContain(ctx.demand.learningPeriod);
    expect(values(options)).not.toContain('ZZLP');
  });

  it('getRecruitPlanDataSubjectByLearningPeriod does not offer an inactive or zero-demand subject', async () => {
    const options = await get<{ value: string; demandNumber: number }[]>(
      '/api/recruitPlanData/getRecruitPlanDataSubjectByLearningPeriod',
      {
        planId: ctx.plan.id,
        category: ctx.demand.category,
        countyCode: ctx.demand.countyCode,
        learningPeriod: ctx.demand.learningPeriod,
      },
    );
    expect(values(options)).toContain(ctx.demand.subject);
    expect(values(options)).not.toContain('ZZOFF');
    expect(values(options)).not.toContain('ZZZERO');
  });
});
