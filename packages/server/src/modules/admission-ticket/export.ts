import type { Readable } from 'node:stream';
import { and, gt } from 'drizzle-orm';
import {
  admissionTicketQuerySchema,
  formatDateTime,
  PERMISSIONS,
  TICKET_EXAM_COLUMNS,
  translate,
  type AdmissionTicket,
  type AdmissionTicketQuery,
  type DownloadLink,
  type FieldColumn,
  type Lang,
  type MessageKey,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { admissionTicket } from '../../db/schema';
import { streamSheet } from '../../documents/xlsx-stream';
import { loadDicts } from '../../lib/dicts';
import { exportFileName, exportLink, openExport } from '../../lib/exports';
import { ticketSearch, ticketsFrom, toTicket } from './service';
import type { SQL } from 'drizzle-orm';

const KIND = 'admission-ticket-export';
const PATH = '/candidate/admissionTicket/export';

/** POST /candidate/admissionTicket/exportToken: a single-use link (5 min) to the export of `query`. */
export function ticketExportLink(
  ctx: AppContext,
  adminId: number,
  query: AdmissionTicketQuery,
): Promise<DownloadLink> {
  return exportLink(ctx, KIND, PATH, adminId, query);
}

async function* batches(db: Db, where: SQL | undefined) {
  let after = 0;
  for (;;) {
    const rows = await ticketsFrom(db)
      .where(and(where, gt(admissionTicket.id, after)))
      .orderBy(admissionTicket.id)
      .limit(2000);
    if (!rows.length) return;
    after = rows[rows.length - 1]!.ticket.id;
    yield rows.map(toTicket);
  }
}

/** The candidate's columns of the export, before the exam fields. */
const CANDIDATE_COLUMNS = [
  { key: 'planYear', labelKey: 'field.planYear', width: 10 },
  { key: 'planName', labelKey: 'field.planName', width: 30 },
  { key: 'name', labelKey: 'field.name', width: 12 },
  { key: 'idCard', labelKey: 'field.idCard', width: 22 },
  { key: 'phone', labelKey: 'field.phone', width: 14 },
  { key: 'enrollCounty', labelKey: 'field.enrollCounty', width: 14 },
  { key: 'academicSession', labelKey: 'field.academicSession', width: 12 },
  { key: 'subject', labelKey: 'field.subject', width: 12 },
] as const satisfies readonly FieldColumn<keyof AdmissionTicket>[];

/** The ticket's state columns, after the exam fields. */
const STATE_COLUMNS = [
  { key: 'status', labelKey: 'field.ticketStatus', width: 10 },
  { key: 'ticketCreateStatus', labelKey: 'field.ticketCreateStatus', width: 14 },
  { key: 'ticketFileDownloadNum', labelKey: 'field.ticketFileDownloadNum', width: 14 },
  { key: 'isDownload', labelKey: 'field.isDownload', width: 12 },
  { key: 'createTime', labelKey: 'field.createTime', width: 20 },
] as const satisfies readonly FieldColumn<keyof AdmissionTicket>[];

/**
 * The export's columns (spec §2 list columns): the candidate's, the ticket's field table
 * (TICKET_EXAM_COLUMNS, as the import and its template), the ticket's state.
 */
export const TICKET_EXPORT_COLUMNS: readonly FieldColumn<keyof AdmissionTicket>[] = [
  ...CANDIDATE_COLUMNS,
  ...TICKET_EXAM_COLUMNS,
  ...STATE_COLUMNS,
];

/** The export's header: caption key and width of each column. */
export const TICKET_EXPORT_HEADER: [MessageKey, number][] = TICKET_EXPORT_COLUMNS.map((c) => [
  c.labelKey,
  c.width,
]);

/**
 * GET /candidate/admissionTicket/export?token: the tickets of the token's filters inside the holder's
 * current region as a streamed xlsx (every §2 column; learning period, subject and statuses as labels
 * in `lang`). 403 when the holder lost the export right; 400 for a used or expired token.
 */
export async function exportTickets(
  ctx: AppContext,
  token: string,
  lang: Lang,
): Promise<{ stream: Readable; fileName: string }> {
  const { admin, filters } = await openExport(ctx, token, KIND, PERMISSIONS.admissionTicket.export);
  const where = ticketSearch(admissionTicketQuerySchema.parse(filters), admin.scope);
  const dicts = await loadDicts(ctx.db);
  const label = (key: string) => translate(lang, key as MessageKey);
  async function* rows() {
    for await (const batch of batches(ctx.db, where)) {
      yield batch.map((t) => [
        t.planYear,
        t.planName,
        t.name,
        t.idCard,
        t.phone,
        t.enrollCounty,
        dicts.label('recruit_learning_period', t.academicSession, lang),
        dicts.label('recruit_subject', t.subject, lang),
        ...TICKET_EXAM_COLUMNS.map((c) => t[c.key]),
        label(`status.ticket.${t.status}`),
        label(`status.ticketCreate.${t.ticketCreateStatus}`),
        t.ticketFileDownloadNum,
        label(`status.download.${t.isDownload}`),
        formatDateTime(t.createTime),
      ]);
    }
  }
  const columns = TICKET_EXPORT_HEADER.map(([key, width]) => ({ header: translate(lang, key), width }));
  return {
    stream: streamSheet(translate(lang, 'ticket.sheet'), columns, rows()),
    fileName: exportFileName(lang, 'ticket.sheet', ctx.now()),
  };
}
