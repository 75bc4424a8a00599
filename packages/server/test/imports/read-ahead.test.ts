import { describe, expect, it } from 'vitest';
import { readAhead } from '../../src/imports/engine';

/** A source of `count` numbered batches that records how far it was pulled and whether it was ended. */
function counted(count: number, failAt?: number) {
  const state = { pulled: 0, ended: false };
  async function* source() {
    try {
      for (let i = 0; i < count; i++) {
        if (i === failAt) throw new Error(`broken at ${i}`);
        state.pulled = i + 1;
        yield i;
      }
    } finally {
      state.ended = true;
    }
  }
  return { state, source: source() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('readAhead', () => {
  it('reads while the caller prepares, then hands every batch over in order', async () => {
    const { state, source } = counted(5);
    const ahead = readAhead(source);
    await tick();
    // Nothing asked for yet, and still the whole source was read.
    expect(state.pulled).toBe(5);
    const got: number[] = [];
    for await (const batch of ahead.batches()) got.push(batch);
    expect(got).toEqual([0, 1, 2, 3, 4]);
    expect(state.ended).toBe(true);
  });

  it('throws an early failure only after the batches read before it', async () => {
    const { source } = counted(5, 3);
    const ahead = readAhead(source);
    await tick();
    const got: number[] = [];
    await expect(
      (async () => {
        for await (const batch of ahead.batches()) got.push(batch);
      })(),
    ).rejects.toThrow('broken at 3');
    expect(got).toEqual([0, 1, 2]);
  });

  it('ends the source when the caller stops before reading (a failed prepare)', async () => {
    const { state, source } = counted(1_000_000);
    const ahead = readAhead(source);
    await ahead.close();
    expect(state.ended).toBe(true);
    expect(state.pulled).toBeLessThan(1_000_000);
  });

  it('ends the source when the caller stops in the middle', async () => {
    const { state, source } = counted(1_000_000);
    const ahead = readAhead(source);
    for await (const batch of ahead.batches()) if (batch === 10) break;
    await ahead.close();
    expect(state.ended).toBe(true);
  });
});
