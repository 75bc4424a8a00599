import { describe, expect, it } from 'vitest';
import {
  HASH_CONCURRENCY,
  hashConcurrency,
  hashPassword,
  passwordWork,
  verifyPassword,
} from '../../src/lib/passwords';

describe('password hashes, one per core', () => {
  it('runs one hash per core, leaving a thread of the pool to other work', () => {
    expect(hashConcurrency(2, 4)).toBe(2);
    expect(hashConcurrency(8, 4)).toBe(3);
    expect(hashConcurrency(8, 16)).toBe(8);
    expect(hashConcurrency(1, 4)).toBe(1);
    expect(hashConcurrency(4, 1)).toBe(1);
    expect(HASH_CONCURRENCY).toBeGreaterThanOrEqual(1);
  });

  it('queues what is beyond the limit and answers every verification right', async () => {
    const stored = await hashPassword('Right-pass-1');
    const burst = Array.from({ length: HASH_CONCURRENCY * 3 }, (_, i) =>
      verifyPassword(stored, i % 2 ? 'Right-pass-1' : 'wrong-pass'),
    );
    const during = passwordWork();
    expect(during.running).toBe(HASH_CONCURRENCY);
    expect(during.waiting).toBe(HASH_CONCURRENCY * 2);
    const answers = await Promise.all(burst);
    expect(answers).toEqual(burst.map((_, i) => i % 2 === 1));
    expect(passwordWork()).toEqual({ running: 0, waiting: 0 });
  });

  it('answers false for a malformed hash instead of throwing', async () => {
    await expect(verifyPassword('not-a-hash', 'x')).resolves.toBe(false);
  });
});
