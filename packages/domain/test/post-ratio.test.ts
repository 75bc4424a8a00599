import { describe, expect, it } from 'vitest';
import { postRatio } from '../src';

/**
 * The dashboard's "applicants per post" (spec §5): "n:1" with one decimal at most, none without demand
 * or without applicants.
 */
describe('postRatio', () => {
  it('reduces count:demand to n:1, one decimal at most', () => {
    expect(postRatio(16, 5)).toBe('3.2:1');
    expect(postRatio(12, 3)).toBe('4:1');
    expect(postRatio(1, 3)).toBe('0.3:1');
  });

  it('never rounds a few applicants to "0:1": under 0.05 is "<0.1:1", from 0.05 one decimal', () => {
    expect(postRatio(1, 30)).toBe('<0.1:1');
    expect(postRatio(1, 1000)).toBe('<0.1:1');
    expect(postRatio(1, 20)).toBe('0.1:1');
    expect(postRatio(2, 30)).toBe('0.1:1');
  });

  it('has no ratio without applicants: "—", never "0:1"', () => {
    expect(postRatio(0, 5)).toBeNull();
    expect(postRatio(0, 30)).toBeNull();
    // Passed against demand: "0:1" while none of the applicants passed, none without applicants.
    expect(postRatio(0, 5, 3)).toBe('0:1');
    expect(postRatio(0, 5, 0)).toBeNull();
    expect(postRatio(2, 5, 3)).toBe('0.4:1');
  });

  it('has no ratio without demand (the screens show "—", never "0.0:1")', () => {
    expect(postRatio(0, 0)).toBeNull();
    expect(postRatio(7, 0)).toBeNull();
  });
});
