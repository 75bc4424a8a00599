import { Readable } from 'node:stream';
import { and, asc, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  IMPORT_MAX_ROWS,
  IMPORT_STATUS,
  translate,
  type ImportErrorView,
  type ImportIssue,
  type ImportJobView,
  type Lang,
  type MessageKey,
  type MessageParams,
  type Page,
  type RegionScope,
} from '@tegang/domain';
import type { AppContext } from '../context';
import type { Tx } from '../db';
import { importError, importJob } from '../db/schema';
import { escapeCell } from '../documents/cells';
import { page } from '../lib/envelope';
import { offsetOf, type Paging } from '../lib/paging';
import './unzip-end';

/**
 * The one import mechanism (issue 8): every import of the system is an {@link ImportDefinition} run
 * by this engine. Steps: the upload is stored and an `import_job` row queued as a pg-boss job
 * (imports/routes.ts); the job streams the workbook's first sheet with exceljs's streaming reader,
 * maps the header row to the definition's columns (by their zh or en caption or key), parses and
 * checks each row (`parse`, plus duplicates by `uniqueKey`), and hands valid rows to `write` in
 * batches — all inside ONE transaction, which commits only when no row had a problem. Any problem
 * is kept as data (import_error: row, column, value, message key + params) and the transaction rolls
 * back, so an import is written whole or not at all. Progress (share of the file read) is written
 * to the job row outside the transaction for the console's progress bar.
 */
export interface ImportColumn {
  /** Property name of the row in `parse`'s cells. */
  key: string;
  /** Catalogue key of the caption (template header; zh and en captions are both recognised). */
  labelKey: MessageKey;
  /** A required column must be present in the header row (its cells are checked by `parse`). */
  required?: boolean;
  /** Template column width in characters. */
  width?: number;
  /** The example value written in the template's second row. */
  example?: string;
}

/** What a definition learns of the job it runs. */
export interface ImportJobInfo {
  id: number;
  param: string | null;
  adminId: number;
  scope: RegionScope;
  fileName: string;
}

/** Records a problem of the current row: `column` is a column key (or null for the whole row). */
export type ReportIssue = (column: string | null, messageKey: MessageKey, params?: MessageParams) => void;

export interface ImportDefinition<Row, Prep> {
  /** Queue and job kind, e.g. 'planData'. */
  kind: string;
  /** Catalogue key of the template's sheet name. */
  sheetKey: MessageKey;
  columns: readonly ImportColumn[];
  /** Loads what every row needs (dictionaries, regions, the plan) once, inside the transaction. */
  prepare(tx: Tx, job: ImportJobInfo, ctx: AppContext): Promise<Prep>;
  /** One data row's cells (trimmed text, '' when empty) → the row to write, or null after reporting. */
  parse(cells: Readonly<Record<string, string>>, prep: Prep, report: ReportIssue): Row | null;
  /** Rows with the same key are duplicates (the second is reported). */
  uniqueKey?(row: Row): string;
  /** Runs before the first write (e.g. removes the rows an import replaces). */
  begin?(tx: Tx, prep: Prep): Promise<void>;
  /** Writes a batch of valid rows. */
  write(tx: Tx, rows: Row[], prep: Prep): Promise<void>;
}

/** Rows handed to `write` at once. */
export const WRITE_BATCH = 2000;
/** Batches queued for writing before the read waits for the oldest. */
const WRITES_IN_FLIGHT = 3;
/** Problems kept per job (the count goes on; the first ones are what a person fixes first). */
export const MAX_STORED_ISSUES = 5000;
/** The progress is written at most this often. */
const PROGRESS_EVERY_MS = 400;
/** Chunk size of the upload fed to the reader: ~1% of the file (the progress follows the bytes consumed). */
const chunkSize = (bytes: number) => Math.max(256 * 1024, Math.ceil(bytes / 100));

/** A failure of the whole file (not of a row): the job ends 'failed' with this message. */
export class ImportFileError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
  }
}

/** Rolls the transaction back when rows had problems. */
class RowsRejected extends Error {}

/** A cell's value as trimmed text: dates as YYYY-MM-DD, formulas by their result, rich text joined. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    // exceljs reads date cells as UTC midnight of the day shown
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  }
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value as unknown).trim();
}

/** Header text compared loosely: no spaces, no required marker '*', case-insensitive. */
const normalizeHeader = (text: string) => text.replace(/[\s*＊]/g, '').toLowerCase();

/** Header cell → column key, by the caption in zh or en or the key itself. */
function headerIndex(columns: readonly ImportColumn[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const c of columns) {
    for (const name of [translate('zh', c.labelKey), translate('en', c.labelKey), c.key])
      index.set(normalizeHeader(name), c.key);
  }
  return index;
}

/** Rows handed from the reader to the checks at once. */
const READ_BATCH = 1000;

/**
 * The non-empty rows of the workbook's first sheet as [row number, cell texts by column index], in
 * batches: exceljs's streaming reader (styles kept: date cells come as dates) over `data` fed in
 * chunks, `onBytes` following the bytes consumed (the progress). exceljs's errors (a file that is not
 * a workbook) are thrown as they come.
 */
export async function* readRows(
  data: Buffer,
  onBytes: (bytes: number) => void,
): AsyncGenerator<[number, string[]][]> {
  let offset = 0;
  const CHUNK = chunkSize(data.length);
  const input = new Readable({
    read() {
      if (offset >= data.length) return void this.push(null);
      const end = Math.min(offset + CHUNK, data.length);
      this.push(data.subarray(offset, end));
      offset = end;
    },
  });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'emit',
  });
  let rows: [number, string[]][] = [];
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      const texts = new Array<string>(values.length);
      let any = false;
      for (let i = 0; i < values.length; i++) {
        const text = cellText(values[i]);
        texts[i] = text;
        if (text) any = true;
      }
      if (!any) continue;
      rows.push([row.number, texts]);
      if (rows.length >= READ_BATCH) {
        onBytes(offset);
        yield rows;
        rows = [];
      }
    }
    break;
  }
  onBytes(offset);
  if (rows.length) yield rows;
}

interface RunOutcome {
  status: (typeof IMPORT_STATUS)[keyof typeof IMPORT_STATUS];
  total: number;
  imported: number;
  issues: ImportIssue[];
  errorCount: number;
  message: string | null;
}

/**
 * Reads and writes one import job (the pg-boss handler of every import queue). The job row must be
 * queued or running (a retry after a crash starts over: the earlier transaction never committed).
 * Ends with the job 'done', 'rejected' (row problems, nothing written) or 'failed' (unreadable file),
 * and the upload removed. Throws only when the database is unreachable (pg-boss retries then).
 */
export async function runImport<Row, Prep>(
  ctx: AppContext,
  def: ImportDefinition<Row, Prep>,
  jobId: number,
): Promise<void> {
  const [job] = await ctx.db.select().from(importJob).where(eq(importJob.id, jobId));
  if (!job || job.kind !== def.kind) return;
  if (job.status !== IMPORT_STATUS.queued && job.status !== IMPORT_STATUS.running) return;
  await ctx.db.delete(importError).where(eq(importError.jobId, jobId));
  await ctx.db
    .update(importJob)
    .set({ status: IMPORT_STATUS.running, processed: 0, total: 0, imported: 0, errorCount: 0, percent: 0 })
    .where(eq(importJob.id, jobId));

  const data = job.fileKey ? await ctx.storage.get(job.fileKey) : null;
  let outcome: RunOutcome;
  if (!data) {
    outcome = failed('import.fileMissing');
  } else {
    const info: ImportJobInfo = {
      id: job.id,
      param: job.param,
      adminId: job.adminId,
      scope: { provinceCode: job.provinceCode, cityCode: job.cityCode, countyCode: job.countyCode },
      fileName: job.fileName,
    };
    outcome = await readAndWrite(ctx, def, info, data);
  }

  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < outcome.issues.length; i += 500) {
      await tx.insert(importError).values(
        outcome.issues.slice(i, i + 500).map((issue) => ({
          jobId,
          rowNumber: issue.rowNumber,
          column: issue.column,
          value: issue.value?.slice(0, 200) ?? null,
          messageKey: issue.messageKey,
          params: issue.params ?? null,
        })),
      );
    }
    await tx
      .update(importJob)
      .set({
        status: outcome.status,
        total: outcome.total,
        processed: outcome.total,
        imported: outcome.imported,
        errorCount: outcome.errorCount,
        message: outcome.message,
        percent: 100,
        finishTime: ctx.now(),
      })
      .where(eq(importJob.id, jobId));
  });
  if (job.fileKey) await ctx.storage.remove(job.fileKey);
}

function failed(key: MessageKey, params?: MessageParams): RunOutcome {
  return {
    status: IMPORT_STATUS.failed,
    total: 0,
    imported: 0,
    issues: [],
    errorCount: 0,
    message: JSON.stringify({ key, params: params ?? {} }),
  };
}

async function readAndWrite<Row, Prep>(
  ctx: AppContext,
  def: ImportDefinition<Row, Prep>,
  job: ImportJobInfo,
  data: Buffer,
): Promise<RunOutcome> {
  const issues: ImportIssue[] = [];
  let errorCount = 0;
  let total = 0;
  let imported = 0;
  let bytesRead = 0;
  let lastProgress = Date.now();
  const captions = new Map(def.columns.map((c) => [c.key, c.labelKey]));
  /**
   * The progress goes to the job row on another connection without holding up the read (one update
   * in flight at most; awaited before the job's final update so that it never lands after it). A
   * failed progress update is not the import's failure: the transaction reports a lost database.
   */
  let progressing: Promise<unknown> | null = null;
  const progress = () => {
    if (progressing || Date.now() - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = Date.now();
    progressing = ctx.db
      .update(importJob)
      .set({ processed: total, percent: Math.min(99, Math.floor((bytesRead / data.length) * 100)) })
      .where(eq(importJob.id, job.id))
      .catch(() => undefined)
      .finally(() => (progressing = null));
  };
  // The current row, as `report` sees it (one function for every row: nothing allocated per row).
  let rowNumber = 0;
  let rowOk = true;
  let cells: Record<string, string> = {};
  const report: ReportIssue = (column, messageKey, params) => {
    rowOk = false;
    errorCount += 1;
    if (issues.length < MAX_STORED_ISSUES) {
      const labelKey = column ? captions.get(column) : undefined;
      issues.push({
        rowNumber,
        column,
        value: column ? (cells[column] ?? null) : null,
        messageKey,
        params: { ...(labelKey ? { label: translate('zh', labelKey) } : {}), ...params },
      });
    }
  };
  try {
    await ctx.db.transaction(async (tx) => {
      const prep = await def.prepare(tx, job, ctx);
      if (def.begin) await def.begin(tx, prep);
      const index = headerIndex(def.columns);
      /** Cell position (exceljs's 1-based `values` index) and column key of each recognised column. */
      let positions: number[] | null = null;
      const positionKeys: string[] = [];
      const seen = new Map<string, number>();
      let batch: Row[] = [];
      /**
       * Batches are written in order on the transaction's connection while the reading goes on: the
       * read waits only when WRITES_IN_FLIGHT batches are still unwritten (memory stays bounded).
       */
      let writing: Promise<void> = Promise.resolve();
      const pending: Promise<void>[] = [];
      let writeError: unknown = null;
      /** Set when the read stops on an error: batches not yet started are not written. */
      let stopped = false;
      const flush = async (rows: Row[]) => {
        writing = writing.then(async () => {
          if (writeError || stopped) return;
          try {
            await def.write(tx, rows, prep);
            imported += rows.length;
          } catch (error) {
            writeError = error; // thrown by the read loop at the next batch, or after it
          }
        });
        pending.push(writing);
        while (pending.length > WRITES_IN_FLIGHT) await pending.shift();
      };
      try {
        // The non-empty rows of the first sheet, cells as text, in batches (no wrapper object per row).
        for await (const rows of readRows(data, (n) => (bytesRead = n))) {
          for (const [number, texts] of rows) {
            if (!positions) {
              // The first non-empty row is the header.
              positions = [];
              for (let i = 1; i < texts.length; i++) {
                const key = texts[i] ? index.get(normalizeHeader(texts[i]!)) : undefined;
                if (key) {
                  positions.push(i);
                  positionKeys.push(key);
                }
              }
              const missing = def.columns.filter((c) => c.required && !positionKeys.includes(c.key));
              if (missing.length)
                throw new ImportFileError('import.missingColumns', {
                  columns: missing.map((c) => translate('zh', c.labelKey)).join('、'),
                });
              continue;
            }
            cells = {};
            for (const c of def.columns) cells[c.key] = '';
            for (let j = 0; j < positions.length; j++) {
              const text = texts[positions[j]!];
              if (text) cells[positionKeys[j]!] = text;
            }
            total += 1;
            if (total > IMPORT_MAX_ROWS)
              throw new ImportFileError('import.tooManyRows', { max: IMPORT_MAX_ROWS });
            rowNumber = number;
            rowOk = true;
            const row = def.parse(cells, prep, report);
            if (row && rowOk && def.uniqueKey) {
              const key = def.uniqueKey(row);
              const first = seen.get(key);
              if (first !== undefined) report(null, 'import.duplicateRow', { row: first });
              else seen.set(key, rowNumber);
            }
            if (row && rowOk && errorCount === 0) {
              batch.push(row);
              if (batch.length >= WRITE_BATCH) {
                if (writeError) throw writeError;
                const full = batch;
                batch = [];
                await flush(full);
              }
            }
          }
          progress();
        }
      } catch (error) {
        // No statement of this transaction may follow its rollback: the write under way ends first.
        stopped = true;
        await writing;
        throw error;
      }
      await writing;
      if (writeError) throw writeError;
      if (!positions) throw new ImportFileError('import.empty');
      if (errorCount) throw new RowsRejected();
      if (batch.length) {
        await def.write(tx, batch, prep);
        imported += batch.length;
      }
      if (!total) throw new ImportFileError('import.empty');
    });
  } catch (error) {
    if (error instanceof RowsRejected)
      return { status: IMPORT_STATUS.rejected, total, imported: 0, issues, errorCount, message: null };
    if (error instanceof ImportFileError) return { ...failed(error.key, error.params), total };
    if (isUnreadable(error)) return { ...failed('import.unreadable'), total };
    throw error;
  } finally {
    await progressing;
  }
  return { status: IMPORT_STATUS.done, total, imported, issues: [], errorCount: 0, message: null };
}

/** Errors of exceljs/unzip on a file that is not a workbook (or a broken one). */
function isUnreadable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if ('code' in error && typeof (error as { code: unknown }).code === 'string') {
    // database errors carry a five-character SQLSTATE: those are not the file's fault
    return !/^[0-9A-Z]{5}$/.test((error as { code: string }).code);
  }
  return true;
}

/** The job as checkImport answers it, `message` translated into `lang`. */
export function jobView(row: typeof importJob.$inferSelect, lang: Lang): ImportJobView {
  let message: string | null = null;
  if (row.message) {
    try {
      const parsed = JSON.parse(row.message) as { key: MessageKey; params: MessageParams };
      message = translate(lang, parsed.key, parsed.params);
    } catch {
      message = row.message;
    }
  }
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as ImportJobView['status'],
    fileName: row.fileName,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    errorCount: row.errorCount,
    percent: row.percent,
    message,
    createTime: row.createTime.toISOString(),
    finishTime: row.finishTime?.toISOString() ?? null,
  };
}

/** A page of the job's problems in row order, messages in `lang`, column captions by key. */
export async function pageIssues(
  ctx: AppContext,
  def: { columns: readonly ImportColumn[] },
  jobId: number,
  paging: Paging,
  lang: Lang,
): Promise<Page<ImportErrorView>> {
  const captions = new Map(def.columns.map((c) => [c.key, c.labelKey]));
  const where = eq(importError.jobId, jobId);
  const [rows, [n]] = await Promise.all([
    ctx.db
      .select()
      .from(importError)
      .where(where)
      .orderBy(asc(importError.rowNumber), asc(importError.id))
      .limit(paging.size)
      .offset(offsetOf(paging)),
    ctx.db.select({ n: count() }).from(importError).where(and(where)),
  ]);
  return page(
    rows.map((r) => {
      const labelKey = r.column ? captions.get(r.column) : undefined;
      const params = { ...(r.params ?? {}), ...(labelKey ? { label: translate(lang, labelKey) } : {}) };
      return {
        id: r.id,
        rowNumber: r.rowNumber,
        column: labelKey ? translate(lang, labelKey) : r.column,
        value: r.value,
        message: translate(lang, r.messageKey as MessageKey, params),
      };
    }),
    n!.n,
    paging.current,
    paging.size,
  );
}

/**
 * The template workbook of an import: the header row in `lang` (required columns marked '*'), one
 * example row, widths set; returned as a Buffer (a few KB).
 */
export async function templateWorkbook(
  def: { columns: readonly ImportColumn[]; sheetKey: MessageKey },
  lang: Lang,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(lang, def.sheetKey), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = def.columns.map((c) => ({
    header: `${c.required ? '*' : ''}${translate(lang, c.labelKey)}`,
    key: c.key,
    width: c.width ?? 16,
    style: { numFmt: '@' }, // text cells: ID numbers and codes keep their digits
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(def.columns.map((c) => escapeCell(c.example ?? '')));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
