import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idNumber, type DictItem } from '@tegang/domain';
import { recruitPlanData } from '../../db/schema';
import { loadDicts } from '../../lib/dicts';
import { ok } from '../../lib/envelope';
import { buildRegionTree, loadRegions } from '../system/reference';
import {
  categoriesForEducation,
  countiesForCategory,
  learningPeriodsForCounty,
  subjectsForLearningPeriod,
} from './service';

const planId = idNumber();
const code = z.string({ error: 'rule.required' }).trim().min(1, { error: 'rule.required' }).max(32);
const option = (item: DictItem | undefined, value: string) => ({
  value,
  label: item?.label ?? value,
  labelEn: item?.labelEn ?? null,
});

/**
 * The candidate's cascade over the plan's demand (spec §7 "/api/recruitPlanData/…"): each answer lists
 * only choices with demand, as options [{value, label, labelEn}] (regions as a city → county tree).
 */
export async function planDataRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const access = { candidate: true } as const;
  const options = async (type: string, values: string[]) => {
    const items = (await loadDicts(ctx.db)).items(type);
    return values.map((v) =>
      option(
        items.find((i) => i.value === v),
        v,
      ),
    );
  };

  app.get(
    '/api/recruitPlanData/getRecruitPlanDataByPlanId/:planId',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary: 'Demand rows of a plan (status 1)',
        params: z.object({ planId }),
      },
    },
    async (req) => {
      const rows = await ctx.db
        .select({
          countyCode: recruitPlanData.countyCode,
          cityCode: recruitPlanData.cityCode,
          category: recruitPlanData.category,
          learningPeriod: recruitPlanData.learningPeriod,
          subject: recruitPlanData.subject,
          demandNumber: recruitPlanData.demandNumber,
        })
        .from(recruitPlanData)
        .where(eq(recruitPlanData.planId, req.params.planId))
        .orderBy(
          asc(recruitPlanData.countyCode),
          asc(recruitPlanData.category),
          asc(recruitPlanData.learningPeriod),
          asc(recruitPlanData.subject),
        );
      return ok(req, rows);
    },
  );

  app.get(
    '/api/recruitPlanData/getCategoryByEducation/:education',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary: 'Plan categories open to an education level, with demand',
        params: z.object({ education: code }),
        querystring: z.object({ planId }),
      },
    },
    async (req) =>
      ok(
        req,
        await options(
          'recruit_plan_category',
          await categoriesForEducation(ctx.db, req.query.planId, req.params.education),
        ),
      ),
  );

  app.get(
    '/api/recruitPlanData/getRecruitPlanDataRegionByCategory',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary: 'City → county tree with demand in a category',
        querystring: z.object({ planId, category: code }),
      },
    },
    async (req) => {
      const counties = await countiesForCategory(ctx.db, req.query.planId, req.query.category);
      const wanted = new Set(counties.flatMap((c) => [c.cityCode, c.countyCode]));
      const rows = (await loadRegions(ctx.db)).filter((r) => wanted.has(r.code));
      return ok(req, buildRegionTree(rows));
    },
  );

  app.get(
    '/api/recruitPlanData/getRecruitPlanDataLearningPeriodByRegion',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary: 'Learning periods with demand in a county and category',
        querystring: z.object({ planId, category: code, countyCode: code }),
      },
    },
    async (req) =>
      ok(
        req,
        await options(
          'recruit_learning_period',
          await learningPeriodsForCounty(ctx.db, req.query.planId, req.query.category, req.query.countyCode),
        ),
      ),
  );

  app.get(
    '/api/recruitPlanData/getRecruitPlanDataSubjectByLearningPeriod',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary: 'Subjects with demand, with demandNumber',
        querystring: z.object({ planId, category: code, countyCode: code, learningPeriod: code }),
      },
    },
    async (req) => {
      const { planId: id, category, countyCode, learningPeriod } = req.query;
      const rows = await subjectsForLearningPeriod(ctx.db, id, category, countyCode, learningPeriod);
      const labelled = await options(
        'recruit_subject',
        rows.map((r) => r.subject),
      );
      return ok(
        req,
        labelled.map((o, i) => ({ ...o, demandNumber: rows[i]!.demandNumber })),
      );
    },
  );
}
