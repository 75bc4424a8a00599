import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FieldError, PermissionKey, RegionScope } from '@tegang/domain';
import { sysDepartment, sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import type { Answer, TestApp } from '../helpers';

/** Helpers of the system management tests (spec §7 Users, Roles, Menus, Departments, Region, Dictionaries). */

export type Errors = { errors: FieldError[] };
export const PASSWORD = 'Sys1234!x';

/**
 * An administrator whose one role holds exactly `permissions` (through the seeded menu buttons) and
 * whose region scope is `scope`, written in the database. Returns its token, id and role id.
 */
export async function adminWith(
  t: TestApp,
  permissions: PermissionKey[],
  scope: Partial<RegionScope> = {},
): Promise<{ token: string; id: number; roleId: number; userName: string }> {
  const db = t.database.db;
  const suffix = randomBytes(3).toString('hex');
  const userName = `sys_${suffix}`;
  const [role] = await db
    .insert(sysRole)
    .values({ name: `角色${suffix}`, code: `role_${suffix}` })
    .returning();
  if (permissions.length) {
    const menus = await db
      .select({ id: sysMenu.id })
      .from(sysMenu)
      .where(inArray(sysMenu.permission, permissions));
    await db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role!.id, menuId: m.id })));
  }
  const [user] = await db
    .insert(sysUser)
    .values({
      userName,
      nickName: userName,
      passwordHash: await hashPassword(PASSWORD),
      state: '0',
      provinceCode: scope.provinceCode ?? null,
      cityCode: scope.cityCode ?? null,
      countyCode: scope.countyCode ?? null,
    })
    .returning();
  await db.insert(sysUserRole).values({ userId: user!.id, roleId: role!.id });
  return { token: await t.adminToken(userName, PASSWORD), id: user!.id, roleId: role!.id, userName };
}

/** The seeded top-level department. */
export async function rootDepartmentId(t: TestApp): Promise<number> {
  const [row] = await t.database.db
    .select({ id: sysDepartment.id })
    .from(sysDepartment)
    .where(eq(sysDepartment.parentId, 0));
  return row!.id;
}

/** The id of the seeded admin role. */
export async function adminRoleId(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, 'admin'));
  return row!.id;
}

/** Asserts a 400 that names `field` with `message`. */
export function expectFieldError(answer: Answer<unknown>, field: string, message: string): void {
  if (answer.status !== 400) throw new Error(`expected 400, got ${answer.status}: ${answer.body.msg}`);
  const errors = (answer.body.data as Errors).errors;
  const hit = errors.find((e) => e.field === field);
  if (!hit) throw new Error(`no error on ${field}: ${JSON.stringify(errors)}`);
  if (hit.message !== message)
    throw new Error(`error on ${field} is '${hit.message}', expected '${message}'`);
  if (!answer.body.msg.includes(message)) throw new Error(`msg '${answer.body.msg}' lacks '${message}'`);
}
