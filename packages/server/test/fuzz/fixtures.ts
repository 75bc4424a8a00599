import { eq } from 'drizzle-orm';
import { sysUser } from '../../src/db/schema';
import { openSession } from '../../src/lib/sessions';
import type { TestApp } from '../helpers';

/**
 * A session of the seeded `admin` (every right, no region) opened directly, without the login route:
 * the bad-input and fuzz tests are about input handling, not about logging in.
 */
export async function adminSession(t: TestApp, now = new Date()): Promise<string> {
  const [user] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'admin'));
  return openSession(t.database.db, 'admin', user!.id, { ip: '127.0.0.1', headers: {} } as never, now);
}
