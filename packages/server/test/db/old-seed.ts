import { sql } from 'drizzle-orm';
import { PERMISSIONS, translate } from '@tegang/domain';
import type { Db } from '../../src/db';

/*
 * The back-office menu exactly as the first-start seed wrote it before SCREENS and the menu sync
 * existed (src/db/seed.ts MENU and BUTTON_NAMES of that release), the admin role linked to every
 * row and the seed marker: what an installation of that release holds. Kept here as it was,
 * independent of SCREENS (only the button texts come from the catalogues, where they moved).
 */

/** Button names by action: the texts of the old BUTTON_NAMES, now in the catalogues. */
const buttonName = (action: string, lang: 'zh' | 'en') => translate(lang, `screen.button.${action}`);
type Group = Record<string, string> & { list: string };
const P = PERMISSIONS;
const GROUPS = [
  ['招生管理', 'Recruitment', '/recruit', 'TeamOutlined'],
  ['系统管理', 'System', '/system', 'SettingOutlined'],
  ['系统监控', 'Monitoring', '/monitor', 'MonitorOutlined'],
] as const;
const PAGES: [group: string, name: string, nameEn: string, path: string, icon: string, keys: Group][] = [
  ['/recruit', '招聘计划', 'Recruit plans', '/recruit/recruitPlan', 'ScheduleOutlined', P.recruitPlan],
  ['/recruit', '报名记录', 'Enrolments', '/candidate/enroll', 'SolutionOutlined', P.enroll],
  ['/system', '用户管理', 'Users', '/system/user', 'UserOutlined', P.user],
  ['/system', '角色管理', 'Roles', '/system/role', 'SafetyCertificateOutlined', P.role],
  ['/system', '菜单管理', 'Menus', '/system/menu', 'MenuOutlined', P.menu],
  ['/system', '部门管理', 'Departments', '/system/department', 'ApartmentOutlined', P.department],
  ['/system', '地区管理', 'Regions', '/system/region', 'EnvironmentOutlined', P.region],
  ['/system', '字典管理', 'Dictionaries', '/system/dict', 'BookOutlined', P.dict],
  ['/monitor', '操作日志', 'Operation logs', '/monitor/operlog', 'FileSearchOutlined', P.operLog],
  ['/monitor', '登录日志', 'Login logs', '/monitor/loginlog', 'LoginOutlined', P.loginLog],
  ['/monitor', '在线用户', 'Online users', '/monitor/online', 'GlobalOutlined', P.online],
];
export const OLD_MENU = GROUPS.map(([name, nameEn, path, icon]) => ({
  name,
  nameEn,
  path,
  icon,
  children: PAGES.filter((p) => p[0] === path).map(([, name, nameEn, path, icon, group]) => ({
    name,
    nameEn,
    path,
    icon,
    group,
  })),
}));

/** Writes OLD_MENU, the admin role holding all of it and the seed marker, with raw SQL as main did. */
export async function seedOldRelease(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const insert = async (row: {
      pid: number;
      name: string;
      nameEn: string;
      path: string | null;
      icon: string | null;
      type: string;
      permission: string | null;
      keepAlive: string;
      sort: number;
    }) => {
      const r = await tx.execute<{ id: string }>(
        sql`insert into sys_menu (pid, name, name_en, path, icon, type, permission, keep_alive, sort)
            values (${row.pid}, ${row.name}, ${row.nameEn}, ${row.path}, ${row.icon}, ${row.type},
                    ${row.permission}, ${row.keepAlive}, ${row.sort}) returning id`,
      );
      return Number(r.rows[0]!.id);
    };
    const ids: number[] = [];
    let sort = 0;
    for (const g of OLD_MENU) {
      const gid = await insert({ pid: 0, ...g, type: '0', permission: null, keepAlive: '1', sort: sort++ });
      ids.push(gid);
      for (const p of g.children) {
        const pid = await insert({
          pid: gid,
          name: p.name,
          nameEn: p.nameEn,
          path: p.path,
          icon: p.icon,
          type: '0',
          permission: p.group.list,
          keepAlive: '1',
          sort: sort++,
        });
        ids.push(pid);
        for (const key of Object.values(p.group).filter((k) => k !== p.group.list)) {
          const action = key.split(':').pop()!;
          ids.push(
            await insert({
              pid,
              name: buttonName(action, 'zh'),
              nameEn: buttonName(action, 'en'),
              path: null,
              icon: null,
              type: '1',
              permission: key,
              keepAlive: '0',
              sort: sort++,
            }),
          );
        }
      }
    }
    const role = await tx.execute<{ id: string }>(
      sql`insert into sys_role (name, code, comments) values ('超级管理员', 'admin', '拥有全部权限') returning id`,
    );
    const roleId = Number(role.rows[0]!.id);
    for (const id of ids)
      await tx.execute(sql`insert into sys_role_menu (role_id, menu_id) values (${roleId}, ${id})`);
    await tx.execute(sql`insert into seed_marker (name) values ('initial')`);
  });
}
