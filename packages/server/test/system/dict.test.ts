import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { PERMISSIONS, type Page } from '@tegang/domain';
import { sysDictItem, sysDictType } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith, expectFieldError } from './fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t.close());

const TYPE = '/admin/dictType';
const ITEM = '/admin/dictItem';
const typeCount = async () => (await t.database.db.select({ n: count() }).from(sysDictType))[0]!.n;
const itemCount = async () => (await t.database.db.select({ n: count() }).from(sysDictItem))[0]!.n;
interface Item {
  id: number;
  label: string;
  value: string;
  isDefault: string;
}

describe('dictionary types', () => {
  it('creates, lists, updates and deletes a non-system type with its items', async () => {
    const created = await t.call<number>('POST', TYPE, {
      token,
      body: { name: '测试字典', type: 'test_dict', isSystem: '0' },
    });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('保存成功');
    const id = created.body.data;
    await t.call('POST', ITEM, { token, body: { dictType: 'test_dict', label: '甲', value: 'a' } });
    const list = await t.call<Page<{ id: number }>>('POST', `${TYPE}/list`, {
      token,
      body: { type: 'test_dict' },
    });
    expect(list.body.data.records.map((r) => r.id)).toEqual([id]);
    expect(
      (await t.call('PUT', TYPE, { token, body: { id, name: '改名', type: 'test_dict', isSystem: '0' } }))
        .status,
    ).toBe(200);
    const del = await t.call('DELETE', `${TYPE}/${id}`, { token });
    expect(del.body.msg).toBe('删除成功');
    const items = await t.database.db.select().from(sysDictItem).where(eq(sysDictItem.dictType, 'test_dict'));
    expect(items).toHaveLength(0);
  });

  it("never deletes a system dictionary (isSystem '1')", async () => {
    const [sex] = await t.database.db.select().from(sysDictType).where(eq(sysDictType.type, 'sys_user_sex'));
    expect(sex!.isSystem).toBe('1');
    const other = (
      await t.call<number>('POST', TYPE, { token, body: { name: '临时', type: 'tmp_dict', isSystem: '0' } })
    ).body.data;
    const before = await typeCount();
    const one = await t.call('DELETE', `${TYPE}/${sex!.id}`, { token });
    expect(one.status).toBe(400);
    expect(one.body.msg).toBe('系统字典不能删除');
    const both = await t.call('DELETE', `${TYPE}/deleteByIds`, { token, body: { idList: [other, sex!.id] } });
    expect(both.status).toBe(400);
    expect(await typeCount()).toBe(before);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['name missing', { type: 'x_dict', isSystem: '0' }, 'name', '字典名称不能为空'],
    ['type missing', { name: '某字典', type: '', isSystem: '0' }, 'type', '字典类型不能为空'],
    ['isSystem missing', { name: '某字典', type: 'x_dict' }, 'isSystem', '系统字典不能为空'],
    ['type taken', { name: '某字典', type: 'sys_user_sex', isSystem: '0' }, 'type', '字典类型已存在'],
  ];
  it.each(cases)('§5: %s', async (_name, body, field, message) => {
    const before = await typeCount();
    expectFieldError(await t.call('POST', TYPE, { token, body }), field, message);
    expect(await typeCount()).toBe(before);
  });
});

describe('dictionary items', () => {
  it('creates items (isDefault N by default, one default per type), lists, updates, deletes; the open list follows at once', async () => {
    await t.call('POST', TYPE, { token, body: { name: '颜色', type: 'color', isSystem: '0' } });
    const red = await t.call<number>('POST', ITEM, {
      token,
      body: { dictType: 'color', label: '红', value: 'r', isDefault: 'Y' },
    });
    expect(red.status).toBe(200);
    const blue = (
      await t.call<number>('POST', ITEM, {
        token,
        body: { dictType: 'color', label: '蓝', value: 'b', sort: 1 },
      })
    ).body.data;
    const list = await t.call<Page<Item>>('POST', `${ITEM}/list`, { token, query: { dictType: 'color' } });
    expect(list.body.data.records.map((i) => [i.value, i.isDefault])).toEqual([
      ['r', 'Y'],
      ['b', 'N'],
    ]);
    await t.call('PUT', ITEM, {
      token,
      body: { id: blue, dictType: 'color', label: '蓝色', value: 'b', isDefault: 'Y', sort: 1 },
    });
    const defaults = await t.database.db
      .select()
      .from(sysDictItem)
      .where(and(eq(sysDictItem.dictType, 'color'), eq(sysDictItem.isDefault, 'Y')));
    expect(defaults.map((d) => d.value)).toEqual(['b']);
    const open = await t.call<{ label: string }[]>('GET', '/admin/dictItem/listDictItem/color');
    expect(open.body.data.map((i) => i.label)).toEqual(['红', '蓝色']);
    expect(
      (await t.call('DELETE', `${ITEM}/deleteByIds`, { token, body: { idList: [red.body.data, blue] } })).body
        .msg,
    ).toBe('删除成功');
    expect((await t.call<unknown[]>('GET', '/admin/dictItem/listDictItem/color')).body.data).toEqual([]);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['label missing', { dictType: 'sys_yes_no', value: 'x' }, 'label', '字典标签不能为空'],
    ['value missing', { dictType: 'sys_yes_no', label: '某', value: '' }, 'value', '字典值不能为空'],
    [
      'isDefault not Y/N',
      { dictType: 'sys_yes_no', label: '某', value: 'x', isDefault: 'Q' },
      'isDefault',
      '是否默认的取值无效',
    ],
    ['unknown type', { dictType: 'no_such', label: '某', value: 'x' }, 'dictType', '字典类型不存在'],
  ];
  it.each(cases)('§5: %s', async (_name, body, field, message) => {
    const before = await itemCount();
    expectFieldError(await t.call('POST', ITEM, { token, body }), field, message);
    expect(await itemCount()).toBe(before);
  });

  it('401 without a token, 403 without the key', async () => {
    expect((await t.call('POST', `${TYPE}/list`)).status).toBe(401);
    expect((await t.call('POST', `${ITEM}/list`)).status).toBe(401);
    const nobody = await adminWith(t, [PERMISSIONS.dict.list]);
    expect((await t.call('POST', `${ITEM}/list`, { token: nobody.token })).status).toBe(200);
    expect(
      (await t.call('POST', TYPE, { token: nobody.token, body: { name: 'a', type: 'a_b', isSystem: '0' } }))
        .status,
    ).toBe(403);
  });
});
