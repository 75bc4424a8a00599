import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  maskIdCard,
  ARRANGEMENT_LABELS,
  ROOM_SIZE_MAX,
  admissionNumberOf,
  AUDIT_STATUS,
  TICKET_CREATE_STATUS,
  TICKET_STATUS,
  translate,
  type ArrangedRoom,
  type ArrangementInput,
  type ArrangementResult,
  type ExamSite,
  type Lang,
  type RegionScope,
  type TicketExamValues,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db';
import { admissionTicket, enroll, recruitPlan, ticketArrangement } from '../../db/schema';
import { badRequest, notFound, ValidationError } from '../../lib/errors';
import { scopeWhere } from '../../lib/scope';

/*
 * Room and seat arrangement of the admission tickets (spec §3 "Admission ticket": room and seat). The domain logic is pure ({@link planArrangement}); the
 * wrappers below load its input from the database and write its output in one transaction.
 */

/** A passed applicant of the plan in the caller's region. */
export interface Applicant {
  enrollId: number;
  name: string;
  idCard: string;
  countyCode: string;
  enrollCounty: string;
  academicSession: string;
  subject: string;
}

/** The exam fields a ticket gets from an arrangement. */
export interface SeatFields extends TicketExamValues {
  siteCode: string;
}

/** A ticket of the plan as the arrangement sees it. */
export interface ExistingTicket extends SeatFields {
  id: number;
  enrollId: number;
  status: string;
  siteCode: string;
  /** The group of its enrolment (null when unknown). */
  academicSession: string | null;
  subject: string | null;
}

/** One ticket to write: `id` of the not-distributed ticket it replaces (null: a new ticket). */
export interface PlannedTicket extends SeatFields {
  enrollId: number;
  id: number | null;
  /** False when an existing ticket already has exactly these fields (nothing to write). */
  changed: boolean;
}

/** What {@link planArrangement} decides. */
export interface ArrangementPlan {
  result: Omit<ArrangementResult, 'saved'>;
  /** Every applicant's ticket except the kept (distributed) ones. */
  tickets: PlannedTicket[];
  /** Not-distributed tickets of applicants who now get no seat (unassigned): to delete. */
  removed: number[];
}

/** The region code as a prefix: trailing '00' pairs dropped ('520100' → '5201', '520000' → '52'). */
export function regionPrefix(regionCode: string): string {
  let p = regionCode;
  while (p.length > 2 && p.endsWith('00')) p = p.slice(0, -2);
  return p;
}

/**
 * The exam site of an enrolled county code: among the sites whose region prefix starts the county
 * code, the one with the longest prefix; ties go to the first listed. Null when none matches.
 */
export function siteOf(countyCode: string, sites: readonly ExamSite[]): ExamSite | null {
  let best: ExamSite | null = null;
  let bestLength = -1;
  for (const site of sites) {
    const prefix = regionPrefix(site.regionCode);
    if (countyCode.startsWith(prefix) && prefix.length > bestLength) {
      best = site;
      bestLength = prefix.length;
    }
  }
  return best;
}

/**
 * The stable shuffle key of an applicant: sha256 of `planId:idCard` (hex). Same plan and ID number,
 * same key; unrelated to the alphabetical order of names or ID numbers.
 */
export function seatKey(planId: number, idCard: string): string {
  return createHash('sha256').update(`${planId}:${idCard}`).digest('hex');
}

const groupKey = (academicSession: string | null, subject: string | null) =>
  `${academicSession ?? ''}\u0000${subject ?? ''}`;
const seatId = (place: string, room: string, seat: string) => `${place}\u0000${room}\u0000${seat}`;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Largest room number that fits the admission number pattern (3 digits; seats: domain ROOM_SIZE_MAX). */
export const ROOM_MAX = 999;

interface Room {
  number: number;
  group: string | null;
  academicSession: string;
  subject: string;
  kept: number;
  /** Seat numbers taken in this room (kept tickets and new ones). */
  taken: Set<number>;
  seats: number;
}

/**
 * The arrangement of `applicants` (the passed enrolments of plan `planId` in the caller's region)
 * over `input.sites` (spec §3 "Admission ticket").
 * - Each applicant goes to the site of {@link siteOf}; applicants under no site are `unassigned`
 *   (ID number masked) and get no ticket (their not-distributed ticket is `removed`).
 * - Kept: every ticket of `existing` that is distributed or not an applicant's (another region,
 *   entered by hand) stays exactly as it is; its seat, room and admission number stay taken.
 * - Inside a site, groups (academicSession, subject) in sorted order; in a group, applicants in the
 *   order of {@link seatKey}. They first fill the free seats (1…roomSize) of the site's rooms that
 *   already hold kept tickets of the same group, then new rooms of `roomSize` seats numbered after the
 *   highest room of the site, one group per room. Room numbers print as '001', seats as '01'.
 * - admission number = admissionNumberOf(year, site.regionCode, site.code, room, seat).
 * Throws a ValidationError on roomSize > ROOM_SIZE_MAX (99) or a repeated site code or name, and AppError 400 when a
 * site would need room 1000.
 */
export function planArrangement(
  input: ArrangementInput,
  year: string,
  applicants: readonly Applicant[],
  existing: readonly ExistingTicket[],
  lang: Lang = 'zh',
): ArrangementPlan {
  // The route's schema refuses it already; the pure function holds the rule for any other caller.
  if (input.roomSize > ROOM_SIZE_MAX) {
    const label = translate(lang, ARRANGEMENT_LABELS.roomSize!);
    throw new ValidationError([
      { field: 'roomSize', label, message: translate(lang, 'arrange.roomSizeMax', { label }) },
    ]);
  }
  const seen = { code: new Set<string>(), name: new Set<string>() };
  input.sites.forEach((site, i) => {
    for (const field of ['code', 'name'] as const) {
      if (seen[field].has(site[field])) {
        const label = translate(lang, ARRANGEMENT_LABELS[field]!);
        throw new ValidationError([
          {
            field: `sites.${i}.${field}`,
            label,
            message: translate(lang, 'ticket.arrange.siteDuplicate', { label, value: site[field] }),
          },
        ]);
      }
      seen[field].add(site[field]);
    }
  });
  const applicantIds = new Set(applicants.map((a) => a.enrollId));
  const ticketOf = new Map(existing.map((t) => [t.enrollId, t]));
  const isKept = (t: ExistingTicket) =>
    t.status === TICKET_STATUS.distributed || !applicantIds.has(t.enrollId);
  const fixed = existing.filter(isKept);
  const takenSeats = new Set(fixed.map((t) => seatId(t.examPlace, t.examRoomNumber, t.seatNumber)));
  const takenNumbers = new Set(fixed.map((t) => t.admissionNumber));
  const keptApplicants = new Set(
    existing
      .filter((t) => t.status === TICKET_STATUS.distributed && applicantIds.has(t.enrollId))
      .map((t) => t.enrollId),
  );

  const unassigned: ArrangementResult['unassigned'] = [];
  const bySite = new Map<string, Applicant[]>();
  for (const a of applicants) {
    if (keptApplicants.has(a.enrollId)) continue;
    const site = siteOf(a.countyCode, input.sites);
    if (!site) {
      unassigned.push({
        enrollId: a.enrollId,
        name: a.name,
        idCard: maskIdCard(a.idCard),
        enrollCounty: a.enrollCounty,
      });
      continue;
    }
    const list = bySite.get(site.code) ?? [];
    list.push(a);
    bySite.set(site.code, list);
  }

  const tickets: PlannedTicket[] = [];
  const rooms: ArrangedRoom[] = [];
  for (const site of input.sites) {
    // The site's rooms holding kept tickets (by site code, or by place name for a ticket by hand).
    const siteRooms = new Map<number, Room>();
    let highest = 0;
    for (const t of fixed) {
      if (!(t.siteCode ? t.siteCode === site.code : t.examPlace === site.name)) continue;
      if (t.examPlace !== site.name || !/^\d{1,3}$/.test(t.examRoomNumber)) continue;
      const number = Number(t.examRoomNumber);
      highest = Math.max(highest, number);
      const g = groupKey(t.academicSession, t.subject);
      const room = siteRooms.get(number) ?? {
        number,
        group: g,
        academicSession: t.academicSession ?? '',
        subject: t.subject ?? '',
        kept: 0,
        taken: new Set<number>(),
        seats: 0,
      };
      if (room.group !== g) room.group = null; // mixed by hand: not filled further
      room.kept += 1;
      room.seats += 1;
      if (/^\d+$/.test(t.seatNumber)) room.taken.add(Number(t.seatNumber));
      siteRooms.set(number, room);
    }
    const groups = new Map<string, Applicant[]>();
    for (const a of bySite.get(site.code) ?? []) {
      const g = groupKey(a.academicSession, a.subject);
      const list = groups.get(g) ?? [];
      list.push(a);
      groups.set(g, list);
    }
    const groupOrder = [...groups.keys()].sort();
    const place = (a: Applicant, room: Room, seat: number) => {
      const roomNumber = pad(room.number, 3);
      const seatNumber = pad(seat, 2);
      const fields: SeatFields = {
        admissionNumber: admissionNumberOf(year, site.regionCode, site.code, room.number, seat),
        examDate: input.examDate,
        examTime: input.examTime,
        examPlace: site.name,
        examAddress: site.address,
        examRoomNumber: roomNumber,
        seatNumber,
        examinationRoomNotice: input.examinationRoomNotice,
        siteCode: site.code,
      };
      const old = ticketOf.get(a.enrollId);
      const changed =
        !old || (Object.keys(fields) as (keyof SeatFields)[]).some((k) => (old[k] ?? null) !== fields[k]);
      tickets.push({ ...fields, enrollId: a.enrollId, id: old?.id ?? null, changed });
      room.taken.add(seat);
      room.seats += 1;
    };
    /** The next free seat of `room` within roomSize (not taken, its admission number free), or 0. */
    const freeSeat = (room: Room) => {
      for (let seat = 1; seat <= input.roomSize; seat++) {
        if (room.taken.has(seat)) continue;
        if (takenSeats.has(seatId(site.name, pad(room.number, 3), pad(seat, 2)))) continue;
        if (takenNumbers.has(admissionNumberOf(year, site.regionCode, site.code, room.number, seat)))
          continue;
        return seat;
      }
      return 0;
    };
    const touched: Room[] = [];
    for (const g of groupOrder) {
      const members = groups
        .get(g)!
        .map((a) => ({ a, key: seatKey(input.planId, a.idCard) }))
        .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : x.a.enrollId - y.a.enrollId))
        .map((x) => x.a);
      let i = 0;
      const keptRooms = [...siteRooms.values()]
        .filter((r) => r.group === g)
        .sort((x, y) => x.number - y.number);
      for (const room of keptRooms) {
        let seat: number;
        while (i < members.length && (seat = freeSeat(room))) place(members[i++]!, room, seat);
      }
      while (i < members.length) {
        highest += 1;
        if (highest > ROOM_MAX) throw badRequest('ticket.arrange.roomDigits');
        const first = members[i]!;
        const room: Room = {
          number: highest,
          group: g,
          academicSession: first.academicSession,
          subject: first.subject,
          kept: 0,
          taken: new Set(),
          seats: 0,
        };
        siteRooms.set(highest, room);
        let seat: number;
        let placed = 0;
        while (i < members.length && (seat = freeSeat(room))) {
          place(members[i++]!, room, seat);
          placed += 1;
        }
        if (!placed) continue; // every seat of this number taken by hand-made tickets: next room
        touched.push(room);
      }
      for (const room of keptRooms) touched.push(room);
    }
    // Rooms of kept tickets with no new applicant are listed too (the whole site's picture).
    for (const room of siteRooms.values()) if (!touched.includes(room) && room.kept) touched.push(room);
    for (const room of touched.sort((x, y) => x.number - y.number))
      rooms.push({
        siteCode: site.code,
        siteName: site.name,
        roomNumber: pad(room.number, 3),
        academicSession: room.academicSession,
        subject: room.subject,
        seats: room.seats,
        kept: room.kept,
      });
  }

  const seated = new Set(tickets.map((t) => t.enrollId));
  const removed = existing.filter((t) => !isKept(t) && !seated.has(t.enrollId)).map((t) => t.id);
  return {
    result: {
      planId: input.planId,
      applicants: applicants.length,
      arranged: tickets.length,
      kept: keptApplicants.size,
      unassigned,
      rooms,
    },
    tickets,
    removed,
  };
}

// ---- Database wrapper -------------------------------------------------------------------------------

/** A planned ticket as the snake_case record json_to_recordset unpacks. */
const snake = (t: PlannedTicket) => ({
  id: t.id,
  admission_number: t.admissionNumber,
  exam_date: t.examDate,
  exam_time: t.examTime,
  exam_place: t.examPlace,
  exam_address: t.examAddress,
  exam_room_number: t.examRoomNumber,
  seat_number: t.seatNumber,
  examination_room_notice: t.examinationRoomNotice,
  site_code: t.siteCode,
});

/** The plan's year (404 when there is no such plan). */
async function planYear(db: Db | Tx, planId: number): Promise<string> {
  const [plan] = await db
    .select({ year: recruitPlan.year })
    .from(recruitPlan)
    .where(eq(recruitPlan.id, planId));
  if (!plan) throw notFound();
  return plan.year;
}

/** Loads the passed applicants of the plan in `scope` and every ticket of the plan. */
async function loadInput(db: Db | Tx, planId: number, scope: RegionScope) {
  const [applicants, existing] = await Promise.all([
    db
      .select({
        enrollId: enroll.id,
        name: enroll.name,
        idCard: enroll.idCard,
        countyCode: enroll.countyCode,
        enrollCounty: enroll.enrollCounty,
        academicSession: enroll.academicSession,
        subject: enroll.subject,
      })
      .from(enroll)
      .where(
        and(
          eq(enroll.planId, planId),
          eq(enroll.auditStatus, AUDIT_STATUS.passed),
          scopeWhere(enroll, scope),
        ),
      )
      .orderBy(enroll.id),
    db
      .select({
        id: admissionTicket.id,
        enrollId: admissionTicket.enrollId,
        status: admissionTicket.status,
        admissionNumber: admissionTicket.admissionNumber,
        examDate: admissionTicket.examDate,
        examTime: admissionTicket.examTime,
        examPlace: admissionTicket.examPlace,
        examAddress: admissionTicket.examAddress,
        examRoomNumber: admissionTicket.examRoomNumber,
        seatNumber: admissionTicket.seatNumber,
        examinationRoomNotice: admissionTicket.examinationRoomNotice,
        siteCode: sql<string>`coalesce(${admissionTicket.siteCode}, '')`,
        academicSession: enroll.academicSession,
        subject: enroll.subject,
      })
      .from(admissionTicket)
      .leftJoin(enroll, eq(enroll.id, admissionTicket.enrollId))
      .where(eq(admissionTicket.planId, planId)),
  ]);
  return { applicants, existing };
}

/**
 * POST /candidate/admissionTicket/arrange/preview: the arrangement of `input` for the caller's
 * region, computed without writing (saved: false). 404 for an unknown plan; 400 as planArrangement.
 */
export async function previewArrangement(
  ctx: AppContext,
  input: ArrangementInput,
  scope: RegionScope,
  lang: Lang,
): Promise<ArrangementResult> {
  const year = await planYear(ctx.db, input.planId);
  const { applicants, existing } = await loadInput(ctx.db, input.planId, scope);
  return { ...planArrangement(input, year, applicants, existing, lang).result, saved: false };
}

/**
 * POST /candidate/admissionTicket/arrange: computes the arrangement as the preview does and writes it
 * in one transaction (serialised per plan by an advisory lock): removed tickets deleted, changed
 * not-distributed tickets moved (first to placeholder seats, then to their new ones, so the unique
 * seat and number indexes never see two tickets on one seat; ticketCreateStatus '0'), new tickets
 * inserted; distributed tickets untouched. The settings are stored in ticket_arrangement. saved: true.
 */
export async function saveArrangement(
  ctx: AppContext,
  input: ArrangementInput,
  scope: RegionScope,
  lang: Lang,
): Promise<ArrangementResult> {
  const { result, pdfFiles } = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ticket-arrangement'), ${input.planId}::int)`);
    const year = await planYear(tx, input.planId);
    const { applicants, existing } = await loadInput(tx, input.planId, scope);
    const plan = planArrangement(input, year, applicants, existing, lang);
    const pdfFiles: string[] = [];
    if (plan.removed.length) {
      const gone = await tx
        .delete(admissionTicket)
        .where(
          and(inArray(admissionTicket.id, plan.removed), eq(admissionTicket.status, TICKET_STATUS.pending)),
        )
        .returning({ pdfFile: admissionTicket.pdfFile });
      for (const g of gone) if (g.pdfFile) pdfFiles.push(g.pdfFile);
    }
    const moved = plan.tickets.filter((t) => t.changed && t.id !== null);
    if (moved.length) {
      const ids = moved.map((t) => t.id!);
      await tx
        .update(admissionTicket)
        .set({
          admissionNumber: sql`'~' || ${admissionTicket.id}::text`,
          examRoomNumber: sql`'~' || ${admissionTicket.id}::text`,
        })
        .where(inArray(admissionTicket.id, ids));
      await tx.execute(sql`
        update admission_ticket t set
          admission_number = u.admission_number, exam_date = u.exam_date::date, exam_time = u.exam_time,
          exam_place = u.exam_place, exam_address = u.exam_address, exam_room_number = u.exam_room_number,
          seat_number = u.seat_number, examination_room_notice = u.examination_room_notice,
          site_code = u.site_code, ticket_create_status = ${TICKET_CREATE_STATUS.pending}, update_time = now()
        from json_to_recordset(${JSON.stringify(moved.map(snake))}::json) as u(id bigint, admission_number text,
          exam_date text, exam_time text, exam_place text, exam_address text, exam_room_number text,
          seat_number text, examination_room_notice text, site_code text)
        where t.id = u.id`);
    }
    const added = plan.tickets.filter((t) => t.id === null);
    for (let i = 0; i < added.length; i += 1000) {
      await tx.insert(admissionTicket).values(
        added.slice(i, i + 1000).map((t) => ({
          planId: input.planId,
          enrollId: t.enrollId,
          admissionNumber: t.admissionNumber,
          examDate: t.examDate,
          examTime: t.examTime,
          examPlace: t.examPlace,
          examAddress: t.examAddress,
          examRoomNumber: t.examRoomNumber,
          seatNumber: t.seatNumber,
          examinationRoomNotice: t.examinationRoomNotice,
          siteCode: t.siteCode,
        })),
      );
    }
    await tx
      .insert(ticketArrangement)
      .values({ planId: input.planId, settings: input as unknown as Record<string, unknown> })
      .onConflictDoUpdate({
        target: ticketArrangement.planId,
        set: { settings: input as unknown as Record<string, unknown>, updateTime: ctx.now() },
      });
    return { result: plan.result, pdfFiles };
  });
  for (const key of pdfFiles) await ctx.storage.remove(key).catch(() => undefined);
  return { ...result, saved: true };
}

/** GET /candidate/admissionTicket/arrange/{planId}: the plan's last saved settings, or null. */
export async function arrangementSettings(db: Db, planId: number): Promise<ArrangementInput | null> {
  const [row] = await db
    .select({ settings: ticketArrangement.settings })
    .from(ticketArrangement)
    .where(eq(ticketArrangement.planId, planId));
  return (row?.settings as unknown as ArrangementInput | undefined) ?? null;
}
