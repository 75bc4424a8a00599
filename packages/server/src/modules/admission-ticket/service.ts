import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  ADMISSION_TICKET_LABELS,
  AUDIT_STATUS,
  TICKET_CREATE_STATUS,
  TICKET_STATUS,
  TICKET_STATUSES,
  translate,
  type AdmissionTicket,
  type AdmissionTicketQuery,
  type Lang,
  type MessageKey,
  type Page,
  type RegionScope,
  pickExam,
  type TicketlessEnroll,
} from '@tegang/domain';
import type { z } from 'zod';
import type { admissionTicketCreateSchema, admissionTicketUpdateSchema } from '@tegang/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db';
import { admissionTicket, enroll, recruitPlan } from '../../db/schema';
import { page } from '../../lib/envelope';
import { AppError, notFound } from '../../lib/errors';
import { removeFiles } from '../../integrations/storage';
import { ENROLL_FILTER_COLUMNS, enrollFilters } from '../../lib/enroll-filters';
import { prefixPattern } from '../../lib/like';
import { offsetOf, type Paging } from '../../lib/paging';
import { scopeWhere } from '../../lib/scope';
import { isPgError } from '../../lib/pg-error';

/*
 * Admission tickets in the back office (spec §2 "Admission tickets", §7): list, detail, add,
 * edit, delete, distribution. Every read and change is narrowed to the caller's region through the
 * ticket's enrolment (province/city/county codes); outside it a ticket does not exist (404).
 */

/** The columns of a ticket row: the ticket, its enrolment's candidate fields and its plan. */
export const ticketColumns = {
  ticket: admissionTicket,
  planYear: recruitPlan.year,
  planName: recruitPlan.name,
  name: enroll.name,
  idCard: enroll.idCard,
  phone: enroll.phone,
  enrollCounty: enroll.enrollCounty,
  countyCode: enroll.countyCode,
  academicSession: enroll.academicSession,
  subject: enroll.subject,
};
type TicketRow = {
  ticket: typeof admissionTicket.$inferSelect;
  planYear: string;
  planName: string;
  name: string;
  idCard: string;
  phone: string;
  enrollCounty: string;
  countyCode: string;
  academicSession: string;
  subject: string;
};

/** admission_ticket ⋈ enroll ⋈ recruit_plan. */
export function ticketsFrom(db: Db | Tx) {
  return db
    .select(ticketColumns)
    .from(admissionTicket)
    .innerJoin(enroll, eq(enroll.id, admissionTicket.enrollId))
    .innerJoin(recruitPlan, eq(recruitPlan.id, admissionTicket.planId));
}

/** The ticket as the API answers it (AdmissionTicket; codes as stored, the UI shows labels). */
export function toTicket(r: TicketRow): AdmissionTicket {
  const t = r.ticket;
  return {
    id: t.id,
    planId: t.planId,
    planYear: r.planYear,
    planName: r.planName,
    enrollId: t.enrollId,
    name: r.name,
    idCard: r.idCard,
    phone: r.phone,
    enrollCounty: r.enrollCounty,
    countyCode: r.countyCode,
    academicSession: r.academicSession,
    subject: r.subject,
    ...pickExam(t),
    status: t.status,
    ticketCreateStatus: t.ticketCreateStatus,
    ticketFileDownloadNum: t.ticketFileDownloadNum,
    isDownload: t.isDownload,
    createTime: t.createTime.toISOString(),
    updateTime: t.updateTime.toISOString(),
  };
}

/**
 * The conditions of the page's filters (admissionTicketQuerySchema) inside `scope`: the enrolment
 * search (lib/enroll-filters.ts; the plan is the ticket's) and the ticket's own columns.
 */
export function ticketSearch(query: AdmissionTicketQuery, scope: RegionScope): SQL | undefined {
  return and(
    ...enrollFilters(query, scope, { ...ENROLL_FILTER_COLUMNS, planId: admissionTicket.planId }),
    query.admissionNumber ? eq(admissionTicket.admissionNumber, query.admissionNumber) : undefined,
    query.examRoomNumber ? eq(admissionTicket.examRoomNumber, query.examRoomNumber) : undefined,
    query.status ? eq(admissionTicket.status, query.status) : undefined,
    query.ticketCreateStatus ? eq(admissionTicket.ticketCreateStatus, query.ticketCreateStatus) : undefined,
    query.isDownload ? eq(admissionTicket.isDownload, query.isDownload) : undefined,
  );
}

/**
 * GET /candidate/admissionTicket/page: tickets of the filters in the caller's region, ordered by plan,
 * admission number: {records: AdmissionTicket[], total, current, size}.
 */
export async function pageTickets(
  db: Db,
  scope: RegionScope,
  query: AdmissionTicketQuery & Paging,
): Promise<Page<AdmissionTicket>> {
  const where = ticketSearch(query, scope);
  const [rows, [n]] = await Promise.all([
    ticketsFrom(db)
      .where(where)
      .orderBy(desc(admissionTicket.planId), admissionTicket.admissionNumber, admissionTicket.id)
      .limit(query.size)
      .offset(offsetOf(query)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(admissionTicket)
      .innerJoin(enroll, eq(enroll.id, admissionTicket.enrollId))
      .where(where),
  ]);
  return page(rows.map(toTicket), n!.n, query.current, query.size);
}

/** GET /candidate/admissionTicket/{id}: one ticket in `scope`; 404 'ticket.notFound' otherwise. */
export async function ticketDetail(db: Db | Tx, id: number, scope: RegionScope): Promise<AdmissionTicket> {
  const [row] = await ticketsFrom(db).where(and(eq(admissionTicket.id, id), scopeWhere(enroll, scope)));
  if (!row) throw notFound('ticket.notFound');
  return toTicket(row);
}

/** GET …/getAdmissionTicketStatus: [{value: '0'|'1', label}] in `lang`. */
export function ticketStatusOptions(lang: Lang) {
  return TICKET_STATUSES.map((value) => ({
    value,
    label: translate(lang, `status.ticket.${value}` as MessageKey),
  }));
}

/** A 409 naming `field` (data {field, label, message}), for a unique index of the ticket table. */
function taken(lang: Lang, field: 'admissionNumber' | 'seatNumber', key: MessageKey): AppError {
  const label = translate(lang, ADMISSION_TICKET_LABELS[field]!);
  return new AppError(409, key, {}, { errors: [{ field, label, message: translate(lang, key) }] });
}

/** Maps a unique violation of admission_ticket to its 409 (rethrows anything else). */
function uniqueError(err: unknown, lang: Lang): never {
  if (isPgError(err, '23505')) {
    const e = err as { constraint?: string; cause?: { constraint?: string } };
    const constraint = e.constraint ?? e.cause?.constraint ?? '';
    if (constraint.includes('number')) throw taken(lang, 'admissionNumber', 'ticket.admissionNumber.exists');
    if (constraint.includes('seat')) throw taken(lang, 'seatNumber', 'ticket.seat.exists');
    throw new AppError(409, 'ticket.exists');
  }
  throw err;
}

type CreateInput = z.output<typeof admissionTicketCreateSchema>;
type UpdateInput = z.output<typeof admissionTicketUpdateSchema>;

/**
 * POST /candidate/admissionTicket: a ticket for enrolment `enrollId` (its plan's). 404
 * 'enroll.notFound' outside `scope`; 409 'ticket.notPassed' unless the audit passed; 409
 * 'ticket.exists' when it has a ticket; 409 naming admissionNumber / seatNumber when taken in the plan.
 */
export async function createTicket(
  ctx: AppContext,
  input: CreateInput,
  scope: RegionScope,
  lang: Lang,
): Promise<AdmissionTicket> {
  const [e] = await ctx.db
    .select({ id: enroll.id, planId: enroll.planId, auditStatus: enroll.auditStatus })
    .from(enroll)
    .where(and(eq(enroll.id, input.enrollId), scopeWhere(enroll, scope)));
  if (!e) throw new AppError(404, 'enroll.notFound');
  if (e.auditStatus !== AUDIT_STATUS.passed) throw new AppError(409, 'ticket.notPassed');
  const [has] = await ctx.db
    .select({ id: admissionTicket.id })
    .from(admissionTicket)
    .where(eq(admissionTicket.enrollId, e.id));
  if (has) throw new AppError(409, 'ticket.exists');
  let id: number;
  try {
    const [row] = await ctx.db
      .insert(admissionTicket)
      .values({ planId: e.planId, enrollId: e.id, ...pickExam(input) })
      .returning({ id: admissionTicket.id });
    id = row!.id;
  } catch (err) {
    uniqueError(err, lang);
  }
  return ticketDetail(ctx.db, id, scope);
}

/**
 * PUT /candidate/admissionTicket: replaces the exam fields of ticket `id` in `scope` (404 otherwise)
 * and marks its PDF stale (ticketCreateStatus '0'); 409 naming the field on a taken number or seat.
 */
export async function updateTicket(
  ctx: AppContext,
  input: UpdateInput,
  scope: RegionScope,
  lang: Lang,
): Promise<AdmissionTicket> {
  await ticketDetail(ctx.db, input.id, scope);
  try {
    await ctx.db
      .update(admissionTicket)
      .set({ ...pickExam(input), ticketCreateStatus: TICKET_CREATE_STATUS.pending, updateTime: ctx.now() })
      .where(eq(admissionTicket.id, input.id));
  } catch (err) {
    uniqueError(err, lang);
  }
  return ticketDetail(ctx.db, input.id, scope);
}

/** Tickets whose enrolment lies in `scope` (a condition on admission_ticket alone). */
function ticketInScope(db: Db | Tx, scope: RegionScope): SQL | undefined {
  const where = scopeWhere(enroll, scope);
  if (!where) return undefined;
  return inArray(admissionTicket.enrollId, db.select({ id: enroll.id }).from(enroll).where(where));
}

/**
 * DELETE /candidate/admissionTicket/{id} and deleteByIds {idList}: all or nothing in one transaction.
 * 404 'ticket.notFound' when one is missing or outside `scope`; 409 'ticket.distributed' when one is
 * distributed. Stored PDFs are removed after the commit (a rollback loses no file still named); a
 * failed removal is logged and left to the file sweep (docs/security.md "Files follow their rows"),
 * never failing the delete. Returns how many were deleted.
 */
export async function deleteTickets(ctx: AppContext, ids: number[], scope: RegionScope): Promise<number> {
  const unique = [...new Set(ids)];
  const removed = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: admissionTicket.id, status: admissionTicket.status })
      .from(admissionTicket)
      .where(and(inArray(admissionTicket.id, unique), ticketInScope(tx, scope)))
      .for('update');
    if (rows.length !== unique.length) throw notFound('ticket.notFound');
    if (rows.some((r) => r.status === TICKET_STATUS.distributed))
      throw new AppError(409, 'ticket.distributed');
    return tx
      .delete(admissionTicket)
      .where(inArray(admissionTicket.id, unique))
      .returning({ pdfFile: admissionTicket.pdfFile });
  });
  await removeFiles(
    ctx.storage,
    removed.map((r) => r.pdfFile),
  );
  return removed.length;
}

/**
 * distributed / cancelDistributed {idList} (`ids`) or batchDistributed / batchCancelDistributed
 * (`planId`): sets the status of the tickets in `scope` to `status`; tickets outside the scope are
 * left alone. Returns how many tickets changed.
 */
export async function setTicketStatus(
  ctx: AppContext,
  target: { ids: number[] } | { planId: number },
  status: (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS],
  scope: RegionScope,
): Promise<number> {
  const rows = await ctx.db
    .update(admissionTicket)
    .set({ status, updateTime: ctx.now() })
    .where(
      and(
        'ids' in target ? inArray(admissionTicket.id, target.ids) : eq(admissionTicket.planId, target.planId),
        ne(admissionTicket.status, status),
        ticketInScope(ctx.db, scope),
      ),
    )
    .returning({ id: admissionTicket.id });
  return rows.length;
}

/**
 * GET /candidate/admissionTicket/ticketless: up to 20 enrolments of plan `planId` in `scope` whose
 * on-site audit passed and that have no ticket yet, those whose ID number starts with `idCard` when
 * given, by ID number. Adding a ticket thus needs only the ticket's own key, not the enrolment list's.
 */
export async function ticketlessEnrolls(
  db: Db,
  planId: number,
  idCard: string | undefined,
  scope: RegionScope,
): Promise<TicketlessEnroll[]> {
  return db
    .select({
      id: enroll.id,
      name: enroll.name,
      idCard: enroll.idCard,
      enrollCounty: enroll.enrollCounty,
      academicSession: enroll.academicSession,
      subject: enroll.subject,
    })
    .from(enroll)
    .leftJoin(admissionTicket, eq(admissionTicket.enrollId, enroll.id))
    .where(
      and(
        eq(enroll.planId, planId),
        eq(enroll.auditStatus, AUDIT_STATUS.passed),
        sql`${admissionTicket.id} is null`,
        idCard ? sql`${enroll.idCard} like ${prefixPattern(idCard)}` : undefined,
        scopeWhere(enroll, scope),
      ),
    )
    .orderBy(enroll.idCard)
    .limit(20);
}
