import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from '@tegang/domain';
import { sysRole } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { makeAdmin } from '../enroll/fixtures';

/**
 * Permissions fail closed (DESIGN "Permissions fail closed"): every
 * API route declares its access, every permission route refuses a logged-in administrator who lacks
 * the key, and without a token every non-open route answers 401.
 */
let t: TestApp;
let nobody: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(sysRole).values({ name: '无权限', code: 'nobody' });
  nobody = await makeAdmin(t, {}, 'nobody');
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:\w+/g, '1').replace(/\*/g, 'x');

describe('every route', () => {
  it('uses declared permission keys only', () => {
    const used = t.app.ctx.routes.flatMap((r) => ('permission' in r.access ? [r.access.permission] : []));
    expect(used.length).toBeGreaterThan(40);
    for (const key of used) expect(PERMISSION_KEYS).toContain(key);
  });

  it('answers 403 to an administrator without the key, before reading the request', async () => {
    const guarded = t.app.ctx.routes.filter((r) => 'permission' in r.access);
    expect(guarded.length).toBeGreaterThan(40);
    for (const route of guarded) {
      const answer = await t.call(route.method, concrete(route.url), {
        token: nobody,
        body: route.method === 'GET' ? undefined : {},
      });
      expect([route.method, route.url, answer.status]).toEqual([route.method, route.url, 403]);
    }
  });

  it('answers 401 without a token on every route that is not open', async () => {
    const closed = t.app.ctx.routes.filter((r) => !('open' in r.access) && !('download' in r.access));
    expect(closed.length).toBeGreaterThan(60);
    for (const route of closed) {
      const answer = await t.call(route.method, concrete(route.url), {
        body: route.method === 'GET' ? undefined : {},
      });
      expect([route.method, route.url, answer.status]).toEqual([route.method, route.url, 401]);
    }
  });
});
