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
 * Deflate level of the zip entries (zlib 1, best speed: archiver's own default for zip, written here so
 * that it is a choice; docs/decisions.md "Export compression").
 */
const ZIP_OPTIONS = { zlib: { level: 1 } };

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

/** Column letters of an A1 reference: 0 → 'A', 25 → 'Z', 26 → 'AA'. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

// Matching control characters is the point of the two expressions below.
/* eslint-disable no-control-regex */
/**
 * Characters XML text must escape, and the controls XML 1.0 §2.2 does not allow in a document (dropped,
 * as exceljs's own writer drops them; DEL too, as it does).
 */
const XML_SPECIAL = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const XML_SPECIAL_ALL = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
/* eslint-enable no-control-regex */
const XML_ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const xmlText = (text: string): string =>
  XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL_ALL, (c) => XML_ENTITY[c] ?? '') : text;

/**
 * One data row as SpreadsheetML (ECMA-376 §18.3.1.73 row, §18.3.1.4 c), as exceljs writes an unstyled
 * cell: a text as `t="str"` with its value, a number as a plain value; null, '' and a non-finite number
 * leave the cell out. `refs[i]` is column i's letters. Texts pass escapeCell (formula injection) first.
 */
function rowXml(
  rowNumber: number,
  refs: readonly string[],
  values: readonly (string | number | null)[],
): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value === 'string') {
      if (value !== '')
        xml += `<c r="${refs[i]}${rowNumber}" t="str"><v>${xmlText(escapeCell(value))}</v></c>`;
    } else if (typeof value === 'number' && Number.isFinite(value)) {
      xml += `<c r="${refs[i]}${rowNumber}"><v>${value}</v></c>`;
    }
  }
  return `${xml}</row>`;
}

/** One sheet of a streamed workbook: its name, columns and rows in batches. */
export interface StreamedSheet {
  name: string;
  columns: readonly SheetColumn[];
  batches: AsyncIterable<(string | number | null)[][]> | Iterable<(string | number | null)[][]>;
}

/**
 * One sheet written with exceljs's streaming writer (bounded memory for 100k rows): a bold, frozen
 * header row, then each row of each batch as it comes, every text through escapeCell (formula
 * injection). exceljs writes the workbook (parts, styles, the header row); the data rows are written as
 * SpreadsheetML text straight into the sheet's part (rowXml): building exceljs's row, cell and style
 * objects for every cell cost more than the rest of the export. Before each batch the writer waits until
 * at most SHEET_BACKLOG_BYTES of earlier rows are still to be compressed, so memory stays bounded for a
 * slow download too. A failing source destroys the stream with its error.
 */
export function streamSheet(
  sheetName: string,
  columns: readonly SheetColumn[],
  batches: AsyncIterable<(string | number | null)[][]>,
): Readable {
  return streamWorkbook([{ name: sheetName, columns, batches }]);
}

/**
 * Several sheets, one after the other, each written as {@link streamSheet} writes its one: a workbook
 * whose parts are small tables (the dashboard's statistics: totals, per day, per county …).
 */
export function streamWorkbook(sheets: readonly StreamedSheet[]): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: ZIP_OPTIONS,
  });
  (async () => {
    for (const def of sheets) {
      const sheet = workbook.addWorksheet(def.name, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = def.columns.map((c) => ({ header: c.header, width: c.width }));
      const header = sheet.getRow(1);
      header.font = { bold: true };
      // Committing the header makes exceljs open the part's <sheetData>; the rows follow it as text and
      // sheet.commit() closes it.
      header.commit();
      const refs = def.columns.map((_, i) => columnLetters(i));
      // exceljs's sheet part (a stream of its own, not in its typings): the zip reads it as an entry.
      const part = (sheet as unknown as { stream: { write(text: string): void } }).stream;
      let rowNumber = 2;
      for await (const batch of def.batches) {
        while (sheetBacklog(part) > SHEET_BACKLOG_BYTES && !out.destroyed)
          await new Promise((resolve) => setTimeout(resolve, 2));
        if (out.destroyed) return;
        let xml = '';
        for (const row of batch) xml += rowXml(rowNumber++, refs, row);
        part.write(xml);
      }
      sheet.commit();
    }
    await workbook.commit();
  })().catch((error: Error) => out.destroy(error));
  return out;
}
