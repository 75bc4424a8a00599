import { eq } from 'drizzle-orm';
import { PLAN_DATA_STATUS } from '@tegang/domain';
import { enroll, examScore, recruitPlanData } from '../../src/db/schema';
import {
  COUNTIES,
  insertApplicants,
  insertPlan,
  insertTicket,
  type County,
} from '../admission-ticket/fixtures';
import type { TestApp } from '../helpers';

/**
 * Shared set-up of the selection tests (after the written exam): a plan with posts of a given demand,
 * passed candidates in them with tickets, and their scores as the imports would leave them — all
 * written directly, so each test states only the facts it checks.
 */

/** A post: county, plan category, learning period, subject and its places. */
export interface PostSpec {
  county: County;
  category?: string;
  learningPeriod?: string;
  subject?: string;
  demand: number;
}

/** A score as a cell holds it: a decimal text, 'absent' (缺考), or undefined (not entered). */
export type ScoreSpec = string | 'absent' | undefined;

/** A candidate of post `post` (an index into the posts) with her scores and 服从调剂 answer. */
export interface CandidateSpec {
  post: number;
  written?: ScoreSpec;
  interview?: ScoreSpec;
  /** sys_yes_no: '1' accepts 调剂 (the default), '0' refuses. */
  isAdjust?: '0' | '1';
  name?: string;
}

export interface SeededSelection {
  plan: Awaited<ReturnType<typeof insertPlan>>;
  posts: Required<PostSpec>[];
  /** The enrolments in `candidates` order, each with its ticket number. */
  candidates: { id: number; candidateId: number; name: string; admissionNumber: string; post: number }[];
}

const scoreColumns = (spec: ScoreSpec) =>
  spec === undefined
    ? { value: null, absent: false }
    : spec === 'absent'
      ? { value: null, absent: true }
      : { value: spec, absent: false };

/**
 * Writes a plan (`plan` overrides its columns; a copy of the demo plan otherwise), its posts with
 * their demand, and the candidates: enrolments that passed the audit, each with a ticket and, when
 * given, her written and interview scores. Returns what was written.
 */
export async function seedSelection(
  t: TestApp,
  spec: {
    posts: PostSpec[];
    candidates: CandidateSpec[];
    plan?: Parameters<typeof insertPlan>[1];
  },
): Promise<SeededSelection> {
  const db = t.database.db;
  const plan = await insertPlan(t, spec.plan);
  const posts = spec.posts.map((p) => ({
    county: p.county,
    category: p.category ?? '01',
    learningPeriod: p.learningPeriod ?? '02',
    subject: p.subject ?? '01',
    demand: p.demand,
  }));
  await db.insert(recruitPlanData).values(
    posts.map((p) => {
      const county = COUNTIES[p.county];
      return {
        planId: plan.id,
        provinceCode: county.provinceCode,
        cityCode: county.cityCode,
        countyCode: county.countyCode,
        category: p.category,
        learningPeriod: p.learningPeriod,
        subject: p.subject,
        demandNumber: p.demand,
        status: PLAN_DATA_STATUS.active,
      };
    }),
  );
  const rows = spec.candidates.length
    ? await insertApplicants(
        t,
        plan.id,
        spec.candidates.map((c) => ({
          county: posts[c.post]!.county,
          academicSession: posts[c.post]!.learningPeriod,
          subject: posts[c.post]!.subject,
          name: c.name,
        })),
      )
    : [];
  const candidates: SeededSelection['candidates'] = [];
  for (const [i, row] of rows.entries()) {
    const c = spec.candidates[i]!;
    const post = posts[c.post]!;
    await db
      .update(enroll)
      .set({ planType: post.category, isAdjust: c.isAdjust ?? '1' })
      .where(eq(enroll.id, row.id));
    const ticket = await insertTicket(t, row);
    if (c.written !== undefined || c.interview !== undefined) {
      const written = scoreColumns(c.written);
      const interview = scoreColumns(c.interview);
      await db.insert(examScore).values({
        enrollId: row.id,
        planId: plan.id,
        written: written.value,
        writtenAbsent: written.absent,
        interview: interview.value,
        interviewAbsent: interview.absent,
      });
    }
    candidates.push({
      id: row.id,
      candidateId: row.candidateId,
      name: row.name,
      admissionNumber: ticket.admissionNumber,
      post: c.post,
    });
  }
  return { plan, posts, candidates };
}
