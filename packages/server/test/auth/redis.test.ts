import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '@tegang/domain';
import { signTicketToken } from '../../src/lib/ticket-token';
import { createTestApp, type TestApp } from '../helpers';
import { LOGIN_PATH, WRONG, from, solvedCaptcha } from './login-fixtures';

/**
 * The same lockout and per-IP limit with REDIS_URL set (several nodes): runs only when
 * TEST_REDIS_URL names a Redis to use, e.g. `redis-server --port 6399` and
 * TEST_REDIS_URL=redis://127.0.0.1:6399.
 */
const url = process.env.TEST_REDIS_URL;
let t: TestApp;
beforeAll(async () => {
  if (url)
    t = await createTestApp({
      env: { REDIS_URL: url, TRUST_PROXY: '127.0.0.1', CAPTCHA_ENABLED: 'true', LOGIN_RATE_LIMIT: '4' },
    });
});
afterAll(async () => {
  await t?.close();
});

describe.runIf(url)('with Redis', () => {
  it('locks a name without an account after five parallel guesses', async () => {
    const name = `redis_nobody_${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const ip = `10.99.${i}.${randomInt(250)}`;
        const captcha = await solvedCaptcha(t, from(ip));
        return t.secure(
          'POST',
          LOGIN_PATH.candidate,
          { userName: name, password: WRONG, ...captcha },
          from(ip),
        );
      }),
    );
    expect(answers.filter((a) => a.status === 400)).toHaveLength(LOGIN_MAX_FAILURES - 1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - (LOGIN_MAX_FAILURES - 1));
  });

  it('limits logins per address in Redis', async () => {
    // Redis outlives the test run: a fresh address and fresh names, so no earlier run's counters count.
    const run = randomBytes(4).toString('hex');
    const ip = `10.98.${randomInt(250)}.${randomInt(250)}`;
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const captcha = await solvedCaptcha(t, from(ip));
      statuses.push(
        (
          await t.secure(
            'POST',
            LOGIN_PATH.admin,
            { userName: `r${i}_${run}`, password: WRONG, ...captcha },
            from(ip),
          )
        ).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });

  it('limits the verify page per token in Redis, whatever the address', async () => {
    // A fresh well-signed token of no ticket (404) per run: Redis keeps earlier runs' counters.
    const token = signTicketToken(
      t.app.ctx.dataKeys.ticketSigning,
      900_000_000 + randomInt(1e6),
      new Date(Date.now() + 86_400_000),
    );
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await t.call('GET', `/verify/ticket/${token}`, from(`10.97.${i}.${randomInt(250)}`))).status,
      );
    expect(statuses).toEqual([...Array<number>(20).fill(404), 429]);
  });
});
