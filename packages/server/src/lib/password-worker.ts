import { hashSync, verifySync } from '@node-rs/argon2';

/** A task of the password threads: hash `password`, or verify it against the PHC string `stored`. */
export type PasswordTask =
  { op: 'hash'; password: string } | { op: 'verify'; stored: string; password: string };

/**
 * Worker-thread entry of the password threads (piscina; lib/passwords.ts): runs one argon2id hash
 * (answers the PHC string) or verification (answers true when `password` matches `stored`, false for a
 * wrong password or a malformed hash) synchronously on this thread, at the library's parameters (DESIGN
 * "passwords"). Loaded as TypeScript through tsx's loader when the server runs from source.
 */
export default function runPasswordTask(task: PasswordTask): string | boolean {
  if (task.op === 'hash') return hashSync(task.password);
  try {
    return verifySync(task.stored, task.password);
  } catch {
    return false;
  }
}
