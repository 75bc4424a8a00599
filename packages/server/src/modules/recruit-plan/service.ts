import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  canChangePlanStatus,
  formatDateTime,
  planArchivable,
  PLAN_RANGES,
  PLAN_STATUS,
  PLAN_STATUSES,
  translate,
  type Lang,
  type Page,
  type PlanOption,
  type PlanStatus,
  type PlanTimeField,
  type RecruitPlan,
  type RecruitPlanInput,
} from '@tegang/domain';
import type { Db, Tx } from '../../db';
import { enroll, recruitPlan } from '../../db/schema';
import { AppError, badRequest, conflict, notFound, ValidationError } from '../../lib/errors';
import { loadDicts } from '../../lib/dicts';
import { page } from '../../lib/envelope';
import { offsetOf, type Paging } from '../../lib/paging';
import { sanitizeRichText } from '../../lib/html';
import { containsPattern } from '../../lib/like';

/**
 * Recruit plans (spec §2 "Recruit plan", §3, §4 "Recruit plan status", §5 "Recruit plan"): the rows,
 * their API shape, and the rules that need the database: only unpublished plans are deleted, at most
 * one plan is open at a time, an open plan with enrolments does not return to unpublished.
 */

/** A handle outside or inside a transaction. */
export type DbOrTx = Db | Tx;
export type RecruitPlanRow = typeof recruitPlan.$inferSelect;

const TIME_FIELDS: PlanTimeField[] = PLAN_RANGES.flatMap(([start, end]) => [start, end]);

/** A plan row as the API answers it: times as ISO 8601 instants, limitBirth as YYYY-MM-DD. */
export function toRecruitPlan(row: RecruitPlanRow): RecruitPlan {
  const times = Object.fromEntries(TIME_FIELDS.map((f) => [f, row[f].toISOString()])) as Record<
    PlanTimeField,
    string
  >;
  return {
    id: row.id,
    name: row.name,
    year: row.year,
    company: row.company,
    limitBirth: row.limitBirth,
    birthLimits: row.birthLimits ?? {},
    status: row.status as PlanStatus,
    smsNotify: row.smsNotify === '1',
    ...times,
    customerServicePhone: row.customerServicePhone,
    serviceCenter: row.serviceCenter,
    retentionYears: row.retentionYears,
    purgeTime: row.purgeTime?.toISOString() ?? null,
    createTime: row.createTime.toISOString(),
    updateTime: row.updateTime.toISOString(),
  };
}

/**
 * The open plan (status '1'), or null. At most one is open (see changePlanStatus). Inside a
 * transaction, `lock: 'share'` keeps the plan from being unpublished or closed until it commits
 * (an enrolment should be written under that lock).
 */
export async function findOpenPlan(
  db: DbOrTx,
  opts: { lock?: 'share' | 'update' } = {},
): Promise<RecruitPlan | null> {
  const query = db
    .select()
    .from(recruitPlan)
    .where(eq(recruitPlan.status, PLAN_STATUS.open))
    .orderBy(asc(recruitPlan.id))
    .limit(1);
  const [row] = await (opts.lock ? query.for(opts.lock) : query);
  return row ? toRecruitPlan(row) : null;
}

/**
 * The closed plan (status '2', archived) that candidate `candidateId` applied to most recently (the
 * latest enrolment window, then the highest id), or null. An archived plan stays the candidate's:
 * their application, form, ticket and results remain readable (spec §4 "Recruit plan status").
 */
export async function findCandidateClosedPlan(db: DbOrTx, candidateId: number): Promise<RecruitPlan | null> {
  const [row] = await db
    .select({ plan: recruitPlan })
    .from(recruitPlan)
    .innerJoin(enroll, eq(enroll.planId, recruitPlan.id))
    .where(and(eq(recruitPlan.status, PLAN_STATUS.closed), eq(enroll.candidateId, candidateId)))
    .orderBy(desc(recruitPlan.enrollEndTime), desc(recruitPlan.id))
    .limit(1);
  return row ? toRecruitPlan(row.plan) : null;
}

/** The plan `id`, or 404. */
export async function getPlan(db: DbOrTx, id: number): Promise<RecruitPlan> {
  const [row] = await db.select().from(recruitPlan).where(eq(recruitPlan.id, id));
  if (!row) throw notFound();
  return toRecruitPlan(row);
}

export interface PlanSearch {
  name?: string;
  year?: string;
  status?: string;
}

/** GET /recruit/recruitPlan/page: name contains (case-insensitive), year and status equal; newest first. */
export async function pagePlans(db: DbOrTx, search: PlanSearch, paging: Paging): Promise<Page<RecruitPlan>> {
  const filters: SQL[] = [];
  if (search.name) filters.push(ilike(recruitPlan.name, containsPattern(search.name)));
  if (search.year) filters.push(eq(recruitPlan.year, search.year));
  if (search.status) filters.push(eq(recruitPlan.status, search.status));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(recruitPlan)
      .where(where)
      .orderBy(desc(recruitPlan.year), desc(recruitPlan.id))
      .limit(paging.size)
      .offset(offsetOf(paging)),
    db.select({ n: count() }).from(recruitPlan).where(where),
  ]);
  return page(rows.map(toRecruitPlan), total!.n, paging.current, paging.size);
}

/** The columns written from a create/update payload (times as Dates; the notes sanitised HTML). */
function columnsOf(input: RecruitPlanInput) {
  const times = Object.fromEntries(TIME_FIELDS.map((f) => [f, new Date(input[f])])) as Record<
    PlanTimeField,
    Date
  >;
  return {
    name: input.name,
    year: input.year,
    company: input.company,
    limitBirth: input.limitBirth,
    birthLimits: input.birthLimits,
    ...times,
    customerServicePhone: input.customerServicePhone ?? null,
    // Shown as HTML on the candidates' service centre page (the demo plan's notes are HTML).
    serviceCenter: input.serviceCenter ? sanitizeRichText(input.serviceCenter) : null,
    retentionYears: input.retentionYears,
  };
}

/**
 * The education codes of a plan's birthLimits must be values of the education dictionary
 * (sys_education): else a 400 on the field `birthLimits` naming the first unknown code
 * ('plan.birthLimits.education'). The shape and dates were checked by recruitPlanFields.
 */
export async function checkBirthLimitCodes(db: Db, input: Pick<RecruitPlanInput, 'birthLimits'>, lang: Lang) {
  const dicts = await loadDicts(db);
  const unknown = Object.keys(input.birthLimits).find((code) => !dicts.has('sys_education', code));
  if (unknown === undefined) return;
  const label = 'field.birthLimits' as const;
  throw new ValidationError([
    {
      field: 'birthLimits',
      label: translate(lang, label),
      message: translate(lang, 'plan.birthLimits.education', { label, education: unknown }),
    },
  ]);
}

/** POST /recruit/recruitPlan: a new plan, unpublished (status 0). Returns its id. */
export async function createPlan(db: DbOrTx, input: RecruitPlanInput): Promise<number> {
  const [row] = await db
    .insert(recruitPlan)
    .values({ ...columnsOf(input), status: PLAN_STATUS.draft })
    .returning({ id: recruitPlan.id });
  return row!.id;
}

/** PUT /recruit/recruitPlan: replaces the plan's fields (not its status); 404 when it does not exist. */
export async function updatePlan(db: DbOrTx, id: number, input: RecruitPlanInput): Promise<number> {
  const [row] = await db
    .update(recruitPlan)
    .set({ ...columnsOf(input), updateTime: sql`now()` })
    .where(eq(recruitPlan.id, id))
    .returning({ id: recruitPlan.id });
  if (!row) throw notFound();
  return row.id;
}

/** True when `err` (or the driver error it wraps) is a PostgreSQL foreign-key violation. */
function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
}

/**
 * DELETE /recruit/recruitPlan/{id} and deleteByIds: all or nothing, in one transaction. Every plan
 * must exist (else 404) and be unpublished (else 400 plan.delete.notDraft); a plan with enrolments
 * is refused (409). Plan data and instructions go with the plan (FK cascade), its comparison rows by
 * the trigger enroll_compare_plan_gone (db/schema.ts enrollCompare).
 */
export async function deletePlans(db: Db, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: recruitPlan.id, status: recruitPlan.status })
      .from(recruitPlan)
      .where(inArray(recruitPlan.id, wanted))
      .orderBy(asc(recruitPlan.id))
      .for('update');
    if (rows.length !== wanted.length) throw notFound();
    if (rows.some((r) => r.status !== PLAN_STATUS.draft)) throw badRequest('plan.delete.notDraft');
    const [used] = await tx.select({ n: count() }).from(enroll).where(inArray(enroll.planId, wanted));
    if (used!.n > 0) throw conflict('plan.delete.inUse');
    try {
      await tx.delete(recruitPlan).where(inArray(recruitPlan.id, wanted));
    } catch (err) {
      // Rows of other areas (tickets, results…) that reference the plan without cascade.
      if (isForeignKeyViolation(err)) throw conflict('plan.delete.inUse');
      throw err;
    }
  });
}

/**
 * POST /recruit/recruitPlan/updateStatus/{id}/{status}. One transaction that first locks every plan
 * row (`select … for update`, in id order), so two concurrent publishes are serialised and the second
 * sees the first: transitions follow PLAN_STATUS_TRANSITIONS (400), at most one plan is open (409
 * plan.status.onePublished), an open plan with enrolments cannot return to unpublished (409), and a
 * plan is closed (archived) only once every stage of its timeline has ended at `now` (planArchivable):
 * else 400 'plan.status.cycleRunning' naming the stage, its end, the last stage's end and the number
 * of enrolments it would hide, with `data` {phase, open, end, archivableFrom, enrolments} (ISO times).
 */
export async function changePlanStatus(
  db: Db,
  id: number,
  to: PlanStatus,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const plans = await tx.select().from(recruitPlan).orderBy(asc(recruitPlan.id)).for('update');
    const row = plans.find((p) => p.id === id);
    if (!row) throw notFound();
    const plan = toRecruitPlan(row);
    if (!canChangePlanStatus(plan.status, to))
      throw badRequest('plan.status.transition', {
        from: `status.plan.${plan.status}`,
        to: `status.plan.${to}`,
      });
    if (to === PLAN_STATUS.open) {
      const open = plans.find((p) => p.status === PLAN_STATUS.open && p.id !== id);
      if (open) throw conflict('plan.status.onePublished', { name: open.name });
    }
    const enrolments = async () =>
      (await tx.select({ n: count() }).from(enroll).where(eq(enroll.planId, id)))[0]!.n;
    if (plan.status === PLAN_STATUS.open && to === PLAN_STATUS.draft && (await enrolments()) > 0)
      throw conflict('plan.status.hasEnrolls');
    if (to === PLAN_STATUS.closed) {
      // 已结束 is archiving: a running cycle's candidates would lose their plan once another opens.
      const refusal = planArchivable(plan, now);
      if (refusal) {
        const n = await enrolments();
        throw new AppError(
          400,
          'plan.status.cycleRunning',
          {
            name: plan.name,
            window: refusal.label,
            end: formatDateTime(refusal.end),
            count: n,
            last: formatDateTime(refusal.archivableFrom),
          },
          {
            phase: refusal.phase,
            open: refusal.open,
            end: refusal.end,
            archivableFrom: refusal.archivableFrom,
            enrolments: n,
          },
        );
      }
    }
    await tx
      .update(recruitPlan)
      .set({ status: to, updateTime: sql`now()` })
      .where(and(eq(recruitPlan.id, id), ne(recruitPlan.status, to)));
  });
}

export interface PlanStatusOption {
  value: PlanStatus;
  label: string;
}

/** GET /recruit/recruitPlan/getRecruitPlanStatus: the status codes with labels in `lang`. */
export function planStatusOptions(lang: Lang): PlanStatusOption[] {
  return PLAN_STATUSES.map((value) => ({ value, label: translate(lang, `status.plan.${value}`) }));
}

/** GET /recruit/recruitPlan/listRecruitPlan: every plan for selects, newest first. */
export async function listPlanOptions(db: DbOrTx): Promise<PlanOption[]> {
  const rows = await db
    .select({
      id: recruitPlan.id,
      name: recruitPlan.name,
      year: recruitPlan.year,
      status: recruitPlan.status,
      smsNotify: recruitPlan.smsNotify,
    })
    .from(recruitPlan)
    .orderBy(desc(recruitPlan.year), desc(recruitPlan.id));
  return rows.map((r) => ({ ...r, status: r.status as PlanStatus, smsNotify: r.smsNotify === '1' }));
}
