import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import {
  ALL_SCREENS,
  PERMISSIONS,
  screenButtons,
  SCREENS,
  translate,
  type ScreenGroupDef,
} from '@tegang/domain';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../../src/db';
import { syncScreens } from '../../src/db/menu-sync';
import { prepareDatabase } from '../../src/db/seed';
import { screenSync, seedMarker, sysMenu, sysRole, sysRoleMenu } from '../../src/db/schema';
import { withDatabase } from '../setup/global';
import { OLD_MENU, seedOldRelease } from './old-seed';

/**
 * The menu follows packages/domain SCREENS into existing databases (docs/decisions.md "Screens reach
 * existing databases"): the start-up path (prepareDatabase, as main.ts runs it) adds what a database
 * never had, once, and leaves administrators' edits and deletions alone.
 */
const opened: Database[] = [];
const created: string[] = [];
let admin: pg.Client;
beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('pgUrl') });
  await admin.connect();
});
afterAll(async () => {
  for (const d of opened) await d.close();
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** A new database: empty, or a copy of the seeded test template. */
async function newDatabase(from?: 'template'): Promise<Database> {
  const name = `${inject('templateDb')}_sync_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}${from ? ` template ${inject('templateDb')}` : ''}`);
  created.push(name);
  const database = openDatabase(withDatabase(inject('pgUrl'), name), 4);
  opened.push(database);
  return database;
}

/** Applies only the first migration (0000_init), the schema of the release before screen_sync. */
async function migrateToInit(database: Database): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-mig-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
  const first = journal.entries[0];
  expect(first.tag).toBe('0000_init');
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: [first] }));
  fs.copyFileSync(path.join(MIGRATIONS_DIR, `${first.tag}.sql`), path.join(dir, `${first.tag}.sql`));
  await migrate(database.db, { migrationsFolder: dir });
  fs.rmSync(dir, { recursive: true, force: true });
}

const menuRows = (database: Database) => database.db.select().from(sysMenu).orderBy(sysMenu.id);
/** The menu as the first release (0000_init) had its columns: later ones do not exist before the upgrade. */
const initMenuRows = (database: Database) =>
  database.db
    .select({
      id: sysMenu.id,
      pid: sysMenu.pid,
      name: sysMenu.name,
      nameEn: sysMenu.nameEn,
      path: sysMenu.path,
      icon: sysMenu.icon,
      type: sysMenu.type,
      keepAlive: sysMenu.keepAlive,
      permission: sysMenu.permission,
      sort: sysMenu.sort,
      createTime: sysMenu.createTime,
      updateTime: sysMenu.updateTime,
    })
    .from(sysMenu)
    .orderBy(sysMenu.id);
const start = (database: Database) => prepareDatabase(database.db, { now: new Date() });
const menuKey = (r: { type: string; path: string | null; permission: string | null }) =>
  r.type === '1' ? r.permission : r.path;

/** Every key of `screens` (groups, screens, buttons) in table order. */
const keysOf = (screens: readonly ScreenGroupDef[]) =>
  screens.flatMap((g) => [
    g.path,
    ...g.screens.flatMap((s) => [s.path, ...screenButtons(s).map((b) => b.permission)]),
  ]);

describe('SCREENS and the seeded menu', () => {
  it('agree: every group, screen and button is a row with its parent, names, icon, order and key', async () => {
    const database = await newDatabase('template');
    const rows = await menuRows(database);
    const byKey = new Map(rows.map((r) => [menuKey(r), r]));
    expect(rows).toHaveLength(keysOf(SCREENS).length);
    for (const group of SCREENS) {
      const g = byKey.get(group.path)!;
      expect(g).toMatchObject({
        pid: 0,
        type: '0',
        name: translate('zh', group.labelKey),
        nameEn: translate('en', group.labelKey),
        icon: group.icon,
        sort: group.order,
        permission: null,
      });
      for (const screen of group.screens) {
        const s = byKey.get(screen.path)!;
        expect(s).toMatchObject({
          pid: g.id,
          type: '0',
          name: translate('zh', screen.labelKey),
          nameEn: translate('en', screen.labelKey),
          icon: screen.icon,
          sort: screen.order,
          permission: screen.permissions.list,
          keepAlive: '1',
        });
        screenButtons(screen).forEach((button, i) => {
          expect(byKey.get(button.permission)).toMatchObject({
            pid: s.id,
            type: '1',
            name: translate('zh', button.labelKey),
            nameEn: translate('en', button.labelKey),
            sort: screen.order + 1 + i,
            path: null,
            icon: null,
            keepAlive: '0',
          });
        });
      }
    }
    // The admin role holds every row; every key is recorded as applied with its row.
    const [role] = await database.db.select().from(sysRole).where(eq(sysRole.code, 'admin'));
    const links = await database.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, role!.id));
    expect(links.map((l) => l.menuId).sort()).toEqual(rows.map((r) => r.id).sort());
    const applied = await database.db.select().from(screenSync);
    expect(new Map(applied.map((a) => [a.key, a.menuId]))).toEqual(
      new Map(rows.map((r) => [menuKey(r), r.id])),
    );
  });

  it('seeds the same menu as the release before SCREENS (names, icons, order of siblings)', async () => {
    const database = await newDatabase('template');
    const rows = await menuRows(database);
    const childrenOf = (pid: number) =>
      rows.filter((r) => r.pid === pid).sort((a, b) => a.sort - b.sort || a.id - b.id);
    const groups = childrenOf(0);
    expect(groups.map((g) => [g.name, g.nameEn, g.path, g.icon])).toEqual(
      OLD_MENU.slice(0, groups.length).map((g) => [g.name, g.nameEn, g.path, g.icon]),
    );
    OLD_MENU.forEach((old, i) => {
      // Screens added since keep the old ones in their old relative order.
      const oldPaths = new Set(old.children.map((p) => p.path));
      const pages = childrenOf(groups[i]!.id).filter((p) => oldPaths.has(p.path ?? ''));
      expect(
        pages.slice(0, old.children.length).map((p) => [p.name, p.nameEn, p.path, p.icon, p.permission]),
      ).toEqual(old.children.map((p) => [p.name, p.nameEn, p.path, p.icon, p.group.list]));
      old.children.forEach((p, j) => {
        const buttons = childrenOf(pages[j]!.id);
        const oldKeys = Object.values(p.group).filter((k) => k !== p.group.list);
        expect(buttons.slice(0, oldKeys.length).map((b) => b.permission)).toEqual(oldKeys);
      });
    });
  });
});

describe('an installation of the release before the menu sync', () => {
  it('keeps its menu as it was: no duplicate, nothing changed, every entry recorded', async () => {
    const database = await newDatabase();
    await migrateToInit(database);
    await seedOldRelease(database.db);
    const before = await initMenuRows(database);
    const result = await start(database);
    expect(result.seeded).toBe(false);
    const after = await initMenuRows(database);
    // Only entries SCREENS gained after that release may be added; the old rows stay untouched.
    const oldKeys = new Set(before.map(menuKey));
    expect(result.screensAdded.filter((k) => oldKeys.has(k))).toEqual([]);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toHaveLength(before.length + result.screensAdded.length);
    expect(new Set(after.map(menuKey)).size).toBe(after.length);
    const applied = await database.db.select().from(screenSync);
    expect(applied.map((a) => a.key).sort()).toEqual(keysOf(SCREENS).sort());
    expect((await start(database)).screensAdded).toEqual([]);
  });

  it('does not bring back a row deleted before the upgrade', async () => {
    const database = await newDatabase();
    await migrateToInit(database);
    await seedOldRelease(database.db);
    await database.db.delete(sysMenu).where(eq(sysMenu.permission, PERMISSIONS.enroll.export));
    await start(database);
    expect(
      await database.db.select().from(sysMenu).where(eq(sysMenu.permission, PERMISSIONS.enroll.export)),
    ).toEqual([]);
    const [entry] = await database.db
      .select()
      .from(screenSync)
      .where(eq(screenSync.key, PERMISSIONS.enroll.export));
    expect(entry!.menuId).toBeNull();
  });

  it('gets a screen and a button SCREENS gained since, once, with parent, key, order; edits and deletions stay', async () => {
    const database = await newDatabase('template');
    const { db } = database;
    // Seeded by main (marker) and edited by an administrator: one screen renamed, re-iconed,
    // re-ordered, hidden; another deleted on purpose.
    await db.insert(seedMarker).values({ name: 'initial' });
    await db
      .update(sysMenu)
      .set({ name: '账号', nameEn: 'Accounts', icon: 'TeamOutlined', sort: 99, keepAlive: '0' })
      .where(eq(sysMenu.path, '/system/user'));
    // (the menu screen refuses deleting a menu with children: buttons first)
    const [dict] = await db.select().from(sysMenu).where(eq(sysMenu.path, '/system/dict'));
    await db.delete(sysMenu).where(eq(sysMenu.pid, dict!.id));
    await db.delete(sysMenu).where(eq(sysMenu.id, dict!.id));
    // A screen and a button the database never had: not in the menu, not in the bookkeeping.
    const online = ALL_SCREENS.find((s) => s.path === '/monitor/online')!;
    const missing = [
      online.path,
      ...screenButtons(online).map((b) => b.permission),
      PERMISSIONS.enroll.generate,
    ];
    const [onlineRow] = await db.select().from(sysMenu).where(eq(sysMenu.path, online.path));
    await db.delete(sysMenu).where(eq(sysMenu.pid, onlineRow!.id));
    await db.delete(sysMenu).where(eq(sysMenu.id, onlineRow!.id));
    await db.delete(sysMenu).where(eq(sysMenu.permission, PERMISSIONS.enroll.generate));
    await db.delete(screenSync).where(inArray(screenSync.key, missing));
    const other = (await db.insert(sysRole).values({ name: '审核员', code: 'auditor' }).returning())[0]!;
    const before = await menuRows(database);

    const result = await start(database);
    expect(result.seeded).toBe(false);
    expect(result.screensAdded).toEqual(
      [online.path, ...screenButtons(online).map((b) => b.permission), PERMISSIONS.enroll.generate].sort(
        (a, b) => keysOf(SCREENS).indexOf(a) - keysOf(SCREENS).indexOf(b),
      ),
    );

    const rows = await menuRows(database);
    const byKey = new Map(rows.map((r) => [menuKey(r), r]));
    expect(byKey.get(online.path)).toMatchObject({
      pid: byKey.get('/monitor')!.id,
      type: '0',
      permission: PERMISSIONS.online.list,
      sort: online.order,
      name: '在线用户',
      nameEn: 'Online users',
      icon: 'GlobalOutlined',
    });
    expect(byKey.get(PERMISSIONS.online.forceLogout)).toMatchObject({
      pid: byKey.get(online.path)!.id,
      type: '1',
      sort: online.order + 1,
      name: '强制退出',
    });
    const enroll = ALL_SCREENS.find((s) => s.path === '/candidate/enroll')!;
    const generateIndex = screenButtons(enroll).findIndex(
      (b) => b.permission === PERMISSIONS.enroll.generate,
    );
    expect(byKey.get(PERMISSIONS.enroll.generate)).toMatchObject({
      pid: byKey.get('/candidate/enroll')!.id,
      type: '1',
      sort: enroll.order + 1 + generateIndex,
      name: '生成',
      nameEn: 'Generate',
    });
    // The admin role holds the new rows; the other role got nothing.
    const added = result.screensAdded.map((k) => byKey.get(k)!.id);
    const [adminRole] = await db.select().from(sysRole).where(eq(sysRole.code, 'admin'));
    const adminLinks = await db
      .select()
      .from(sysRoleMenu)
      .where(and(eq(sysRoleMenu.roleId, adminRole!.id), inArray(sysRoleMenu.menuId, added)));
    expect(adminLinks).toHaveLength(added.length);
    expect(await db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, other.id))).toEqual([]);

    // The administrator's edits stay; the deleted screen and its buttons do not come back.
    expect(byKey.get('/system/user')).toMatchObject({
      name: '账号',
      nameEn: 'Accounts',
      icon: 'TeamOutlined',
      sort: 99,
      keepAlive: '0',
    });
    expect(byKey.has('/system/dict')).toBe(false);
    expect(rows.filter((r) => r.permission?.startsWith('system:dict:'))).toEqual([]);
    // Every row that was there is unchanged.
    const after = new Map(rows.map((r) => [r.id, r]));
    for (const r of before) expect(after.get(r.id)).toEqual(r);

    // A second start changes nothing.
    const again = await start(database);
    expect(again.screensAdded).toEqual([]);
    expect(await menuRows(database)).toEqual(rows);
  });

  it('adds a new SCREENS row under its group, also a new group, and two nodes starting at once add it once', async () => {
    const database = await newDatabase('template');
    const { db } = database;
    const release: ScreenGroupDef[] = [
      ...SCREENS.map((g) =>
        g.path === '/recruit'
          ? {
              ...g,
              screens: [
                ...g.screens,
                {
                  path: '/recruit/planData' as const,
                  permissions: PERMISSIONS.department,
                  icon: 'TableOutlined',
                  order: 13,
                  labelKey: 'screen.dict' as const,
                },
              ],
            }
          : g,
      ),
      {
        path: '/later',
        icon: 'AppstoreOutlined',
        order: 60,
        labelKey: 'screen.system',
        screens: [
          {
            path: '/later/x',
            permissions: PERMISSIONS.loginLog,
            icon: 'TableOutlined',
            order: 61,
            labelKey: 'screen.user',
          },
        ],
      },
    ];
    const [a, b] = await Promise.all([syncScreens(db, release), syncScreens(db, release)]);
    expect([...a.added, ...b.added].sort()).toEqual(['/later', '/later/x', '/recruit/planData'].sort());
    const rows = await menuRows(database);
    const byPath = (p: string) => rows.filter((r) => r.type === '0' && r.path === p);
    expect(byPath('/recruit/planData')).toHaveLength(1);
    expect(byPath('/recruit/planData')[0]).toMatchObject({ pid: byPath('/recruit')[0]!.id, sort: 13 });
    expect(byPath('/later/x')[0]).toMatchObject({
      pid: byPath('/later')[0]!.id,
      permission: PERMISSIONS.loginLog.list,
    });
    // Its buttons are keys another screen already carries (applied): not duplicated.
    expect(rows.filter((r) => r.permission === PERMISSIONS.department.add)).toHaveLength(1);
    expect((await syncScreens(db, release)).added).toEqual([]);
  });
});
