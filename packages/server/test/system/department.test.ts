import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { PERMISSIONS } from '@tegang/domain';
import { sysDepartment, sysUser } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith, expectFieldError, rootDepartmentId } from './fixtures';

let t: TestApp;
let token: string;
let root: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  root = await rootDepartmentId(t);
});
afterAll(() => t.close());

const URL = '/admin/department';
const deptCount = async () => (await t.database.db.select({ n: count() }).from(sysDepartment))[0]!.n;
interface Dept {
  id: number;
  parentId: number;
  name: string;
  children?: Dept[];
}
const create = async (body: Record<string, unknown>) =>
  (await t.call<number>('POST', URL, { token, body })).body.data;

describe('departments', () => {
  it('creates, lists as a tree, updates and deletes', async () => {
    const created = await t.call<number>('POST', URL, {
      token,
      body: { parentId: root, name: '基础教育处', phone: '13912345678' },
    });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('保存成功');
    const id = created.body.data;
    const tree = (await t.call<Dept[]>('POST', `${URL}/list`, { token })).body.data;
    expect(tree[0]!.id).toBe(root);
    expect(tree[0]!.children!.map((c) => c.id)).toContain(id);
    const paged = await t.call<{ total: number }>('POST', `${URL}/list`, {
      token,
      body: { tree: 'false', name: '基础' },
    });
    expect(paged.body.data.total).toBe(1);
    expect((await t.call('PUT', URL, { token, body: { id, parentId: root, name: '师资处' } })).status).toBe(
      200,
    );
    const del = await t.call('DELETE', `${URL}/${id}`, { token });
    expect(del.status).toBe(200);
    expect(del.body.msg).toBe('删除成功');
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['parent missing', { name: '处室' }, 'parentId', '请选择上级部门'],
    ['name missing', { parentId: 1, name: ' ' }, 'name', '请输入部门名称'],
    ['bad phone', { parentId: 1, name: '处室', phone: '1234' }, 'phone', '手机号码长度不是11位'],
  ];
  it.each(cases)('§5: %s', async (_name, body, field, message) => {
    const before = await deptCount();
    expectFieldError(await t.call('POST', URL, { token, body }), field, message);
    expect(await deptCount()).toBe(before);
  });

  it("never deletes a department with parent '0', nor one with children or users", async () => {
    const before = await deptCount();
    const top = await t.call('DELETE', `${URL}/${root}`, { token });
    expect(top.status).toBe(400);
    expect(top.body.msg).toBe('顶级部门不能删除');
    const parent = await create({ parentId: root, name: '父处室' });
    const child = await create({ parentId: parent, name: '子科室' });
    const withChild = await t.call('DELETE', `${URL}/${parent}`, { token });
    expect(withChild.body.msg).toBe('该部门下存在子部门，不能删除');
    await t.database.db
      .insert(sysUser)
      .values({ userName: 'dept_user', nickName: 'x', passwordHash: 'x', departmentId: child });
    const withUser = await t.call('DELETE', `${URL}/deleteByIds`, {
      token,
      body: { idList: [parent, child] },
    });
    expect(withUser.body.msg).toBe('该部门下存在用户，不能删除');
    expect(await deptCount()).toBe(before + 2);
  });

  it('the tree select leaves out a department and its subtree', async () => {
    const a = await create({ parentId: root, name: 'A处' });
    const b = await create({ parentId: a, name: 'B科' });
    const tree = (await t.call<Dept[]>('GET', `${URL}/departmentTreeSelect`, { token, query: { depId: a } }))
      .body.data;
    const ids: number[] = [];
    const walk = (l: Dept[]) => l.forEach((n) => (ids.push(n.id), walk(n.children ?? [])));
    walk(tree);
    expect(ids).toContain(root);
    expect(ids).not.toContain(a);
    expect(ids).not.toContain(b);
    // A department cannot move below itself.
    expectFieldError(
      await t.call('PUT', URL, { token, body: { id: a, parentId: b, name: 'A处' } }),
      'parentId',
      '上级部门不存在或不能是自身及其下级',
    );
  });

  it('401 without a token, 403 without the key', async () => {
    expect((await t.call('POST', `${URL}/list`)).status).toBe(401);
    const nobody = await adminWith(t, [PERMISSIONS.department.list]);
    expect((await t.call('POST', `${URL}/list`, { token: nobody.token })).status).toBe(200);
    expect(
      (await t.call('POST', URL, { token: nobody.token, body: { parentId: root, name: 'x' } })).status,
    ).toBe(403);
  });
});
