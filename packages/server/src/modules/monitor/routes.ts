import { errorLogRoutes } from './routes-error-log';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUSINESS_TYPES, dateTimeString, optionalString, PERMISSIONS, idNumber } from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { idListSchema, idParamSchema, pagingSchema } from '../../lib/paging';
import {
  businessTypeOptions,
  deleteLoginLogs,
  deleteOperLogs,
  forceLogout,
  getOperLog,
  listOnline,
  pageLoginLogs,
  pageOperLogs,
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

const onlineQuerySchema = z.object({ userName: optionalString(64), ip: optionalString(64) });
const sessionParamSchema = z.object({ sessionId: idNumber() });

/**
 * Operation log, login log and online users (spec §7 "Operation log"): paged searches
 * (POST …/list, not logged themselves), detail, delete and clean; the live back-office sessions and
 * force logout. Every one of them is narrowed to the caller's region (spec §6, docs/decisions.md "Monitoring scope"; how a row is
 * placed in a region: service.ts).
 */
export async function monitorRoutes(base: FastifyInstance) {
  await errorLogRoutes(base);
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const O = PERMISSIONS.operLog;
  const L = PERMISSIONS.loginLog;
  const N = PERMISSIONS.online;

  app.post(
    '/log/operlog/list',
    {
      config: { access: { permission: O.list } },
      schema: {
        tags: ['operlog'],
        summary:
          'Page of the operation log inside the caller’s region (by the operator’s region): module, businessType, operatorName, status, time range',
        body: operLogQuerySchema,
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
          'Deletes operation log entries {idList}, all or nothing: 404 when one is unknown or outside the caller’s region',
        body: idListSchema,
      },
    },
    async (req) => {
      await deleteOperLogs(ctx.db, req.admin!.scope, req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );

  app.delete(
    '/log/operlog/clean',
    {
      config: { access: { permission: O.remove } },
      schema: { tags: ['operlog'], summary: 'Deletes every operation log entry inside the caller’s region' },
    },
    async (req) => {
      await deleteOperLogs(ctx.db, req.admin!.scope, null);
      return ok(req, null, 'common.deleted');
    },
  );

  app.get(
    '/log/operlog/:id',
    {
      config: { access: { permission: O.query } },
      schema: {
        tags: ['operlog'],
        summary: 'One operation log entry; 404 when unknown or outside the caller’s region',
        params: idParamSchema,
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
          'Deletes login log entries {idList}, all or nothing: 404 when one is unknown or outside the caller’s region',
        body: idListSchema,
      },
    },
    async (req) => {
      await deleteLoginLogs(ctx.db, req.admin!.scope, req.body.idList);
      return ok(req, null, 'common.deleted');
    },
  );

  app.delete(
    '/log/loginlog/clean',
    {
      config: { access: { permission: L.remove } },
      schema: { tags: ['loginlog'], summary: 'Deletes every login log entry inside the caller’s region' },
    },
    async (req) => {
      await deleteLoginLogs(ctx.db, req.admin!.scope, null);
      return ok(req, null, 'common.deleted');
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
      },
    },
    async (req) => {
      await forceLogout(ctx.db, req.admin!, req.params.sessionId);
      return ok(req, null, 'online.kicked');
    },
  );
}
