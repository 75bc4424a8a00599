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

/** A time past the log retention (LOG_RETENTION_DAYS, default 180 days): 200 days ago. */
export const pastRetention = () => new Date(Date.now() - 200 * 86_400_000);

/**
 * Ages every operation- and login-log entry past the retention, so that a log administrator may
 * remove them (docs/security.md "Trails"); `settle()` first when an entry may still be on its way.
 */
export async function ageLogs(t: TestApp): Promise<void> {
  const at = pastRetention();
  await t.database.db.update(sysOperLog).set({ createTime: at });
  await t.database.db.update(sysLoginLog).set({ createTime: at });
}
