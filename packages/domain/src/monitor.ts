import { z } from 'zod';

/**
 * The monitoring answers (spec §7 "Operation log"; the login log, the trail and the online users in
 * the same style): zod schemas, the routes' response schemas, and the types inferred from them that
 * the server's services return and the web's screens read. Times are ISO 8601.
 */

const nullableString = z.string().nullable();
const int = () => z.number().int();

/** An operation-log entry (POST /log/operlog/list, GET /log/operlog/{id}); status 0 success, 1 failure. */
export const operLogSchema = z.object({
  id: int(),
  module: nullableString,
  businessType: nullableString,
  /** The business type in the caller's language. */
  businessTypeLabel: z.string(),
  method: z.string(),
  url: z.string(),
  operatorId: int().nullable(),
  operatorName: nullableString,
  ip: nullableString,
  params: nullableString,
  status: int(),
  errorMsg: nullableString,
  costMs: int(),
  createTime: z.string(),
});
export type OperLog = z.output<typeof operLogSchema>;

/** A login-log entry (POST /log/loginlog/list); kind 'admin' or 'candidate', result 'success' or 'fail'. */
export const loginLogSchema = z.object({
  id: int(),
  userName: z.string(),
  kind: z.string(),
  ip: nullableString,
  userAgent: nullableString,
  result: z.string(),
  msg: nullableString,
  createTime: z.string(),
});
export type LoginLog = z.output<typeof loginLogSchema>;

/** A live back-office session (GET /monitor/online/list); `current` marks the caller's own. */
export const onlineUserSchema = z.object({
  sessionId: int(),
  userId: int(),
  userName: z.string(),
  nickName: z.string(),
  ip: nullableString,
  userAgent: nullableString,
  locked: z.boolean(),
  loginTime: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type OnlineUser = z.output<typeof onlineUserSchema>;

/** A trail entry (POST /log/trail/list): who viewed sealed data or decided an audit; `detail` never a sealed value. */
export const trailEntrySchema = z.object({
  id: int(),
  event: z.string(),
  actorId: int().nullable(),
  actorName: nullableString,
  targetTable: z.string(),
  targetId: int().nullable(),
  provinceCode: nullableString,
  cityCode: nullableString,
  countyCode: nullableString,
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: nullableString,
  createTime: z.string(),
});
export type TrailView = z.output<typeof trailEntrySchema>;

/** DELETE /log/operlog/clean, /log/loginlog/clean; POST /log/errorLog: how many entries. */
export const countSchema = z.object({ count: int() });
