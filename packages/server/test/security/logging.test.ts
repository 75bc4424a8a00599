import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sysRole } from '../../src/db/schema';
import { describeError, redactUrl } from '../../src/lib/logging';
import { createTestApp, type TestApp } from '../helpers';
import { rootDepartmentId } from '../system/fixtures';

/**
 * The server log carries no query parameters of a failed
 * database statement (password hashes, ID numbers, names, the values PostgreSQL echoes in an
 * error's detail) and no single-use download token. The log of a real app is captured and searched.
 */
let t: TestApp;
let token: string;
const lines: string[] = [];
const log = () => lines.join('');

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });
  token = await t.adminToken();
});
afterAll(() => t.close());

describe('the server log', () => {
  it('logs a failed statement with its SQL and error code, never its parameters', async () => {
    // Every new back-office user now fails inside PostgreSQL (check violation, 23514), after the
    // password was hashed: the failed INSERT carries the argon2 hash, the name and the phone.
    await t.database.db.execute(
      sql.raw(`alter table sys_user add constraint no_new_users check (false) not valid`),
    );
    const [role] = await t.database.db
      .insert(sysRole)
      .values({ name: '日志测试', code: 'log_probe' })
      .returning();
    const nickName = '密钥测试Zq7Nick';
    const phone = '13987654321';
    const answer = await t.secure(
      'POST',
      '/system/user',
      {
        nickName,
        sex: '1',
        userName: 'leaky_user_z7',
        password: 'Leak1234!pw',
        departmentId: await rootDepartmentId(t),
        provinceCode: '520000',
        roleIds: [role!.id],
        phone,
      },
      { token },
    );
    await t.database.db.execute(sql.raw(`alter table sys_user drop constraint no_new_users`));
    expect(answer.status, JSON.stringify(answer.body)).toBe(500);

    const text = log();
    const entry = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(entry, text).toBeTruthy();
    // What an operator needs: the statement and the PostgreSQL error code.
    expect(entry.err.code).toBe('23514');
    expect(entry.err.constraint).toBe('no_new_users');
    expect(entry.err.query).toMatch(/^insert into "sys_user" .*\$1/);
    // What nobody may read in a log.
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(nickName);
    expect(text).not.toContain(phone);
    expect(text).not.toContain('leaky_user_z7');
  });

  it('masks the values PostgreSQL quotes in a data exception, however the error is logged', async () => {
    const secret = 'x52010219980307ZZ1X';
    const failure = await t.database.db
      .execute(sql`select ${secret}::int as n`)
      .then(() => null)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    lines.length = 0;
    t.app.log.error({ err: failure }, 'as err');
    t.app.log.error({ error: failure }, 'as error');
    t.app.log.error(failure as Error);
    t.app.log.error({ err: new Error('import failed', { cause: failure }) }, 'wrapped');
    t.app.log.error({ err: (failure as Error).cause }, 'the pg error alone');
    const text = log();
    expect(lines).toHaveLength(5);
    expect(text).not.toContain(secret);
    for (const line of lines) expect(line).toContain('22P02');
    expect(describeError(failure)).toMatch(
      /^database error 22P02: invalid input syntax .*"…" \[select \$1::int/,
    );
    expect(describeError(failure)).not.toContain(secret);
  });

  it('does not log the token of a single-use download link', async () => {
    const link = await t.call<{ url: string }>('POST', '/candidate/enroll/exportToken', {
      token,
      body: {},
    });
    expect(link.status).toBe(200);
    const secret = new URL(link.body.data.url, 'http://x').searchParams.get('token')!;
    expect(secret.length).toBeGreaterThan(16);
    lines.length = 0;
    const file = await t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(file.statusCode).toBe(200);
    const text = log();
    expect(text).toContain('/candidate/enroll/export');
    expect(text).not.toContain(secret);
  });
});

describe('redactUrl', () => {
  it('masks secret-looking query values and keeps the rest byte for byte', () => {
    expect(redactUrl('/api/enroll/downloadEnrollFile/7?token=abc')).toBe(
      '/api/enroll/downloadEnrollFile/7?token=***',
    );
    expect(redactUrl('/x?a=1&downloadToken=s&code=123456&provinceCode=520000&b=%20')).toBe(
      '/x?a=1&downloadToken=***&code=***&provinceCode=520000&b=%20',
    );
    expect(redactUrl('/x?%74oken=abc&flag')).toBe('/x?%74oken=***&flag');
    expect(redactUrl('/candidate/enroll/page')).toBe('/candidate/enroll/page');
  });
});
