import { errorLogRoutes } from './routes-error-log';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BUSINESS_TYPES,
  codeOptionSchema,
  countSchema,
  dateTimeString,
  loginLogSchema,
  onlineUserSchema,
  operLogSchema,
  optionalString,
  pageOf,
  PERMISSIONS,
  idNumber,
  trailEntrySchema,
} from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { envelopeOf } from '../../lib/fast-response';
import { idListSchema, idParamSchema, pagingSchema } from '../../lib/paging';
import { pageTrail } from './service-trail';
import {
  businessTypeOptions,
  forceLogout,
  getOperLog,
  listOnline,
  pageLoginLogs,
  pageOperLogs,
  removeLogs,
  type LogKind,
} from './service';

const optionalTime = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  dateTimeString().optional(),
);

const operLogQuerySchema = pagingSchema.extend({
  module: optionalString(64),
  businessType: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(BUSINESS_TYPES, { error: 'rule.invalidOption' }).optional(),
  ),
  operatorName: optionalString(64),
  status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(1).optional(),
  ),
  beginTime: optionalTime,
  endTime: optionalTime,
});

const loginLogQuerySchema = pagingSchema.extend({
  userName: optionalString(64),
  ip: optionalString(64),
  kind: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(['admin', 'candidate'], { error: 'rule.invalidOption' }).optional(),
  ),
  result: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(['success', 'fail'], { error: 'rule.invalidOption' }).optional(),
  ),
  beginTime: optionalTime,
  endTime: optionalTime,
});

const trailQuerySchema = pagingSchema.extend({
  event: optionalString(64),
  actorName: optionalString(64),
  targetId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idNumber().optional()),
  beginTime: optionalTime,
  endTime: optionalTime,
});

const onlineQuerySchema = z.object({ userName: optionalString(64), ip: optionalString(64) });
const sessionParamSchema = z.object({ sessionId: idNumber() });
const noData = { 200: envelopeOf(z.null()) };
const counted = { 200: envelopeOf(countSchema) };

/**
 * Operation log, login log and online users (spec §7 "Operation log"): paged searches
 * (POST …/list, not logged themselves), detail, delete and clean past the retention (docs/security.md
 * "Trails"); the read-only trail; the live back-office sessions and force logout. Every one of them is narrowed to the caller's region (spec §6, docs/decisions.md "Monitoring scope"; how a row is
 * placed in a region: service.ts).
 */
export async function monitorRoutes(base: FastifyInstance) {
  await errorLogRoutes(base);
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const O = PERMISSIONS.operLog;
  const L = PERMISSIONS.loginLog;
  const N = PERMISSIONS.online;
  /** The caller as the remover of log entries, with the retention of the configuration. */
  const remover = (req: FastifyRequest) => ({
    admin: req.admin!,
    ip: req.ip,
    now: ctx.now(),
    retentionDays: ctx.config.logRetentionDays,
  });
  /** DELETE …/clean: removes the region's entries past the retention, answers {count}. */
  const clean = async (req: FastifyRequest, kind: LogKind) => {
    const count = await removeLogs(ctx.db, kind, remover(req), null);
    return ok(req, { count }, 'log.retention.cleaned', { count, days: ctx.config.logRetentionDays });
  };

  app.post(
    '/log/operlog/list',
    {
      config: { access: { permission: O.list } },
      schema: {
        tags: ['operlog'],
        summary:
          'Page of the operation log inside the caller’s region (by the operator’s region): module, businessType, operatorName, status, time range',
        body: operLogQuerySchema,
        response: { 200: envelopeOf(pageOf(operLogSchema)) },
      },
    },
    async (req) => {
      const { current, size, ...search } = req.body;
      return ok(req, await pageOperLogs(ctx.db, req.admin!.scope, search, { current, size }, req.lang));
    },
  );

  app.get(
    '/log/operlog/listBusinessType',
    {
      config: { access: { admin: true } },
      schema: {
        tags: ['operlog'],
        summary: "Business type options [{value, label}] in the caller's language",
        response: { 200: envelopeOf(z.array(codeOptionSchema)) },
      },
    },
    async (req) => ok(req, businessTypeOptions(req.lang)),
  );

  app.delete(
    '/log/operlog/deleteByIds',
    {
      config: { access: { permission: O.remove } },
      schema: {
        tags: ['operlog'],
        summary:
          'Deletes operation log entries {idList} older than the retention (LOG_RETENTION_DAYS), all or nothing: 404 when one is unknown or outside the caller’s region, 400 log.retention.tooYoung when one is younger; the removal is written to the trail',
        body: idListSchema,
        response: noData,
      },
    },
    async (req) => {
      await removeLogs(ctx.db, 'operLog', remover(req), req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );

  app.delete(
    '/log/operlog/clean',
    {
      config: { access: { permission: O.remove } },
      schema: {
        tags: ['operlog'],
        summary:
          'Deletes the operation log entries inside the caller’s region older than the retention (LOG_RETENTION_DAYS); younger ones stay. Answers {count}; the removal is written to the trail',
        response: counted,
      },
    },
    async (req) => clean(req, 'operLog'),
  );

  app.get(
    '/log/operlog/:id',
    {
      config: { access: { permission: O.query } },
      schema: {
        tags: ['operlog'],
        summary: 'One operation log entry; 404 when unknown or outside the caller’s region',
        params: idParamSchema,
        response: { 200: envelopeOf(operLogSchema) },
      },
    },
    async (req) => ok(req, await getOperLog(ctx.db, req.admin!.scope, req.params.id, req.lang)),
  );

  app.post(
    '/log/loginlog/list',
    {
      config: { access: { permission: L.list } },
      schema: {
        tags: ['loginlog'],
        summary:
          'Page of the login log inside the caller’s region (admin rows by the user’s region, candidate rows by the regions of the candidate’s enrolments, unknown users only for administrators without a region): userName, ip, kind, result, time range',
        body: loginLogQuerySchema,
        response: { 200: envelopeOf(pageOf(loginLogSchema)) },
      },
    },
    async (req) => {
      const { current, size, ...search } = req.body;
      return ok(req, await pageLoginLogs(ctx.db, req.admin!.scope, search, { current, size }));
    },
  );

  app.delete(
    '/log/loginlog/deleteByIds',
    {
      config: { access: { permission: L.remove } },
      schema: {
        tags: ['loginlog'],
        summary:
          'Deletes login log entries {idList} older than the retention (LOG_RETENTION_DAYS), all or nothing: 404 when one is unknown or outside the caller’s region, 400 log.retention.tooYoung when one is younger; the removal is written to the trail',
        body: idListSchema,
        response: noData,
      },
    },
    async (req) => {
      await removeLogs(ctx.db, 'loginLog', remover(req), req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );

  app.delete(
    '/log/loginlog/clean',
    {
      config: { access: { permission: L.remove } },
      schema: {
        tags: ['loginlog'],
        summary:
          'Deletes the login log entries inside the caller’s region older than the retention (LOG_RETENTION_DAYS); younger ones stay. Answers {count}; the removal is written to the trail',
        response: counted,
      },
    },
    async (req) => clean(req, 'loginLog'),
  );

  app.post(
    '/log/trail/list',
    {
      config: { access: { permission: O.list } },
      schema: {
        tags: ['trail'],
        summary:
          'Page of the append-only trail (audit decisions, clear views of sealed values, log removals) inside the caller’s region (by the region of the row concerned): event, actorName, targetId, time range. Nothing deletes it',
        body: trailQuerySchema,
        response: { 200: envelopeOf(pageOf(trailEntrySchema)) },
      },
    },
    async (req) => {
      const { current, size, ...search } = req.body;
      return ok(req, await pageTrail(ctx.db, req.admin!.scope, search, { current, size }));
    },
  );

  app.get(
    '/monitor/online/list',
    {
      config: { access: { permission: N.list } },
      schema: {
        tags: ['online'],
        summary:
          'Live back-office sessions of the users inside the caller’s region (userName, ip filters); `current` marks the caller',
        querystring: onlineQuerySchema,
        response: { 200: envelopeOf(z.array(onlineUserSchema)) },
      },
    },
    async (req) =>
      ok(req, await listOnline(ctx.db, ctx.now(), req.admin!.scope, req.admin!.sessionId, req.query)),
  );

  app.delete(
    '/monitor/online/:sessionId',
    {
      config: {
        access: { permission: N.forceLogout },
        audit: { module: 'monitor/online', businessType: '0' },
      },
      schema: {
        tags: ['online'],
        summary:
          "Force logout: ends another administrator's session inside the caller's region. 400 for one's own; 404 unknown or beside the region; 403 for a higher-level administrator (wider region) or a holder of all rights (unless the caller holds all rights)",
        params: sessionParamSchema,
        response: noData,
      },
    },
    async (req) => {
      await forceLogout(ctx.db, req.admin!, req.params.sessionId);
      return ok(req, null, 'online.kicked');
    },
  );
}
