import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, checkLoginField, loginSchema, maxLengthOf } from '../src';

/** The login page's checks (login-rules.ts) and the server's loginSchema are one rule (spec §4 "Login"). */
describe('login rules', () => {
  it('are the limits loginSchema enforces', () => {
    expect(maxLengthOf(loginSchema.shape.userName)).toBe(LOGIN_LIMITS.userName);
    expect(maxLengthOf(loginSchema.shape.password)).toBe(LOGIN_LIMITS.password);
    expect(maxLengthOf(loginSchema.shape.captcha)).toBe(LOGIN_LIMITS.captcha);
    expect(maxLengthOf(loginSchema.shape.uuid)).toBe(LOGIN_LIMITS.uuid);
  });

  it('require the user name and the password, and the captcha only when one is shown', () => {
    expect(checkLoginField('userName', '  ')).toBe('rule.required');
    expect(checkLoginField('password', '')).toBe('rule.required');
    expect(checkLoginField('captcha', '', true)).toBe('rule.required');
    expect(checkLoginField('captcha', '', false)).toBeNull();
    expect(checkLoginField('userName', ' 13800000000 ')).toBeNull();
  });

  it('refuse what loginSchema refuses as too long, and accept what it accepts', () => {
    const long = 'a'.repeat(LOGIN_LIMITS.userName + 1);
    expect(checkLoginField('userName', long)).toBe('rule.maxLength');
    expect(loginSchema.safeParse({ userName: long, password: 'x' }).success).toBe(false);
    const fits = 'a'.repeat(LOGIN_LIMITS.userName);
    expect(checkLoginField('userName', fits)).toBeNull();
    expect(loginSchema.safeParse({ userName: fits, password: 'x' }).success).toBe(true);
    expect(checkLoginField('captcha', '12345678901')).toBe('rule.maxLength');
  });
});
