import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_MAX_FAILURES } from '@tegang/domain';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers';
import {
  LOGIN_PATH,
  RIGHT,
  WRONG,
  attempt,
  from,
  newAccount,
  solvedCaptcha,
  type Side,
} from './login-fixtures';

/**
 * Login lockout under attack (docs/security.md "Logins"; decisions "Login lockout and captcha"):
 * parallel guesses, the captcha after two failures, the familiar-IP unlock, unknown names answered
 * like accounts. Every password verification is counted through a wrapper of lib/passwords.
 */
const checks = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../src/lib/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/passwords')>();
  return {
    ...original,
    verifyPassword: async (stored: string, password: string) => {
      checks.n += 1;
      return original.verifyPassword(stored, password);
    },
  };
});

const SIDES: Side[] = ['admin', 'candidate'];

/** Captchas on (as in production), clients named by X-Forwarded-For, no per-IP limit. */
let on: TestApp;
/** Captchas off (development and tests): the captcha comes only after two failures. */
let off: TestApp;
beforeAll(async () => {
  [on, off] = await Promise.all([
    createTestApp({ env: { CAPTCHA_ENABLED: 'true', TRUST_PROXY: '127.0.0.1' } }),
    createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
});
beforeEach(() => {
  checks.n = 0;
});

let ipSeq = 0;
/** A client address used by no other test. */
const newIp = () => {
  ipSeq += 1;
  return `10.${Math.floor(ipSeq / 250) % 250}.${ipSeq % 250}.7`;
};

describe.each(SIDES)('%s login lockout', (side) => {
  it('verifies at most five guesses of 60 parallel logins, and the right password stays out once locked', async () => {
    const t = on;
    const userName = await newAccount(t, side);
    const bodies = await Promise.all(
      Array.from({ length: 60 }, async () => {
        const ip = newIp();
        return { ip, captcha: await solvedCaptcha(t, from(ip)) };
      }),
    );
    checks.n = 0;
    const answers = await Promise.all(
      bodies.map(({ ip, captcha }) =>
        t.secure('POST', LOGIN_PATH[side], { userName, password: WRONG, ...captcha }, from(ip)),
      ),
    );
    expect(checks.n).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(LOGIN_MAX_FAILURES - 1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(60 - (LOGIN_MAX_FAILURES - 1));

    // Locked: a burst with the right password among wrong ones, from one address, gets nothing in.
    const ip = newIp();
    checks.n = 0;
    const burst = await Promise.all(
      [RIGHT, WRONG, WRONG, RIGHT].map(async (password) => {
        const captcha = await solvedCaptcha(t, from(ip));
        return t.secure('POST', LOGIN_PATH[side], { userName, password, ...captcha }, from(ip));
      }),
    );
    expect(burst.map((a) => a.status)).toEqual([429, 429, 429, 429]);
    expect(burst[0]!.body.msg).toBe('登录失败次数过多，账号已锁定，请 15 分钟后再试');
    expect(checks.n).toBe(0);
  });

  it('asks for a captcha after two failures even with captchas off, and counts nothing without one', async () => {
    const t = off;
    const userName = await newAccount(t, side);
    const ip = newIp();
    for (let i = 0; i < 2; i++) {
      const wrong = await attempt(t, side, userName, WRONG, ip, false);
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toBe('用户名或密码错误');
    }
    checks.n = 0;
    const third = await attempt(t, side, userName, WRONG, ip, false);
    expect(third.status).toBe(400);
    expect(third.body).toEqual({
      code: 400,
      msg: '登录失败次数较多，请输入图形验证码',
      data: { captchaRequired: true },
    });
    const en = await t.secure('POST', LOGIN_PATH[side], { userName, password: RIGHT }, from(ip, 'en'));
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('Several logins have failed: please enter the captcha');
    expect(checks.n).toBe(0);
    // Many more without a captcha never lock the account.
    for (let i = 0; i < 5; i++) expect((await attempt(t, side, userName, WRONG, ip, false)).status).toBe(400);

    // The login page then asks for a captcha although they are off, and the right password gets in.
    const captcha = await t.call<{ enabled: boolean; img: string }>('GET', '/auth/getCaptcha', {
      query: { force: 'true' },
    });
    expect(captcha.body.data.enabled).toBe(true);
    expect(captcha.body.data.img).toMatch(/^data:image\/png;base64,/);
    const plain = await t.call<{ enabled: boolean }>('GET', '/auth/getCaptcha');
    expect(plain.body.data.enabled).toBe(false);
    const wrongCaptcha = await t.secure(
      'POST',
      LOGIN_PATH[side],
      { userName, password: RIGHT, uuid: 'no-such', captcha: 'abcd' },
      from(ip),
    );
    expect(wrongCaptcha.status).toBe(400);
    expect(wrongCaptcha.body.msg).toBe('图形验证码错误或已过期');
    expect((await attempt(t, side, userName, RIGHT, ip, true)).status).toBe(200);
    // A success starts the count again.
    expect((await attempt(t, side, userName, WRONG, ip, false)).body.msg).toBe('用户名或密码错误');
  });

  it('lets a familiar address that has not failed open a locked account; strangers and failed addresses stay out', async () => {
    const t = on;
    const userName = await newAccount(t, side);
    const home = newIp();
    const office = newIp();
    const stranger = newIp();
    const attacker = newIp();
    expect((await attempt(t, side, userName, RIGHT, home, true)).status).toBe(200);
    expect((await attempt(t, side, userName, RIGHT, office, true)).status).toBe(200);
    // The office mistypes once, then the attacker locks the account.
    expect((await attempt(t, side, userName, WRONG, office, true)).status).toBe(400);
    const answers = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++)
      answers.push((await attempt(t, side, userName, WRONG, attacker, true)).status);
    expect(answers).toEqual([400, 400, 400, 429]);

    expect((await attempt(t, side, userName, RIGHT, stranger, true)).status).toBe(429);
    expect((await attempt(t, side, userName, RIGHT, attacker, true)).status).toBe(429);
    expect((await attempt(t, side, userName, RIGHT, office, true)).status).toBe(429);
    // Home, without a captcha: locked, and told to show the captcha.
    const noCaptcha = await t.secure('POST', LOGIN_PATH[side], { userName, password: RIGHT }, from(home));
    expect(noCaptcha.status).toBe(400); // captchas are on: a login without one is refused first
    // Home with the right password and a captcha gets in and lifts the lock for everyone.
    expect((await attempt(t, side, userName, RIGHT, home, true)).status).toBe(200);
    expect((await attempt(t, side, userName, RIGHT, stranger, true)).status).toBe(200);
  });

  it('gives a familiar address one guess per lock period', async () => {
    const t = on;
    const userName = await newAccount(t, side);
    const home = newIp();
    const attacker = newIp();
    expect((await attempt(t, side, userName, RIGHT, home, true)).status).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await attempt(t, side, userName, WRONG, attacker, true);
    checks.n = 0;
    expect((await attempt(t, side, userName, WRONG, home, true)).status).toBe(429);
    expect((await attempt(t, side, userName, RIGHT, home, true)).status).toBe(429);
    expect(checks.n).toBe(1);
  });

  it('answers a name without an account exactly like an account, and checks a hash for each guess', async () => {
    const t = off;
    const known = await newAccount(t, side);
    const unknown = `nobody_${side}_${Date.now() % 100000}`;
    const run = async (userName: string) => {
      const ip = newIp();
      const steps = [];
      const plan: boolean[] = [false, false, false, true, true, true, true];
      for (const withCaptcha of plan) {
        checks.n = 0;
        const a = await attempt(t, side, userName, WRONG, ip, withCaptcha);
        steps.push({ status: a.status, body: a.body, checked: checks.n });
      }
      return steps;
    };
    const a = await run(known);
    const b = await run(unknown);
    expect(b).toEqual(a);
    expect(a.map((s) => s.status)).toEqual([400, 400, 400, 400, 400, 429, 429]);
    expect(a.map((s) => s.checked)).toEqual([1, 1, 0, 1, 1, 1, 0]);
    expect(a[5]!.body.msg).toBe('登录失败次数过多，账号已锁定，请 15 分钟后再试');
  });
});

describe('per-IP login limit (LOGIN_RATE_LIMIT)', () => {
  it('answers 429 with the catalogue message past the limit, per address and per login', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1', LOGIN_RATE_LIMIT: '3' } });
    try {
      const ip = newIp();
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await t.secure('POST', '/auth/login', { userName: `ghost${i}`, password: WRONG }, from(ip)))
            .status,
        );
      expect(statuses).toEqual([400, 400, 400, 429]);
      const limited = await t.secure(
        'POST',
        '/auth/login',
        { userName: 'admin', password: t.adminPassword },
        from(ip),
      );
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试', data: null });
      expect(limited.raw.headers['retry-after']).toBeDefined();
      const en = await t.secure('POST', '/auth/login', { userName: 'x', password: WRONG }, from(ip, 'en'));
      expect(en.body.msg).toBe('Too many requests, please try again later');
      // Another address, and the candidate login of the same address, are counted apart.
      const other = await t.secure(
        'POST',
        '/auth/login',
        { userName: 'admin', password: t.adminPassword },
        from(newIp()),
      );
      expect(other.status).toBe(200);
      expect(
        (await t.secure('POST', '/api/auth/login', { userName: 'ghost', password: WRONG }, from(ip))).status,
      ).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('limits captchas per address (CAPTCHA_RATE_LIMIT)', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1', CAPTCHA_RATE_LIMIT: '2' } });
    try {
      const ip = newIp();
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await t.call('GET', '/auth/getCaptcha', from(ip))).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('defaults to limits that normal use never meets', () => {
    const config = loadConfig({});
    expect(config.loginRateLimit).toBe(30);
    expect(config.captchaRateLimit).toBe(60);
  });
});
