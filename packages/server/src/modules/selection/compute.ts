import { and, eq, type SQL } from 'drizzle-orm';
import {
  AUDIT_STATUS,
  DEFAULT_SCORING_RULES,
  PLAN_DATA_STATUS,
  postKeyOf,
  rankPost,
  ratioFor,
  scoreCents,
  scoringRulesSchema,
  shortlistPost,
  type PostKey,
  type PostRanking,
  type PostShortlist,
  type RegionScope,
  type ScoringRules,
} from '@tegang/domain';
import type { Db, Tx } from '../../db';
import { enroll, examScore, recruitPlanData, selectionRule } from '../../db/schema';
import { scopeWhere } from '../../lib/scope';

/*
 * The selection of a plan as the rules compute it (domain selection.ts; docs/decisions.md "Scoring
 * rules"): the plan's posts with their demand and its candidates with their scores are read in two
 * statements, then every post's shortlist and ranking is the domain's pure functions' answer. Nothing
 * here is stored: a preview is this computation, a publication stores what it answered
 * (selection_entry). The routes narrow to the caller's region by the posts they read: a county
 * office's posts are whole, since a post lies in one county.
 */

/** A post of the plan (recruit plan data row) and its places; a post with candidates but no active row has 0. */
export interface SelectionPost extends PostKey {
  provinceCode: string;
  cityCode: string;
  demand: number;
}

/** A candidate of the selection: an enrolment that passed the audit, with her post, scores and 调剂 answer. */
export interface SelectionCandidate extends PostKey {
  enrollId: number;
  provinceCode: string;
  cityCode: string;
  /** Said 是 to 服从调剂 (enroll.isAdjust '1', sys_yes_no). */
  acceptsAdjust: boolean;
  /** Written score in hundredths; null when absent or not entered. */
  written: number | null;
  writtenAbsent: boolean;
  /** Interview score in hundredths; null when absent or not entered. */
  interview: number | null;
  interviewAbsent: boolean;
}

/** What a plan's selection is computed from. */
export interface SelectionInput {
  rules: ScoringRules;
  posts: SelectionPost[];
  candidates: SelectionCandidate[];
}

/** sys_yes_no: '1' 是. */
const YES = '1';

/** The plan's scoring rules: the saved ones (checked again by the schema), else the domain's defaults. */
export async function readRules(db: Db | Tx, planId: number): Promise<ScoringRules> {
  const [row] = await db
    .select({ rules: selectionRule.rules })
    .from(selectionRule)
    .where(eq(selectionRule.planId, planId));
  if (!row) return DEFAULT_SCORING_RULES;
  const parsed = scoringRulesSchema.safeParse(row.rules);
  return parsed.success ? parsed.data : DEFAULT_SCORING_RULES;
}

/**
 * Reads what plan `planId`'s selection is computed from inside `scope`: the rules, every post (active
 * demand rows, and posts that only candidates name, with demand 0) and every enrolment that passed
 * the audit, with its scores. Two reads beside the rules; rows come as arrays, not objects (a plan
 * may have 100,000 candidates).
 */
export async function loadSelection(
  db: Db | Tx,
  planId: number,
  scope: RegionScope,
): Promise<SelectionInput> {
  const where = (extra: SQL | undefined) => and(extra, scopeWhere(enroll, scope));
  const [rules, demand, rows] = await Promise.all([
    readRules(db, planId),
    db
      .select({
        provinceCode: recruitPlanData.provinceCode,
        cityCode: recruitPlanData.cityCode,
        countyCode: recruitPlanData.countyCode,
        category: recruitPlanData.category,
        learningPeriod: recruitPlanData.learningPeriod,
        subject: recruitPlanData.subject,
        demand: recruitPlanData.demandNumber,
      })
      .from(recruitPlanData)
      .where(
        and(
          eq(recruitPlanData.planId, planId),
          eq(recruitPlanData.status, PLAN_DATA_STATUS.active),
          scopeWhere(recruitPlanData, scope),
        ),
      ),
    db
      .select({
        enrollId: enroll.id,
        provinceCode: enroll.provinceCode,
        cityCode: enroll.cityCode,
        countyCode: enroll.countyCode,
        category: enroll.planType,
        learningPeriod: enroll.academicSession,
        subject: enroll.subject,
        isAdjust: enroll.isAdjust,
        written: examScore.written,
        writtenAbsent: examScore.writtenAbsent,
        interview: examScore.interview,
        interviewAbsent: examScore.interviewAbsent,
      })
      .from(enroll)
      .leftJoin(examScore, eq(examScore.enrollId, enroll.id))
      .where(where(and(eq(enroll.planId, planId), eq(enroll.auditStatus, AUDIT_STATUS.passed)))),
  ]);
  const posts = new Map<string, SelectionPost>();
  for (const p of demand) posts.set(postKeyOf(p), { ...p });
  const candidates: SelectionCandidate[] = rows.map((r) => {
    const post = postKeyOf(r);
    if (!posts.has(post))
      posts.set(post, {
        provinceCode: r.provinceCode,
        cityCode: r.cityCode,
        countyCode: r.countyCode,
        category: r.category,
        learningPeriod: r.learningPeriod,
        subject: r.subject,
        demand: 0,
      });
    return {
      enrollId: r.enrollId,
      provinceCode: r.provinceCode,
      cityCode: r.cityCode,
      countyCode: r.countyCode,
      category: r.category,
      learningPeriod: r.learningPeriod,
      subject: r.subject,
      acceptsAdjust: r.isAdjust === YES,
      written: r.writtenAbsent ? null : scoreCents(r.written),
      writtenAbsent: r.writtenAbsent ?? false,
      interview: r.interviewAbsent ? null : scoreCents(r.interview),
      interviewAbsent: r.interviewAbsent ?? false,
    };
  });
  return { rules, posts: [...posts.values()], candidates };
}

/** Candidates grouped by post key, in input order. */
export function byPost(candidates: SelectionCandidate[]): Map<string, SelectionCandidate[]> {
  const groups = new Map<string, SelectionCandidate[]>();
  for (const c of candidates) {
    const key = postKeyOf(c);
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  return groups;
}

/** A post's own ratio and interview minimum (rules.postOverrides), or null for the plan's. */
export function overrideOf(rules: ScoringRules, post: PostKey) {
  const key = postKeyOf(post);
  return rules.postOverrides.find((o) => postKeyOf(o) === key) ?? null;
}

/** One post's shortlist (domain shortlistPost) with the post it is of. */
export interface ComputedShortlist extends PostShortlist {
  post: SelectionPost;
}

/**
 * Every post's interview shortlist by the plan's rules: the ratio of the post's demand (its override
 * first), the written pass line, ties at the cut-off included. Posts in `input.posts` order; a post
 * without candidates has an empty shortlist.
 */
export function computeShortlists(input: SelectionInput): ComputedShortlist[] {
  const { rules } = input;
  const groups = byPost(input.candidates);
  const passLine = rules.writtenPassLine === null ? null : scoreCents(rules.writtenPassLine.toFixed(2));
  return input.posts.map((post) => {
    const ratio = ratioFor(rules, post.demand, overrideOf(rules, post)?.ratio);
    const shortlist = shortlistPost({
      demand: post.demand,
      ratio,
      passLine,
      candidates: (groups.get(postKeyOf(post)) ?? []).map((c) => ({ id: c.enrollId, written: c.written })),
    });
    return { ...shortlist, post };
  });
}

/** One post's ranking and physical-exam list (domain rankPost) with the post it is of. */
export interface ComputedRanking extends PostRanking {
  post: SelectionPost;
}

/**
 * Every post's ranking of its shortlisted candidates (`shortlisted`: the enrolment ids of the
 * published shortlist) and its physical-exam list at 1:1 of demand, by the plan's weights, rounding,
 * interview minimum (the post's override first) and tie-breaks. Candidates off the shortlist are not
 * ranked. A shortlisted candidate without a written score cannot be (the shortlist takes only those
 * who sat the exam).
 */
export function computeRankings(input: SelectionInput, shortlisted: ReadonlySet<number>): ComputedRanking[] {
  const { rules } = input;
  const groups = byPost(input.candidates.filter((c) => shortlisted.has(c.enrollId) && c.written !== null));
  return input.posts.map((post) => {
    const override = overrideOf(rules, post)?.interviewMin;
    const min = override ?? rules.interviewMin;
    const ranking = rankPost({
      demand: post.demand,
      interviewMin: min === null ? null : scoreCents(min.toFixed(2)),
      rules,
      candidates: (groups.get(postKeyOf(post)) ?? []).map((c) => ({
        id: c.enrollId,
        written: c.written!,
        interview: c.interview,
      })),
    });
    return { ...ranking, post };
  });
}
