import { candidateUser, sysUser } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import type { CallOptions, TestApp } from '../helpers';

/**
 * Shared set-up of the login tests (lockout, captcha, enumeration): accounts made straight in the
 * database, solved captchas, and calls from a chosen client IP (the apps trust the proxy at 127.0.0.1, so
 * X-Forwarded-For names the client).
 */

export const RIGHT = 'Right_Passw0rd';
export const WRONG = 'Wrong_Passw0rd';

export type Side = 'admin' | 'candidate';
export const LOGIN_PATH: Record<Side, string> = { admin: '/auth/login', candidate: '/api/auth/login' };

let seq = 0;
/** A new account of `side` with the password RIGHT; returns its login name. */
export async function newAccount(t: TestApp, side: Side): Promise<string> {
  seq += 1;
  const tag = `${process.pid % 10000}${seq}`;
  const passwordHash = await hashPassword(RIGHT);
  if (side === 'admin') {
    const userName = `lk_admin_${tag}`;
    await t.database.db.insert(sysUser).values({ userName, nickName: userName, passwordHash });
    return userName;
  }
  const userName = `lk_cand_${tag}`;
  await t.database.db.insert(candidateUser).values({
    userName,
    passwordHash,
    realName: '李四',
    idCard: `1101011990010${String(seq).padStart(4, '0')}X`.slice(0, 18),
    gender: '1',
    birthday: '1990-01-01',
    telephone: `137${String(process.pid % 1000).padStart(3, '0')}${String(seq).padStart(5, '0')}`,
  });
  return userName;
}

/** A captcha asked with force=true, and its answer read from the store (as a person reads the image). */
export async function solvedCaptcha(
  t: TestApp,
  opts: CallOptions = {},
): Promise<{ uuid: string; captcha: string }> {
  const answer = await t.call<{ uuid: string; enabled: boolean }>('GET', '/auth/getCaptcha', {
    ...opts,
    query: { force: 'true' },
  });
  if (!answer.body.data?.enabled) throw new Error(`no captcha: ${answer.status} ${answer.body.msg}`);
  const { uuid } = answer.body.data;
  const captcha = await t.app.ctx.kv.get(`captcha:${uuid}`);
  if (!captcha) throw new Error('captcha not stored');
  return { uuid, captcha };
}

/** Call options from client `ip`. */
export const from = (ip: string, lang: 'zh' | 'en' = 'zh'): CallOptions => ({
  headers: { 'x-forwarded-for': ip },
  lang,
});

/** One login attempt of `side` from `ip`, with a solved captcha when `withCaptcha`. */
export async function attempt(
  t: TestApp,
  side: Side,
  userName: string,
  password: string,
  ip: string,
  withCaptcha: boolean,
) {
  const captcha = withCaptcha ? await solvedCaptcha(t, from(ip)) : {};
  return t.secure<unknown>('POST', LOGIN_PATH[side], { userName, password, ...captcha }, from(ip));
}
