import os from 'node:os';
import { Piscina } from 'piscina';
import { WORKER_EXEC_ARGV, workerEntry } from './module-path';
import type { PasswordTask } from './password-worker';

/**
 * Passwords are stored as argon2id hashes (DESIGN "passwords"); the library's defaults are OWASP's
 * (19 MiB, 2 passes, 1 lane: 9–25 ms of one core per hash, by machine).
 *
 * The hashes run on threads of their own (lib/password-worker.ts, a piscina pool), one per core
 * ({@link HASH_THREADS}), each hash start to end on one thread (docs/decisions.md "Password hashes,
 * one per core"):
 * - hashes beyond the core count would only time-slice against each other with cold caches;
 * - each thread is handed up to {@link HASH_BACKLOG} tasks, so that it starts the next hash the moment
 *   one ends instead of waiting for the event loop to hand it one (a core stood idle in that wait
 *   while the main thread was busy with other requests);
 * - libuv's pool stays free for the file reads and writes of other requests during a burst of logins.
 * The threads start with the first hash and end after {@link HASH_IDLE_MS} without one.
 */
export const HASH_THREADS = Math.max(1, os.availableParallelism());
/** Tasks handed to a password thread at once: the running hash and the next. */
export const HASH_BACKLOG = 2;
/** A password thread ends after this long without a hash (ms): a quiet node gives its memory back. */
export const HASH_IDLE_MS = 60_000;

let pool: Piscina<PasswordTask, string | boolean> | null = null;
/** Tasks given to the pool and not yet answered. */
let pending = 0;

/** The password threads' pool, made on the first hash. */
function passwordPool(): Piscina<PasswordTask, string | boolean> {
  return (pool ??= new Piscina({
    filename: workerEntry('lib/password-worker'),
    execArgv: [...WORKER_EXEC_ARGV],
    minThreads: 0,
    maxThreads: HASH_THREADS,
    concurrentTasksPerWorker: HASH_BACKLOG,
    idleTimeout: HASH_IDLE_MS,
    // First come, first hashed: by default piscina puts a task that it took from the queue and could
    // not hand to a thread at the queue's tail, and in a burst of logins some waited 3 times as long as
    // the rest (p99 1.9 s against a median of 0.65 s).
    stricterFIFO: true,
    // Tasks reach the threads as messages; piscina's Atomics wake-ups measured no faster here.
    atomics: 'disabled',
  }));
}

async function run(task: PasswordTask): Promise<string | boolean> {
  pending++;
  try {
    return await passwordPool().run(task);
  } finally {
    pending--;
  }
}

/**
 * The password work now: `threads` password threads alive (≤ HASH_THREADS), `pending` hashes and
 * verifications given and not yet answered, `queued` of them not yet handed to a thread.
 */
export const passwordWork = () => ({
  threads: pool?.threads.length ?? 0,
  pending,
  queued: pool?.queueSize ?? 0,
});

/** The argon2id hash of `password` (PHC string). Rejects only when the password threads fail. */
export const hashPassword = async (password: string): Promise<string> =>
  (await run({ op: 'hash', password })) as string;

/**
 * True when `password` matches `stored`; false for a wrong password or a malformed hash. Rejects only
 * when the password threads fail (a 500, never a silent "wrong password").
 */
export const verifyPassword = async (stored: string, password: string): Promise<boolean> =>
  (await run({ op: 'verify', stored, password })) as boolean;

/** A hash to verify against when the account does not exist, so that timing does not tell. */
let dummy: Promise<string> | null = null;
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password-Aa1!'));
