import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { PERMISSIONS, type Page } from '@tegang/domain';
import { sysMenu, sysRole } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { adminRoleId, adminWith, expectFieldError } from './fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t.close());

const URL = '/admin/role';
const roleCount = async () => (await t.database.db.select({ n: count() }).from(sysRole))[0]!.n;
interface MenuNode {
  id: number;
  name: string;
  type: string;
  permission: string | null;
  children: MenuNode[];
}

describe('roles', () => {
  it('creates, lists, updates and deletes a role', async () => {
    const created = await t.call<number>('POST', URL, {
      token,
      body: { name: '招生审核', code: 'reviewer', comments: '审核' },
    });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('保存成功');
    const id = created.body.data;
    const list = await t.call<Page<{ id: number; name: string }>>('POST', `${URL}/list`, {
      token,
      body: { name: '招生' },
    });
    expect(list.body.data.records.map((r) => r.id)).toEqual([id]);
    const updated = await t.call('PUT', URL, { token, body: { id, name: '审核员', code: 'reviewer' } });
    expect(updated.status).toBe(200);
    const all = await t.call<{ id: number; name: string }[]>('GET', `${URL}/listAllRole`, { token });
    expect(all.body.data.find((r) => r.id === id)?.name).toBe('审核员');
    const deleted = await t.call('DELETE', `${URL}/${id}`, { token });
    expect(deleted.body.msg).toBe('删除成功');
    expect((await t.database.db.select().from(sysRole).where(eq(sysRole.id, id))).length).toBe(0);
  });

  it("requires the name ('请输入名称') and a unique code; writes nothing", async () => {
    const before = await roleCount();
    expectFieldError(
      await t.call('POST', URL, { token, body: { name: '', code: 'x1' } }),
      'name',
      '请输入名称',
    );
    expectFieldError(
      await t.call('POST', URL, { token, body: { name: '重复', code: 'admin' } }),
      'code',
      '角色编码已存在',
    );
    expect(await roleCount()).toBe(before);
  });

  it("never deletes the 'admin' role; deleteByIds is all or nothing", async () => {
    const a = (await t.call<number>('POST', URL, { token, body: { name: 'A', code: 'role_a' } })).body.data;
    const before = await roleCount();
    const refused = await t.call('DELETE', `${URL}/deleteByIds`, {
      token,
      body: { idList: [a, await adminRoleId(t)] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('不能删除超级管理员角色');
    expect(await roleCount()).toBe(before);
    expect((await t.call('DELETE', `${URL}/deleteByIds`, { token, body: { idList: [a] } })).status).toBe(200);
    expect(await roleCount()).toBe(before - 1);
  });

  it('401 without a token, 403 without the key', async () => {
    expect((await t.call('POST', `${URL}/list`)).status).toBe(401);
    const nobody = await adminWith(t, [PERMISSIONS.user.list]);
    expect((await t.call('POST', `${URL}/list`, { token: nobody.token })).status).toBe(403);
    expect((await t.call('POST', URL, { token: nobody.token, body: { name: 'x', code: 'xx' } })).status).toBe(
      403,
    );
  });
});

describe('role authorisation tree', () => {
  it('reads the whole menu tree with the held menu ids, and a save changes the holder’s permissions on its next call', async () => {
    const holder = await adminWith(t, [PERMISSIONS.dict.list]);
    const tree = await t.call<{ tree: MenuNode[]; checkedKeys: number[] }>(
      'GET',
      `${URL}/authTree/${holder.roleId}`,
      { token },
    );
    expect(tree.status).toBe(200);
    const flat: MenuNode[] = [];
    const walk = (list: MenuNode[]) => list.forEach((n) => (flat.push(n), walk(n.children)));
    walk(tree.body.data.tree);
    expect(flat.some((n) => n.type === '1')).toBe(true);
    const dictPage = flat.find((n) => n.permission === PERMISSIONS.dict.list)!;
    expect(tree.body.data.checkedKeys).toEqual([dictPage.id]);

    const before = await t.call<{ permissions: string[] }>('GET', '/auth/getInfo', { token: holder.token });
    expect(before.body.data.permissions).toEqual([PERMISSIONS.dict.list]);
    expect((await t.call('POST', '/admin/department/list', { token: holder.token })).status).toBe(403);

    const wanted = flat.filter((n) => n.permission?.startsWith('system:department:')).map((n) => n.id);
    const saved = await t.call('POST', `${URL}/updateRoleAuth`, {
      token,
      body: { roleId: holder.roleId, menuIds: wanted },
    });
    expect(saved.status).toBe(200);
    const after = await t.call<{ permissions: string[] }>('GET', '/auth/getInfo', { token: holder.token });
    expect(after.body.data.permissions.sort()).toEqual(Object.values(PERMISSIONS.department).sort());
    expect((await t.call('POST', '/admin/department/list', { token: holder.token })).status).toBe(200);
    expect((await t.call('POST', '/admin/dictType/list', { token: holder.token })).status).toBe(403);
    const reread = await t.call<{ checkedKeys: number[] }>('GET', `${URL}/authTree/${holder.roleId}`, {
      token,
    });
    expect(reread.body.data.checkedKeys.sort()).toEqual(wanted.sort());
  });

  it('refuses unknown menus and changes nothing', async () => {
    const holder = await adminWith(t, [PERMISSIONS.dict.list]);
    const [menu] = await t.database.db
      .select()
      .from(sysMenu)
      .where(eq(sysMenu.permission, PERMISSIONS.dict.list));
    const answer = await t.call('POST', `${URL}/updateRoleAuth`, {
      token,
      body: { roleId: holder.roleId, menuIds: [999999] },
    });
    expect(answer.status).toBe(404);
    const tree = await t.call<{ checkedKeys: number[] }>('GET', `${URL}/authTree/${holder.roleId}`, {
      token,
    });
    expect(tree.body.data.checkedKeys).toEqual([menu!.id]);
  });

  it('403 without the auth key', async () => {
    const nobody = await adminWith(t, [PERMISSIONS.role.list]);
    expect((await t.call('GET', `${URL}/authTree/1`, { token: nobody.token })).status).toBe(403);
  });
});
