import { and, eq, sql } from 'drizzle-orm';
import {
  ADMIN_ROLE,
  screenButtons,
  SCREENS,
  translate,
  type MessageKey,
  type ScreenGroupDef,
} from '@tegang/domain';
import type { Db, Tx } from './index';
import { screenSync, sysMenu, sysRole, sysRoleMenu } from './schema';

/**
 * Keeps the back-office menu in step with packages/domain SCREENS (spec §2 "Menus"; docs/decisions.md
 * "Screens reach existing databases"). Every entry of the table — a group, a screen, a button — has a
 * key (its menu path, or a button's permission key) and is applied to a database at most once:
 * screen_sync remembers the applied keys with the row each one made. So a start after an upgrade adds
 * the screens and buttons the database never had, and nothing else: rows already there are never
 * updated (an administrator's renames, icons, order and visibility stay) and a row an administrator
 * deleted is not re-created.
 */

/** Advisory lock of the seed and the sync: two nodes starting at once apply them one after the other. */
export const MENU_LOCK = 20270101;

export interface ScreenSyncResult {
  /** Keys of the entries inserted now, in table order (empty when the menu was up to date). */
  added: string[];
}

const zh = (key: MessageKey) => translate('zh', key);
const en = (key: MessageKey) => translate('en', key);

/**
 * Applies `screens` (default SCREENS) inside the transaction `tx`, under the advisory lock
 * MENU_LOCK. For each entry whose key is not yet in screen_sync, parents first:
 * - a row that carries the key already (a menu with that path, or a button with that permission under
 *   the screen's row, e.g. made by hand before the release) is adopted as it is;
 * - else a row is inserted under the parent's row (root for a group) with the names of the label key
 *   (zh → name, en → nameEn), icon, sort `order` (buttons: the screen's order + 1, + 2, …), the
 *   screen's page permission or the button's key, and linked to the built-in admin role (which holds
 *   `*` anyway, so that its role screen shows it ticked); other roles get nothing;
 * - an entry whose parent row is gone (deleted by an administrator) is skipped and left unrecorded.
 * Then the key is recorded. Entries already recorded are left alone, their row deleted or not.
 * Throws only what the database throws (the transaction then rolls back whole).
 */
export async function applyScreens(
  tx: Tx,
  screens: readonly ScreenGroupDef[] = SCREENS,
): Promise<ScreenSyncResult> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MENU_LOCK})`);
  const applied = new Map(
    (await tx.select({ key: screenSync.key, menuId: screenSync.menuId }).from(screenSync)).map((r) => [
      r.key,
      r.menuId,
    ]),
  );
  const adminRoles = (
    await tx.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, ADMIN_ROLE))
  ).map((r) => r.id);
  const added: string[] = [];

  /** The row of entry `key` (existing, adopted or new), or null when there is none to hang children on. */
  const place = async (
    key: string,
    parentId: number | null,
    row: Omit<typeof sysMenu.$inferInsert, 'pid'>,
  ): Promise<number | null> => {
    if (applied.has(key)) return applied.get(key) ?? null;
    if (parentId === null) return null;
    const [found] = await tx
      .select({ id: sysMenu.id })
      .from(sysMenu)
      .where(
        row.type === '1'
          ? and(eq(sysMenu.type, '1'), eq(sysMenu.permission, key), eq(sysMenu.pid, parentId))
          : and(eq(sysMenu.type, '0'), eq(sysMenu.path, key)),
      )
      .orderBy(sysMenu.id)
      .limit(1);
    let id = found?.id;
    if (id === undefined) {
      const [inserted] = await tx
        .insert(sysMenu)
        .values({ ...row, pid: parentId })
        .returning({ id: sysMenu.id });
      id = inserted!.id;
      if (adminRoles.length)
        await tx
          .insert(sysRoleMenu)
          .values(adminRoles.map((roleId) => ({ roleId, menuId: id! })))
          .onConflictDoNothing();
      added.push(key);
    }
    await tx.insert(screenSync).values({ key, menuId: id });
    applied.set(key, id);
    return id;
  };

  for (const group of screens) {
    const groupId = await place(group.path, 0, {
      name: zh(group.labelKey),
      nameEn: en(group.labelKey),
      path: group.path,
      icon: group.icon,
      type: '0',
      sort: group.order,
    });
    for (const screen of group.screens) {
      const screenId = await place(screen.path, groupId, {
        name: zh(screen.labelKey),
        nameEn: en(screen.labelKey),
        path: screen.path,
        icon: screen.icon,
        type: '0',
        permission: screen.permissions.list,
        sort: screen.order,
      });
      let sort = screen.order;
      for (const button of screenButtons(screen)) {
        await place(button.permission, screenId, {
          name: zh(button.labelKey),
          nameEn: en(button.labelKey),
          type: '1',
          permission: button.permission,
          keepAlive: '0',
          sort: ++sort,
        });
      }
    }
  }
  return { added };
}

/**
 * The start-up sync (main.ts, after the first-start seed): applyScreens in its own transaction.
 * Idempotent, safe when several nodes start at once; see {@link applyScreens}.
 */
export async function syncScreens(
  db: Db,
  screens: readonly ScreenGroupDef[] = SCREENS,
): Promise<ScreenSyncResult> {
  return db.transaction((tx) => applyScreens(tx, screens));
}
