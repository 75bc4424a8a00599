import { z } from 'zod';

/**
 * After the written exam: the rules an office applies to go from scores to the hiring list (拟聘用名单),
 * as published teacher-recruitment rules of provinces and counties state them:
 *
 * 1. the interview shortlist of each post (county × plan category × learning period × subject) at a
 *    ratio of the post's demand, ties at the cut-off included (含同分并列者), only candidates at or
 *    above the written-exam pass line, everyone when fewer sat the exam;
 * 2. the total = written × w₁ + interview × w₂, rounded half up to a stated number of decimals, for
 *    candidates whose interview reached the minimum;
 * 3. the physical-exam list at 1:1 of demand by total, equal totals ordered by the tie-break levels in
 *    their order, a tie no level resolves at the last place flagged for a re-interview;
 * 4. vacancies after the physical exam filled first from the same post by total (递补), then by 调剂
 *    among candidates who said 是 to 服从调剂: same county and subject first, then wider as allowed.
 *
 * Pure: no I/O. Scores are exact: read from their decimal text into integer hundredths (scoreCents),
 * weights into integer ten-thousandths, so a total is computed exactly as by hand and never drifts by
 * a float's last bit. docs/decisions.md "Scoring rules" says which rules are configurable and why.
 */

// ---- Scores --------------------------------------------------------------------------------------------------

/** The highest score a column holds (numeric(6,2)). */
export const MAX_SCORE = 9999.99;

/**
 * A score's decimal text ("85", "85.5", "85.50") as integer hundredths (8550); null for null, an
 * empty string or anything that is not a non-negative number with at most two decimals.
 */
export function scoreCents(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const s = typeof text === 'number' ? String(text) : text.trim();
  const m = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Integer hundredths as the text of a score with two decimals: 8550 → "85.50". */
export function centsText(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** A weight's decimal text or number (0.6, "0.35", "0.3333") as integer ten-thousandths; null when not 0–1 with ≤ 4 decimals. */
export function weightUnits(value: string | number): number | null {
  const s = typeof value === 'number' ? String(value) : value.trim();
  const m = /^(0|1)(?:\.(\d{1,4}))?$/.exec(s);
  if (!m) return null;
  const units = Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
  return units <= 10_000 ? units : null;
}

// ---- Posts ---------------------------------------------------------------------------------------------------

/** A post: one recruit plan data row's county × plan category × learning period × subject. */
export interface PostKey {
  countyCode: string;
  category: string;
  learningPeriod: string;
  subject: string;
}

/** The one text key of a post ("520102|01|2|03"), for maps and overrides. */
export const postKeyOf = (p: PostKey) => `${p.countyCode}|${p.category}|${p.learningPeriod}|${p.subject}`;

// ---- Rules ---------------------------------------------------------------------------------------------------

/** Levels that order equal totals, in the order the rules give them (each higher first). */
export const TIE_BREAKS = ['interview', 'written'] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];

/**
 * How far 调剂 reaches, always within the same subject: the county of the vacancy only, its city, or
 * the whole province; the same county is always tried first, then the city.
 */
export const ADJUST_SCOPES = ['county', 'city', 'province'] as const;
export type AdjustScope = (typeof ADJUST_SCOPES)[number];

/** True when `v` has at most `decimals` decimals (a form's 0.35 is 0.35000000000000003 × 100 in floats). */
const hasDecimals = (v: number, decimals: number) => {
  const scaled = v * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/**
 * A number with at most `decimals` decimals in [min, max]; messages of the rule catalogue ({min} and
 * {max} filled in), `minKey` for a value under `min`.
 */
const decimal = (min: number, max: number, decimals: number, minKey = 'rule.selection.min') =>
  z
    .number({ error: 'rule.selection.number' })
    .min(min, { error: minKey })
    .max(max, { error: 'rule.selection.max' })
    .refine((v) => hasDecimals(v, decimals), { error: 'rule.selection.decimals' });

/** One row of the ratio table: posts with at least `minDemand` places shortlist `ratio` candidates a place. */
export const shortlistRatioSchema = z.object({
  minDemand: z
    .number({ error: 'rule.selection.number' })
    .int({ error: 'rule.integer' })
    .min(1, { error: 'rule.selection.min' })
    .max(9999, { error: 'rule.selection.max' }),
  ratio: decimal(1, 20, 1, 'rule.selection.ratioMin'),
});

/** A post's own ratio or interview minimum, in place of the plan's (the post's four codes name it). */
export const postOverrideSchema = z.object({
  countyCode: z.string().min(1).max(12),
  category: z.string().min(1).max(32),
  learningPeriod: z.string().min(1).max(32),
  subject: z.string().min(1).max(32),
  ratio: decimal(1, 20, 1, 'rule.selection.ratioMin').nullable().default(null),
  interviewMin: decimal(0, MAX_SCORE, 2).nullable().default(null),
});
export type PostOverride = z.output<typeof postOverrideSchema>;

/**
 * A plan's scoring rules (province-level, in the plan's console): the ratio table, the pass lines,
 * the weights and rounding, the tie-break order, 调剂 and its scope, the hiring list's publication
 * length in working days, and per-post overrides. Weights sum to 1; every ratio is at least 1; the
 * ratio table starts at one place and has no demand twice.
 */
export const scoringRulesSchema = z
  .object({
    ratios: z.array(shortlistRatioSchema).min(1, { error: 'rule.selection.ratiosRequired' }).max(20),
    /** The lowest written score that may enter the interview; null: no pass line. */
    writtenPassLine: decimal(0, MAX_SCORE, 2).nullable().default(null),
    /** The lowest interview score that counts (commonly 60); null: no minimum. */
    interviewMin: decimal(0, MAX_SCORE, 2).nullable().default(60),
    writtenWeight: decimal(0, 1, 4),
    interviewWeight: decimal(0, 1, 4),
    /** Decimals of the total (0–2), rounded half up. */
    decimals: z.number().int().min(0).max(2).default(2),
    /** Equal totals are ordered by these levels in turn, higher first. */
    tieBreaks: z
      .array(z.enum(TIE_BREAKS))
      .max(TIE_BREAKS.length)
      .refine((v) => new Set(v).size === v.length, { error: 'rule.selection.tieBreakTwice' })
      .default(['interview', 'written']),
    /** Vacancies after the physical exam are filled from the same post first (递补). */
    fillFromSamePost: z.boolean().default(true),
    adjust: z.boolean().default(true),
    adjustScope: z.enum(ADJUST_SCOPES).default('county'),
    /** Working days the hiring list is published before admission (commonly 7). */
    publicationDays: z.number().int().min(1).max(30).default(7),
    postOverrides: z.array(postOverrideSchema).max(10_000).default([]),
  })
  .superRefine((r, ctx) => {
    const w = weightUnits(r.writtenWeight);
    const i = weightUnits(r.interviewWeight);
    if (w !== null && i !== null && w + i !== 10_000)
      ctx.addIssue({ code: 'custom', path: ['interviewWeight'], message: 'rule.selection.weightsSum' });
    const demands = r.ratios.map((x) => x.minDemand);
    if (!demands.includes(1))
      ctx.addIssue({ code: 'custom', path: ['ratios'], message: 'rule.selection.ratiosFromOne' });
    if (new Set(demands).size !== demands.length)
      ctx.addIssue({ code: 'custom', path: ['ratios'], message: 'rule.selection.ratiosTwice' });
    const keys = r.postOverrides.map(postKeyOf);
    if (new Set(keys).size !== keys.length)
      ctx.addIssue({ code: 'custom', path: ['postOverrides'], message: 'rule.selection.overrideTwice' });
  });
export type ScoringRules = z.output<typeof scoringRulesSchema>;
export type ScoringRulesInput = z.input<typeof scoringRulesSchema>;

/** Rules as published rules most often state them: 1:3, 1:2 from six places, 60 to pass the interview, 60/40. */
export const DEFAULT_SCORING_RULES: ScoringRules = scoringRulesSchema.parse({
  ratios: [
    { minDemand: 1, ratio: 3 },
    { minDemand: 6, ratio: 2 },
  ],
  writtenPassLine: null,
  interviewMin: 60,
  writtenWeight: 0.6,
  interviewWeight: 0.4,
});

// ---- Ratios --------------------------------------------------------------------------------------------------

/**
 * The shortlist ratio of a post of `demand` places: its override, else the ratio table's row with the
 * largest minDemand not above the demand (the smallest row's ratio for a post below every row).
 */
export function ratioFor(
  rules: Pick<ScoringRules, 'ratios'>,
  demand: number,
  override?: number | null,
): number {
  if (override != null) return override;
  const rows = [...rules.ratios].sort((a, b) => a.minDemand - b.minDemand);
  let ratio = rows[0]!.ratio;
  for (const row of rows) if (demand >= row.minDemand) ratio = row.ratio;
  return ratio;
}

/**
 * How many a post shortlists before ties: demand × ratio, a fraction rounded up (a ratio of 1.5 for 3
 * places shortlists 5, never fewer than the rule asks).
 */
export function shortlistQuota(demand: number, ratio: number): number {
  if (!(demand > 0)) return 0;
  // Tenths: ratios carry one decimal, so the product is exact.
  return Math.ceil((demand * Math.round(ratio * 10)) / 10);
}

// ---- 1. The interview shortlist --------------------------------------------------------------------------------

/** Why a candidate is in or out of a post's interview shortlist (catalogue `selection.reason.<reason>`). */
export type ShortlistReason =
  /** In: within the quota by written score. */
  | 'inQuota'
  /** In: equal to the cut-off score beyond the quota (含同分并列者). */
  | 'tieAtCutoff'
  /** In: no more candidates at or above the pass line than the quota. */
  | 'allIn'
  /** Out: no written score (缺考). */
  | 'absent'
  /** Out: below the written-exam pass line. */
  | 'belowPassLine'
  /** Out: below the cut-off score. */
  | 'belowCutoff'
  /** Out: the post has no places. */
  | 'noDemand';

export interface ShortlistCandidate {
  id: number;
  /** Written score in hundredths (scoreCents); null: absent (缺考). */
  written: number | null;
}

export interface ShortlistRow {
  id: number;
  shortlisted: boolean;
  reason: ShortlistReason;
  /** Rank by written score among those who sat the exam (1, 2, 2, 4 …); null when absent. */
  rank: number | null;
}

export interface PostShortlist {
  demand: number;
  ratio: number;
  /** demand × ratio, rounded up. */
  quota: number;
  /** The lowest written score shortlisted (hundredths); null when nobody is. */
  cutoff: number | null;
  /** Shortlisted, ties included. */
  count: number;
  /** Shortlisted beyond the quota by a tie at the cut-off. */
  tiedBeyondQuota: number;
  /** Fewer candidates at or above the pass line than the quota: everyone of them is in. */
  fewerThanQuota: boolean;
  /** Candidates sat the exam, but none reached the pass line. */
  noneAbovePassLine: boolean;
  rows: ShortlistRow[];
}

/** Competition ranks (1, 2, 2, 4) of `sorted` by `key`, higher first; `sorted` is already in that order. */
function competitionRanks<T>(sorted: T[], same: (a: T, b: T) => boolean): number[] {
  const ranks: number[] = [];
  sorted.forEach((row, i) => ranks.push(i > 0 && same(sorted[i - 1]!, row) ? ranks[i - 1]! : i + 1));
  return ranks;
}

/**
 * The interview shortlist of one post: those who sat the exam and reached `passLine` (hundredths;
 * null: none), by written score from high to low, up to demand × ratio (shortlistQuota), and everyone
 * equal to the last one taken (ties at the cut-off included); everyone reaching the pass line when
 * they are no more than the quota. A post without places shortlists nobody. Rows keep the input's order.
 */
export function shortlistPost(input: {
  demand: number;
  ratio: number;
  passLine: number | null;
  candidates: ShortlistCandidate[];
}): PostShortlist {
  const { demand, ratio, passLine, candidates } = input;
  const quota = shortlistQuota(demand, ratio);
  const sat = candidates
    .filter((c) => c.written !== null)
    .sort((a, b) => b.written! - a.written! || a.id - b.id);
  const ranks = competitionRanks(sat, (a, b) => a.written === b.written);
  const rankOf = new Map(sat.map((c, i) => [c.id, ranks[i]!]));
  const eligible = sat.filter((c) => passLine === null || c.written! >= passLine);
  const fewerThanQuota = quota > 0 && eligible.length <= quota;
  const cutoff =
    quota === 0 || eligible.length === 0
      ? null
      : fewerThanQuota
        ? eligible[eligible.length - 1]!.written
        : eligible[quota - 1]!.written;
  const inQuota = new Set(eligible.slice(0, quota).map((c) => c.id));
  const rows: ShortlistRow[] = candidates.map((c) => {
    const rank = rankOf.get(c.id) ?? null;
    const row = (shortlisted: boolean, reason: ShortlistReason): ShortlistRow => ({
      id: c.id,
      shortlisted,
      reason,
      rank,
    });
    if (c.written === null) return row(false, 'absent');
    if (quota === 0) return row(false, 'noDemand');
    if (passLine !== null && c.written < passLine) return row(false, 'belowPassLine');
    if (fewerThanQuota) return row(true, 'allIn');
    if (inQuota.has(c.id)) return row(true, 'inQuota');
    if (c.written === cutoff) return row(true, 'tieAtCutoff');
    return row(false, 'belowCutoff');
  });
  const count = rows.filter((r) => r.shortlisted).length;
  return {
    demand,
    ratio,
    quota,
    cutoff,
    count,
    tiedBeyondQuota: rows.filter((r) => r.reason === 'tieAtCutoff').length,
    fewerThanQuota,
    noneAbovePassLine: sat.length > 0 && eligible.length === 0,
    rows,
  };
}

// ---- 2. The total --------------------------------------------------------------------------------------------

/**
 * The total of a written and an interview score (hundredths): written × writtenWeight + interview ×
 * interviewWeight, rounded half up to `decimals`, as hundredths (85.5 with one decimal → 8550). Exact:
 * the product is an integer of millionths before the one rounding.
 */
export function weightedTotal(
  written: number,
  interview: number,
  rules: Pick<ScoringRules, 'writtenWeight' | 'interviewWeight' | 'decimals'>,
): number {
  const w = weightUnits(rules.writtenWeight)!;
  const i = weightUnits(rules.interviewWeight)!;
  const millionths = written * w + interview * i;
  const unit = 10 ** (6 - rules.decimals);
  const rounded = Math.floor((millionths + unit / 2) / unit);
  return rounded * 10 ** (2 - rules.decimals);
}

/** A total (hundredths) as text with the rules' decimals: 8550 with 1 decimal → "85.5", with 0 → "86" never (already rounded). */
export function totalText(cents: number, decimals: number): string {
  const full = centsText(cents);
  return decimals === 2 ? full : decimals === 1 ? full.slice(0, -1) : full.slice(0, -3);
}

// ---- 3. Ranking and the physical-exam list ---------------------------------------------------------------------

/** Why a shortlisted candidate is in or out of a post's physical-exam list (`selection.reason.<reason>`). */
export type RankReason =
  /** In: within the demand by total. */
  | 'selected'
  /** Out: no interview score (面试缺考). */
  | 'interviewAbsent'
  /** Out: the interview is below the minimum. */
  | 'belowInterviewMin'
  /** Out: ranked below the places. */
  | 'outranked'
  /** Neither: equal on the total and every tie-break level across the last place (re-interview). */
  | 'reinterview';

export interface RankCandidate {
  id: number;
  written: number;
  /** Interview in hundredths; null: absent. */
  interview: number | null;
}

export interface RankRow {
  id: number;
  /** The total (hundredths) when the interview counts, else null. */
  total: number | null;
  /** Rank by total and tie-breaks among those whose interview counts (1, 2, 2, 4 …); null otherwise. */
  rank: number | null;
  selected: boolean;
  reason: RankReason;
  /**
   * The tie-break level that ordered this candidate against the one ranked just above with the same
   * total; null when the totals differ or it is the first.
   */
  decidedBy: TieBreak | null;
}

export interface PostRanking {
  demand: number;
  interviewMin: number | null;
  /** Places filled by 'selected' rows. */
  selected: number;
  /** Places left for a re-interview among the 'reinterview' rows (0 when none). */
  reinterviewPlaces: number;
  rows: RankRow[];
}

/**
 * Ranks a post's shortlisted candidates and takes its physical-exam list at 1:1 of `demand`: those
 * whose interview reached `interviewMin` (hundredths; null: none), by total (weightedTotal) from high
 * to low, equal totals ordered by `rules.tieBreaks` in turn. Places go down the order; when the last
 * places fall inside a group equal on the total and on every tie-break level, nobody of that group is
 * taken and the group is flagged 'reinterview' with the places left. Rows keep the input's order.
 */
export function rankPost(input: {
  demand: number;
  interviewMin: number | null;
  rules: Pick<ScoringRules, 'writtenWeight' | 'interviewWeight' | 'decimals' | 'tieBreaks'>;
  candidates: RankCandidate[];
}): PostRanking {
  const { demand, interviewMin, rules, candidates } = input;
  const scored = candidates
    .filter((c) => c.interview !== null && (interviewMin === null || c.interview >= interviewMin))
    .map((c) => ({ ...c, total: weightedTotal(c.written, c.interview!, rules) }));
  const levelOf = (c: (typeof scored)[number], level: TieBreak) =>
    level === 'interview' ? c.interview! : c.written;
  const compare = (a: (typeof scored)[number], b: (typeof scored)[number]) => {
    if (a.total !== b.total) return b.total - a.total;
    for (const level of rules.tieBreaks) {
      const d = levelOf(b, level) - levelOf(a, level);
      if (d) return d;
    }
    return 0;
  };
  scored.sort((a, b) => compare(a, b) || a.id - b.id);
  const ranks = competitionRanks(scored, (a, b) => compare(a, b) === 0);
  const byId = new Map<number, RankRow>();
  let taken = 0;
  let reinterviewPlaces = 0;
  for (let i = 0; i < scored.length;) {
    let j = i + 1;
    while (j < scored.length && compare(scored[i]!, scored[j]!) === 0) j++;
    const group = scored.slice(i, j);
    const left = demand - taken;
    const fits = group.length <= left;
    const reason: RankReason = left <= 0 ? 'outranked' : fits ? 'selected' : 'reinterview';
    if (reason === 'selected') taken += group.length;
    if (reason === 'reinterview') {
      reinterviewPlaces = left;
      taken = demand;
    }
    group.forEach((c, k) => {
      const prev = scored[i + k - 1];
      let decidedBy: TieBreak | null = null;
      if (prev && prev.total === c.total && k === 0)
        decidedBy = rules.tieBreaks.find((level) => levelOf(prev, level) !== levelOf(c, level)) ?? null;
      byId.set(c.id, {
        id: c.id,
        total: c.total,
        rank: ranks[i + k]!,
        selected: reason === 'selected',
        reason,
        decidedBy,
      });
    });
    i = j;
  }
  const rows = candidates.map(
    (c): RankRow =>
      byId.get(c.id) ?? {
        id: c.id,
        total: null,
        rank: null,
        selected: false,
        reason: c.interview === null ? 'interviewAbsent' : 'belowInterviewMin',
        decidedBy: null,
      },
  );
  return { demand, interviewMin, selected: taken - reinterviewPlaces, reinterviewPlaces, rows };
}

// ---- 4. Filling vacancies: 递补 and 调剂 -----------------------------------------------------------------------

/** How a vacancy was filled (`selection.fill.<how>`): from the same post, or 调剂 at a reach. */
export type FillReach = 'samePost' | 'county' | 'city' | 'province';

export interface Vacancy extends PostKey {
  /** The county's city (GB/T 2260: its first four digits + '00'), for the city reach. */
  cityCode: string;
  /** Places left after the physical exam. */
  places: number;
}

export interface FillCandidate extends PostKey {
  id: number;
  cityCode: string;
  /** Total in hundredths (only candidates whose interview counted and who are not on any list). */
  total: number;
  written: number;
  interview: number;
  /** Said 是 to 服从调剂. */
  acceptsAdjust: boolean;
}

export interface FillProposal {
  enrollId: number;
  /** The vacancy's post. */
  post: PostKey;
  /** The candidate's own post. */
  from: PostKey;
  reach: FillReach;
}

const REACH_ORDER: Record<AdjustScope, FillReach[]> = {
  county: ['county'],
  city: ['county', 'city'],
  province: ['county', 'city', 'province'],
};

/**
 * Proposes who fills the vacancies of a plan after the physical exam, reach by reach: first every
 * post's own next candidates by total (递补, when `fillFromSamePost`), then — when `adjust` is on —
 * candidates who accept 调剂, same subject only: the vacancy's county first, then its city, then the
 * province as `adjustScope` allows. Within a reach candidates go by total (and the tie-breaks) from
 * high to low, each to the first open vacancy that reach allows in post order; a candidate fills one
 * place at most and one who refused 调剂 is never moved to another post. Candidates equal on the total
 * and every tie-break level go in enrolment order: these are proposals, and the office confirms or
 * changes each before it counts.
 */
export function proposeFills(input: {
  vacancies: Vacancy[];
  candidates: FillCandidate[];
  rules: Pick<ScoringRules, 'fillFromSamePost' | 'adjust' | 'adjustScope' | 'tieBreaks'>;
}): FillProposal[] {
  const { rules } = input;
  const open = input.vacancies
    .filter((v) => v.places > 0)
    .map((v) => ({ ...v }))
    .sort((a, b) => postKeyOf(a).localeCompare(postKeyOf(b)));
  const pool = [...input.candidates].sort((a, b) => {
    if (a.total !== b.total) return b.total - a.total;
    for (const level of rules.tieBreaks) {
      const d = level === 'interview' ? b.interview - a.interview : b.written - a.written;
      if (d) return d;
    }
    return a.id - b.id;
  });
  const used = new Set<number>();
  const proposals: FillProposal[] = [];
  const reaches: FillReach[] = [
    ...(rules.fillFromSamePost ? (['samePost'] as const) : []),
    ...(rules.adjust ? REACH_ORDER[rules.adjustScope] : []),
  ];
  const allows = (reach: FillReach, v: Vacancy, c: FillCandidate) => {
    if (reach === 'samePost') return postKeyOf(v) === postKeyOf(c);
    if (!c.acceptsAdjust || v.subject !== c.subject || postKeyOf(v) === postKeyOf(c)) return false;
    if (reach === 'county') return v.countyCode === c.countyCode;
    if (reach === 'city') return v.cityCode === c.cityCode;
    return true;
  };
  for (const reach of reaches)
    for (const c of pool) {
      if (used.has(c.id)) continue;
      const v = open.find((x) => x.places > 0 && allows(reach, x, c));
      if (!v) continue;
      v.places--;
      used.add(c.id);
      proposals.push({
        enrollId: c.id,
        post: pick(v),
        from: pick(c),
        reach,
      });
    }
  return proposals;
}

const pick = (p: PostKey): PostKey => ({
  countyCode: p.countyCode,
  category: p.category,
  learningPeriod: p.learningPeriod,
  subject: p.subject,
});
