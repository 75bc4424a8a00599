import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * Passwords are stored as argon2id hashes (DESIGN "passwords"); the library's defaults are OWASP's
 * (19 MiB, 2 passes, 1 lane: ~9 ms of one core per hash).
 *
 * The hashes run on libuv's thread pool, at most {@link HASH_CONCURRENCY} at a time, the rest wait
 * in order (docs/decisions.md "Password hashes, one per core"): hashes beyond the core count only
 * time-slice against each other, and with every pool thread hashing, the file reads and writes of other
 * requests would queue behind a burst of logins.
 */
export const HASH_CONCURRENCY = hashConcurrency(
  os.availableParallelism(),
  Number(process.env.UV_THREADPOOL_SIZE) || 4,
);

/**
 * Hashes that may run at once: one per core, and at least one of the `poolThreads` threads of libuv's
 * pool left for other work (when there are two or more). At least 1.
 */
export function hashConcurrency(cores: number, poolThreads: number): number {
  return Math.max(1, Math.min(cores, poolThreads > 1 ? poolThreads - 1 : 1));
}

const hashing = pLimit(HASH_CONCURRENCY);

/** Hashes running and waiting now (`running` ≤ HASH_CONCURRENCY). */
export const passwordWork = () => ({ running: hashing.activeCount, waiting: hashing.pendingCount });

/** The argon2id hash of `password` (PHC string). */
export const hashPassword = (password: string): Promise<string> => hashing(() => hash(password));

/** True when `password` matches `stored`; false for a malformed hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(stored, password));
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so that timing does not tell. */
let dummy: Promise<string> | null = null;
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password-Aa1!'));
