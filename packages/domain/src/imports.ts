import { z } from 'zod';
import type { MessageKey, MessageParams } from './i18n';
import { jobProgressSchema } from './jobs';

/**
 * The one import mechanism (spec §7 importExcel): an uploaded workbook is read as a background job
 * (./jobs.ts); every bad cell becomes a row of the import-error page; the rows are written in one
 * transaction, or none.
 */

/** Largest workbook accepted for an import, in bytes. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Most data rows an import reads (beyond: the job fails with 'import.tooManyRows'). */
export const IMPORT_MAX_ROWS = 200_000;

/*
 * Hard caps of the streaming read (docs/security.md "Hostile files"): the upload limit bounds only
 * the compressed size, and deflate packs 300 MB of one letter into 300 KB. Each cap, when crossed,
 * fails the whole file with its own message naming the limit; nothing is written.
 */
/** Most bytes all zip entries of one workbook may inflate to ('import.unzippedTooLarge'). */
export const IMPORT_MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
/** Longest cell text in characters: Excel's own limit ('import.cellTooLong'). */
export const IMPORT_MAX_CELL_CHARS = 32_767;
/**
 * Longest run of XML bytes without a '<' (a text node or a tag): a cell of IMPORT_MAX_CELL_CHARS
 * characters written as entities ('&amp;' … '&#65535;') stays below it ('import.cellTooLong').
 */
export const IMPORT_MAX_XML_RUN_BYTES = IMPORT_MAX_CELL_CHARS * 8;
/**
 * Most characters of one row, all cells together ('import.rowTooLong'): a row of 16,384 cells that
 * all name one long shared string is small in the file and huge once each cell is a string.
 */
export const IMPORT_MAX_ROW_CHARS = 1_000_000;
/** Most characters of all cells of the sheet together ('import.unzippedTooLarge', as the bytes). */
export const IMPORT_MAX_SHEET_CHARS = IMPORT_MAX_UNZIPPED_BYTES;
/** Most entries of the shared-strings table ('import.sharedStringsTooMany'). */
export const IMPORT_MAX_SHARED_STRINGS = 1_000_000;
/** Most inflated bytes of the shared-strings table ('import.sharedStringsTooLarge'). */
export const IMPORT_MAX_SHARED_STRINGS_BYTES = 64 * 1024 * 1024;
/** Characters of a cell value an import problem keeps (then '…'): in `value` and in every param. */
export const IMPORT_ISSUE_VALUE_CHARS = 64;
/**
 * Seconds the import waits for the read worker's next batch: a read that makes no progress this long
 * (a file crafted to stall the parser) is ended, so one file cannot hold a node's import queue.
 */
export const IMPORT_READ_IDLE_SECONDS = 120;

/**
 * One field of an area's field table (one list per area, from which its import columns, its export
 * header and its template come): the property, the catalogue key of its caption (zh and en), the
 * column width in characters, and the example value of the import template.
 */
export interface FieldColumn<Key extends string = string> {
  key: Key;
  labelKey: MessageKey;
  width: number;
  example?: string;
}

/** GET …/checkImport/{id}: the job's state, for the progress bar. */
export const importJobViewSchema = jobProgressSchema.extend({
  id: z.number().int(),
  kind: z.string(),
  fileName: z.string(),
  /** Data rows found so far (final once reading ends). */
  total: z.number().int(),
  /** Rows read and checked, then rows written: the progress bar is processed / total. */
  processed: z.number().int(),
  imported: z.number().int(),
  errorCount: z.number().int(),
  /** 0–100: the share of the file read while running, 100 once finished. */
  percent: z.number(),
  /**
   * A catalogue message in the caller's language: why a failed job failed, or the note of a done
   * import (rows to look at again, ImportDefinition `note`); else null.
   */
  message: z.string().nullable(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
});
export type ImportJobView = z.output<typeof importJobViewSchema>;

/** One row of GET …/pageImportError: a bad cell (or row) and why, in the caller's language. */
export const importErrorViewSchema = z.object({
  id: z.number().int(),
  rowNumber: z.number().int(),
  /** The column's header as in the template, or null for a whole-row problem. */
  column: z.string().nullable(),
  value: z.string().nullable(),
  message: z.string(),
});
export type ImportErrorView = z.output<typeof importErrorViewSchema>;

/** POST …/importExcel: the queued import job, for checkImport/{id}. */
export const importQueuedSchema = z.object({ id: z.number().int() });

/** A row problem as the server keeps it: a catalogue key and its params, never HTML. */
export interface ImportIssue {
  rowNumber: number;
  column: string | null;
  value: string | null;
  messageKey: MessageKey;
  params?: MessageParams;
}
