import { desc } from 'drizzle-orm';
import { sysLoginLog, sysOperLog } from '../../src/db/schema';
import type { TestApp } from '../helpers';

/** Helpers of the monitor tests (operation log, login log, online users). */

/** The operation log is written after the answer is sent: polls until `count` rows match. */
export async function operLogsWhere(
  t: TestApp,
  match: (row: typeof sysOperLog.$inferSelect) => boolean,
  count = 1,
): Promise<(typeof sysOperLog.$inferSelect)[]> {
  let rows: (typeof sysOperLog.$inferSelect)[] = [];
  for (let i = 0; i < 50; i++) {
    rows = (await t.database.db.select().from(sysOperLog).orderBy(desc(sysOperLog.id))).filter(match);
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  return rows;
}

/** Gives any pending operation-log write time to land. */
export const settle = () => new Promise((r) => setTimeout(r, 150));

export async function allOperLogs(t: TestApp) {
  return t.database.db.select().from(sysOperLog).orderBy(desc(sysOperLog.id));
}

export async function loginLogs(t: TestApp) {
  return t.database.db.select().from(sysLoginLog).orderBy(desc(sysLoginLog.id));
}
