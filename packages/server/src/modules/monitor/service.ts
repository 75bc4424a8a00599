import { and, count, desc, eq, gt, gte, ilike, inArray, lt, lte, max, min, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ADMIN_ROLE,
  ALL_PERMISSIONS,
  BUSINESS_TYPES,
  inRegionScope,
  translate,
  type Lang,
  type LoginLog,
  type OnlineUser,
  type OperLog,
  type Page,
  type RegionScope,
} from '@tegang/domain';
import type { Db } from '../../db';
import {
  authSession,
  candidateUser,
  enroll,
  sysLoginLog,
  sysOperLog,
  sysRole,
  sysUser,
  sysUserRole,
} from '../../db/schema';
import { page } from '../../lib/envelope';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { offsetOf, type Paging } from '../../lib/paging';
import { scopeWhere } from '../../lib/scope';
import { revokeCached } from '../../lib/session-cache';
import type { AdminPrincipal } from '../../types';
import { containsPattern } from '../../lib/like';
import { writeTrail } from './service-trail';

/**
 * Operation log, login log and online users (RuoYi-style monitor): searches, removals past the
 * retention (each written to the append-only trail, docs/security.md "Trails") and the login record
 * that both logins write.
 *
 * Region scope (spec §6, docs/decisions.md "Monitoring scope"): every list, detail, delete and clean is narrowed to the caller's
 * region like the other regional lists. A row belongs to the region of the user behind it, resolved by
 * a join at read time (no region columns on the log rows):
 * - an operation-log row to its operator (`operator_id` → sys_user);
 * - an admin login-log row to the back-office user of that user name;
 * - a candidate login-log row to the regions of the candidate's enrolments (by user name or phone,
 *   the two names a candidate logs in with), so a county sees the logins of those who applied there;
 * - a row whose user is unknown (a mistyped name, a deleted user, a candidate without an enrolment)
 *   belongs to no region and is seen only by administrators without a region (scope "all").
 */

/** The ids of the back-office users inside `scope`. */
const usersIn = (db: Db, scope: SQL) => db.select({ id: sysUser.id }).from(sysUser).where(scope);

/** Operation-log rows inside the region `scope` (undefined: all). */
function operLogScope(db: Db, scope: RegionScope): SQL | undefined {
  const users = scopeWhere(sysUser, scope);
  return users ? inArray(sysOperLog.operatorId, usersIn(db, users)) : undefined;
}

/** Login-log rows inside the region `scope` (undefined: all); see the module comment. */
function loginLogScope(db: Db, scope: RegionScope): SQL | undefined {
  const users = scopeWhere(sysUser, scope);
  const enrolments = scopeWhere(enroll, scope);
  if (!users || !enrolments) return undefined;
  const candidates = (column: typeof candidateUser.userName | typeof candidateUser.telephone) =>
    db
      .select({ name: column })
      .from(candidateUser)
      .innerJoin(enroll, eq(enroll.candidateId, candidateUser.id))
      .where(enrolments);
  return or(
    and(
      eq(sysLoginLog.kind, 'admin'),
      inArray(sysLoginLog.userName, db.select({ name: sysUser.userName }).from(sysUser).where(users)),
    ),
    and(
      eq(sysLoginLog.kind, 'candidate'),
      or(
        inArray(sysLoginLog.userName, candidates(candidateUser.userName)),
        inArray(sysLoginLog.userName, candidates(candidateUser.telephone)),
      ),
    ),
  );
}

const allOf = (...filters: (SQL | undefined)[]) => {
  const defined = filters.filter((f): f is SQL => f !== undefined);
  return defined.length ? and(...defined) : undefined;
};

/** Time-range filters on `column` (ISO instants). */
function timeRange(
  column: typeof sysOperLog.createTime | typeof sysLoginLog.createTime,
  begin?: string,
  end?: string,
): SQL[] {
  const filters: SQL[] = [];
  if (begin) filters.push(gte(column, new Date(begin)));
  if (end) filters.push(lte(column, new Date(end)));
  return filters;
}

/** A stored operation-log row; the domain's `OperLog` is its answer shape (ISO time, translated business type). */
export type OperLogRow = typeof sysOperLog.$inferSelect;

const toOperLog = (row: OperLogRow, lang: Lang): OperLog => ({
  ...row,
  businessTypeLabel: translate(lang, `operlog.type.${row.businessType ?? '0'}`),
  createTime: row.createTime.toISOString(),
});

/** The filters of POST /log/operlog/list (contain-matches on module and operator name). */
export interface OperLogSearch {
  module?: string;
  businessType?: string;
  operatorName?: string;
  status?: number;
  beginTime?: string;
  endTime?: string;
}

/** A page of the operation log inside the caller's region `scope`, newest first. */
export async function pageOperLogs(
  db: Db,
  scope: RegionScope,
  search: OperLogSearch,
  paging: Paging,
  lang: Lang,
): Promise<Page<OperLog>> {
  const filters: SQL[] = timeRange(sysOperLog.createTime, search.beginTime, search.endTime);
  const inScope = operLogScope(db, scope);
  if (inScope) filters.push(inScope);
  if (search.module) filters.push(ilike(sysOperLog.module, containsPattern(search.module)));
  if (search.businessType) filters.push(eq(sysOperLog.businessType, search.businessType));
  if (search.operatorName) filters.push(ilike(sysOperLog.operatorName, containsPattern(search.operatorName)));
  if (search.status !== undefined) filters.push(eq(sysOperLog.status, search.status));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysOperLog)
      .where(where)
      .orderBy(desc(sysOperLog.id))
      .limit(paging.size)
      .offset(offsetOf(paging)),
    db.select({ n: count() }).from(sysOperLog).where(where),
  ]);
  return page(
    rows.map((r) => toOperLog(r, lang)),
    total!.n,
    paging.current,
    paging.size,
  );
}

/** One operation-log entry inside the caller's region `scope`; 404 when unknown or outside. */
export async function getOperLog(db: Db, scope: RegionScope, id: number, lang: Lang): Promise<OperLog> {
  const [row] = await db
    .select()
    .from(sysOperLog)
    .where(allOf(eq(sysOperLog.id, id), operLogScope(db, scope)));
  if (!row) throw notFound();
  return toOperLog(row, lang);
}

/** The business type options [{value, label}] in `lang`. */
export const businessTypeOptions = (lang: Lang) =>
  BUSINESS_TYPES.map((value) => ({ value, label: translate(lang, `operlog.type.${value}`) }));

/** Login attempts: 'success' or 'fail', by back-office administrators or candidates. */
export type LoginKind = 'admin' | 'candidate';

/**
 * Records a login attempt in the login log (both logins call it). Never throws: a failed write is
 * logged and the login goes on.
 */
export async function recordLogin(
  db: Db,
  req: FastifyRequest,
  entry: { userName: string; kind: LoginKind; success: boolean; msg: string },
): Promise<void> {
  try {
    await db.insert(sysLoginLog).values({
      userName: entry.userName.slice(0, 64),
      kind: entry.kind,
      ip: req.ip.slice(0, 64),
      userAgent: (req.headers['user-agent'] ?? '').slice(0, 300),
      result: entry.success ? 'success' : 'fail',
      msg: entry.msg.slice(0, 300),
    });
  } catch (err) {
    req.log.error({ err }, 'login log write failed');
  }
}

/** The login-log message of a failed login: the error's message in Chinese. */
export function loginFailureMessage(err: unknown): string {
  return err instanceof AppError ? translate('zh', err.key, err.params) : translate('zh', 'error.unknown');
}

/** A stored login-log row; the domain's `LoginLog` is its answer shape (ISO time). */
export type LoginLogRow = typeof sysLoginLog.$inferSelect;
/** The filters of POST /log/loginlog/list (contain-matches on user name and IP). */
export interface LoginLogSearch {
  userName?: string;
  ip?: string;
  kind?: LoginKind;
  result?: 'success' | 'fail';
  beginTime?: string;
  endTime?: string;
}

/** A page of the login log inside the caller's region `scope`, newest first. */
export async function pageLoginLogs(
  db: Db,
  scope: RegionScope,
  search: LoginLogSearch,
  paging: Paging,
): Promise<Page<LoginLog>> {
  const filters: SQL[] = timeRange(sysLoginLog.createTime, search.beginTime, search.endTime);
  const inScope = loginLogScope(db, scope);
  if (inScope) filters.push(inScope);
  if (search.userName) filters.push(ilike(sysLoginLog.userName, containsPattern(search.userName)));
  if (search.ip) filters.push(ilike(sysLoginLog.ip, containsPattern(search.ip)));
  if (search.kind) filters.push(eq(sysLoginLog.kind, search.kind));
  if (search.result) filters.push(eq(sysLoginLog.result, search.result));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysLoginLog)
      .where(where)
      .orderBy(desc(sysLoginLog.id))
      .limit(paging.size)
      .offset(offsetOf(paging)),
    db.select({ n: count() }).from(sysLoginLog).where(where),
  ]);
  return page(
    rows.map((r) => ({ ...r, createTime: r.createTime.toISOString() })),
    total!.n,
    paging.current,
    paging.size,
  );
}

/** The log tables a log administrator may remove entries from, past the retention. */
const LOGS = {
  operLog: { table: sysOperLog, scope: operLogScope, event: 'operLog.removed' },
  loginLog: { table: sysLoginLog, scope: loginLogScope, event: 'loginLog.removed' },
} as const;
export type LogKind = keyof typeof LOGS;

/** Who removes log entries, when, from where, and the retention (config LOG_RETENTION_DAYS). */
export interface LogRemover {
  admin: AdminPrincipal;
  ip: string;
  now: Date;
  retentionDays: number;
}

/**
 * Removes entries of the operation log or the login log inside the remover's region, only those older
 * than the retention (docs/security.md "Trails": MLPS 2.0 and Cybersecurity Law art. 21 keep network
 * logs at least six months). With `ids`: those entries, all or nothing — 404 when one is unknown or
 * outside the region, 400 'log.retention.tooYoung' {days, count} when one is younger than the
 * retention. With `ids` null (clean): every entry of the region older than the retention; younger
 * ones stay. Each removal is written to the trail in the same transaction (who, how many, the time
 * range of the removed entries). Returns how many were removed.
 */
export async function removeLogs(
  db: Db,
  kind: LogKind,
  by: LogRemover,
  ids: number[] | null,
): Promise<number> {
  const { table, scope, event } = LOGS[kind];
  const cutoff = new Date(by.now.getTime() - by.retentionDays * 86_400_000);
  const inScope = scope(db, by.admin.scope);
  return db.transaction(async (tx) => {
    let removed: { count: number; from: Date | null; to: Date | null };
    if (ids) {
      const wanted = [...new Set(ids)];
      const rows = await tx
        .select({ id: table.id, createTime: table.createTime })
        .from(table)
        .where(allOf(inArray(table.id, wanted), inScope))
        .for('update');
      if (rows.length !== wanted.length) throw notFound();
      const young = rows.filter((r) => r.createTime >= cutoff).length;
      if (young) throw badRequest('log.retention.tooYoung', { days: by.retentionDays, count: young });
      await tx.delete(table).where(inArray(table.id, wanted));
      const times = rows.map((r) => r.createTime.getTime());
      removed = {
        count: rows.length,
        from: new Date(times.reduce((a, b) => Math.min(a, b))),
        to: new Date(times.reduce((a, b) => Math.max(a, b))),
      };
    } else {
      // Only entries past the retention: new ones are never older, so the two statements agree.
      const old = allOf(lt(table.createTime, cutoff), inScope);
      const [stats] = await tx
        .select({ from: min(table.createTime), to: max(table.createTime) })
        .from(table)
        .where(old);
      const gone = await tx.delete(table).where(old);
      removed = { count: gone.rowCount ?? 0, from: stats?.from ?? null, to: stats?.to ?? null };
    }
    if (removed.count) {
      await writeTrail(tx, { id: by.admin.id, userName: by.admin.userName, ip: by.ip }, [
        {
          event,
          targetTable: kind === 'operLog' ? 'sys_oper_log' : 'sys_login_log',
          region: by.admin.scope,
          detail: {
            mode: ids ? 'ids' : 'clean',
            count: removed.count,
            from: removed.from?.toISOString() ?? null,
            to: removed.to?.toISOString() ?? null,
            retentionDays: by.retentionDays,
          },
        },
      ]);
    }
    return removed.count;
  });
}

/** The live back-office sessions of the users inside the caller's region `scope`, newest login first. */
export async function listOnline(
  db: Db,
  now: Date,
  scope: RegionScope,
  currentSessionId: number,
  search: { userName?: string; ip?: string },
): Promise<OnlineUser[]> {
  const filters: SQL[] = [eq(authSession.kind, 'admin'), gt(authSession.expiresAt, now)];
  const inScope = scopeWhere(sysUser, scope);
  if (inScope) filters.push(inScope);
  if (search.userName) filters.push(ilike(sysUser.userName, containsPattern(search.userName)));
  if (search.ip) filters.push(ilike(authSession.ip, containsPattern(search.ip)));
  const rows = await db
    .select({
      sessionId: authSession.id,
      userId: sysUser.id,
      userName: sysUser.userName,
      nickName: sysUser.nickName,
      ip: authSession.ip,
      userAgent: authSession.userAgent,
      locked: authSession.locked,
      loginTime: authSession.createTime,
      expiresAt: authSession.expiresAt,
    })
    .from(authSession)
    .innerJoin(sysUser, eq(sysUser.id, authSession.subjectId))
    .where(and(...filters))
    .orderBy(desc(authSession.id));
  return rows.map((r) => ({
    ...r,
    loginTime: r.loginTime.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    current: r.sessionId === currentSessionId,
  }));
}

/**
 * Ends another administrator's session (force logout). 400 for one's own session; 404 when the
 * session is unknown or its user lies beside the caller's region (a sibling county: not revealed);
 * 403 `online.higherLevel` when its user is of a higher level (a wider region that contains the
 * caller's) or holds all rights (`*`) while the caller does not.
 */
export async function forceLogout(db: Db, admin: AdminPrincipal, sessionId: number): Promise<void> {
  if (sessionId === admin.sessionId) throw badRequest('online.self');
  const [target] = await db
    .select({
      userId: sysUser.id,
      provinceCode: sysUser.provinceCode,
      cityCode: sysUser.cityCode,
      countyCode: sysUser.countyCode,
    })
    .from(authSession)
    .innerJoin(sysUser, eq(sysUser.id, authSession.subjectId))
    .where(and(eq(authSession.id, sessionId), eq(authSession.kind, 'admin')));
  if (!target) throw notFound();
  const targetScope: RegionScope = {
    provinceCode: target.provinceCode || null,
    cityCode: target.cityCode || null,
    countyCode: target.countyCode || null,
  };
  const codes = (r: RegionScope) => ({
    provinceCode: r.provinceCode ?? undefined,
    cityCode: r.cityCode ?? undefined,
    countyCode: r.countyCode ?? undefined,
  });
  if (!inRegionScope(admin.scope, codes(targetScope))) {
    if (inRegionScope(targetScope, codes(admin.scope))) throw new AppError(403, 'online.higherLevel');
    throw notFound();
  }
  if (!admin.permissions.includes(ALL_PERMISSIONS)) {
    const [star] = await db
      .select({ id: sysRole.id })
      .from(sysUserRole)
      .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
      .where(and(eq(sysUserRole.userId, target.userId), eq(sysRole.code, ADMIN_ROLE)))
      .limit(1);
    if (star) throw new AppError(403, 'online.higherLevel');
  }
  const removed = await db
    .delete(authSession)
    .where(and(eq(authSession.id, sessionId), eq(authSession.kind, 'admin')))
    .returning({ id: authSession.id });
  if (!removed.length) throw notFound();
  await revokeCached(db, { sessionIds: [sessionId] });
}
