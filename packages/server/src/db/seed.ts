import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE, PLAN_STATUS } from '@tegang/domain';
import { migrateDatabase, type Db, type Tx } from './index';
import { applyScreens, MENU_LOCK, syncScreens } from './menu-sync';
import {
  categoryEducation,
  instruction,
  recruitPlan,
  recruitPlanData,
  seedMarker,
  sysDepartment,
  sysDictItem,
  sysDictType,
  sysRegion,
  sysRole,
  sysUser,
  sysUserRole,
} from './schema';
import { sanitizeRichText } from '../lib/html';
import { hashPassword } from '../lib/passwords';
import { serverPath } from '../lib/module-path';
import { INSTRUCTION_TYPE_ENROLL_NOTICE } from '../modules/instruction/service';

/**
 * First-start seed (DESIGN "Runtime"): real GB/T 2260 regions, the 13 dictionaries of spec §3, the
 * admin role and user, the back-office menu (from SCREENS, kept in step later by menu-sync.ts), and a demo plan for Guizhou whose enrolment window is
 * open today. Runs once: a marker row records it, inside the same transaction.
 */
const dataFile = (name: string) => JSON.parse(readFileSync(serverPath(`src/db/seed-data/${name}`), 'utf8'));

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
    birthLimits?: Record<string, string>;
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

/**
 * Seeds the first department, the admin role, the back-office menu of packages/domain SCREENS
 * (applyScreens: every group, screen and button, linked to the admin role) and the user `admin`.
 */
export async function seedAdmin(tx: Tx, password: string): Promise<void> {
  const [dept] = await tx.insert(sysDepartment).values({ parentId: 0, name: '省教育厅' }).returning();
  const [role] = await tx
    .insert(sysRole)
    .values({ name: '超级管理员', code: ADMIN_ROLE, comments: '拥有全部权限' })
    .returning();
  await applyScreens(tx);
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
      // The notice: "一般不超过30周岁（1996年1月1日以后出生）；取得硕士研究生及以上学历的，可放宽至35周岁
      // （1991年1月1日以后出生）" — sys_education 11 博士研究生, 14 硕士研究生.
      birthLimits: demo.plan.birthLimits ?? { '11': '1991-01-01', '14': '1991-01-01' },
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
    context: sanitizeRichText(demo.enrollNotice),
  });
  return plan!.id;
}

/**
 * Seeds everything once. `adminPassword` is ADMIN_PASSWORD; when absent a strong one is generated
 * and returned so that the caller prints it once.
 */
export async function seedOnce(db: Db, opts: { adminPassword?: string; now: Date }): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MENU_LOCK})`);
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

/**
 * The database part of every start (src/start.ts, under the start lock): migrations, the first-start seed (seedOnce), then the
 * menu sync (syncScreens) that brings screens and buttons added to SCREENS since the last start into
 * an existing database. `screensAdded` lists the keys the sync inserted (empty on a first start, where
 * the seed made the whole menu). Throws what the database throws; nothing is half-applied (each step
 * is one transaction).
 */
export async function prepareDatabase(
  db: Db,
  opts: { adminPassword?: string; now: Date },
): Promise<SeedResult & { screensAdded: string[] }> {
  await migrateDatabase(db);
  const seed = await seedOnce(db, opts);
  const { added } = await syncScreens(db);
  return { ...seed, screensAdded: added };
}
