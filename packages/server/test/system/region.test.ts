import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { PERMISSIONS, type Page, type RegionNode } from '@tegang/domain';
import { sysRegion } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith, expectFieldError } from './fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t.close());

const URL = '/system/region';
const regionCount = async () => (await t.database.db.select({ n: count() }).from(sysRegion))[0]!.n;
interface Region {
  id: number;
  code: string;
  parentCode: string;
  name: string;
  level: number;
}

describe('regions', () => {
  it('pages regions by parent and name', async () => {
    const page = await t.call<Page<Region>>('GET', `${URL}/page`, {
      token,
      query: { parentCode: '520100', size: 20 },
    });
    expect(page.status).toBe(200);
    expect(page.body.data.records.every((r) => r.parentCode === '520100')).toBe(true);
    expect(page.body.data.records.map((r) => r.name)).toContain('南明区');
    const provinces = await t.call<Page<Region>>('GET', `${URL}/page`, {
      token,
      query: { parentCode: '0', name: '贵州' },
    });
    expect(provinces.body.data.records).toMatchObject([{ code: '520000', level: 1, parentCode: '0' }]);
  });

  it('creates a county under a city (level from the parent), shows it in the open tree at once, updates and deletes it', async () => {
    const created = await t.call<number>('POST', URL, {
      token,
      body: { parentCode: '520100', name: '测试新区', code: '520199' },
    });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('保存成功');
    const id = created.body.data;
    const one = await t.call<Region>('GET', `${URL}/${id}`, { token });
    expect(one.body.data).toMatchObject({ code: '520199', level: 3, parentCode: '520100' });
    const tree = await t.call<RegionNode[]>('GET', `${URL}/regionTreeDict`, { query: { code: '520100' } });
    expect(tree.body.data.map((n) => n.code)).toContain('520199');

    expect(
      (
        await t.call('PUT', URL, {
          token,
          body: { id, parentCode: '520100', name: '改名新区', code: '520199' },
        })
      ).status,
    ).toBe(200);
    const renamed = await t.call<RegionNode[]>('GET', `${URL}/regionTreeDict`, { query: { code: '520100' } });
    expect(renamed.body.data.find((n) => n.code === '520199')?.name).toBe('改名新区');

    const del = await t.call('DELETE', `${URL}/${id}`, { token });
    expect(del.body.msg).toBe('删除成功');
    const gone = await t.call<RegionNode[]>('GET', `${URL}/regionTreeDict`, { query: { code: '520100' } });
    expect(gone.body.data.map((n) => n.code)).not.toContain('520199');
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['parent missing', { parentCode: '', name: '某区', code: '520198' }, 'parentCode', '上级地区不能为空'],
    ['name missing', { parentCode: '520100', name: '', code: '520198' }, 'name', '名称不能为空'],
    ['code missing', { parentCode: '520100', name: '某区' }, 'code', '编码不能为空'],
    [
      'code not six digits',
      { parentCode: '520100', name: '某区', code: '52019' },
      'code',
      '编码必须是6位数字',
    ],
    ['code taken', { parentCode: '520100', name: '某区', code: '520102' }, 'code', '地区编码已存在'],
    [
      'parent a county',
      { parentCode: '520102', name: '某镇', code: '520198' },
      'parentCode',
      '上级地区不存在或已是区县级',
    ],
  ];
  it.each(cases)('§5: %s', async (_name, body, field, message) => {
    const before = await regionCount();
    expectFieldError(await t.call('POST', URL, { token, body }), field, message);
    expect(await regionCount()).toBe(before);
  });

  it('refuses deleting a region with sub-regions; deleteByIds is all or nothing', async () => {
    const [city] = await t.database.db.select().from(sysRegion).where(eq(sysRegion.code, '520100'));
    const a = (
      await t.call<number>('POST', URL, {
        token,
        body: { parentCode: '520100', name: '甲区', code: '520197' },
      })
    ).body.data;
    const before = await regionCount();
    const refused = await t.call('DELETE', `${URL}/deleteByIds`, { token, body: { idList: [a, city!.id] } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('该地区下存在下级地区，不能删除');
    expect(await regionCount()).toBe(before);
    expect((await t.call('DELETE', `${URL}/deleteByIds`, { token, body: { idList: [a] } })).status).toBe(200);
    expect(await regionCount()).toBe(before - 1);
  });

  it('the tree select offers provinces and cities under a root, without the subtree of ?id', async () => {
    const [guizhou] = await t.database.db.select().from(sysRegion).where(eq(sysRegion.code, '520000'));
    const all = (
      await t.call<{ code: string; children: { code: string }[] }[]>('GET', `${URL}/regionTreeSelect`, {
        token,
      })
    ).body.data;
    expect(all[0]!.code).toBe('0');
    expect(all[0]!.children.map((c) => c.code)).toContain('520000');
    const without = (
      await t.call<{ code: string; children: { code: string }[] }[]>('GET', `${URL}/regionTreeSelect`, {
        token,
        query: { id: guizhou!.id },
      })
    ).body.data;
    expect(without[0]!.children.map((c) => c.code)).not.toContain('520000');
  });

  it('401 without a token, 403 without the key', async () => {
    expect((await t.call('GET', `${URL}/page`)).status).toBe(401);
    const nobody = await adminWith(t, [PERMISSIONS.region.list]);
    expect((await t.call('GET', `${URL}/page`, { token: nobody.token })).status).toBe(200);
    const body = { parentCode: '520100', name: '某区', code: '520196' };
    expect((await t.call('POST', URL, { token: nobody.token, body })).status).toBe(403);
  });
});
