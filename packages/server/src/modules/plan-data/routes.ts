import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idNumber, type SubjectDemandOption } from '@tegang/domain';
import { ok } from '../../lib/envelope';
import {
  categoriesForEducation,
  dictOptions,
  learningPeriodsForCounty,
  liveDemandRows,
  regionTreeForCategory,
  subjectRatios,
} from './service';

const planId = idNumber();
const code = z.string({ error: 'rule.required' }).trim().min(1, { error: 'rule.required' }).max(32);

/**
 * The candidate's cascade over the plan's demand (spec §7 "/api/recruitPlanData/…"): each answer lists
 * only active rows (PLAN_DATA_STATUS.active) with demand > 0, as options [{value, label, labelEn}]
 * (regions as a city → county tree). Candidate token required (401 otherwise); 400 on a bad param.
 */
export async function planDataRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const access = { candidate: true } as const;

  /** GET …/getRecruitPlanDataByPlanId/{planId}: DemandRow[] of the plan's live demand. */
  app.get(
    '/api/recruitPlanData/getRecruitPlanDataByPlanId/:planId',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary: 'Live demand rows of a plan (status 1, demandNumber > 0)',
        params: z.object({ planId }),
      },
    },
    async (req) => ok(req, await liveDemandRows(ctx.db, req.params.planId)),
  );

  /** GET …/getCategoryByEducation/{education}?planId: DemandOption[] of categories. */
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
        await dictOptions(
          ctx.db,
          'recruit_plan_category',
          await categoriesForEducation(ctx.db, req.query.planId, req.params.education),
        ),
      ),
  );

  /** GET …/getRecruitPlanDataRegionByCategory?planId&category: RegionNode[] (city → county). */
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
    async (req) => ok(req, await regionTreeForCategory(ctx.db, req.query.planId, req.query.category)),
  );

  /** GET …/getRecruitPlanDataLearningPeriodByRegion?planId&category&countyCode: DemandOption[]. */
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
        await dictOptions(
          ctx.db,
          'recruit_learning_period',
          await learningPeriodsForCounty(ctx.db, req.query.planId, req.query.category, req.query.countyCode),
        ),
      ),
  );

  /**
   * GET …/getRecruitPlanDataSubjectByLearningPeriod?…: SubjectDemandOption[] (with demandNumber, and
   * `enrolled` against `demand` for the "applied / demand" label), from the plan's post counts cached
   * for RATIO_CACHE_SECONDS (post-counts.ts): repeated calls in the last days do not count per request.
   */
  app.get(
    '/api/recruitPlanData/getRecruitPlanDataSubjectByLearningPeriod',
    {
      config: { access },
      schema: {
        tags: ['candidate'],
        summary:
          'Subjects with demand, with demandNumber, and enrolled against demand (counts up to RATIO_CACHE_SECONDS old)',
        querystring: z.object({ planId, category: code, countyCode: code, learningPeriod: code }),
      },
    },
    async (req) => {
      const { planId: id, category, countyCode, learningPeriod } = req.query;
      const rows = await subjectRatios(
        ctx.db,
        id,
        { category, countyCode, learningPeriod },
        { now: ctx.now(), ttlS: ctx.config.ratioCacheSeconds },
      );
      const labelled = await dictOptions(
        ctx.db,
        'recruit_subject',
        rows.map((r) => r.subject),
      );
      const options: SubjectDemandOption[] = labelled.map((o, i) => ({
        ...o,
        demandNumber: rows[i]!.demand,
        enrolled: rows[i]!.enrolled,
        demand: rows[i]!.demand,
      }));
      return ok(req, options);
    },
  );
}
