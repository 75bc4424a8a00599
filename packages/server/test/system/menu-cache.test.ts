import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { PERMISSIONS } from '@tegang/domain';
import { sysMenu, sysRoleMenu } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith } from './fixtures';

/**
 * DELETE /admin/menu/cache (spec §7 Menus): nodes keep administrators' rights for two seconds at most
 * (lib/session-cache.ts); the route drops them, so a grant changed straight in the database applies
 * from the next request; said in zh and en. A grant changed through the API needs no clearing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the menu cache route', () => {
  it('answers that the cached rights are cleared, in zh and en', async () => {
    const { token } = await adminWith(t, [PERMISSIONS.menu.edit]);
    const zh = await t.call<null>('DELETE', '/admin/menu/cache', { token });
    expect(zh.status).toBe(200);
    expect(zh.body.data).toBeNull();
    expect(zh.body.msg).toBe('各节点缓存的管理员权限已清除，修改在下一次请求即生效');
    const en = await t.call<null>('DELETE', '/admin/menu/cache', { token, lang: 'en' });
    expect(en.body.msg).toMatch(/Every node has dropped.*next request/);
  });

  it('after a clearing, a grant taken away in the database refuses the very next request', async () => {
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
    expect((await t.call('DELETE', '/admin/menu/cache', { token })).status).toBe(200);
    expect((await t.call('GET', '/admin/menu/tree', { token })).status).toBe(403);
  });

  it('needs no clearing: a grant taken away through the role screen refuses the very next request', async () => {
    const { token, roleId } = await adminWith(t, [PERMISSIONS.menu.list]);
    expect((await t.call('GET', '/admin/menu/tree', { token })).status).toBe(200);
    const admin = await t.adminToken();
    const saved = await t.call('POST', '/admin/role/updateRoleAuth', {
      token: admin,
      body: { roleId, menuIds: [] },
    });
    expect(saved.status).toBe(200);
    expect((await t.call('GET', '/admin/menu/tree', { token })).status).toBe(403);
  });
});
