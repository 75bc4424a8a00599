import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE, PERMISSIONS, PLAN_STATUS } from '@tegang/domain';
import sanitizeHtml from 'sanitize-html';
import type { Db, Tx } from './index';
import {
  categoryEducation,
  instruction,
  recruitPlan,
  recruitPlanData,
  seedMarker,
  sysDepartment,
  sysDictItem,
  sysDictType,
  sysMenu,
  sysRegion,
  sysRole,
  sysRoleMenu,
  sysUser,
  sysUserRole,
} from './schema';
import { hashPassword } from '../lib/passwords';
import { INSTRUCTION_TYPE_ENROLL_NOTICE } from '../modules/instruction/service';

/**
 * First-start seed (DESIGN "Runtime"): real GB/T 2260 regions, the 13 dictionaries of spec §3, the
 * admin role and user, the back-office menu, and a demo plan for Guizhou whose enrolment window is
 * open today. Runs once: a marker row records it, inside the same transaction.
 */
const dataFile = (name: string) =>
  JSON.parse(readFileSync(new URL(`./seed-data/${name}`, import.meta.url), 'utf8'));

interface RegionRow {
  code: string;
  name: string;
  parentCode: string | null;
  level: number;
}
interface DictRow {
  type: string;
  name: string;
  isSystem: string;
  description: string;
  items: { value: string; label: string; labelEn: string; sort: number; isDefault: 'Y' | 'N' }[];
}
interface DemoPlan {
  provinceCode: string;
  plan: {
    name: string;
    year: string;
    company: string;
    customerServicePhone: string;
    serviceCenter: string;
    limitBirth?: string;
  };
  categoryEducation: { category: string; education: string[] }[];
  planData: {
    countyCode: string;
    category: string;
    learningPeriod: string;
    subject: string;
    demandNumber: number;
  }[];
  enrollNotice: string;
}

export interface SeedResult {
  seeded: boolean;
  /** The generated first password of `admin`, when ADMIN_PASSWORD was not given: print it once. */
  generatedAdminPassword?: string;
}

/** A strong random password that meets the strength rule of spec §5. */
export function generatePassword(): string {
  return `Tg${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}7!`;
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** A page of the back-office menu with the buttons of its permission group (spec §2 "Back-office routes"). */
const page = (
  name: string,
  nameEn: string,
  path: string,
  icon: string,
  group: Record<string, string> & { list: string },
) => ({ name, nameEn, path, icon, permission: group.list, buttons: Object.values(group) });

/** Button names by the action part of their permission key: [zh, en]. */
const BUTTON_NAMES: Record<string, [string, string]> = {
  list: ['列表', 'List'],
  query: ['详情', 'View'],
  add: ['新增', 'Add'],
  edit: ['修改', 'Edit'],
  remove: ['删除', 'Delete'],
  status: ['发布状态', 'Status'],
  export: ['导出', 'Export'],
  generate: ['生成', 'Generate'],
  resetPsw: ['重置密码', 'Reset password'],
  state: ['启用停用', 'Enable or disable'],
  auth: ['授权', 'Authorise'],
  forceLogout: ['强制退出', 'Force logout'],
};

/**
 * The back-office menu: recruitment (issue 2), system management and monitoring (issue 3), each page
 * with its buttons from PERMISSIONS.
 */
const MENU = [
  {
    name: '招生管理',
    nameEn: 'Recruitment',
    path: '/recruit',
    icon: 'TeamOutlined',
    children: [
      page('招聘计划', 'Recruit plans', '/recruit/recruitPlan', 'ScheduleOutlined', PERMISSIONS.recruitPlan),
      page('报名记录', 'Enrolments', '/candidate/enroll', 'SolutionOutlined', PERMISSIONS.enroll),
    ],
  },
  {
    name: '系统管理',
    nameEn: 'System',
    path: '/system',
    icon: 'SettingOutlined',
    children: [
      page('用户管理', 'Users', '/system/user', 'UserOutlined', PERMISSIONS.user),
      page('角色管理', 'Roles', '/system/role', 'SafetyCertificateOutlined', PERMISSIONS.role),
      page('菜单管理', 'Menus', '/system/menu', 'MenuOutlined', PERMISSIONS.menu),
      page('部门管理', 'Departments', '/system/department', 'ApartmentOutlined', PERMISSIONS.department),
      page('地区管理', 'Regions', '/system/region', 'EnvironmentOutlined', PERMISSIONS.region),
      page('字典管理', 'Dictionaries', '/system/dict', 'BookOutlined', PERMISSIONS.dict),
    ],
  },
  {
    name: '系统监控',
    nameEn: 'Monitoring',
    path: '/monitor',
    icon: 'MonitorOutlined',
    children: [
      page('操作日志', 'Operation logs', '/monitor/operlog', 'FileSearchOutlined', PERMISSIONS.operLog),
      page('登录日志', 'Login logs', '/monitor/loginlog', 'LoginOutlined', PERMISSIONS.loginLog),
      page('在线用户', 'Online users', '/monitor/online', 'GlobalOutlined', PERMISSIONS.online),
    ],
  },
];

async function seedMenu(tx: Tx): Promise<number[]> {
  const ids: number[] = [];
  let sort = 0;
  for (const group of MENU) {
    const [parent] = await tx
      .insert(sysMenu)
      .values({
        pid: 0,
        name: group.name,
        nameEn: group.nameEn,
        path: group.path,
        icon: group.icon,
        type: '0',
        sort: sort++,
      })
      .returning();
    ids.push(parent!.id);
    for (const item of group.children) {
      const [menu] = await tx
        .insert(sysMenu)
        .values({
          pid: parent!.id,
          name: item.name,
          nameEn: item.nameEn,
          path: item.path,
          icon: item.icon,
          type: '0',
          permission: item.permission,
          sort: sort++,
        })
        .returning();
      ids.push(menu!.id);
      for (const key of item.buttons.filter((b) => b !== item.permission)) {
        const action = key.split(':').pop()!;
        const [button] = await tx
          .insert(sysMenu)
          .values({
            pid: menu!.id,
            name: BUTTON_NAMES[action]?.[0] ?? action,
            nameEn: BUTTON_NAMES[action]?.[1] ?? action,
            type: '1',
            permission: key,
            keepAlive: '0',
            sort: sort++,
          })
          .returning();
        ids.push(button!.id);
      }
    }
  }
  return ids;
}

/** Plan windows around `now`: the plan runs from 10 days ago for 120 days; enrolment is open now. */
export function demoTimeline(now: Date) {
  const d = (days: number, hour = 1) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hour, 0, 0));
  return {
    startTime: d(-10),
    endTime: d(110),
    enrollStartTime: d(-3),
    enrollEndTime: d(14),
    auditStartTime: d(15),
    auditEndTime: d(20),
    ticketPrintStartTime: d(21),
    ticketPrintEndTime: d(27),
    examStartTime: d(28),
    examEndTime: d(28, 7),
    scoreQueryStartTime: d(40),
    scoreQueryEndTime: d(50),
    interviewStartTime: d(55),
    interviewEndTime: d(60),
    physicalExamStartTime: d(65),
    physicalExamEndTime: d(70),
    listPublishedStartTime: d(75),
    listPublishedEndTime: d(85),
  };
}

/** Seeds reference data only (regions, dictionaries): what tests share in their template database. */
export async function seedReferenceData(tx: Tx): Promise<void> {
  const regions = dataFile('regions.json') as RegionRow[];
  await insertChunks(regions, (chunk) =>
    tx
      .insert(sysRegion)
      .values(chunk.map((r) => ({ code: r.code, parentCode: r.parentCode, name: r.name, level: r.level }))),
  );
  const dicts = dataFile('dicts.json') as DictRow[];
  for (const dict of dicts) {
    await tx
      .insert(sysDictType)
      .values({ name: dict.name, type: dict.type, isSystem: dict.isSystem, description: dict.description });
    await tx.insert(sysDictItem).values(
      dict.items.map((i) => ({
        dictType: dict.type,
        label: i.label,
        labelEn: i.labelEn,
        value: i.value,
        sort: i.sort,
        isDefault: i.isDefault,
      })),
    );
  }
}

/** Seeds the first department, the admin role with the whole menu, and the user `admin`. */
export async function seedAdmin(tx: Tx, password: string): Promise<void> {
  const [dept] = await tx.insert(sysDepartment).values({ parentId: 0, name: '省教育厅' }).returning();
  const [role] = await tx
    .insert(sysRole)
    .values({ name: '超级管理员', code: ADMIN_ROLE, comments: '拥有全部权限' })
    .returning();
  const menuIds = await seedMenu(tx);
  await tx.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId: role!.id, menuId })));
  const [user] = await tx
    .insert(sysUser)
    .values({
      userName: 'admin',
      nickName: '系统管理员',
      passwordHash: await hashPassword(password),
      departmentId: dept!.id,
      state: '0',
    })
    .returning();
  await tx.insert(sysUserRole).values({ userId: user!.id, roleId: role!.id });
}

/** Seeds the demo plan of seed-data/demo-plan.json with its windows around `now`. */
export async function seedDemoPlan(tx: Tx, now: Date): Promise<number> {
  const demo = dataFile('demo-plan.json') as DemoPlan;
  const [plan] = await tx
    .insert(recruitPlan)
    .values({
      ...demo.plan,
      limitBirth: demo.plan.limitBirth ?? '1996-01-01',
      status: PLAN_STATUS.open,
      ...demoTimeline(now),
    })
    .returning();
  const counties = await tx
    .select({ code: sysRegion.code, parentCode: sysRegion.parentCode })
    .from(sysRegion)
    .where(eq(sysRegion.level, 3));
  const cityOf = new Map(counties.map((c) => [c.code, c.parentCode!]));
  await insertChunks(demo.planData, (chunk) =>
    tx.insert(recruitPlanData).values(
      chunk.map((r) => ({
        planId: plan!.id,
        provinceCode: demo.provinceCode,
        cityCode: cityOf.get(r.countyCode)!,
        countyCode: r.countyCode,
        category: r.category,
        learningPeriod: r.learningPeriod,
        subject: r.subject,
        demandNumber: r.demandNumber,
      })),
    ),
  );
  await tx.insert(categoryEducation).values(demo.categoryEducation).onConflictDoNothing();
  await tx.insert(instruction).values({
    planId: plan!.id,
    type: INSTRUCTION_TYPE_ENROLL_NOTICE,
    context: sanitizeHtml(demo.enrollNotice),
  });
  return plan!.id;
}

/**
 * Seeds everything once. `adminPassword` is ADMIN_PASSWORD; when absent a strong one is generated
 * and returned so that the caller prints it once.
 */
export async function seedOnce(db: Db, opts: { adminPassword?: string; now: Date }): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(20270101)`);
    const [done] = await tx.select().from(seedMarker).where(eq(seedMarker.name, 'initial'));
    if (done) return { seeded: false };
    const generated = opts.adminPassword ? undefined : generatePassword();
    await seedReferenceData(tx);
    await seedAdmin(tx, opts.adminPassword ?? generated!);
    await seedDemoPlan(tx, opts.now);
    await tx.insert(seedMarker).values({ name: 'initial' });
    return { seeded: true, generatedAdminPassword: generated };
  });
}
