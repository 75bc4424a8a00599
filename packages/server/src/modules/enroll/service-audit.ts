import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_STATUS,
  AUDIT_STATUSES,
  AUDIT_UNDO_SECONDS,
  AUDIT_UNDONE,
  translate,
  type EnrollAuditInput,
  type EnrollAuditUndoInput,
  type EnrollQuery,
  type Lang,
  type MessageKey,
  type RegionScope,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { auditTrail, enroll } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { scopeWhere } from '../../lib/scope';
import type { AdminPrincipal } from '../../types';
import { writeTrail } from '../monitor/service-trail';
import { noticeRejections } from '../sms-notice/service';
import { enrollSearch } from './service-admin';

/**
 * The audit of applications (spec §2 "Enrolment records"): a reviewer passes or rejects the
 * applications of their region, each decision bound to the version the reviewer read; the candidate sees the decision, corrects and resubmits a rejected one (service-candidate.ts
 * `editApplication` makes it pending again) and can no longer change a passed one.
 */

/** Who decides, and from where (the trail entry of each decision). */
export interface Auditor {
  admin: AdminPrincipal;
  ip: string;
  lang: Lang;
}

/**
 * POST /candidate/enroll/audit (spec §2 "Enrolment records"): records one decision for every id of
 * `input.idList` in one transaction: auditStatus, auditReason (null when passing), auditTime (now),
 * auditorId, and raises each version. All ids must be enrolments inside the auditor's scope, else 404
 * 'enroll.notFound'; every one must still have the version the reviewer read (`input.versions[i]` for
 * `idList[i]`), else 409 'enroll.audit.changed' naming each changed record ("{name}，第 {version} 版",
 * its current version) with data {changed: [{id, name, version}]} — in both cases nothing changes.
 * Each decision is written to the trail (event 'enroll.audit': version read, decision, reason, and
 * `before`, the audit fields it replaced, which an undo puts back) in the same transaction
 * (docs/security.md "Trails"). Returns how many changed. A passed application may be audited again (a
 * reviewer correcting a mistake) — only candidates are locked out of a passed one.
 */
export async function auditEnrolls(ctx: AppContext, input: EnrollAuditInput, by: Auditor): Promise<number> {
  const ids = [...new Set(input.idList)];
  const decided = await ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: enroll.id,
        name: enroll.name,
        version: enroll.version,
        provinceCode: enroll.provinceCode,
        cityCode: enroll.cityCode,
        countyCode: enroll.countyCode,
        ...AUDIT_FIELDS,
      })
      .from(enroll)
      .where(and(inArray(enroll.id, ids), scopeWhere(enroll, by.admin.scope)))
      .for('update');
    if (found.length !== ids.length) throw new AppError(404, 'enroll.notFound');
    const byId = new Map(found.map((r) => [r.id, r]));
    // In the order of the request; an id listed twice with two versions is stale in one of them.
    const changed = [
      ...new Set(input.idList.filter((id, i) => byId.get(id)!.version !== input.versions[i])),
    ].map((id) => byId.get(id)!);
    if (changed.length) {
      const changes = changed
        .map((r) => translate(by.lang, 'enroll.audit.changedItem', { name: r.name, version: r.version }))
        .join(translate(by.lang, 'enroll.audit.changedSeparator'));
      throw new AppError(
        409,
        'enroll.audit.changed',
        { changes },
        { changed: changed.map((r) => ({ id: r.id, name: r.name, version: r.version })) },
      );
    }
    const passed = input.auditStatus === AUDIT_STATUS.passed;
    const auditReason = passed ? null : (input.auditReason ?? null);
    const updated = await tx
      .update(enroll)
      .set({
        auditStatus: input.auditStatus,
        auditReason,
        auditTime: ctx.now(),
        auditorId: by.admin.id,
        version: sql`${enroll.version} + 1`,
      })
      .where(inArray(enroll.id, ids))
      .returning({ id: enroll.id });
    await writeTrail(
      tx,
      { id: by.admin.id, userName: by.admin.userName, ip: by.ip },
      found.map((r) => ({
        event: 'enroll.audit',
        targetTable: 'enroll',
        targetId: r.id,
        region: r,
        detail: {
          version: r.version,
          decision: input.auditStatus,
          reason: auditReason,
          before: auditFieldsOf(r),
        },
      })),
    );
    return updated.length;
  });
  // The rejected candidates hear of it by SMS when their plan says so (modules/sms-notice).
  if (input.auditStatus === AUDIT_STATUS.rejected) await noticeRejections(ctx, ids, by.admin);
  return decided;
}

/** The audit fields of an enrolment: what a decision sets and an undo puts back. */
const AUDIT_FIELDS = {
  auditStatus: enroll.auditStatus,
  auditReason: enroll.auditReason,
  auditTime: enroll.auditTime,
  auditorId: enroll.auditorId,
};
/** The audit fields as a trail entry keeps them (`before`; the time as ISO text). */
interface AuditFields {
  auditStatus: string;
  auditReason: string | null;
  auditTime: string | null;
  auditorId: number | null;
}
const auditFieldsOf = (r: {
  auditStatus: string;
  auditReason: string | null;
  auditTime: Date | null;
  auditorId: number | null;
}): AuditFields => ({
  auditStatus: r.auditStatus,
  auditReason: r.auditReason,
  auditTime: r.auditTime ? r.auditTime.toISOString() : null,
  auditorId: r.auditorId,
});
/** A trail entry's `before`, or null when the entry carries none (decisions recorded without it). */
function storedAuditFields(value: unknown): AuditFields | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.auditStatus !== 'string') return null;
  return {
    auditStatus: v.auditStatus,
    auditReason: typeof v.auditReason === 'string' ? v.auditReason : null,
    auditTime: typeof v.auditTime === 'string' ? v.auditTime : null,
    auditorId: typeof v.auditorId === 'number' ? v.auditorId : null,
  };
}

/** The trail events of an enrolment's audit history. */
const AUDIT_EVENTS = ['enroll.audit', 'enroll.auditUndone'] as const;

/**
 * POST /candidate/enroll/audit/undo (the reviewer's workbench: 撤销 in the toast after 通过): takes
 * back the caller's own pass of enrolment `input.id`, putting back the audit fields it replaced (the
 * trail entry's `before`: status, reason, time, reviewer) and raising the version once more. Allowed
 * only while nothing else happened since: the enrolment's latest audit entry in the trail is that
 * pass, made by the caller within AUDIT_UNDO_SECONDS of `ctx.now()`, and the enrolment is still at the
 * version the pass gave it (`input.version`, the version read + 1) — a resubmission, another decision
 * or an edit of the phone in between raises the version. Else 409 'enroll.audit.undoUnavailable'
 * (nothing changes); 404 'enroll.notFound' outside the caller's region. Writes the trail entry
 * 'enroll.auditUndone' (version read, the decision taken back, the status restored) in the same
 * transaction. Returns the enrolment's new version.
 */
export async function undoAudit(ctx: AppContext, input: EnrollAuditUndoInput, by: Auditor): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: enroll.id,
        version: enroll.version,
        provinceCode: enroll.provinceCode,
        cityCode: enroll.cityCode,
        countyCode: enroll.countyCode,
      })
      .from(enroll)
      .where(and(eq(enroll.id, input.id), scopeWhere(enroll, by.admin.scope)))
      .for('update');
    if (!row) throw new AppError(404, 'enroll.notFound');
    const [last] = await tx
      .select({
        event: auditTrail.event,
        actorId: auditTrail.actorId,
        detail: auditTrail.detail,
        time: auditTrail.createTime,
      })
      .from(auditTrail)
      .where(
        and(
          inArray(auditTrail.event, [...AUDIT_EVENTS]),
          eq(auditTrail.targetTable, 'enroll'),
          eq(auditTrail.targetId, row.id),
        ),
      )
      .orderBy(desc(auditTrail.id))
      .limit(1);
    const before = storedAuditFields(last?.detail?.before);
    const undoable =
      last !== undefined &&
      before !== null &&
      last.event === 'enroll.audit' &&
      last.actorId === by.admin.id &&
      last.detail?.decision === AUDIT_STATUS.passed &&
      last.detail?.version === row.version - 1 &&
      row.version === input.version &&
      ctx.now().getTime() - last.time.getTime() <= AUDIT_UNDO_SECONDS * 1000;
    if (!undoable) throw new AppError(409, 'enroll.audit.undoUnavailable', { seconds: AUDIT_UNDO_SECONDS });
    const [updated] = await tx
      .update(enroll)
      .set({
        auditStatus: before.auditStatus,
        auditReason: before.auditReason,
        auditTime: before.auditTime ? new Date(before.auditTime) : null,
        auditorId: before.auditorId,
        version: sql`${enroll.version} + 1`,
      })
      .where(eq(enroll.id, row.id))
      .returning({ version: enroll.version });
    await writeTrail(tx, { id: by.admin.id, userName: by.admin.userName, ip: by.ip }, [
      {
        event: 'enroll.auditUndone',
        targetTable: 'enroll',
        targetId: row.id,
        region: row,
        detail: { version: row.version, undone: AUDIT_STATUS.passed, restored: before.auditStatus },
      },
    ]);
    return updated!.version;
  });
}

/** GET /candidate/enroll/getAuditStatus: the audit status options [{value, label}] in `lang`. */
export function auditStatusOptions(lang: Lang): { value: string; label: string }[] {
  return AUDIT_STATUSES.map((value) => ({
    value,
    label: translate(lang, `status.audit.${value}` as MessageKey),
  }));
}

/** One decision of an application's audit history, newest first (read from the append-only trail). */
export interface AuditHistoryEntry {
  /** When it was decided (ISO time). */
  time: string;
  /** The reviewer's user name at the time of the decision. */
  reviewer: string | null;
  /** '1' passed, '2' rejected (AUDIT_STATUS), or AUDIT_UNDONE (a pass taken back). */
  decision: string;
  /** The rejection reason; null for a pass or an undo. */
  reason: string | null;
}

/**
 * GET /candidate/enroll/auditHistory/{id} (spec §2 "Enrolment records", audit): every decision ever
 * made on enrolment `id`, newest first — read from the trail's 'enroll.audit' entries, which
 * auditEnrolls writes in the transaction of each decision, so the history survives the resubmission
 * that clears the current reason — and every pass taken back ('enroll.auditUndone', decision
 * AUDIT_UNDONE). 404 'enroll.notFound' unless the enrolment is in `scope`.
 */
export async function auditHistory(db: Db, id: number, scope: RegionScope): Promise<AuditHistoryEntry[]> {
  const [found] = await db
    .select({ id: enroll.id })
    .from(enroll)
    .where(and(eq(enroll.id, id), scopeWhere(enroll, scope)));
  if (!found) throw new AppError(404, 'enroll.notFound');
  const rows = await db
    .select({
      event: auditTrail.event,
      time: auditTrail.createTime,
      reviewer: auditTrail.actorName,
      detail: auditTrail.detail,
    })
    .from(auditTrail)
    .where(
      and(
        inArray(auditTrail.event, [...AUDIT_EVENTS]),
        eq(auditTrail.targetTable, 'enroll'),
        eq(auditTrail.targetId, id),
      ),
    )
    .orderBy(desc(auditTrail.createTime), desc(auditTrail.id));
  return rows.map((r) =>
    r.event === 'enroll.auditUndone'
      ? { time: r.time.toISOString(), reviewer: r.reviewer, decision: AUDIT_UNDONE, reason: null }
      : {
          time: r.time.toISOString(),
          reviewer: r.reviewer,
          decision: String(r.detail?.decision ?? ''),
          reason: typeof r.detail?.reason === 'string' ? r.detail.reason : null,
        },
  );
}

/**
 * GET /candidate/enroll/pendingNeighbour (the reviewer's workbench): the pending application just
 * after (`direction` 'next') or before ('prev') enrolment `from` in the list of `query` (the list's
 * order: newest first, then id), with the filters of the list screen except the audit status, which
 * is pending; `from` itself need not be pending (it was just decided). Past the end of the list (or
 * its start, going back) the search comes round from the other end (`wrapped` true), so an
 * application still pending earlier in the list is found; `id` is null only when no pending
 * application other than `from` is left in the list. 404 'enroll.notFound' unless `from` is in
 * `scope`.
 */
export async function pendingNeighbour(
  db: Db,
  scope: RegionScope,
  query: EnrollQuery,
  from: number,
  direction: 'next' | 'prev',
): Promise<{ id: number | null; wrapped: boolean }> {
  const [at] = await db
    .select({ id: enroll.id })
    .from(enroll)
    .where(and(eq(enroll.id, from), scopeWhere(enroll, scope)));
  if (!at) throw new AppError(404, 'enroll.notFound');
  const next = direction === 'next';
  // compared in SQL: the stored times have microseconds, a JavaScript Date only milliseconds
  const position = sql`(select e.create_time, e.id from enroll e where e.id = ${from})`;
  const past = next
    ? sql`(${enroll.createTime}, ${enroll.id}) < ${position}`
    : sql`(${enroll.createTime}, ${enroll.id}) > ${position}`;
  const order = next ? desc : asc;
  const pending = enrollSearch({ ...query, auditStatus: AUDIT_STATUS.pending }, scope);
  const first = (where: SQL) =>
    db
      .select({ id: enroll.id })
      .from(enroll)
      .where(and(pending, where))
      .orderBy(order(enroll.createTime), order(enroll.id))
      .limit(1)
      .then(([row]) => row?.id ?? null);
  const ahead = await first(past);
  if (ahead !== null) return { id: ahead, wrapped: false };
  // round from the other end of the list, up to (not including) `from`
  const round = await first(ne(enroll.id, from));
  return { id: round, wrapped: round !== null };
}
