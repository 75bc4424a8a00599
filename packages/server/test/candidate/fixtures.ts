import { count, eq } from 'drizzle-orm';
import { idCardCheckChar, type SmsPurpose } from '@tegang/domain';
import { candidateUser } from '../../src/db/schema';
import { createTestApp, type CallOptions, type TestApp } from '../helpers';

/**
 * Shared set-up of the candidate account tests: a test app on a movable clock, fresh phone numbers
 * and ID numbers, and the codes the server sent (read from t.sms).
 */

/** A clock the tests move by hand: ctx.now of the app reads it. */
export class Clock {
  private ms: number;
  constructor(start: string) {
    this.ms = Date.parse(start);
  }
  readonly now = () => new Date(this.ms);
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

export async function createCandidateApp(clock: Clock): Promise<TestApp> {
  // Behind a trusted proxy, so that a test can pose as another client IP (X-Forwarded-For).
  return createTestApp({ now: clock.now, env: { TRUST_PROXY: '127.0.0.1' } });
}

let phoneSeq = 0;
/** A fresh valid mobile number per call. */
export function newPhone(): string {
  phoneSeq += 1;
  return `139${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq).padStart(5, '0')}`;
}

let idSeq = 100;
/** A fresh valid 18-digit ID number (Beijing Dongcheng, born `birth`); an odd sequence is male. */
export function newIdCard(birth = '19950612'): string {
  idSeq += 1;
  const first17 = `110101${birth}${String(idSeq % 1000).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

let nameSeq = 0;
export function newUserName(): string {
  nameSeq += 1;
  return `cand_${process.pid % 10000}_${nameSeq}`;
}

export const PASSWORD = 'Passw0rd!';

/** The code of the newest SMS sent to `phone` (for `purpose`), or throws. */
export function lastCode(t: TestApp, phone: string, purpose?: SmsPurpose): string {
  const message = t.sms.filter((m) => m.phone === phone && (!purpose || m.purpose === purpose)).at(-1);
  if (!message) throw new Error(`no SMS to ${phone}`);
  return message.code;
}

/** A 6-digit code that is not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export const candidateCount = async (t: TestApp) =>
  (await t.database.db.select({ n: count() }).from(candidateUser))[0]!.n;

export const findCandidate = async (t: TestApp, userName: string) =>
  (await t.database.db.select().from(candidateUser).where(eq(candidateUser.userName, userName)))[0];

export interface Account {
  userName: string;
  password: string;
  realName: string;
  idCard: string;
  telephone: string;
}

/** Asks for a code at `path` (getVerificationCode, FPCode, …), then moves the clock past the 60 s lock. */
export async function askCode(
  t: TestApp,
  clock: Clock,
  path: string,
  telephone: string,
  opts: CallOptions = {},
) {
  const answer = await t.call<null>('GET', path, { ...opts, query: { telephone } });
  clock.advance(61);
  return answer;
}

/** Registers a new account end to end (code from the SMS) and returns it. */
export async function registerAccount(
  t: TestApp,
  clock: Clock,
  overrides: Partial<Account> = {},
): Promise<Account> {
  const account: Account = {
    userName: newUserName(),
    password: PASSWORD,
    realName: '张三',
    idCard: newIdCard(),
    telephone: newPhone(),
    ...overrides,
  };
  const asked = await askCode(t, clock, '/api/getVerificationCode', account.telephone);
  if (asked.status !== 200) throw new Error(`code: ${asked.body.msg}`);
  const code = lastCode(t, account.telephone, 'register');
  const answer = await t.secure('POST', '/api/register', { ...account, code });
  if (answer.status !== 200) throw new Error(`register: ${answer.body.msg}`);
  return account;
}

/** Logs a candidate in (by user name or phone) and returns the token. */
export async function login(t: TestApp, userName: string, password = PASSWORD): Promise<string> {
  const answer = await t.secure<string>('POST', '/api/auth/login', { userName, password });
  if (answer.status !== 200) throw new Error(`login: ${answer.body.msg}`);
  return answer.body.data;
}
