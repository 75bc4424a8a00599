import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { PERMISSIONS, type Page } from '@tegang/domain';
import { sysRole, sysUser } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith, expectFieldError, rootDepartmentId, PASSWORD } from './fixtures';

let t: TestApp;
let token: string;
let deptId: number;
let roleId: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  deptId = await rootDepartmentId(t);
  const [role] = await t.database.db.insert(sysRole).values({ name: '审核员', code: 'auditor' }).returning();
  roleId = role!.id;
});
afterAll(() => t.close());

const URL = '/system/user';
let n = 0;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  nickName: '张老师',
  sex: '1',
  userName: `teacher_${++n}`,
  password: 'Teach123!',
  departmentId: deptId,
  provinceCode: '520000',
  cityCode: '520100',
  countyCode: '520102',
  roleIds: [roleId],
  phone: '13912345678',
  ...overrides,
});
const userCount = async () => (await t.database.db.select({ n: count() }).from(sysUser))[0]!.n;

interface User {
  id: number;
  userName: string;
  state: string;
  roleIds: number[];
  provinceCode: string | null;
  countyCode: string | null;
  regionName: string | null;
}

describe('users: create, list, read, update, delete', () => {
  it('creates a user (encrypted), lists it without the password hash, reads and updates it', async () => {
    const body = newUser();
    const created = await t.secure<number>('POST', URL, body, { token });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('保存成功');
    const id = created.body.data;
    const list = await t.call<Page<User>>('POST', `${URL}/list`, {
      token,
      body: { userName: body.userName },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    const row = list.body.data.records[0]!;
    expect(row).toMatchObject({
      id,
      userName: body.userName,
      state: '0',
      roleIds: [roleId],
      countyCode: '520102',
      // the 地区 column: the codes as names (GB/T 2260)
      regionName: '贵州省 / 贵阳市 / 南明区',
    });
    expect(JSON.stringify(list.body)).not.toMatch(/password/i);
    // The search may come in the querystring too.
    const byQuery = await t.call<Page<User>>('POST', `${URL}/list`, {
      token,
      query: { userName: body.userName },
    });
    expect(byQuery.body.data.total).toBe(1);

    const one = await t.call<User>('GET', `${URL}/getById/${id}`, { token });
    expect(one.body.data.userName).toBe(body.userName);
    const { password: _p, ...rest } = body;
    const updated = await t.secure<number>(
      'PUT',
      URL,
      { ...rest, id, nickName: '李老师', countyCode: '520103' },
      { token },
    );
    expect(updated.status).toBe(200);
    const after = await t.call<User & { nickName: string }>('GET', `${URL}/getById/${id}`, { token });
    expect(after.body.data).toMatchObject({
      nickName: '李老师',
      countyCode: '520103',
      regionName: '贵州省 / 贵阳市 / 云岩区',
    });
    // a province-wide account: the province alone; none at all for an account without a region
    const province = await t.secure<number>(
      'POST',
      URL,
      newUser({ cityCode: undefined, countyCode: undefined }),
      { token },
    );
    const seeded = await t.call<Page<User>>('POST', `${URL}/list`, { token, body: { userName: 'admin' } });
    const provinceRow = await t.call<User>('GET', `${URL}/getById/${province.body.data}`, { token });
    expect([
      provinceRow.body.data.regionName,
      seeded.body.data.records.find((u) => u.userName === 'admin')?.regionName,
    ]).toEqual(['贵州省', null]);
    // The new user logs in with the password given.
    expect(await t.adminToken(body.userName, body.password)).toBeTruthy();
  });

  it('refuses a plain body: the payload must be encrypted', async () => {
    const answer = await t.call('POST', URL, { token, body: newUser() });
    expect(answer.status).toBe(400);
  });

  it('refuses a taken user name', async () => {
    const body = newUser();
    await t.secure('POST', URL, body, { token });
    const again = await t.secure('POST', URL, { ...body }, { token });
    expectFieldError(again, 'userName', '用户名已存在');
  });

  it('deletes by id and by id list, never the seeded admin nor the caller', async () => {
    const a = (await t.secure<number>('POST', URL, newUser(), { token })).body.data;
    const b = (await t.secure<number>('POST', URL, newUser(), { token })).body.data;
    const c = (await t.secure<number>('POST', URL, newUser(), { token })).body.data;
    const one = await t.call('DELETE', `${URL}/${a}`, { token });
    expect(one.status).toBe(200);
    expect(one.body.msg).toBe('删除成功');
    const [admin] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'admin'));
    const before = await userCount();
    const refused = await t.call('DELETE', `${URL}/deleteByIds`, { token, body: { idList: [b, admin!.id] } });
    expect(refused.status).toBe(400);
    expect(await userCount()).toBe(before);
    const both = await t.call('DELETE', `${URL}/deleteByIds`, { token, body: { idList: [b, c] } });
    expect(both.status).toBe(200);
    expect(await userCount()).toBe(before - 2);
    const other = await adminWith(t, [PERMISSIONS.user.remove]);
    const self = await t.call('DELETE', `${URL}/${other.id}`, { token: other.token });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('不能删除当前登录用户');
  });
});

describe('§5 rules of the user form (400, field named, nothing written)', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['nickname missing', { nickName: '' }, 'nickName', '请输入昵称'],
    ['sex missing', { sex: '' }, 'sex', '性别不能为空'],
    [
      'user name too short',
      { userName: 'ab' },
      'userName',
      '用户名必须为4-16位，且只能包含字母，数字，下划线，减号',
    ],
    [
      'user name with a space',
      { userName: 'ab cd' },
      'userName',
      '用户名必须为4-16位，且只能包含字母，数字，下划线，减号',
    ],
    [
      'weak password',
      { password: 'abcdef' },
      'password',
      '密码最少6位，包括至少1个大写字母，1个小写字母，1个数字，1个特殊字符',
    ],
    ['department missing', { departmentId: undefined }, 'departmentId', '部门不能为空'],
    ['no region level', { provinceCode: '', cityCode: '', countyCode: '' }, 'region', '地区不能为空'],
    ['no role', { roleIds: [] }, 'roleIds', '角色不能为空'],
    ['bad phone', { phone: '12345678901' }, 'phone', '请输入正确的手机号码'],
  ];
  it.each(cases)('%s', async (_name, overrides, field, message) => {
    const before = await userCount();
    expectFieldError(await t.secure('POST', URL, newUser(overrides), { token }), field, message);
    expect(await userCount()).toBe(before);
  });

  it('accepts an empty phone and defaults the state to 0', async () => {
    const body = newUser({ phone: '', state: undefined });
    const id = (await t.secure<number>('POST', URL, body, { token })).body.data;
    const [row] = await t.database.db.select().from(sysUser).where(eq(sysUser.id, id));
    expect(row).toMatchObject({ phone: null, state: '0' });
  });

  it('refuses a region path that does not hold together', async () => {
    const answer = await t.secure('POST', URL, newUser({ cityCode: '520200' }), { token });
    expectFieldError(answer, 'region', '地区的取值无效');
  });
});

describe('state, password reset and own profile', () => {
  it('disabling a user revokes its sessions; enabling lets it log in again', async () => {
    const body = newUser();
    const id = (await t.secure<number>('POST', URL, body, { token })).body.data;
    const userToken = await t.adminToken(body.userName, body.password);
    const off = await t.call<string>('POST', `${URL}/updateState/${id}`, { token });
    expect(off.body.data).toBe('1');
    expect((await t.call('GET', '/auth/getInfo', { token: userToken })).status).toBe(401);
    const on = await t.call<string>('POST', `${URL}/updateState/${id}`, { token, body: { state: '0' } });
    expect(on.body.data).toBe('0');
    expect(await t.adminToken(body.userName, body.password)).toBeTruthy();
  });

  it('resets a password to a strong one answered once, and revokes sessions', async () => {
    const body = newUser();
    const id = (await t.secure<number>('POST', URL, body, { token })).body.data;
    const userToken = await t.adminToken(body.userName, body.password);
    const reset = await t.call<{ password: string }>('PUT', `${URL}/resetPsw/${id}`, { token });
    expect(reset.status).toBe(200);
    expect(reset.body.data.password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[!@#$%^&*?_]).{6,}$/);
    expect((await t.call('GET', '/auth/getInfo', { token: userToken })).status).toBe(401);
    expect(await t.adminToken(body.userName, reset.body.data.password)).toBeTruthy();
  });

  it('edits the own profile and reads it back', async () => {
    const me = await adminWith(t, []);
    const saved = await t.secure(
      'PUT',
      `${URL}/updateById`,
      { nickName: '新昵称', phone: '13800001111', sex: '2' },
      { token: me.token },
    );
    expect(saved.status).toBe(200);
    const read = await t.call<{ nickName: string; phone: string }>('GET', `${URL}/getById`, {
      token: me.token,
    });
    expect(read.body.data).toMatchObject({ id: me.id, nickName: '新昵称', phone: '13800001111' });
    expectFieldError(
      await t.secure('PUT', `${URL}/updateById`, { nickName: '' }, { token: me.token }),
      'nickName',
      '请输入昵称',
    );
  });

  it('changes the own password: wrong old one is 400; success revokes the other sessions', async () => {
    const me = await adminWith(t, []);
    const other = await t.adminToken(me.userName, PASSWORD);
    const wrong = await t.secure(
      'PUT',
      `${URL}/updatePsw`,
      { oldPsw: 'Nope123!', newPsw: 'Fresh123!' },
      { token: me.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('旧密码不正确');
    const done = await t.secure(
      'PUT',
      `${URL}/updatePsw`,
      { oldPsw: PASSWORD, newPsw: 'Fresh123!' },
      { token: me.token },
    );
    expect(done.status).toBe(200);
    expect((await t.call('GET', '/auth/getInfo', { token: other })).status).toBe(401);
    expect((await t.call('GET', '/auth/getInfo', { token: me.token })).status).toBe(200);
    expect(await t.adminToken(me.userName, 'Fresh123!')).toBeTruthy();
  });

  it('offers the user states', async () => {
    const answer = await t.call<{ value: string; label: string }[]>('GET', `${URL}/getUserState`, { token });
    expect(answer.body.data).toEqual([
      { value: '0', label: '正常' },
      { value: '1', label: '停用' },
    ]);
  });
});

describe('access and region scope', () => {
  it('401 without a token, 403 without the key', async () => {
    expect((await t.call('POST', `${URL}/list`)).status).toBe(401);
    const nobody = await adminWith(t, [PERMISSIONS.role.list]);
    expect((await t.call('POST', `${URL}/list`, { token: nobody.token })).status).toBe(403);
    expect((await t.secure('POST', URL, newUser(), { token: nobody.token })).status).toBe(403);
  });

  it('a county administrator sees only its county and cannot create a province administrator', async () => {
    const inside = (await t.secure<number>('POST', URL, newUser(), { token })).body.data;
    const outside = (
      await t.secure<number>('POST', URL, newUser({ cityCode: '520200', countyCode: '520201' }), { token })
    ).body.data;
    const county = await adminWith(t, [PERMISSIONS.user.list, PERMISSIONS.user.add, PERMISSIONS.user.query], {
      provinceCode: '520000',
      cityCode: '520100',
      countyCode: '520102',
    });
    const list = await t.call<Page<User>>('POST', `${URL}/list`, {
      token: county.token,
      body: { size: 100 },
    });
    const ids = list.body.data.records.map((r) => r.id);
    expect(ids).toContain(inside);
    expect(ids).not.toContain(outside);
    expect(list.body.data.records.every((r) => r.countyCode === '520102')).toBe(true);
    expect((await t.call('GET', `${URL}/getById/${outside}`, { token: county.token })).status).toBe(404);

    const before = await userCount();
    const province = await t.secure('POST', URL, newUser({ cityCode: '', countyCode: '' }), {
      token: county.token,
    });
    expectFieldError(province, 'region', '不能管理所辖地区以外的用户');
    expect(await userCount()).toBe(before);
    const own = await t.secure('POST', URL, newUser(), { token: county.token });
    expect(own.status).toBe(200);
  });
});

describe('no escalation through user edits', () => {
  it('a user manager without all rights cannot reset, disable or delete an administrator, nor hand out the admin role', async () => {
    const manager = await adminWith(t, [
      PERMISSIONS.user.resetPsw,
      PERMISSIONS.user.state,
      PERMISSIONS.user.remove,
      PERMISSIONS.user.add,
    ]);
    const [admin] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'admin'));
    expect((await t.call('PUT', `${URL}/resetPsw/${admin!.id}`, { token: manager.token })).status).toBe(403);
    expect((await t.call('POST', `${URL}/updateState/${admin!.id}`, { token: manager.token })).status).toBe(
      403,
    );
    const [adminRole] = await t.database.db.select().from(sysRole).where(eq(sysRole.code, 'admin'));
    const before = await userCount();
    const escalate = await t.secure('POST', URL, newUser({ roleIds: [adminRole!.id] }), {
      token: manager.token,
    });
    expect(escalate.status).toBe(403);
    expect(await userCount()).toBe(before);
  });
});
