import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { escapeCell } from './cells';

/** A column of a streamed sheet: its header (already in the reader's language) and width in characters. */
export interface SheetColumn {
  header: string;
  width: number;
}

/** Uncompressed sheet bytes allowed to wait for the zip's deflate before the next batch is written. */
const SHEET_BACKLOG_BYTES = 4 * 1048576;

/**
 * The bytes a sheet's exceljs stream holds that the zip has not compressed yet: its own buffers (before
 * the zip reads the entry) plus the queue of the deflate it writes into. exceljs writes rows without
 * waiting for either, so a sheet of 100,000 rows otherwise queued most of its XML in memory (RSS +574
 * MB) whenever generating outran compression or the client's download.
 */
function sheetBacklog(stream: unknown): number {
  // The zip's streams are readable-stream 2 (archiver), which has no writableLength getter.
  type Queue = { _writableState?: { length: number }; _readableState?: { length: number } };
  const s = stream as { buffers?: { length: number }[]; pipes?: Queue[] };
  let bytes = 0;
  for (const b of s.buffers ?? []) bytes += b.length;
  for (const p of s.pipes ?? []) bytes += (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0);
  return bytes;
}

/**
 * The style of every data cell, one object for all: exceljs gives each new cell a style object of its
 * own and resolves each object to a style id (serialising it, then looking the text up), a quarter of
 * the export's time; an object it has seen before is answered from its WeakMap.
 */
const PLAIN: Partial<ExcelJS.Style> = Object.freeze({});
const setPlain = (cell: ExcelJS.Cell) => {
  cell.style = PLAIN;
};

/**
 * One sheet written with exceljs's streaming writer (bounded memory for 100k rows): a bold, frozen
 * header row, then each row of each batch as it comes, every cell through escapeCell (formula
 * injection). Before each batch the writer waits until at most SHEET_BACKLOG_BYTES of earlier rows are
 * still to be compressed, so memory stays bounded for a slow download too. A failing source destroys
 * the stream with its error.
 */
export function streamSheet(
  sheetName: string,
  columns: readonly SheetColumn[],
  batches: AsyncIterable<(string | number | null)[][]>,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  (async () => {
    const stream = (sheet as unknown as { stream: unknown }).stream;
    for await (const batch of batches) {
      while (sheetBacklog(stream) > SHEET_BACKLOG_BYTES && !out.destroyed)
        await new Promise((resolve) => setTimeout(resolve, 2));
      if (out.destroyed) return;
      for (const row of batch) {
        const added = sheet.addRow(row.map(escapeCell));
        added.eachCell({ includeEmpty: true }, setPlain);
        added.commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => out.destroy(error));
  return out;
}
