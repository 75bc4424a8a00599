import { eq, sql } from 'drizzle-orm';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, USER_STATE, CANDIDATE_STATE } from '@tegang/domain';
import type { AppContext } from '../context';
import type { Db } from '../db';
import { candidateUser, sysUser } from '../db/schema';
import { verifyCaptcha } from './captcha';
import { AppError } from './errors';
import { dummyHash, verifyPassword } from './passwords';
import { countLoginFailure } from '../plugins/metrics';
import { namedStatement, type NamedStatement } from './per-db';

/**
 * The password check of both logins (spec §7 POST /auth/login and POST /api/auth/login, decisions
 * "Lockout and SMS limits", "Login lockout and captcha"):
 *
 * - Every attempt reserves its place in the failure count in one atomic step BEFORE the password is
 *   verified (an UPDATE … RETURNING on the account row; a bounded counter in the kv store for a name
 *   that has no account), so parallel guesses cannot get past the lock: at most LOGIN_MAX_FAILURES
 *   guesses are verified per lock period. The fifth reservation locks the account for
 *   LOGIN_LOCK_MINUTES; a success releases the reservations (count 0, lock lifted).
 * - After CAPTCHA_AFTER_FAILURES failures an attempt needs a solved image captcha, also with
 *   CAPTCHA_ENABLED=false: without one it answers 400 'auth.captcha.required' with data
 *   {captchaRequired: true} and is not counted.
 * - A locked account can still be opened from a familiar IP (one it logged in from successfully in
 *   the last FAMILIAR_DAYS days) that has not failed for it lately: one captcha-checked attempt per
 *   such IP per lock period, and a success lifts the lock. So a stranger can lock an account against
 *   strangers, not against its owner.
 * - A name without an account is counted, captcha-gated and locked exactly like an account, and
 *   verifies a dummy hash, so answers and timing do not tell whether an account exists.
 */
export interface LoginAccount {
  id: number;
  passwordHash: string;
  state: string;
  /** Why an administrator disabled a candidate (told to the candidate at login). */
  stateReason?: string | null;
}

/** The account tables that carry the lockout columns. */
type AccountTable = typeof sysUser | typeof candidateUser;
/** The accounts of a login side: back-office users, or candidates. */
const accountTable = (kind: LoginAttempt['kind']): AccountTable =>
  kind === 'admin' ? sysUser : candidateUser;

/** Failures of an account after which every further attempt needs a solved captcha. */
export const CAPTCHA_AFTER_FAILURES = 2;
/** How long the failures of a name without an account are remembered (seconds). */
const UNKNOWN_NAME_WINDOW_S = 24 * 60 * 60;
/** An IP that logged in successfully this recently is familiar to the account. */
export const FAMILIAR_DAYS = 30;
const LOCK_S = LOGIN_LOCK_MINUTES * 60;
/** An IP whose guess failed is remembered this long: it cannot open the account while it is locked. */
const IP_FAILED_S = 2 * LOCK_S;

export interface LoginAttempt {
  kind: 'admin' | 'candidate';
  /**
   * The login name as given: a back-office user name; a candidate's user name, or else phone number
   * (a user name wins over another account's phone number that reads the same). Also the counter of
   * a name without an account.
   */
  name: string;
  password: string;
  /** The client IP (req.ip; X-Forwarded-For only with TRUST_PROXY). */
  ip: string;
  captcha?: string;
  uuid?: string;
}

const keys = {
  unknown: (a: LoginAttempt) => `login:fail:${a.kind}:${a.name}`,
  familiar: (a: LoginAttempt, id: number) => `login:seen:${a.kind}:${id}:${a.ip}`,
  ipFailed: (a: LoginAttempt, id: number) => `login:ipfail:${a.kind}:${id}:${a.ip}`,
  bypass: (a: LoginAttempt, id: number) => `login:bypass:${a.kind}:${id}:${a.ip}`,
};

type Reservation =
  { ok: true; count: number } | { ok: false; locked: false } | { ok: false; locked: true; minutes: number };

const minutesUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

const lockedError = (minutes: number) =>
  new AppError(429, 'auth.login.locked', { minutes }, { captchaRequired: true });
const captchaRequired = () => new AppError(400, 'auth.captcha.required', {}, { captchaRequired: true });

/**
 * Checks a login attempt and returns the account id. On success the account's reservation is still
 * counted: the caller releases it in the statement that opens the session (lib/sessions.ts
 * openLoginSession), one write instead of two on the login path. Errors (all alike for a name without an
 * account): 400 'auth.captcha.wrong' (a captcha was given or needed and is wrong),
 * 400 'auth.captcha.required' (data {captchaRequired: true}), 400 'auth.login.failed'
 * (data {captchaRequired}), 429 'auth.login.locked' {minutes}, 403 'auth.login.disabled'
 * (right password, state ≠ '0').
 */
export async function checkLogin(ctx: AppContext, attempt: LoginAttempt): Promise<number> {
  try {
    return await attemptLogin(ctx, attempt);
  } catch (error) {
    // tegang_login_failures_total by login and message key (README "Metrics")
    if (error instanceof AppError) countLoginFailure(attempt.kind, error.key);
    throw error;
  }
}

/** checkLogin without the failure count. */
async function attemptLogin(ctx: AppContext, attempt: LoginAttempt): Promise<number> {
  const now = ctx.now();
  const solved = await captchaSolved(ctx, attempt);
  const found = await findAndReserve(ctx.db, attempt, solved, now);
  const account = found?.account;
  const reservation = found ? found.reservation : await reserveName(ctx, attempt, solved);

  if (!reservation.ok) {
    if (!reservation.locked) throw captchaRequired();
    if (account && solved && (await mayOpenLocked(ctx, attempt, account.id))) {
      if (await verifyPassword(account.passwordHash, attempt.password)) return succeed(ctx, attempt, account);
      await ctx.kv.set(keys.ipFailed(attempt, account.id), '1', IP_FAILED_S);
    }
    throw lockedError(reservation.minutes);
  }

  const right = await verifyPassword(account?.passwordHash ?? (await dummyHash()), attempt.password);
  if (account && right) return succeed(ctx, attempt, account);
  if (account) await ctx.kv.set(keys.ipFailed(attempt, account.id), '1', IP_FAILED_S);
  if (reservation.count >= LOGIN_MAX_FAILURES) throw lockedError(LOGIN_LOCK_MINUTES);
  throw new AppError(
    400,
    'auth.login.failed',
    {},
    { captchaRequired: ctx.config.captchaEnabled || reservation.count >= CAPTCHA_AFTER_FAILURES },
  );
}

/**
 * Whether the attempt carries a solved captcha. With CAPTCHA_ENABLED every attempt must (400
 * 'auth.captcha.wrong' otherwise); without, a captcha that is given is checked and consumed.
 */
async function captchaSolved(ctx: AppContext, attempt: LoginAttempt): Promise<boolean> {
  if (!ctx.config.captchaEnabled && !attempt.uuid && !attempt.captcha) return false;
  await verifyCaptcha(ctx.kv, true, attempt.uuid, attempt.captcha);
  return true;
}

/**
 * The account the attempt's name points at and the attempt's reservation on it, in one statement
 * (one round trip on every login): counts the attempt unless the account is locked, or has
 * CAPTCHA_AFTER_FAILURES failures and no captcha was solved; the fifth locks. An expired lock starts
 * the count again. Undefined when no account holds the name.
 */
async function findAndReserve(
  db: Db,
  attempt: LoginAttempt,
  solved: boolean,
  now: Date,
): Promise<{ account: LoginAccount; reservation: Reservation } | undefined> {
  const [row] = await findAndReserveStatements[attempt.kind][solved ? 'solved' : 'plain'].run<
    LoginAccount & { reserved: number | null }
  >(db, {
    name: attempt.name,
    now: now.toISOString(),
    until: new Date(now.getTime() + LOCK_S * 1000).toISOString(),
  });
  if (!row) return undefined;
  const { reserved, ...account } = row;
  if (reserved !== null) return { account, reservation: { ok: true, count: reserved } };
  // Refused. Why is read again: the statement's snapshot may predate the lock that parallel attempts
  // set while this one waited for the row.
  const table = accountTable(attempt.kind);
  const [state] = await db
    .select({ lockedUntil: table.lockedUntil })
    .from(table)
    .where(eq(table.id, account.id));
  const reservation: Reservation =
    state?.lockedUntil && state.lockedUntil > now
      ? { ok: false, locked: true, minutes: minutesUntil(state.lockedUntil, now) }
      : { ok: false, locked: false };
  return { account, reservation };
}

/**
 * findAndReserve's statement of each login, with or without a solved captcha: a named statement with
 * the placeholders name, now and until (every login runs it). `found` is the account as the
 * statement started; the reservation's RETURNING gives the new count, null when it was refused.
 */
const findAndReserveStatements = {
  admin: { solved: findAndReserveStatement('admin', true), plain: findAndReserveStatement('admin', false) },
  candidate: {
    solved: findAndReserveStatement('candidate', true),
    plain: findAndReserveStatement('candidate', false),
  },
};
function findAndReserveStatement(kind: LoginAttempt['kind'], solved: boolean): NamedStatement {
  const table = accountTable(kind);
  const p = sql.placeholder;
  const byName =
    kind === 'admin'
      ? sql`${sysUser.userName} = ${p('name')}`
      : sql`${candidateUser.userName} = ${p('name')} or ${candidateUser.telephone} = ${p('name')}
            order by (${candidateUser.userName} = ${p('name')}) desc`;
  const stateReason = kind === 'admin' ? sql`null::text` : sql`found.state_reason`;
  const current = sql`(case when u.locked_until <= ${p('now')}::timestamptz then 0 else u.failed_logins end)`;
  return namedStatement(
    `login_find_reserve_${kind}_${solved ? 'solved' : 'plain'}`,
    sql`
      with found as (select * from ${table} where ${byName} limit 1),
      reserved as (
        update ${table} u set
          failed_logins = ${current} + 1,
          locked_until = case when ${current} + 1 >= ${LOGIN_MAX_FAILURES}
            then ${p('until')}::timestamptz else null end
        from found
        where u.id = found.id and (u.locked_until is null or u.locked_until <= ${p('now')}::timestamptz)
          ${solved ? sql`` : sql`and ${current} < ${CAPTCHA_AFTER_FAILURES}`}
        returning u.failed_logins
      )
      select found.id, found.password_hash as "passwordHash", found.state,
        ${stateReason} as "stateReason", (select failed_logins from reserved) as reserved
      from found`,
  );
}

/**
 * The same reservation for a name without an account, on a bounded kv counter (atomic in the
 * process, a Lua script in Redis). The timing stays alike: such a name has run the same
 * find-and-reserve statement as an account's name, and is verified against a dummy hash.
 */
async function reserveName(ctx: AppContext, attempt: LoginAttempt, solved: boolean): Promise<Reservation> {
  const bump = await ctx.kv.bump(keys.unknown(attempt), {
    ceiling: solved ? LOGIN_MAX_FAILURES : CAPTCHA_AFTER_FAILURES,
    ttlS: UNKNOWN_NAME_WINDOW_S,
    holdAt: LOGIN_MAX_FAILURES,
    holdS: LOCK_S,
  });
  if (bump.added) return { ok: true, count: bump.count };
  return bump.count >= LOGIN_MAX_FAILURES
    ? { ok: false, locked: true, minutes: Math.max(1, Math.ceil(bump.ttlS / 60)) }
    : { ok: false, locked: false };
}

/**
 * Whether this attempt may be verified although the account is locked: the IP is familiar, has not
 * failed for the account lately, and claims its one attempt of this lock period.
 */
async function mayOpenLocked(ctx: AppContext, attempt: LoginAttempt, id: number): Promise<boolean> {
  if (!(await ctx.kv.get(keys.familiar(attempt, id)))) return false;
  if (await ctx.kv.get(keys.ipFailed(attempt, id))) return false;
  return ctx.kv.setNx(keys.bypass(attempt, id), '1', LOCK_S);
}

/**
 * The right password: 403 when the account is disabled ('auth.login.disabledReason' {reason} for a
 * candidate disabled with a reason), after releasing the count and the lock; else the caller's
 * session statement releases them (checkLogin).
 */
async function succeed(ctx: AppContext, attempt: LoginAttempt, account: LoginAccount): Promise<number> {
  const table = accountTable(attempt.kind);
  await ctx.kv.del(keys.ipFailed(attempt, account.id));
  await ctx.kv.del(keys.bypass(attempt, account.id));
  const active = attempt.kind === 'admin' ? USER_STATE.enabled : CANDIDATE_STATE.active;
  if (account.state !== active) {
    await ctx.db.update(table).set({ failedLogins: 0, lockedUntil: null }).where(eq(table.id, account.id));
    throw attempt.kind === 'candidate' && account.stateReason
      ? new AppError(403, 'auth.login.disabledReason', { reason: account.stateReason })
      : new AppError(403, 'auth.login.disabled');
  }
  await ctx.kv.set(keys.familiar(attempt, account.id), '1', FAMILIAR_DAYS * 86_400);
  return account.id;
}
