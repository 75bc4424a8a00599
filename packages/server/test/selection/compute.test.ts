import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoringRulesSchema } from '@tegang/domain';
import { selectionRule } from '../../src/db/schema';
import { computeRankings, computeShortlists, loadSelection } from '../../src/modules/selection/compute';
import { createTestApp, type TestApp } from '../helpers';
import { seedSelection } from './fixtures';

/**
 * The selection as the rules compute it from the database (modules/selection/compute.ts): a plan's
 * posts and passed candidates read with their scores, each post shortlisted and ranked by the plan's
 * rules, narrowed to a region by its posts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('computing a plan’s selection', () => {
  it('shortlists each post by its demand and ratio, ties included, and ranks the shortlist by total', async () => {
    const seeded = await seedSelection(t, {
      posts: [
        { county: 'nanming', demand: 1 },
        { county: 'liuzhi', demand: 1, subject: '03' },
      ],
      candidates: [
        { post: 0, written: '90', interview: '70' }, // total 82
        { post: 0, written: '85', interview: '80' }, // total 83
        { post: 0, written: '80', interview: '85' }, // 3rd place: 80 ties with the next
        { post: 0, written: '80', interview: '90' }, // in by the tie at the cut-off
        { post: 0, written: '60', interview: '99' }, // below the cut-off
        { post: 0, written: 'absent' },
        { post: 1, written: '70', interview: '60' },
      ],
    });
    const input = await loadSelection(t.database.db, seeded.plan.id, {
      provinceCode: null,
      cityCode: null,
      countyCode: null,
    });
    expect(input.candidates).toHaveLength(7);
    const shortlists = computeShortlists(input);
    const nanming = shortlists.find((s) => s.post.countyCode === '520102')!;
    expect(nanming).toMatchObject({ quota: 3, cutoff: 8000, count: 4, tiedBeyondQuota: 1 });
    const [a, b, c, d, e, absent] = seeded.candidates;
    const reasonOf = (id: number) => nanming.rows.find((r) => r.id === id)!.reason;
    expect([a, b, c, d, e, absent].map((x) => reasonOf(x!.id))).toEqual([
      'inQuota',
      'inQuota',
      'inQuota',
      'tieAtCutoff',
      'belowCutoff',
      'absent',
    ]);

    const shortlisted = new Set(
      shortlists.flatMap((s) => s.rows.filter((r) => r.shortlisted).map((r) => r.id)),
    );
    const rankings = computeRankings(input, shortlisted);
    const ranked = rankings.find((r) => r.post.countyCode === '520102')!;
    // 60/40: 90/70 → 82, 85/80 → 83, 80/85 → 82, 80/90 → 84
    const totalOf = (id: number) => ranked.rows.find((r) => r.id === id)!.total;
    expect([a, b, c, d].map((x) => totalOf(x!.id))).toEqual([8200, 8300, 8200, 8400]);
    expect(ranked.rows.find((r) => r.selected)!.id).toBe(d!.id);
    expect(ranked.rows).toHaveLength(4);
  });

  it('reads the plan’s saved rules, and narrows to a county office’s posts', async () => {
    const seeded = await seedSelection(t, {
      posts: [
        { county: 'nanming', demand: 2 },
        { county: 'liuzhi', demand: 1 },
      ],
      candidates: [
        { post: 0, written: '70' },
        { post: 0, written: '60' },
        { post: 0, written: '50' },
        { post: 1, written: '75' },
      ],
    });
    await t.database.db.insert(selectionRule).values({
      planId: seeded.plan.id,
      rules: scoringRulesSchema.parse({
        ratios: [{ minDemand: 1, ratio: 1 }],
        writtenPassLine: 55,
        writtenWeight: 0.5,
        interviewWeight: 0.5,
      }),
    });
    const county = await loadSelection(t.database.db, seeded.plan.id, {
      provinceCode: '520000',
      cityCode: '520100',
      countyCode: '520102',
    });
    expect(county.posts.map((p) => p.countyCode)).toEqual(['520102']);
    expect(county.candidates.map((c) => c.countyCode)).toEqual(['520102', '520102', '520102']);
    const [post] = computeShortlists(county);
    // 1:1 of 2 places; the pass line 55 keeps 50 out, which leaves no more than the quota: both in.
    expect(post!.rows.map((r) => r.reason)).toEqual(['allIn', 'allIn', 'belowPassLine']);
  });
});
