import { describe, expect, it } from 'vitest';
import {
  HASH_BACKLOG,
  HASH_THREADS,
  hashPassword,
  passwordWork,
  verifyPassword,
} from '../../src/lib/passwords';

describe('password hashes, one per core', () => {
  it('runs a burst on at most one thread per core, queues the rest, and answers every one right', async () => {
    const stored = await hashPassword('Right-pass-1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const size = HASH_THREADS * HASH_BACKLOG * 3;
    const burst = Array.from({ length: size }, (_, i) =>
      verifyPassword(stored, i % 2 ? 'Right-pass-1' : 'wrong-pass'),
    );
    const during = passwordWork();
    expect(during.pending).toBe(size);
    expect(during.threads).toBeLessThanOrEqual(HASH_THREADS);
    // Each thread holds at most its running hash and the next; the others wait in the queue.
    expect(during.queued).toBeGreaterThanOrEqual(size - HASH_THREADS * HASH_BACKLOG);
    const answers = await Promise.all(burst);
    expect(answers).toEqual(burst.map((_, i) => i % 2 === 1));
    const after = passwordWork();
    expect(after).toMatchObject({ pending: 0, queued: 0 });
    expect(after.threads).toBeGreaterThanOrEqual(1);
    expect(after.threads).toBeLessThanOrEqual(HASH_THREADS);
  });

  it('answers false for a malformed hash instead of throwing', async () => {
    await expect(verifyPassword('not-a-hash', 'x')).resolves.toBe(false);
  });
});
