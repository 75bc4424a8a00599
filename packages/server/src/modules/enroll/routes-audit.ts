import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  enrollAuditSchema,
  enrollQuerySchema,
  PERMISSIONS,
  enrollCountSchema,
  codeOptionSchema,
  auditHistoryEntrySchema,
  enrollNeighbourSchema,
  enrollAuditUndoSchema,
  enrollVersionSchema,
  AUDIT_UNDO_SECONDS,
} from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { idParamSchema } from '../../lib/paging';
import { auditEnrolls, auditHistory, auditStatusOptions, pendingNeighbour, undoAudit } from './service-audit';
import { envelopeOf } from '../../lib/fast-response';

/**
 * The audit of applications in the back office (spec §2 "Enrolment records", §6 region scope): a
 * reviewer passes or rejects applications of their region as read (their versions); each decision is
 * written to the trail and to the operation log (plugins/audit.ts) as an edit.
 */
export async function enrollAuditRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  /**
   * POST /candidate/enroll/audit {idList: 1..500 ids, versions: the version read of each id (same
   * order, required), auditStatus: '1' pass | '2' reject, auditReason} (PERMISSIONS.enroll.audit).
   * Answers {count} with msg 'enroll.audit.done'. Errors: 400 field errors (a rejection without a
   * reason: 'enroll.audit.reasonRequired'; reason over 200 characters; versions missing or not one per
   * id: 'enroll.audit.versionsMismatch'), 403 without the key, 404 'enroll.notFound' when any id is not
   * an enrolment in the caller's region, 409 'enroll.audit.changed' naming every record changed since
   * it was read (data.changed [{id, name, version}]) — then nothing changes. Each decision is written
   * to the trail (docs/security.md "Trails").
   */
  app.post(
    '/candidate/enroll/audit',
    {
      config: { access: { permission: PERMISSIONS.enroll.audit }, audit: { businessType: '2' } },
      schema: {
        tags: ['enroll'],
        summary:
          "Audit enrolments {idList, versions (the version read of each), auditStatus '1'|'2', auditReason (required when '2', ≤200)} in the caller’s region, all or none: {count}; 409 naming the records changed since read",
        body: enrollAuditSchema,
        response: { 200: envelopeOf(enrollCountSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        { count: await auditEnrolls(ctx, req.body, { admin: req.admin!, ip: req.ip, lang: req.lang }) },
        'enroll.audit.done',
      ),
  );

  /**
   * POST /candidate/enroll/audit/undo {id, version: the version the pass gave the enrolment}
   * (PERMISSIONS.enroll.audit, the caller's region): takes back the caller's own pass of the last
   * AUDIT_UNDO_SECONDS when nothing changed the enrolment since, putting back its audit status,
   * reason, time and reviewer as they were. Answers {version} (the enrolment's new version) with msg
   * 'enroll.audit.undone'. Errors: 400 field errors (id, version not positive integers), 403 without
   * the key, 404 'enroll.notFound' outside the region, 409 'enroll.audit.undoUnavailable' (not the
   * caller's pass, too late, or the enrolment changed since) — then nothing changes. The undo is
   * written to the trail ('enroll.auditUndone') and to the operation log.
   */
  app.post(
    '/candidate/enroll/audit/undo',
    {
      config: { access: { permission: PERMISSIONS.enroll.audit }, audit: { businessType: '2' } },
      schema: {
        tags: ['enroll'],
        summary: `Take back the caller’s own pass {id, version (as the pass left it)} within ${AUDIT_UNDO_SECONDS} s when nothing changed since: {version}; 409 otherwise`,
        body: enrollAuditUndoSchema,
        response: { 200: envelopeOf(enrollVersionSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        { version: await undoAudit(ctx, req.body, { admin: req.admin!, ip: req.ip, lang: req.lang }) },
        'enroll.audit.undone',
      ),
  );

  /** GET /candidate/enroll/getAuditStatus: the audit status options [{value, label}] in the caller's language. */
  app.get(
    '/candidate/enroll/getAuditStatus',
    {
      config: { access: { admin: true } },
      schema: {
        tags: ['enroll'],
        summary: 'Audit status options [{value, label}] (status.audit.*)',
        response: { 200: envelopeOf(z.array(codeOptionSchema)) },
      },
    },
    async (req) => ok(req, auditStatusOptions(req.lang)),
  );

  /**
   * GET /candidate/enroll/auditHistory/{id} (PERMISSIONS.enroll.query): the decisions on an
   * enrolment of the caller's region, newest first: [{time (ISO), reviewer, decision '1'|'2', reason}],
   * from the trail. 404 'enroll.notFound' outside the region.
   */
  app.get(
    '/candidate/enroll/auditHistory/:id',
    {
      config: { access: { permission: PERMISSIONS.enroll.query } },
      schema: {
        tags: ['enroll'],
        summary: 'Audit history of an enrolment, newest first: [{time, reviewer, decision, reason}]',
        params: idParamSchema,
        response: { 200: envelopeOf(z.array(auditHistoryEntrySchema)) },
      },
    },
    async (req) => ok(req, await auditHistory(ctx.db, req.params.id, req.admin!.scope)),
  );

  /**
   * GET /candidate/enroll/pendingNeighbour?id&direction=next|prev&{the list's filters}
   * (PERMISSIONS.enroll.audit): {id, wrapped} of the pending enrolment after or before `id` in the
   * list those filters give (the audit status filter is replaced by pending), coming round from the
   * other end of the list when none is left that way (`wrapped` true); {id: null, wrapped: false}
   * when no other enrolment of the list is pending. 404 'enroll.notFound' when `id` is outside the
   * caller's region.
   */
  app.get(
    '/candidate/enroll/pendingNeighbour',
    {
      config: { access: { permission: PERMISSIONS.enroll.audit } },
      schema: {
        tags: ['enroll'],
        summary:
          'The pending enrolment after (next) or before (prev) id in the filtered list, coming round from the other end (wrapped), in the caller’s region: {id | null, wrapped}',
        querystring: enrollQuerySchema.extend({
          id: idParamSchema.shape.id,
          direction: z.enum(['next', 'prev']),
        }),
        response: { 200: envelopeOf(enrollNeighbourSchema) },
      },
    },
    async (req) => {
      const { id, direction, ...query } = req.query;
      return ok(req, await pendingNeighbour(ctx.db, req.admin!.scope, query, id, direction));
    },
  );
}
