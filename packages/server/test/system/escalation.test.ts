import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { PERMISSIONS } from '@tegang/domain';
import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import { createTestApp, type TestApp } from '../helpers';
import { adminRoleId, adminWith, expectFieldError, PASSWORD, rootDepartmentId } from './fixtures';

/**
 * Nobody hands out a right they do not hold, nobody edits their own
 * roles or the roles they hold, and the built-in admin role and user are changed by nobody else.
 */
let t: TestApp;
let token: string;
let deptId: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  deptId = await rootDepartmentId(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const permissionsOf = async (tok: string) =>
  (await t.call<{ permissions: string[] }>('GET', '/auth/getInfo', { token: tok })).body.data.permissions;
const menuIdsOf = async (permission: string) =>
  (await db().select({ id: sysMenu.id }).from(sysMenu).where(eq(sysMenu.permission, permission))).map(
    (r) => r.id,
  );
const roleMenus = async (roleId: number) =>
  (await db().select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId))).map((r) => r.menuId).sort();
const rolesOf = async (userId: number) =>
  (await db().select().from(sysUserRole).where(eq(sysUserRole.userId, userId))).map((r) => r.roleId).sort();

/** A role holding the menus of `permissions`, written in the database. */
async function roleWith(permissions: string[]): Promise<number> {
  const code = `r_${Math.random().toString(36).slice(2, 8)}`;
  const [role] = await db().insert(sysRole).values({ name: code, code }).returning();
  if (permissions.length) {
    const menus = await db()
      .select({ id: sysMenu.id })
      .from(sysMenu)
      .where(inArray(sysMenu.permission, permissions));
    await db()
      .insert(sysRoleMenu)
      .values(menus.map((m) => ({ roleId: role!.id, menuId: m.id })));
  }
  return role!.id;
}

/** A plain user with `roleIds`, written in the database. */
async function userWith(roleIds: number[], userName = `u_${Math.random().toString(36).slice(2, 8)}`) {
  const [user] = await db()
    .insert(sysUser)
    .values({ userName, nickName: userName, passwordHash: await hashPassword(PASSWORD), state: '0' })
    .returning();
  if (roleIds.length)
    await db()
      .insert(sysUserRole)
      .values(roleIds.map((roleId) => ({ userId: user!.id, roleId })));
  return user!;
}

const userBody = (user: { id: number; userName: string }, roleIds: number[]) => ({
  id: user.id,
  nickName: user.userName,
  sex: '1',
  userName: user.userName,
  departmentId: deptId,
  provinceCode: '520000',
  cityCode: '',
  countyCode: '',
  roleIds,
  state: '0',
});

describe('menu permissions are declared keys, never *', () => {
  it('a menu editor cannot set a button permission to * (PUT or POST): 400 on permission, nothing changes', async () => {
    const editor = await adminWith(t, [PERMISSIONS.menu.list, PERMISSIONS.menu.edit, PERMISSIONS.menu.add]);
    const [button] = await db().select().from(sysMenu).where(eq(sysMenu.permission, PERMISSIONS.menu.edit));
    const put = await t.call('PUT', '/admin/menu', {
      token: editor.token,
      body: { id: button!.id, pid: button!.pid, name: button!.name, type: '1', permission: '*' },
    });
    expectFieldError(put, 'permission', '权限标识必须是系统声明的权限之一');
    const [after] = await db().select().from(sysMenu).where(eq(sysMenu.id, button!.id));
    expect(after!.permission).toBe(PERMISSIONS.menu.edit);
    expect(await permissionsOf(editor.token)).not.toContain('*');

    const en = await t.call('POST', '/admin/menu', {
      token: editor.token,
      lang: 'en',
      body: { pid: button!.pid, name: 'star', type: '1', permission: '*' },
    });
    expectFieldError(en, 'permission', 'The permission id must be one of the declared permissions');
    const made = await db().select().from(sysMenu).where(eq(sysMenu.permission, '*'));
    expect(made).toEqual([]);
  });

  it('refuses undeclared keys from the all-rights holder too', async () => {
    for (const permission of ['*', 'x:y:z', 'system:user:*', 'SYSTEM:USER:LIST', '*,system:user:list']) {
      const answer = await t.call('POST', '/admin/menu', {
        token,
        body: { pid: 0, name: 'k', type: '1', permission },
      });
      expect(answer.status, permission).toBe(400);
    }
  });

  it('a menu editor cannot re-point a button it holds to a key it does not hold (403)', async () => {
    const editor = await adminWith(t, [PERMISSIONS.menu.list, PERMISSIONS.menu.edit, PERMISSIONS.dict.list]);
    const [button] = await db().select().from(sysMenu).where(eq(sysMenu.permission, PERMISSIONS.menu.edit));
    const answer = await t.call('PUT', '/admin/menu', {
      token: editor.token,
      body: {
        id: button!.id,
        pid: button!.pid,
        name: button!.name,
        type: '1',
        permission: PERMISSIONS.role.auth,
      },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.msg).toBe('不能授予自己不具备的权限');
    expect(await permissionsOf(editor.token)).not.toContain(PERMISSIONS.role.auth);
    // Renaming keeps the key: allowed.
    const rename = await t.call('PUT', '/admin/menu', {
      token: editor.token,
      body: {
        id: button!.id,
        pid: button!.pid,
        name: '修改菜单',
        type: '1',
        permission: PERMISSIONS.menu.edit,
      },
    });
    expect(rename.status).toBe(200);
  });

  it('a * written straight into a menu row grants nothing', async () => {
    const holder = await adminWith(t, [PERMISSIONS.dict.list]);
    const [row] = await db()
      .insert(sysMenu)
      .values({ pid: 0, name: 'legacy', type: '1', permission: '*', keepAlive: '0' })
      .returning();
    await db().insert(sysRoleMenu).values({ roleId: holder.roleId, menuId: row!.id });
    expect(await permissionsOf(holder.token)).toEqual([PERMISSIONS.dict.list]);
    expect((await t.call('POST', '/admin/role/list', { token: holder.token })).status).toBe(403);
  });
});

describe('no self-granted roles through user edits', () => {
  it('a user editor cannot give itself more roles (PUT /system/user on its own id)', async () => {
    const editor = await adminWith(t, [PERMISSIONS.user.edit, PERMISSIONS.user.list]);
    const extra = await roleWith([PERMISSIONS.user.edit]);
    const answer = await t.secure(
      'PUT',
      '/system/user',
      userBody({ id: editor.id, userName: editor.userName }, [editor.roleId, extra]),
      { token: editor.token },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.msg).toBe('不能修改自己的角色');
    expect(await rolesOf(editor.id)).toEqual([editor.roleId]);
    // Unchanged roles: the own record may still be saved.
    const same = await t.secure(
      'PUT',
      '/system/user',
      userBody({ id: editor.id, userName: editor.userName }, [editor.roleId]),
      { token: editor.token },
    );
    expect(same.status).toBe(200);
  });

  it('nobody hands out a role with rights it does not hold (create and edit)', async () => {
    const manager = await adminWith(t, [PERMISSIONS.user.add, PERMISSIONS.user.edit, PERMISSIONS.dict.list]);
    const stronger = await roleWith([PERMISSIONS.role.auth]);
    const weaker = await roleWith([PERMISSIONS.dict.list]);
    const create = (roleIds: number[]) =>
      t.secure(
        'POST',
        '/system/user',
        {
          ...userBody({ id: 0, userName: `nu_${Math.random().toString(36).slice(2, 8)}` }, roleIds),
          id: undefined,
          password: 'Teach123!',
        },
        { token: manager.token },
      );
    const refused = await create([weaker, stronger]);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('不能授予自己不具备的权限');
    expect((await create([weaker])).status).toBe(200);

    const target = await userWith([weaker]);
    const edit = await t.secure('PUT', '/system/user', userBody(target, [weaker, stronger]), {
      token: manager.token,
    });
    expect(edit.status).toBe(403);
    expect(await rolesOf(target.id)).toEqual([weaker]);
    const admin = await t.secure('PUT', '/system/user', userBody(target, [await adminRoleId(t)]), {
      token: manager.token,
    });
    expect(admin.status).toBe(403);
    expect(await rolesOf(target.id)).toEqual([weaker]);
  });

  it('nobody resets the password of (and so takes over) a user holding rights it lacks', async () => {
    const manager = await adminWith(t, [PERMISSIONS.user.resetPsw, PERMISSIONS.user.state]);
    const target = await userWith([await roleWith([PERMISSIONS.role.auth])]);
    const reset = await t.call('PUT', `/system/user/resetPsw/${target.id}`, { token: manager.token });
    expect(reset.status).toBe(403);
    expect(reset.body.msg).toBe('不能管理拥有自己不具备的权限的用户');
    const peer = await userWith([await roleWith([PERMISSIONS.user.state])]);
    expect((await t.call('PUT', `/system/user/resetPsw/${peer.id}`, { token: manager.token })).status).toBe(
      200,
    );
  });

  it('the built-in admin user is changed by nobody else, not even another holder of all rights', async () => {
    const second = await userWith([await adminRoleId(t)]);
    const secondToken = await t.adminToken(second.userName, PASSWORD);
    const [admin] = await db().select().from(sysUser).where(eq(sysUser.userName, 'admin'));
    const reset = await t.call('PUT', `/system/user/resetPsw/${admin!.id}`, { token: secondToken });
    expect(reset.status).toBe(403);
    const edit = await t.secure('PUT', '/system/user', userBody(admin!, [await adminRoleId(t)]), {
      token: secondToken,
    });
    expect(edit.status).toBe(403);
    expect(await rolesOf(admin!.id)).toEqual([await adminRoleId(t)]);
    // A holder of all rights may manage the second one.
    expect((await t.call('PUT', `/system/user/resetPsw/${second.id}`, { token })).status).toBe(200);
  });
});

describe('no self-widened roles through role edits', () => {
  it('a role authoriser cannot widen its own role (updateRoleAuth)', async () => {
    const authoriser = await adminWith(t, [PERMISSIONS.role.auth, PERMISSIONS.role.list]);
    const before = await roleMenus(authoriser.roleId);
    const answer = await t.call('POST', '/admin/role/updateRoleAuth', {
      token: authoriser.token,
      body: { roleId: authoriser.roleId, menuIds: [...before, ...(await menuIdsOf(PERMISSIONS.user.add))] },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.msg).toBe('不能修改自己所属的角色');
    expect(await roleMenus(authoriser.roleId)).toEqual(before);
    expect(await permissionsOf(authoriser.token)).not.toContain(PERMISSIONS.user.add);
  });

  it('a role authoriser grants another role only menus and buttons whose keys it holds', async () => {
    const authoriser = await adminWith(t, [PERMISSIONS.role.auth, PERMISSIONS.dict.list]);
    const other = await roleWith([]);
    const refused = await t.call('POST', '/admin/role/updateRoleAuth', {
      token: authoriser.token,
      lang: 'en',
      body: {
        roleId: other,
        menuIds: [...(await menuIdsOf(PERMISSIONS.dict.list)), ...(await menuIdsOf(PERMISSIONS.user.add))],
      },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('You cannot grant rights you do not hold yourself');
    expect(await roleMenus(other)).toEqual([]);
    const [group] = await db().select().from(sysMenu).where(eq(sysMenu.name, '系统管理'));
    const granted = await t.call('POST', '/admin/role/updateRoleAuth', {
      token: authoriser.token,
      body: { roleId: other, menuIds: [group!.id, ...(await menuIdsOf(PERMISSIONS.dict.list))] },
    });
    expect(granted.status).toBe(200);
    // Taking away a right it lacks is no escalation.
    const wide = await roleWith([PERMISSIONS.user.add, PERMISSIONS.dict.list]);
    const narrowed = await t.call('POST', '/admin/role/updateRoleAuth', {
      token: authoriser.token,
      body: { roleId: wide, menuIds: await menuIdsOf(PERMISSIONS.dict.list) },
    });
    expect(narrowed.status).toBe(200);
  });

  it('the admin role and the roles one holds are not edited or deleted by others', async () => {
    const editor = await adminWith(t, [
      PERMISSIONS.role.edit,
      PERMISSIONS.role.remove,
      PERMISSIONS.role.auth,
    ]);
    const adminRole = await adminRoleId(t);
    const rename = await t.call('PUT', '/admin/role', {
      token: editor.token,
      body: { id: adminRole, name: '改名', code: 'admin' },
    });
    expect(rename.status).toBe(403);
    expect(
      (
        await t.call('POST', '/admin/role/updateRoleAuth', {
          token: editor.token,
          body: { roleId: adminRole, menuIds: [] },
        })
      ).status,
    ).toBe(403);
    const own = await t.call('PUT', '/admin/role', {
      token: editor.token,
      body: { id: editor.roleId, name: 'mine', code: `c${editor.roleId}` },
    });
    expect(own.status).toBe(403);
    expect((await t.call('DELETE', `/admin/role/${editor.roleId}`, { token: editor.token })).status).toBe(
      403,
    );
    const [role] = await db().select().from(sysRole).where(eq(sysRole.id, editor.roleId));
    expect(role).toBeTruthy();
    const [admin] = await db().select().from(sysRole).where(eq(sysRole.id, adminRole));
    expect(admin!.name).not.toBe('改名');
    // Another role is fine.
    const other = await roleWith([]);
    expect(
      (
        await t.call('PUT', '/admin/role', {
          token: editor.token,
          body: { id: other, name: 'x', code: `o${other}` },
        })
      ).status,
    ).toBe(200);
    expect((await t.call('DELETE', `/admin/role/${other}`, { token: editor.token })).status).toBe(200);
  });
});
