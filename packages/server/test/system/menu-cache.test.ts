import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { PERMISSIONS } from '@tegang/domain';
import { sysMenu, sysRoleMenu } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith } from './fixtures';

/**
 * DELETE /admin/menu/cache (spec §7 Menus): no node keeps a menu or permission cache, so the route
 * says so in zh and en, and a changed grant applies from the next request without it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the menu cache route', () => {
  it('answers that there is no cache to clear, in zh and en', async () => {
    const { token } = await adminWith(t, [PERMISSIONS.menu.edit]);
    const zh = await t.call<null>('DELETE', '/admin/menu/cache', { token });
    expect(zh.status).toBe(200);
    expect(zh.body.data).toBeNull();
    expect(zh.body.msg).toBe('菜单和权限没有缓存，修改在下一次请求即生效，无需清除');
    const en = await t.call<null>('DELETE', '/admin/menu/cache', { token, lang: 'en' });
    expect(en.body.msg).toMatch(/not cached.*nothing to clear/);
  });

  it('needs no clearing: a grant taken away refuses the very next request', async () => {
    const { token, roleId } = await adminWith(t, [PERMISSIONS.menu.list, PERMISSIONS.menu.edit]);
    expect((await t.call('GET', '/admin/menu/tree', { token })).status).toBe(200);
    const db = t.database.db;
    const list = await db
      .select({ id: sysMenu.id })
      .from(sysMenu)
      .where(eq(sysMenu.permission, PERMISSIONS.menu.list));
    await db.delete(sysRoleMenu).where(
      and(
        eq(sysRoleMenu.roleId, roleId),
        inArray(
          sysRoleMenu.menuId,
          list.map((m) => m.id),
        ),
      ),
    );
    expect((await t.call('GET', '/admin/menu/tree', { token })).status).toBe(403);
  });
});
