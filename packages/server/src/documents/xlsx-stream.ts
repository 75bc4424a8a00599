import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { escapeCell } from './cells';

/** A column of a streamed sheet: its header (already in the reader's language) and width in characters. */
export interface SheetColumn {
  header: string;
  width: number;
}

/**
 * One sheet written with exceljs's streaming writer (bounded memory for 100k rows): a bold, frozen
 * header row, then each row of each batch as it comes, every cell through escapeCell (formula
 * injection). A failing source destroys the stream with its error.
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
    for await (const batch of batches) for (const row of batch) sheet.addRow(row.map(escapeCell)).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => out.destroy(error));
  return out;
}
