import { eq, sql } from 'drizzle-orm';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@tegang/domain';
import type { Db } from '../db';
import { candidateUser, sysUser } from '../db/schema';
import { AppError } from './errors';
import { dummyHash, verifyPassword } from './passwords';

/**
 * Password check with lockout, shared by both logins: five failures in a row lock the account for
 * 15 minutes; a success resets the count. Unknown users and wrong passwords answer alike, and take
 * as long (a dummy hash is verified).
 */
export interface LoginAccount {
  id: number;
  passwordHash: string;
  failedLogins: number;
  lockedUntil: Date | null;
  state: string;
}

/** The account tables that carry the lockout columns. */
type AccountTable = typeof sysUser | typeof candidateUser;

/**
 * Checks `password` for `account` (undefined when no such user) at `now`; returns the account id.
 * Errors: 400 auth.login.failed, 429 auth.login.locked {minutes}, 403 auth.login.disabled (state ≠ '0').
 * The failure count is incremented in the database in one statement, so parallel guesses all count.
 */
export async function checkPassword(
  db: Db,
  table: AccountTable,
  account: LoginAccount | undefined,
  password: string,
  now: Date,
): Promise<number> {
  if (!account) {
    await verifyPassword(await dummyHash(), password);
    throw new AppError(400, 'auth.login.failed');
  }
  if (account.lockedUntil && account.lockedUntil > now) {
    const minutes = Math.ceil((account.lockedUntil.getTime() - now.getTime()) / 60_000);
    throw new AppError(429, 'auth.login.locked', { minutes });
  }
  if (!(await verifyPassword(account.passwordHash, password))) {
    const [row] = await db
      .update(table)
      .set({ failedLogins: sql`${table.failedLogins} + 1` })
      .where(eq(table.id, account.id))
      .returning({ failedLogins: table.failedLogins });
    if (row && row.failedLogins >= LOGIN_MAX_FAILURES) {
      await db
        .update(table)
        .set({ failedLogins: 0, lockedUntil: new Date(now.getTime() + LOGIN_LOCK_MINUTES * 60_000) })
        .where(eq(table.id, account.id));
      throw new AppError(429, 'auth.login.locked', { minutes: LOGIN_LOCK_MINUTES });
    }
    throw new AppError(400, 'auth.login.failed');
  }
  if (account.state !== '0') throw new AppError(403, 'auth.login.disabled');
  if (account.failedLogins > 0 || account.lockedUntil) {
    await db.update(table).set({ failedLogins: 0, lockedUntil: null }).where(eq(table.id, account.id));
  }
  return account.id;
}
