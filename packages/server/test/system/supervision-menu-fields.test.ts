import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysRole } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { expectFieldError, rootDepartmentId } from './fixtures';

/**
 * Spec §3 "User session" (a supervision flag, default false, in getInfo's user) and "Menu item"
 * (`group` and `query`): stored, edited and answered by the menu and session routes.
 */
let t: TestApp;
let token: string;
let deptId: number;
let roleId: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  deptId = await rootDepartmentId(t);
  const [role] = await t.database.db.insert(sysRole).values({ name: '督导', code: 'supervisor' }).returning();
  roleId = role!.id;
});
afterAll(() => t.close());

interface Info {
  user: { userName: string; supervision: boolean };
}
interface MenuNode {
  id: number;
  path: string | null;
  group: string | null;
  query: string | null;
  children?: MenuNode[];
}
const find = (nodes: MenuNode[], id: number): MenuNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = find(n.children ?? [], id);
    if (below) return below;
  }
  return undefined;
};

describe('the supervision flag (spec §3 "User session")', () => {
  it('is false by default in getInfo, set and kept by user management, and answered once set', async () => {
    expect((await t.call<Info>('GET', '/auth/getInfo', { token })).body.data.user.supervision).toBe(false);
    const user = {
      nickName: '督导员',
      sex: '1',
      userName: 'supervisor_1',
      password: 'Super123!',
      departmentId: deptId,
      provinceCode: '520000',
      roleIds: [roleId],
    };
    const id = (await t.secure<number>('POST', '/system/user', user, { token })).body.data;
    const own = await t.adminToken(user.userName, user.password);
    expect((await t.call<Info>('GET', '/auth/getInfo', { token: own })).body.data.user.supervision).toBe(
      false,
    );

    const { password: _p, ...rest } = user;
    expect(
      (await t.secure('PUT', '/system/user', { ...rest, id, supervision: true }, { token })).status,
    ).toBe(200);
    const info = (await t.call<Info>('GET', '/auth/getInfo', { token: own })).body.data;
    expect(info.user).toMatchObject({ userName: 'supervisor_1', supervision: true });
    const read = await t.call<{ supervision: boolean }>('GET', `/system/user/getById/${id}`, { token });
    expect(read.body.data.supervision).toBe(true);

    // an edit that does not name the flag keeps it
    await t.secure('PUT', '/system/user', { ...rest, id, nickName: '督导员甲' }, { token });
    expect((await t.call<Info>('GET', '/auth/getInfo', { token: own })).body.data.user.supervision).toBe(
      true,
    );
    // not a boolean: 400 naming the field
    const bad = await t.secure('PUT', '/system/user', { ...rest, id, supervision: 'yes' }, { token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('supervision');
  });
});

describe('menu group and query (spec §3 "Menu item")', () => {
  it('are saved, edited, answered by the menu list, tree and getMenu; a button keeps neither', async () => {
    const body = {
      pid: 0,
      name: '分组菜单',
      path: '/grouped',
      type: '0',
      keepAlive: '1',
      permission: 'candidate:enroll:list',
      group: '招聘业务',
      query: '?type=1&tab=audit',
    };
    const id = (await t.call<number>('POST', '/admin/menu', { token, body })).body.data;
    const tree = (await t.call<MenuNode[]>('GET', '/admin/menu/tree', { token })).body.data;
    // a leading '?' is dropped
    expect(find(tree, id)).toMatchObject({ group: '招聘业务', query: 'type=1&tab=audit' });
    const mine = (await t.call<MenuNode[]>('GET', '/auth/getMenu', { token })).body.data;
    expect(find(mine, id)).toMatchObject({ group: '招聘业务', query: 'type=1&tab=audit' });

    await t.call('PUT', '/admin/menu', { token, body: { ...body, id, group: '', query: 'tab=pending' } });
    const flat = (await t.call<MenuNode[]>('GET', '/admin/menu', { token, query: { parentId: 0 } })).body
      .data;
    expect(flat.find((m) => m.id === id)).toMatchObject({ group: null, query: 'tab=pending' });

    const button = await t.call<number>('POST', '/admin/menu', {
      token,
      body: {
        pid: id,
        name: '按钮',
        type: '1',
        permission: 'candidate:enroll:audit',
        group: 'g',
        query: 'a=1',
      },
    });
    const again = (await t.call<MenuNode[]>('GET', '/admin/menu/tree', { token })).body.data;
    expect(find(again, button.body.data)).toMatchObject({ group: null, query: null });
  });

  it.each([['type 1'], ['=1'], ['a=1&'], ['a=1#x']])('refuses the query %j, naming it', async (query) => {
    const answer = await t.call('POST', '/admin/menu', {
      token,
      body: { pid: 0, name: '坏参数', path: '/bad', type: '0', keepAlive: '1', query },
    });
    expectFieldError(answer, 'query', '路由参数须为 名称=值，多个用 & 连接，如 type=1&tab=audit');
  });
});
