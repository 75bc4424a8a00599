import { and, eq, sql } from 'drizzle-orm';
import {
  AUDIT_STATUS,
  parseIdCard,
  pickExam,
  TICKET_EXAM_COLUMNS,
  TICKET_MAX,
  TICKET_STATUS,
  type RegionScope,
  type TicketExamValues,
} from '@tegang/domain';
import { admissionTicket, enroll, recruitPlan } from '../../db/schema';
import { importDate, planParam, readPlanParam } from '../../imports/cells';
import type { ImportDefinition, ReportIssue } from '../../imports/engine';
import { notFound } from '../../lib/errors';
import { scopeWhere } from '../../lib/scope';

/** One valid row of a ticket import. */
export interface TicketImportRow extends TicketExamValues {
  enrollId: number;
  idCard: string;
}

interface Prep {
  planId: number;
  importId: number;
  scope: RegionScope;
  /** ID number → the plan's enrolment in the importer's region. */
  enrolments: Map<string, { id: number; auditStatus: string }>;
  /** enrolment id → its ticket (any ticket of the plan). */
  tickets: Map<number, { status: string }>;
  /** Admission number → enrolment id holding it (the plan's tickets as stored). */
  numbers: Map<string, number>;
  /** place/room/seat → enrolment id holding it. */
  seats: Map<string, number>;
  /** Seen in this file so far. */
  fileNumbers: Set<string>;
  fileSeats: Set<string>;
}

const seatKey = (place: string, room: string, seat: string) => `${place}\u0000${room}\u0000${seat}`;

/**
 * The job param of POST /candidate/admissionTicket/importExcel/{planId} (imports/cells.ts
 * planParam; 400 'import.planRequired' unless an id).
 */
export function ticketImportParam(param: string | undefined): string {
  return planParam(param);
}

const TEXT_COLUMNS = [
  ['admissionNumber', TICKET_MAX.admissionNumber],
  ['examTime', TICKET_MAX.examTime],
  ['examPlace', TICKET_MAX.examPlace],
  ['examAddress', TICKET_MAX.examAddress],
  ['examRoomNumber', TICKET_MAX.examRoomNumber],
  ['seatNumber', TICKET_MAX.seatNumber],
  ['examinationRoomNotice', TICKET_MAX.examinationRoomNotice],
] as const;

/**
 * Import of admission tickets (spec §7 importExcel/{param}, param = plan id): one row per
 * candidate — ID number, admission number, exam date (YYYY-MM-DD), time, site name and address, room,
 * seat, room notice, all required. A row must match an audit-passed enrolment of the plan in the
 * importer's region; it creates that enrolment's ticket or updates its not-distributed one (a
 * distributed ticket is a row error; an updated ticket's PDF is stale, ticketCreateStatus '0'). The
 * ID number, the admission number and the seat (site, room, seat) may not repeat in the file nor
 * clash with another candidate's ticket of the plan. All rows or none.
 */
export const admissionTicketImport: ImportDefinition<TicketImportRow, Prep> = {
  kind: 'admissionTicket',
  sheetKey: 'import.sheet.admissionTicket',
  columns: [
    {
      key: 'idCard',
      labelKey: 'import.col.idCard',
      required: true,
      width: 22,
      example: '520102199803070016',
    },
    ...TICKET_EXAM_COLUMNS.map((c) => ({ ...c, required: true })),
  ],
  async prepare(tx, job) {
    const { planId } = readPlanParam(job.param);
    const [plan] = await tx
      .select({ id: recruitPlan.id })
      .from(recruitPlan)
      .where(eq(recruitPlan.id, planId));
    if (!plan) throw notFound();
    const [enrolments, tickets] = await Promise.all([
      tx
        .select({ id: enroll.id, idCard: enroll.idCard, auditStatus: enroll.auditStatus })
        .from(enroll)
        .where(and(eq(enroll.planId, planId), scopeWhere(enroll, job.scope))),
      tx
        .select({
          enrollId: admissionTicket.enrollId,
          status: admissionTicket.status,
          admissionNumber: admissionTicket.admissionNumber,
          examPlace: admissionTicket.examPlace,
          examRoomNumber: admissionTicket.examRoomNumber,
          seatNumber: admissionTicket.seatNumber,
        })
        .from(admissionTicket)
        .where(eq(admissionTicket.planId, planId)),
    ]);
    return {
      planId,
      importId: job.id,
      scope: job.scope,
      enrolments: new Map(enrolments.map((e) => [e.idCard, { id: e.id, auditStatus: e.auditStatus }])),
      tickets: new Map(tickets.map((t) => [t.enrollId, { status: t.status }])),
      numbers: new Map(tickets.map((t) => [t.admissionNumber, t.enrollId])),
      seats: new Map(tickets.map((t) => [seatKey(t.examPlace, t.examRoomNumber, t.seatNumber), t.enrollId])),
      fileNumbers: new Set(),
      fileSeats: new Set(),
    };
  },
  parse(cells, prep, report: ReportIssue) {
    let bad = false;
    for (const c of this.columns)
      if (!cells[c.key]) {
        report(c.key, 'import.cell.required');
        bad = true;
      }
    for (const [key, max] of TEXT_COLUMNS)
      if ((cells[key] ?? '').length > max) {
        report(key, 'import.cell.tooLong', { max });
        bad = true;
      }
    const examDate = cells.examDate ? importDate(cells.examDate) : null;
    if (cells.examDate && !examDate) {
      report('examDate', 'import.cell.date');
      bad = true;
    }
    const id = cells.idCard ? parseIdCard(cells.idCard) : null;
    let enrollId = 0;
    if (cells.idCard && !id) {
      report('idCard', 'import.cell.idCard');
      bad = true;
    } else if (id) {
      const e = prep.enrolments.get(id.normalized);
      if (!e) {
        report('idCard', 'import.cell.ticketNoEnroll');
        bad = true;
      } else if (e.auditStatus !== AUDIT_STATUS.passed) {
        report('idCard', 'import.cell.ticketNotPassed');
        bad = true;
      } else if (prep.tickets.get(e.id)?.status === TICKET_STATUS.distributed) {
        report('idCard', 'import.cell.ticketDistributed');
        bad = true;
      } else enrollId = e.id;
    }
    const number = cells.admissionNumber ?? '';
    if (number) {
      const holder = prep.numbers.get(number);
      if (prep.fileNumbers.has(number)) {
        report('admissionNumber', 'import.cell.inFile', { value: number });
        bad = true;
      } else if (holder !== undefined && holder !== enrollId) {
        report('admissionNumber', 'import.cell.ticketTaken', { value: number });
        bad = true;
      }
      prep.fileNumbers.add(number);
    }
    if (cells.examPlace && cells.examRoomNumber && cells.seatNumber) {
      const seat = seatKey(cells.examPlace, cells.examRoomNumber, cells.seatNumber);
      const holder = prep.seats.get(seat);
      const value = `${cells.examPlace} ${cells.examRoomNumber} ${cells.seatNumber}`;
      if (prep.fileSeats.has(seat)) {
        report('seatNumber', 'import.cell.inFile', { value });
        bad = true;
      } else if (holder !== undefined && holder !== enrollId) {
        report('seatNumber', 'import.cell.ticketTaken', { value });
        bad = true;
      }
      prep.fileSeats.add(seat);
    }
    if (bad || !id || !examDate) return null;
    return { ...pickExam(cells), examDate, enrollId, idCard: id.normalized };
  },
  uniqueKey: (r) => r.idCard,
  async write(tx, rows, prep) {
    // A ticket moving to a seat or number another row frees is refused by parse (the stored holder
    // differs), so the unique indexes never see a swap inside the batch.
    await tx
      .insert(admissionTicket)
      .values(
        rows.map((r) => ({
          ...pickExam(r),
          planId: prep.planId,
          enrollId: r.enrollId,
          importId: prep.importId,
        })),
      )
      .onConflictDoUpdate({
        target: admissionTicket.enrollId,
        set: {
          admissionNumber: sql`excluded.admission_number`,
          examDate: sql`excluded.exam_date`,
          examTime: sql`excluded.exam_time`,
          examPlace: sql`excluded.exam_place`,
          examAddress: sql`excluded.exam_address`,
          examRoomNumber: sql`excluded.exam_room_number`,
          seatNumber: sql`excluded.seat_number`,
          examinationRoomNotice: sql`excluded.examination_room_notice`,
          siteCode: null,
          importId: sql`excluded.import_id`,
          ticketCreateStatus: '0',
          updateTime: sql`now()`,
        },
        setWhere: sql`${admissionTicket.status} = ${TICKET_STATUS.pending}`,
      });
  },
};
