import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { sysErrorLog } from '../../src/db/schema';
import { ERROR_LOG_LIMITS } from '../../src/modules/monitor/service-error-log';
import { createTestApp, type TestApp } from '../helpers';

/** POST /admin/errorLog is capped per entry and per user and day (China Standard Time), over all sessions. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stored = async () => (await t.database.db.select({ n: count() }).from(sysErrorLog))[0]!.n;
const entry = (o: Record<string, string> = {}) => ({ type: 'error', message: 'm', ...o });

describe('POST /admin/errorLog limits', () => {
  it('answers 413 for an entry over the per-entry size, in zh and en, storing nothing', async () => {
    expect(ERROR_LOG_LIMITS.entryBytes).toBe(16 * 1024);
    const token = await t.adminToken();
    // 6,000 CJK characters: within the field's character limit, 18 KB of UTF-8.
    const big = entry({ stack: '错'.repeat(6000) });
    const before = await stored();
    const zh = await t.call('POST', '/admin/errorLog', { token, body: [entry(), big] });
    expect(zh.status).toBe(413);
    expect(zh.body.msg).toBe('单条错误日志不能超过 16 KB');
    const en = await t.call('POST', '/admin/errorLog', { token, body: [big], lang: 'en' });
    expect(en.status).toBe(413);
    expect(en.body.msg).toBe('An error log entry may not exceed 16 KB');
    expect(await stored()).toBe(before);
  });

  it('answers 429 past the daily entry count; logging in again does not renew it, the next day does', async () => {
    expect(ERROR_LOG_LIMITS.dayEntries).toBe(200);
    const token = await t.adminToken();
    const hundred = Array.from({ length: 100 }, () => entry());
    expect((await t.call('POST', '/admin/errorLog', { token, body: hundred })).status).toBe(200);
    expect((await t.call('POST', '/admin/errorLog', { token, body: hundred })).status).toBe(200);
    const before = await stored();
    const over = await t.call('POST', '/admin/errorLog', { token, body: [entry()] });
    expect(over.status).toBe(429);
    expect(over.body.msg).toBe('今天上传的错误日志已达上限（200 条或 512 KB），请明天再上传');
    const en = await t.call('POST', '/admin/errorLog', { token, body: [entry()], lang: 'en' });
    expect(en.body.msg).toBe(
      'You have reached today’s error log upload limit (200 entries or 512 KB); upload more tomorrow',
    );
    expect(await stored()).toBe(before);
    // A new login is the same user on the same day: still refused, nothing stored.
    const fresh = await t.adminToken();
    expect((await t.call('POST', '/admin/errorLog', { token: fresh, body: [entry()] })).status).toBe(429);
    expect(await stored()).toBe(before);
    // Yesterday's entries (China Standard Time) no longer count.
    await t.database.db.execute(sql`update sys_error_log set create_time = create_time - interval '1 day'`);
    expect((await t.call('POST', '/admin/errorLog', { token: fresh, body: [entry()] })).status).toBe(200);
  });

  it('answers 429 past the daily total size, all or nothing', async () => {
    expect(ERROR_LOG_LIMITS.dayBytes).toBe(512 * 1024);
    await t.database.db.execute(sql`update sys_error_log set create_time = create_time - interval '1 day'`);
    const token = await t.adminToken();
    // About 15 KB each: 34 fit in 512 KB, the 35th does not.
    const chunk = () => entry({ stack: '错'.repeat(5000) });
    expect(
      (await t.call('POST', '/admin/errorLog', { token, body: Array.from({ length: 30 }, chunk) })).status,
    ).toBe(200);
    const before = await stored();
    const over = await t.call('POST', '/admin/errorLog', { token, body: Array.from({ length: 5 }, chunk) });
    expect(over.status).toBe(429);
    expect(await stored()).toBe(before);
    const fits = await t.call('POST', '/admin/errorLog', { token, body: Array.from({ length: 4 }, chunk) });
    expect(fits.status).toBe(200);
  });

  it('parallel uploads cannot overshoot the daily cap', async () => {
    await t.database.db.execute(sql`update sys_error_log set create_time = create_time - interval '1 day'`);
    const token = await t.adminToken();
    const fifty = Array.from({ length: 50 }, () => entry({ message: 'parallel' }));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.call('POST', '/admin/errorLog', { token, body: fifty })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(2);
  });
});
