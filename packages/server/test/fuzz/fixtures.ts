import { eq } from 'drizzle-orm';
import { candidateUser, sysUser } from '../../src/db/schema';
import { openSession } from '../../src/lib/sessions';
import type { TestApp } from '../helpers';
import { makeCandidate } from '../enroll/fixtures';

/**
 * A session of the seeded `admin` (every right, no region) opened directly, without the login route:
 * the bad-input and fuzz tests are about input handling, not about logging in.
 */
export async function adminSession(t: TestApp, now = new Date()): Promise<string> {
  const [user] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'admin'));
  return openSession(t.database.db, 'admin', user!.id, { ip: '127.0.0.1', headers: {} } as never, now);
}

/**
 * The id of an active candidate for the candidate routes: `id` while that account exists and is
 * active, else a new one (the back office may delete or disable candidates, and the fuzz calls those
 * routes with plausible ids and states too).
 */
export async function liveCandidate(t: TestApp, id: number): Promise<number> {
  const [row] = await t.database.db
    .select({ state: candidateUser.state })
    .from(candidateUser)
    .where(eq(candidateUser.id, id));
  return row?.state === '0' ? id : (await makeCandidate(t)).id;
}
