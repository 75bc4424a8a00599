import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idNumber,
  type SubjectDemandOption,
  demandRowSchema,
  demandOptionSchema,
  demandRegionSchema,
  subjectDemandOptionSchema,
} from '@tegang/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope';
import { cachedAnswer, cachedReference, sendCached } from '../../lib/reference-cache';
import {
  categoriesForEducation,
  dictOptions,
  learningPeriodsForCounty,
  liveDemandRows,
  regionTreeForCategory,
  subjectRatios,
} from './service';
import { envelopeOf } from '../../lib/fast-response';

const planId = idNumber();

/**
 * The cascade is plan-level data, the same for every candidate: the browser may keep an answer as long
 * as a node does (REFERENCE_CACHE_SECONDS) and then asks again with If-None-Match (a 304 while
 * unchanged). `private`: the routes need a candidate's token, so no shared cache keeps them.
 */
const cascadeCacheControl = (seconds: number) =>
  seconds ? `private, max-age=${seconds}` : 'private, no-cache';
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

  /**
   * Answers a cascade read from memory (lib/reference-cache.ts): the result of `load` under `key`,
   * serialised once per language, with its ETag; an empty result is not kept (made-up parameters).
   */
  const cascade = async (
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<unknown[]>,
  ) => {
    const kept = await cachedReference(
      ctx.db,
      `cascade|${key}|${req.lang}`,
      async () => {
        const data = await load();
        return { answer: cachedAnswer(data, req.lang), empty: data.length === 0 };
      },
      (v) => !v.empty,
    );
    return sendCached(req, reply, kept.answer, cascadeCacheControl(ctx.config.referenceCacheSeconds));
  };

  /** GET …/getRecruitPlanDataByPlanId/{planId}: DemandRow[] of the plan's live demand. */
  app.get(
    '/api/recruitPlanData/getRecruitPlanDataByPlanId/:planId',
    {
      config: { access },
      compress: false,
      schema: {
        tags: ['candidate'],
        summary: 'Live demand rows of a plan (status 1, demandNumber > 0). From memory, with ETag',
        params: z.object({ planId }),
        response: { 200: envelopeOf(z.array(demandRowSchema)) },
      },
    },
    async (req, reply) =>
      cascade(req, reply, `rows|${req.params.planId}`, () => liveDemandRows(ctx.db, req.params.planId)),
  );

  /** GET …/getCategoryByEducation/{education}?planId: DemandOption[] of categories. */
  app.get(
    '/api/recruitPlanData/getCategoryByEducation/:education',
    {
      config: { access },
      compress: false,
      schema: {
        tags: ['candidate'],
        summary: 'Plan categories open to an education level, with demand. From memory, with ETag',
        params: z.object({ education: code }),
        querystring: z.object({ planId }),
        response: { 200: envelopeOf(z.array(demandOptionSchema)) },
      },
    },
    async (req, reply) =>
      cascade(req, reply, `categories|${req.query.planId}|${req.params.education}`, async () =>
        dictOptions(
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
      compress: false,
      schema: {
        tags: ['candidate'],
        summary: 'City → county tree with demand in a category. From memory, with ETag',
        querystring: z.object({ planId, category: code }),
        response: { 200: envelopeOf(z.array(demandRegionSchema)) },
      },
    },
    async (req, reply) =>
      cascade(req, reply, `regions|${req.query.planId}|${req.query.category}`, () =>
        regionTreeForCategory(ctx.db, req.query.planId, req.query.category),
      ),
  );

  /** GET …/getRecruitPlanDataLearningPeriodByRegion?planId&category&countyCode: DemandOption[]. */
  app.get(
    '/api/recruitPlanData/getRecruitPlanDataLearningPeriodByRegion',
    {
      config: { access },
      compress: false,
      schema: {
        tags: ['candidate'],
        summary: 'Learning periods with demand in a county and category. From memory, with ETag',
        querystring: z.object({ planId, category: code, countyCode: code }),
        response: { 200: envelopeOf(z.array(demandOptionSchema)) },
      },
    },
    async (req, reply) => {
      const { planId: id, category, countyCode } = req.query;
      return cascade(req, reply, `periods|${id}|${category}|${countyCode}`, async () =>
        dictOptions(
          ctx.db,
          'recruit_learning_period',
          await learningPeriodsForCounty(ctx.db, id, category, countyCode),
        ),
      );
    },
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
        response: { 200: envelopeOf(z.array(subjectDemandOptionSchema)) },
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
