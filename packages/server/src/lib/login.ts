import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@tegang/domain';
import { AppError } from './errors';
import { dummyHash, verifyPassword } from './passwords';

/**
 * Password check with lockout, shared by both logins: five failures in a row lock the account for
 * 15 minutes; a success resets the count. Unknown users and wrong passwords answer alike.
 */
export interface LoginAccount {
  id: number;
  passwordHash: string;
  failedLogins: number;
  lockedUntil: Date | null;
  disabled: boolean;
}
export interface LoginStore {
  recordFailure(id: number, failedLogins: number, lockedUntil: Date | null): Promise<void>;
  recordSuccess(id: number): Promise<void>;
}

export async function checkPassword(
  account: LoginAccount | undefined,
  password: string,
  store: LoginStore,
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
    const failures = account.failedLogins + 1;
    const lock =
      failures >= LOGIN_MAX_FAILURES ? new Date(now.getTime() + LOGIN_LOCK_MINUTES * 60_000) : null;
    await store.recordFailure(account.id, lock ? 0 : failures, lock);
    if (lock) throw new AppError(429, 'auth.login.locked', { minutes: LOGIN_LOCK_MINUTES });
    throw new AppError(400, 'auth.login.failed');
  }
  if (account.disabled) throw new AppError(403, 'auth.login.disabled');
  if (account.failedLogins > 0 || account.lockedUntil) await store.recordSuccess(account.id);
  return account.id;
}
