import type { Readable } from 'node:stream';
import { and, gt } from 'drizzle-orm';
import {
  admissionTicketQuerySchema,
  formatDateTime,
  PERMISSIONS,
  translate,
  type AdmissionTicketQuery,
  type DownloadLink,
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

/** The export's columns (spec §2 list columns) with their widths. */
export const TICKET_EXPORT_HEADER: [MessageKey, number][] = [
  ['field.planYear', 10],
  ['field.planName', 30],
  ['field.name', 12],
  ['field.idCard', 22],
  ['field.phone', 14],
  ['field.enrollCounty', 14],
  ['field.academicSession', 12],
  ['field.subject', 12],
  ['field.admissionNumber', 20],
  ['field.examDate', 12],
  ['field.examTimeOfDay', 16],
  ['field.examPlace', 20],
  ['field.examAddress', 30],
  ['field.examRoomNumber', 8],
  ['field.seatNumber', 8],
  ['field.examinationRoomNotice', 40],
  ['field.ticketStatus', 10],
  ['field.ticketCreateStatus', 14],
  ['field.ticketFileDownloadNum', 14],
  ['field.isDownload', 12],
  ['field.createTime', 20],
];

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
        t.admissionNumber,
        t.examDate,
        t.examTime,
        t.examPlace,
        t.examAddress,
        t.examRoomNumber,
        t.seatNumber,
        t.examinationRoomNotice,
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
