import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCORING_RULES,
  centsText,
  proposeFills,
  rankPost,
  ratioFor,
  scoreCents,
  scoringRulesSchema,
  shortlistPost,
  shortlistQuota,
  totalText,
  validate,
  weightedTotal,
  type FillCandidate,
  type ScoringRules,
  type Vacancy,
} from '../src';

/** Hand-made posts through the rules an office applies after the written exam (selection.ts). */

const c = (text: string) => scoreCents(text)!;
const rules = (over: Partial<ScoringRules> = {}): ScoringRules => ({ ...DEFAULT_SCORING_RULES, ...over });

describe('scores as exact hundredths', () => {
  it('reads decimal text and writes it back with two decimals', () => {
    expect(scoreCents('85')).toBe(8500);
    expect(scoreCents('85.5')).toBe(8550);
    expect(scoreCents(' 85.05 ')).toBe(8505);
    expect(scoreCents(0)).toBe(0);
    expect(centsText(8505)).toBe('85.05');
    expect(centsText(0)).toBe('0.00');
  });

  it('refuses what is not a score', () => {
    for (const bad of ['', '-1', '85.555', 'abc', '1e3', '12345', null, undefined])
      expect(scoreCents(bad as string)).toBeNull();
  });
});

describe('the interview shortlist of a post', () => {
  const written = (...scores: (string | null)[]) =>
    scores.map((s, i) => ({ id: i + 1, written: s === null ? null : c(s) }));

  it('takes demand × ratio by written score, and every candidate tied at the cut-off (含同分并列者)', () => {
    // 2 places at 1:3 → 6; the 6th score 70 is shared by the 7th and 8th.
    const post = shortlistPost({
      demand: 2,
      ratio: 3,
      passLine: null,
      candidates: written('90', '85', '80', '75', '72', '70', '70', '70', '65'),
    });
    expect(post.quota).toBe(6);
    expect(post.cutoff).toBe(7000);
    expect(post.count).toBe(8);
    expect(post.tiedBeyondQuota).toBe(2);
    expect(post.rows.map((r) => r.reason)).toEqual([
      'inQuota',
      'inQuota',
      'inQuota',
      'inQuota',
      'inQuota',
      'inQuota',
      'tieAtCutoff',
      'tieAtCutoff',
      'belowCutoff',
    ]);
    expect(post.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 6, 6, 9]);
  });

  it('shortlists everyone who reached the pass line when fewer sat the exam than the ratio asks', () => {
    const post = shortlistPost({
      demand: 3,
      ratio: 3,
      passLine: c('60'),
      candidates: written('88', '59.99', null, '61'),
    });
    expect(post.fewerThanQuota).toBe(true);
    expect(post.rows.map((r) => [r.shortlisted, r.reason])).toEqual([
      [true, 'allIn'],
      [false, 'belowPassLine'],
      [false, 'absent'],
      [true, 'allIn'],
    ]);
    expect(post.cutoff).toBe(6100);
  });

  it('shortlists nobody when everyone is below the pass line, and says so', () => {
    const post = shortlistPost({ demand: 1, ratio: 3, passLine: c('60'), candidates: written('59', '42.5') });
    expect(post.count).toBe(0);
    expect(post.cutoff).toBeNull();
    expect(post.noneAbovePassLine).toBe(true);
    expect(post.rows.every((r) => r.reason === 'belowPassLine')).toBe(true);
  });

  it('shortlists nobody for a post without places, and nobody absent', () => {
    expect(
      shortlistPost({ demand: 0, ratio: 3, passLine: null, candidates: written('90') }).rows[0],
    ).toMatchObject({
      shortlisted: false,
      reason: 'noDemand',
    });
    const absent = shortlistPost({ demand: 1, ratio: 3, passLine: null, candidates: written(null, null) });
    expect(absent.count).toBe(0);
    expect(absent.noneAbovePassLine).toBe(false);
  });

  it('picks the ratio of the table row for the demand, a post override first, and rounds a fractional quota up', () => {
    const table = DEFAULT_SCORING_RULES; // 1:3, from 6 places 1:2
    expect(ratioFor(table, 1)).toBe(3);
    expect(ratioFor(table, 5)).toBe(3);
    expect(ratioFor(table, 6)).toBe(2);
    expect(ratioFor(table, 40)).toBe(2);
    expect(ratioFor(table, 2, 5)).toBe(5);
    expect(shortlistQuota(3, 1.5)).toBe(5);
    expect(shortlistQuota(7, 2)).toBe(14);
    expect(shortlistQuota(0, 3)).toBe(0);
  });
});

describe('the weighted total', () => {
  it('computes written × w₁ + interview × w₂ exactly as by hand, rounded half up', () => {
    // 60/40: 78.5 × 0.6 + 83.25 × 0.4 = 47.1 + 33.3 = 80.4
    expect(weightedTotal(c('78.5'), c('83.25'), rules())).toBe(c('80.4'));
    // 70/30: 81.35 × 0.7 + 77.45 × 0.3 = 56.945 + 23.235 = 80.18
    expect(weightedTotal(c('81.35'), c('77.45'), rules({ writtenWeight: 0.7, interviewWeight: 0.3 }))).toBe(
      c('80.18'),
    );
    // 50/50: 80.01 × 0.5 + 80 × 0.5 = 80.005 → 80.01 half up (a float gives 80.00499999…)
    expect(weightedTotal(c('80.01'), c('80'), rules({ writtenWeight: 0.5, interviewWeight: 0.5 }))).toBe(
      c('80.01'),
    );
    // One decimal: 80.005 → 80.0; 80.05 → 80.1
    const oneDecimal = rules({ writtenWeight: 0.5, interviewWeight: 0.5, decimals: 1 });
    expect(weightedTotal(c('80.01'), c('80'), oneDecimal)).toBe(c('80'));
    expect(weightedTotal(c('80.1'), c('80'), oneDecimal)).toBe(c('80.1'));
    expect(totalText(c('80.1'), 1)).toBe('80.1');
    // Whole points: 0.35 × 91 + 0.65 × 77.5 = 31.85 + 50.375 = 82.225 → 82
    const whole = rules({ writtenWeight: 0.35, interviewWeight: 0.65, decimals: 0 });
    expect(weightedTotal(c('91'), c('77.5'), whole)).toBe(c('82'));
    expect(totalText(c('82'), 0)).toBe('82');
  });
});

describe('ranking and the physical-exam list', () => {
  const rank = (demand: number, candidates: [string, string | null][], over: Partial<ScoringRules> = {}) =>
    rankPost({
      demand,
      interviewMin: c('60'),
      rules: rules(over),
      candidates: candidates.map(([w, i], k) => ({
        id: k + 1,
        written: c(w),
        interview: i === null ? null : c(i),
      })),
    });

  it('takes the demand from the top by total; an absent interview or one below the minimum does not count', () => {
    const post = rank(2, [
      ['80', '90'], // 84
      ['90', '59.5'], // below the minimum
      ['70', null], // absent
      ['85', '70'], // 79
      ['75', '75'], // 75
    ]);
    expect(post.rows.map((r) => [r.reason, r.rank])).toEqual([
      ['selected', 1],
      ['belowInterviewMin', null],
      ['interviewAbsent', null],
      ['selected', 2],
      ['outranked', 3],
    ]);
    expect(post.selected).toBe(2);
  });

  it('resolves equal totals by the interview first, then the written score, and names the level that decided', () => {
    // All three total 80 at 60/40: 80/80, 70/95, 90/65.
    const byInterview = rank(1, [
      ['80', '80'],
      ['70', '95'],
      ['90', '65'],
    ]);
    expect(byInterview.rows.map((r) => r.total)).toEqual([8000, 8000, 8000]);
    expect(byInterview.rows.find((r) => r.selected)!.id).toBe(2);
    expect(byInterview.rows.map((r) => r.rank)).toEqual([2, 1, 3]);
    expect(byInterview.rows[0]!.decidedBy).toBe('interview');

    // Equal total and interview (80/80 twice would be all equal): the written score decides.
    // 85/72.5 → 51 + 29 = 80; 80/80 → 80: interview 80 > 72.5 decides; with written first, 85 wins.
    const writtenFirst = rank(
      1,
      [
        ['80', '80'],
        ['85', '72.5'],
      ],
      { tieBreaks: ['written', 'interview'] },
    );
    expect(writtenFirst.rows.find((r) => r.selected)!.id).toBe(2);
    expect(writtenFirst.rows[0]!.decidedBy).toBe('written');
  });

  it('flags candidates equal on the total and every level across the last place for a re-interview', () => {
    const post = rank(2, [
      ['90', '90'], // 90: selected
      ['80', '80'], // 80: equal in everything with the next, one place left for two
      ['80', '80'],
      ['70', '70'], // below them
    ]);
    expect(post.rows.map((r) => r.reason)).toEqual(['selected', 'reinterview', 'reinterview', 'outranked']);
    expect(post.selected).toBe(1);
    expect(post.reinterviewPlaces).toBe(1);
  });

  it('takes a whole tied group when it fits in the places left', () => {
    const post = rank(3, [
      ['90', '90'],
      ['80', '80'],
      ['80', '80'],
    ]);
    expect(post.rows.every((r) => r.selected)).toBe(true);
    expect(post.rows.map((r) => r.rank)).toEqual([1, 2, 2]);
    expect(post.reinterviewPlaces).toBe(0);
  });
});

describe('filling vacancies after the physical exam', () => {
  const post = { countyCode: '520102', category: '01', learningPeriod: '2', subject: '03' };
  const vacancy = (over: Partial<Vacancy> = {}): Vacancy => ({
    ...post,
    cityCode: '520100',
    places: 1,
    ...over,
  });
  const candidate = (id: number, total: string, over: Partial<FillCandidate> = {}): FillCandidate => ({
    ...post,
    id,
    cityCode: '520100',
    total: c(total),
    written: c(total),
    interview: c(total),
    acceptsAdjust: true,
    ...over,
  });

  it('fills from the same post first by total (递补), whether or not the candidate accepts 调剂', () => {
    const proposals = proposeFills({
      vacancies: [vacancy()],
      candidates: [candidate(1, '70', { acceptsAdjust: false }), candidate(2, '75', { learningPeriod: '3' })],
      rules: rules(),
    });
    expect(proposals).toEqual([expect.objectContaining({ enrollId: 1, reach: 'samePost' })]);
  });

  it('adjusts to another post of the same county and subject, by total', () => {
    const proposals = proposeFills({
      vacancies: [vacancy()],
      candidates: [
        candidate(1, '71', { learningPeriod: '3' }),
        candidate(2, '79', { category: '02' }),
        candidate(3, '90', { subject: '04' }), // another subject: never
      ],
      rules: rules(),
    });
    expect(proposals).toEqual([{ enrollId: 2, post, from: { ...post, category: '02' }, reach: 'county' }]);
  });

  it('never moves a candidate who refused 调剂 to another post', () => {
    const proposals = proposeFills({
      vacancies: [vacancy()],
      candidates: [candidate(1, '95', { category: '02', acceptsAdjust: false })],
      rules: rules(),
    });
    expect(proposals).toEqual([]);
  });

  it('reaches the city only when the scope allows, and the same county comes first', () => {
    const candidates = [
      candidate(1, '90', { countyCode: '520103', category: '02' }), // same city, other county
      candidate(2, '70', { category: '02' }), // same county
    ];
    const county = proposeFills({ vacancies: [vacancy({ places: 2 })], candidates, rules: rules() });
    expect(county.map((p) => [p.enrollId, p.reach])).toEqual([[2, 'county']]);
    const city = proposeFills({
      vacancies: [vacancy({ places: 2 })],
      candidates,
      rules: rules({ adjustScope: 'city' }),
    });
    expect(city.map((p) => [p.enrollId, p.reach])).toEqual([
      [2, 'county'],
      [1, 'city'],
    ]);
  });

  it('proposes no 调剂 when it is off, and fills each candidate once', () => {
    expect(
      proposeFills({
        vacancies: [vacancy()],
        candidates: [candidate(1, '80', { category: '02' })],
        rules: rules({ adjust: false }),
      }),
    ).toEqual([]);
    const two = proposeFills({
      vacancies: [vacancy(), vacancy({ category: '02' })],
      candidates: [candidate(1, '80', { category: '03' })],
      rules: rules(),
    });
    expect(two).toHaveLength(1);
  });
});

describe('the scoring rules form', () => {
  const input = {
    ratios: [{ minDemand: 1, ratio: 3 }],
    writtenPassLine: 60,
    interviewMin: 60,
    writtenWeight: 0.6,
    interviewWeight: 0.4,
  };
  const messages = (value: unknown) => {
    const r = validate(scoringRulesSchema, value, 'zh');
    return r.ok ? [] : r.errors.map((e) => `${e.field}: ${e.message}`);
  };

  it('accepts published rules and fills the defaults', () => {
    const r = validate(scoringRulesSchema, input, 'zh');
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(r.data).toMatchObject({ decimals: 2, tieBreaks: ['interview', 'written'], publicationDays: 7 });
    expect(messages({ ...input, writtenWeight: 0.35, interviewWeight: 0.65 })).toEqual([]);
  });

  it('refuses weights that do not add up to 1, saying so', () => {
    expect(messages({ ...input, writtenWeight: 0.6, interviewWeight: 0.6 })).toEqual([
      'interviewWeight: 笔试与面试成绩权重之和必须等于1',
    ]);
  });

  it('refuses a ratio under 1:1 and a table that does not start at one place', () => {
    expect(messages({ ...input, ratios: [{ minDemand: 1, ratio: 0.5 }] })[0]).toMatch(/不能小于1/);
    expect(messages({ ...input, ratios: [{ minDemand: 2, ratio: 3 }] })).toEqual([
      'ratios: 面试比例表须从岗位计划数1人起',
    ]);
    expect(
      messages({
        ...input,
        ratios: [
          { minDemand: 1, ratio: 3 },
          { minDemand: 1, ratio: 2 },
        ],
      }),
    ).toEqual(['ratios: 面试比例表中同一计划数出现了两次']);
  });

  it('refuses a weight with more than four decimals and a tie-break listed twice', () => {
    expect(messages({ ...input, writtenWeight: 0.60001, interviewWeight: 0.39999 }).join()).toMatch(
      /小数位数过多/,
    );
    expect(messages({ ...input, tieBreaks: ['written', 'written'] })).toHaveLength(1);
  });
});
