import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { PERMISSIONS } from '@tegang/domain';
import { sysMenu } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith, expectFieldError } from './fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t.close());

const URL = '/admin/menu';
const menuCount = async () => (await t.database.db.select({ n: count() }).from(sysMenu))[0]!.n;
interface MenuNode {
  id: number;
  pid: number;
  name: string;
  path: string | null;
  sort: number;
  type: string;
  children: MenuNode[];
}
const menu = (o: Record<string, unknown> = {}) => ({
  pid: 0,
  name: '测试菜单',
  nameEn: 'Test',
  path: '/test',
  type: '0',
  keepAlive: '1',
  icon: 'AppstoreOutlined',
  ...o,
});

describe('the seeded menu', () => {
  it('has the system and monitoring groups with their pages and buttons', async () => {
    const tree = (await t.call<MenuNode[]>('GET', `${URL}/tree`, { token })).body.data;
    const system = tree.find((g) => g.name === '系统管理')!;
    expect(system.children.map((c) => c.path)).toEqual([
      '/system/user',
      '/system/role',
      '/system/menu',
      '/system/department',
      '/system/region',
      '/system/dict',
    ]);
    const monitor = tree.find((g) => g.name === '系统监控')!;
    expect(monitor.children.map((c) => c.path)).toEqual([
      '/monitor/operlog',
      '/monitor/loginlog',
      '/monitor/online',
    ]);
    const user = system.children[0]!;
    expect(user.children.every((b) => b.type === '1')).toBe(true);
    expect(user.children).toHaveLength(Object.values(PERMISSIONS.user).length - 1);
  });

  it('the parent select lists only menus under a root 0', async () => {
    const select = (await t.call<MenuNode[]>('GET', URL, { token, query: { isSelect: 'true' } })).body.data;
    expect(select[0]!.id).toBe(0);
    const flat: MenuNode[] = [];
    const walk = (l: MenuNode[]) => l.forEach((n) => (flat.push(n), walk(n.children ?? [])));
    walk(select[0]!.children);
    expect(flat.length).toBeGreaterThan(5);
    expect(flat.every((n) => n.type === '0')).toBe(true);
    const root = (await t.call<MenuNode[]>('GET', URL, { token, query: { parentId: 0 } })).body.data;
    expect(root.every((n) => n.pid === 0)).toBe(true);
  });
});

describe('menu edits', () => {
  it('creates a menu and a button, updates, swaps order, refuses deleting a parent, deletes', async () => {
    const created = await t.call<number>('POST', URL, { token, body: menu() });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('保存成功');
    const id = created.body.data;
    const button = await t.call<number>('POST', URL, {
      token,
      body: { pid: id, name: '导出', type: '1', permission: PERMISSIONS.enroll.export },
    });
    expect(button.status).toBe(200);
    const sibling = (
      await t.call<number>('POST', URL, { token, body: menu({ name: '另一个', path: '/other' }) })
    ).body.data;

    expect((await t.call('PUT', URL, { token, body: menu({ id, name: '改名' }) })).status).toBe(200);
    const [row] = await t.database.db.select().from(sysMenu).where(eq(sysMenu.id, id));
    expect(row!.name).toBe('改名');

    const [before] = await t.database.db.select().from(sysMenu).where(eq(sysMenu.id, sibling));
    expect((await t.call('POST', `${URL}/updateOrder/${id}/${sibling}`, { token })).status).toBe(200);
    const [after] = await t.database.db.select().from(sysMenu).where(eq(sysMenu.id, id));
    expect(after!.sort).toBe(before!.sort);
    expect((await t.call('POST', `${URL}/updateOrder/${id}/${button.body.data}`, { token })).status).toBe(
      400,
    );

    const refused = await t.call('DELETE', `${URL}/${id}`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('该菜单下存在子菜单或按钮，请先删除它们');
    expect((await t.call('DELETE', `${URL}/${button.body.data}`, { token })).body.msg).toBe('删除成功');
    expect((await t.call('DELETE', `${URL}/${id}`, { token })).status).toBe(200);
    expect((await t.call('DELETE', `${URL}/cache`, { token })).status).toBe(200);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['parent missing', { pid: undefined }, 'pid', '请选择上级菜单'],
    ['name missing', { name: '' }, 'name', '请输入菜单名称'],
    ['route missing for a menu', { path: '' }, 'path', '请输入路由地址'],
    ['type missing', { type: undefined }, 'type', '请选择菜单类型'],
    ['keep-alive missing for a menu', { keepAlive: '' }, 'keepAlive', '请选择是否开启路由缓冲'],
    [
      'permission missing for a button',
      { type: '1', path: '', keepAlive: '' },
      'permission',
      '请输入权限标识',
    ],
  ];
  it.each(cases)('§5: %s', async (_name, overrides, field, message) => {
    const before = await menuCount();
    expectFieldError(await t.call('POST', URL, { token, body: menu(overrides) }), field, message);
    expect(await menuCount()).toBe(before);
  });

  it('a button needs no route nor keep-alive', async () => {
    const answer = await t.call('POST', URL, {
      token,
      body: { pid: 0, name: '按钮', type: '1', permission: PERMISSIONS.dict.add },
    });
    expect(answer.status).toBe(200);
  });

  it('401 without a token, 403 without the key', async () => {
    expect((await t.call('GET', `${URL}/tree`)).status).toBe(401);
    const nobody = await adminWith(t, [PERMISSIONS.menu.list]);
    expect((await t.call('GET', `${URL}/tree`, { token: nobody.token })).status).toBe(200);
    expect((await t.call('POST', URL, { token: nobody.token, body: menu() })).status).toBe(403);
  });
});
