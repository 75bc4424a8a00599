import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysErrorLog, sysOperLog } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /admin/errorLog (spec §2 error log upload)', () => {
  const entry = {
    type: 'error',
    message: 'x is undefined',
    stack: 'at f (app.js:1:2)',
    info: 'render',
    url: '/wel/index',
    time: '2026-11-21 10:00:00',
  };

  it('stores the entries with the uploader and keeps them out of the operation log', async () => {
    const token = await t.adminToken();
    const answer = await t.call<{ count: number }>('POST', '/admin/errorLog', {
      token,
      body: [entry, { ...entry, message: 'second' }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ count: 2 });
    const rows = await t.database.db.select().from(sysErrorLog);
    expect(rows.map((r) => [r.userName, r.message, r.url])).toEqual([
      ['admin', 'x is undefined', '/wel/index'],
      ['admin', 'second', '/wel/index'],
    ]);
    await new Promise((r) => setTimeout(r, 200));
    const logged = await t.database.db.select().from(sysOperLog);
    expect(logged.filter((l) => l.url.includes('errorLog'))).toEqual([]);
  });

  it('needs a login and refuses oversized uploads', async () => {
    expect((await t.call('POST', '/admin/errorLog', { body: [entry] })).status).toBe(401);
    const token = await t.adminToken();
    const tooMany = await t.call('POST', '/admin/errorLog', {
      token,
      body: Array.from({ length: 101 }, () => entry),
    });
    expect(tooMany.status).toBe(400);
  });
});
