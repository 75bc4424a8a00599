import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { Page, RegionScope, TrailView } from '@tegang/domain';
import type { Db, Tx } from '../../db';
import { auditTrail } from '../../db/schema';
import { page } from '../../lib/envelope';
import { containsPattern } from '../../lib/like';
import { offsetOf, type Paging } from '../../lib/paging';
import { scopeWhere } from '../../lib/scope';

/**
 * The append-only trail (docs/security.md "Trails"): audit decisions on enrolments, clear views of
 * sealed values and every removal from the operation and login logs. Rows are only ever inserted —
 * the table's triggers (migration 0004_hardening) refuse UPDATE, DELETE and TRUNCATE — and no route
 * removes them; administrators holding the operation-log list key read them in their region.
 */

/** The events written to the trail. */
export type TrailEvent =
  | 'enroll.audit'
  // A reviewer's pass taken back at once (modules/enroll/service-audit.ts undoAudit).
  | 'enroll.auditUndone'
  | 'physicalExamination.viewed'
  | 'operLog.removed'
  | 'loginLog.removed'
  // A plan's personal data de-identified, candidate accounts removed (docs/security.md "Retention").
  | 'recruitPlan.purged'
  | 'candidateUser.removed';

/** Who caused an entry, and from where. */
export interface TrailActor {
  id: number;
  userName: string;
  ip: string;
}

/** One entry: the event, the row it concerns (table, id, its region codes) and facts (never a sealed value). */
export interface TrailEntry {
  event: TrailEvent;
  targetTable: string;
  targetId?: number | null;
  region?: { provinceCode: string | null; cityCode: string | null; countyCode: string | null };
  detail: Record<string, unknown>;
}

/**
 * Appends entries to the trail on `db` — pass the transaction of the change it records, so the
 * decision and its trail commit together or not at all.
 */
export async function writeTrail(db: Db | Tx, actor: TrailActor, entries: TrailEntry[]): Promise<void> {
  if (!entries.length) return;
  await db.insert(auditTrail).values(
    entries.map((e) => ({
      event: e.event,
      actorId: actor.id,
      actorName: actor.userName.slice(0, 64),
      targetTable: e.targetTable,
      targetId: e.targetId ?? null,
      provinceCode: e.region?.provinceCode || null,
      cityCode: e.region?.cityCode || null,
      countyCode: e.region?.countyCode || null,
      detail: e.detail,
      ip: actor.ip.slice(0, 64),
    })),
  );
}

/** A trail entry as POST /log/trail/list answers it: the domain's `TrailView` (ISO time). */
export type TrailRow = TrailView;

/** The filters of POST /log/trail/list: event (exact), actor name (contains), target id, time range (ISO). */
export interface TrailSearch {
  event?: string;
  actorName?: string;
  targetId?: number;
  beginTime?: string;
  endTime?: string;
}

/**
 * A page of the trail inside the caller's region `scope` (by the region codes of the row each entry
 * concerns; entries without a region only for administrators without one), newest first.
 */
export async function pageTrail(
  db: Db,
  scope: RegionScope,
  search: TrailSearch,
  paging: Paging,
): Promise<Page<TrailRow>> {
  const filters: (SQL | undefined)[] = [scopeWhere(auditTrail, scope)];
  if (search.event) filters.push(eq(auditTrail.event, search.event));
  if (search.actorName) filters.push(ilike(auditTrail.actorName, containsPattern(search.actorName)));
  if (search.targetId) filters.push(eq(auditTrail.targetId, search.targetId));
  if (search.beginTime) filters.push(gte(auditTrail.createTime, new Date(search.beginTime)));
  if (search.endTime) filters.push(lte(auditTrail.createTime, new Date(search.endTime)));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditTrail)
      .where(where)
      .orderBy(desc(auditTrail.id))
      .limit(paging.size)
      .offset(offsetOf(paging)),
    db.select({ n: count() }).from(auditTrail).where(where),
  ]);
  return page(
    rows.map((r) => ({ ...r, createTime: r.createTime.toISOString() })),
    total!.n,
    paging.current,
    paging.size,
  );
}
