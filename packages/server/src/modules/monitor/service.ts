import { and, count, desc, eq, gt, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { BUSINESS_TYPES, translate, type Lang, type Page } from '@tegang/domain';
import type { Db } from '../../db';
import { authSession, sysLoginLog, sysOperLog, sysUser } from '../../db/schema';
import { page } from '../../lib/envelope';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { offsetOf, type Paging } from '../../lib/paging';

/**
 * Operation log, login log and online users (issue 3, RuoYi-style monitor): searches, deletes and
 * the login record that both logins write.
 */

const like = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

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

export type OperLogRow = typeof sysOperLog.$inferSelect;
export interface OperLog extends Omit<OperLogRow, 'createTime'> {
  businessTypeLabel: string;
  createTime: string;
}

const toOperLog = (row: OperLogRow, lang: Lang): OperLog => ({
  ...row,
  businessTypeLabel: translate(lang, `operlog.type.${row.businessType ?? '0'}`),
  createTime: row.createTime.toISOString(),
});

export interface OperLogSearch {
  module?: string;
  businessType?: string;
  operatorName?: string;
  status?: number;
  beginTime?: string;
  endTime?: string;
}

/** A page of the operation log, newest first. */
export async function pageOperLogs(
  db: Db,
  search: OperLogSearch,
  paging: Paging,
  lang: Lang,
): Promise<Page<OperLog>> {
  const filters: SQL[] = timeRange(sysOperLog.createTime, search.beginTime, search.endTime);
  if (search.module) filters.push(ilike(sysOperLog.module, like(search.module)));
  if (search.businessType) filters.push(eq(sysOperLog.businessType, search.businessType));
  if (search.operatorName) filters.push(ilike(sysOperLog.operatorName, like(search.operatorName)));
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

export async function getOperLog(db: Db, id: number, lang: Lang): Promise<OperLog> {
  const [row] = await db.select().from(sysOperLog).where(eq(sysOperLog.id, id));
  if (!row) throw notFound();
  return toOperLog(row, lang);
}

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

export type LoginLogRow = typeof sysLoginLog.$inferSelect;
export interface LoginLog extends Omit<LoginLogRow, 'createTime'> {
  createTime: string;
}
export interface LoginLogSearch {
  userName?: string;
  ip?: string;
  kind?: LoginKind;
  result?: 'success' | 'fail';
  beginTime?: string;
  endTime?: string;
}

/** A page of the login log, newest first. */
export async function pageLoginLogs(db: Db, search: LoginLogSearch, paging: Paging): Promise<Page<LoginLog>> {
  const filters: SQL[] = timeRange(sysLoginLog.createTime, search.beginTime, search.endTime);
  if (search.userName) filters.push(ilike(sysLoginLog.userName, like(search.userName)));
  if (search.ip) filters.push(ilike(sysLoginLog.ip, like(search.ip)));
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

export async function deleteOperLogs(db: Db, ids: number[] | null): Promise<void> {
  await (ids ? db.delete(sysOperLog).where(inArray(sysOperLog.id, ids)) : db.delete(sysOperLog));
}

export async function deleteLoginLogs(db: Db, ids: number[] | null): Promise<void> {
  await (ids ? db.delete(sysLoginLog).where(inArray(sysLoginLog.id, ids)) : db.delete(sysLoginLog));
}

export interface OnlineSession {
  sessionId: number;
  userId: number;
  userName: string;
  nickName: string;
  ip: string | null;
  userAgent: string | null;
  locked: boolean;
  loginTime: string;
  expiresAt: string;
  /** The caller's own session. */
  current: boolean;
}

/** The live back-office sessions, newest login first. */
export async function listOnline(
  db: Db,
  now: Date,
  currentSessionId: number,
  search: { userName?: string; ip?: string },
): Promise<OnlineSession[]> {
  const filters: SQL[] = [eq(authSession.kind, 'admin'), gt(authSession.expiresAt, now)];
  if (search.userName) filters.push(ilike(sysUser.userName, like(search.userName)));
  if (search.ip) filters.push(ilike(authSession.ip, like(search.ip)));
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

/** Ends another administrator's session (force logout); one's own session is refused. */
export async function forceLogout(db: Db, sessionId: number, currentSessionId: number): Promise<void> {
  if (sessionId === currentSessionId) throw badRequest('online.self');
  const removed = await db
    .delete(authSession)
    .where(and(eq(authSession.id, sessionId), eq(authSession.kind, 'admin')))
    .returning({ id: authSession.id });
  if (!removed.length) throw notFound();
}
