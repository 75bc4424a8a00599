import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { and, asc, count, DrizzleQueryError, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  IMPORT_ISSUE_VALUE_CHARS,
  IMPORT_READ_IDLE_SECONDS,
  IMPORT_MAX_ROWS,
  JOB_STATUS,
  translate,
  type JobStatus,
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
import { importError, job as jobTable } from '../db/schema';
import { escapeCell } from '../documents/cells';
import { page } from '../lib/envelope';
import { offsetOf, type Paging } from '../lib/paging';
import type { ReadInput, ReadMessage } from './read-worker';
import { countImport } from '../plugins/metrics';
import { JobLost, jobMessage, readJobMessage, type JobKind, type JobRun } from '../jobs';
import { BUILT, workerEntry } from '../lib/module-path';

/** A cell's value as trimmed text (the read worker's conversion; kept here for the benchmark). */
export { cellText } from './read-worker';

/**
 * The one import mechanism (docs/architecture.md "Imports"): every import of the system is an
 * {@link ImportDefinition} run by this engine. Steps: the upload is stored and a job queued
 * (src/jobs; imports/routes.ts); the job reads the workbook's first sheet in a worker
 * thread (`readRows`: exceljs's streaming reader under heap limits and the caps of docs/security.md
 * "Hostile files"), maps the header row to the definition's columns (by their zh or en caption or
 * key), parses and checks each row (`parse`, plus duplicates by `uniqueKey`), and hands valid rows to
 * `write` in batches — all inside ONE transaction, which commits only when no row had a problem. Any
 * problem is kept as data (import_error: row, column, a short prefix of the value, message key +
 * params) and the transaction rolls back, so an import is written whole or not at all. Progress (share
 * of the file read) is written to the job row outside the transaction for the console's progress bar.
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
  /**
   * A sealed column (stored encrypted, shown only with a right, e.g. the physical examination): a
   * problem of its cells keeps the row and the column, never the value — neither in
   * `import_error.value` nor in any param (docs/security.md "Sealed values").
   */
  sealed?: true;
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

export interface ImportDefinition<Row, Prep, Found = unknown> {
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
  /**
   * Reads what a batch of valid rows is written with (e.g. the records the rows are compared with),
   * outside the transaction on a pooled connection: started as soon as the batch is complete, while
   * earlier batches are still being written; what it resolves to is handed to `write`. Optional.
   */
  lookup?(rows: Row[], prep: Prep): Promise<Found>;
  /** Writes a batch of valid rows (`found`: what `lookup` gave for them, undefined without one). */
  write(tx: Tx, rows: Row[], prep: Prep, found: Found | undefined): Promise<void>;
  /**
   * A note on an import that was written whole (rows the office should look at again, e.g. results
   * still 待定), from what `parse` counted in `prep`: kept as the done job's `message` (checkImport
   * answers it in the caller's language; the import dialog shows it under the count). Null or
   * omitted: no note.
   */
  note?(prep: Prep): { key: MessageKey; params?: MessageParams } | null;
}

/** Rows handed to `write` at once. */
export const WRITE_BATCH = 2000;
/** Batches queued for writing before the read waits for the oldest. */
const WRITES_IN_FLIGHT = 3;
/** Problems kept per job (the count goes on; the first ones are what a person fixes first). */
export const MAX_STORED_ISSUES = 5000;

/**
 * A cell value as a problem keeps it: at most IMPORT_ISSUE_VALUE_CHARS characters, then '…' (a
 * problem never copies a whole cell: a cell may be 32,767 characters, and thousands of problems are
 * kept per job).
 */
export const clip = (value: string): string =>
  value.length > IMPORT_ISSUE_VALUE_CHARS ? `${value.slice(0, IMPORT_ISSUE_VALUE_CHARS)}…` : value;

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

/** tsx's ESM API as a file URL: the read worker registers it, then imports its TypeScript entry. */
const TSX_API = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/index\.cjs$/, 'index.mjs'),
).href;
const READ_WORKER = workerEntry('imports/read-worker');
/**
 * The read worker's bootstrap: a worker thread does not apply `--import` loaders to its own entry
 * (Node 20), so it registers tsx's loader itself and then imports the TypeScript entry — the same
 * under `npm start` (tsx) and under vitest. The build's entry (dist/read-worker.js) is imported as is.
 */
const BOOT = BUILT
  ? `import(${JSON.stringify(READ_WORKER)});`
  : `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(READ_WORKER)}); });`;

/** Prefix of a read worker's temporary directory (then the process id), under os.tmpdir(). */
export const READ_TMP_PREFIX = 'tegang-import-';

/**
 * V8 limits of the read worker thread (docs/security.md "Hostile files"): a workbook that gets past
 * the byte caps and still needs more memory ends its own thread (ERR_WORKER_OUT_OF_MEMORY), never
 * the process. 256 MB of old space holds the shared strings of a 200,000-row file with room to spare.
 * 64 MB of young generation: with 32 MB the read of 100,000 rows spent 0.4–0.65 s in about 140
 * collections, with 64 MB 0.13–0.29 s in about 65 (a batch of rows outlives a smaller nursery and is
 * promoted); 96 MB gained nothing more.
 */
export const READ_WORKER_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 64,
  stackSizeMb: 4,
};

/**
 * Files a read worker reads before it is retired for a fresh thread: a bound on what a long-lived
 * heap may gather (fragmentation, anything a library keeps between files).
 */
export const READ_WORKER_MAX_FILES = 50;

/**
 * How long a thread that has read a file waits, as the spare, for the next one before a fresh thread
 * replaces it: imports that follow each other (a list fixed and sent again, several offices on the last
 * day) find it warm, and a quiet node goes back to its idle memory — a thread that has read a file keeps
 * its nursery's pages and its heap's leftovers (about 55 MB after 100,000 rows), a fresh one has touched
 * neither (docs/benchmarks.md "Imports: short read batches").
 */
export const READ_WORKER_IDLE_MS = 30_000;

/**
 * A read worker started ahead of need: booted (tsx registered, exceljs loaded) and waiting for its
 * file, so that an import does not pay the thread's cold start (about a second). A thread whose read
 * ended well ('end') becomes the spare again, its code compiled: a fresh thread had V8 compile the
 * parser's hot code anew on the helper threads for every file, CPU the other threads of an import
 * (checks, PostgreSQL) wait for on two cores (docs/benchmarks.md "Imports: the read thread kept").
 * A read that failed, stalled or was given up ends its thread, as do the
 * {@link READ_WORKER_MAX_FILES}th file and {@link READ_WORKER_IDLE_MS} without a file after a read; a
 * new spare is started then. Off until
 * {@link keepSpareReadWorker} (a serving node's start): a test app or a script starts threads on demand.
 */
let spare: Worker | null = null;
let keepSpare = false;
/** The idle time of a used spare (READ_WORKER_IDLE_MS, shorter in tests), and its timer. */
let spareIdleMs = READ_WORKER_IDLE_MS;
let spareIdle: NodeJS.Timeout | null = null;
/** Files each live read worker was given. */
const filesRead = new WeakMap<Worker, number>();

/**
 * The read thread's first semi-space, in MB. V8 starts a young generation at 1 MB a semi-space and
 * shrinks an idle one back there; a read from so small a nursery promoted each batch in flight and
 * ran a full collection every ~100 ms (the spare's heap, shrunk while it waited for its file: 2.6–3
 * instead of 1.9–2.2 s of server CPU an import, docs/benchmarks.md "Imports: the read thread kept").
 */
const READ_MIN_SEMI_SPACE_MB = 16;

/**
 * A read worker thread. V8 takes the first semi-space size from a process-wide flag when it makes an
 * isolate (Node's resourceLimits set only the maximum): the flag is set for this thread's start and
 * put back to V8's own default (0) once the thread runs, so no other thread's isolate gets it.
 */
function spawnReadWorker(workerData: { tegangRead: ReadInput | 'spare' }, limits: ResourceLimits): Worker {
  setFlagsFromString(`--min-semi-space-size=${READ_MIN_SEMI_SPACE_MB}`);
  let reset = false;
  const restore = () => {
    if (!reset) setFlagsFromString('--min-semi-space-size=0');
    reset = true;
  };
  try {
    const worker = new Worker(BOOT, { eval: true, workerData, resourceLimits: limits });
    worker.once('online', restore);
    worker.once('exit', restore);
    return worker;
  } catch (error) {
    restore();
    throw error;
  }
}

/** Stops the used spare's idle timer (the spare was taken, replaced or ended). */
function clearSpareIdle(): void {
  if (spareIdle) clearTimeout(spareIdle);
  spareIdle = null;
}

/**
 * Makes `reused` (a thread whose read ended well), else a new thread, the spare when one is kept. A
 * reused thread that gets no file for `spareIdleMs` is ended and a fresh spare started.
 */
function startSpare(reused?: Worker): boolean {
  if (!keepSpare || spare) return false;
  const worker = reused ?? spawnReadWorker({ tegangRead: 'spare' }, READ_WORKER_LIMITS);
  worker.unref(); // an idle spare never keeps the process alive
  const lost = () => {
    if (spare !== worker) return;
    spare = null;
    clearSpareIdle();
  };
  worker.once('error', lost);
  worker.once('exit', lost);
  spare = worker;
  if (reused) {
    spareIdle = setTimeout(() => {
      if (spare !== worker) return;
      spare = null;
      spareIdle = null;
      void worker.terminate();
      startSpare();
    }, spareIdleMs);
    spareIdle.unref();
  }
  return true;
}

/**
 * Keeps one spare read worker on this node from now on (src/start.ts, at a serving node's start);
 * `idleMs`: how long a used spare waits for a file before a fresh one replaces it.
 */
export function keepSpareReadWorker(idleMs = READ_WORKER_IDLE_MS): void {
  keepSpare = true;
  spareIdleMs = idleMs;
  startSpare();
}

/** Ends the spare read worker and starts no more (the node's stop). */
export async function stopSpareReadWorker(): Promise<void> {
  keepSpare = false;
  clearSpareIdle();
  const worker = spare;
  spare = null;
  await worker?.terminate();
}

/** The thread id of the waiting spare read worker, or null (for tests and metrics). */
export const spareReadWorkerId = (): number | null => spare?.threadId ?? null;

/** A thread for one read: the spare, handed `input`, when it has the default limits; else a new one. */
function readWorkerFor(input: ReadInput, limits: ResourceLimits): Worker {
  const worker = limits === READ_WORKER_LIMITS ? spare : null;
  if (!worker) {
    const started = spawnReadWorker({ tegangRead: input }, limits);
    filesRead.set(started, 1);
    return started;
  }
  spare = null;
  clearSpareIdle();
  worker.removeAllListeners();
  worker.ref();
  worker.postMessage(input);
  filesRead.set(worker, (filesRead.get(worker) ?? 0) + 1);
  return worker;
}

/**
 * The non-empty rows of the workbook's first sheet as [row number, cell texts by column index], in
 * batches, read in a worker thread (imports/read-worker.ts) under `limits` and the caps of
 * imports/read-guard.ts; `onBytes` follows the compressed bytes consumed (the progress). Throws
 * ImportFileError: the cap's key when one was crossed, 'import.unreadable' for a file that is not a
 * workbook (or a broken one), 'import.workerDied' when the thread ran out of memory or died, 'import.stalled' when the thread sent
 * nothing for `idleMs` (default IMPORT_READ_IDLE_SECONDS). Ending
 * the iteration early terminates the thread.
 */
export async function* readRows(
  data: Buffer,
  onBytes: (bytes: number) => void,
  limits: ResourceLimits = READ_WORKER_LIMITS,
  idleMs = IMPORT_READ_IDLE_SECONDS * 1000,
): AsyncGenerator<[number, string[]][]> {
  type Event = ReadMessage | { t: 'died'; oom: boolean };
  const events: Event[] = [];
  let wake: (() => void) | null = null;
  const push = (event: Event) => {
    events.push(event);
    wake?.();
    wake = null;
  };
  // exceljs copies a worksheet that comes before the shared strings into a temporary file, and a
  // terminated thread never removes it: the thread's temporary directory is its own, removed here.
  const dir = await mkdtemp(join(tmpdir(), `${READ_TMP_PREFIX}${process.pid}-`));
  const input: ReadInput = {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    tmpDir: dir,
  };
  const worker = readWorkerFor(input, limits);
  /** Set by 'end': the read ended well, so the thread may read the next file. */
  let ended = false;
  worker.on('message', (message: ReadMessage) => push(message));
  worker.on('error', (error: Error & { code?: string }) =>
    push({ t: 'died', oom: error.code === 'ERR_WORKER_OUT_OF_MEMORY' }),
  );
  worker.on('exit', () => push({ t: 'died', oom: true }));
  try {
    for (;;) {
      if (!events.length) {
        // A read that makes no progress for idleMs (a file crafted to stall the parser) ends here.
        let timer: NodeJS.Timeout | undefined;
        const idle = await new Promise<boolean>((resolve) => {
          wake = () => resolve(false);
          timer = setTimeout(() => resolve(true), idleMs);
        });
        clearTimeout(timer);
        if (idle) throw new ImportFileError('import.stalled', { seconds: Math.round(idleMs / 1000) });
        continue;
      }
      const event = events.shift()!;
      switch (event.t) {
        case 'rows':
          onBytes(event.bytes);
          yield event.rows;
          worker.postMessage('more');
          break;
        case 'end':
          onBytes(event.bytes);
          ended = true;
          return;
        case 'fail':
          throw new ImportFileError(event.key, event.params);
        case 'unreadable':
          throw new ImportFileError('import.unreadable');
        case 'died':
          // An uncaught error of exceljs or unzip in the thread is the file's; exhaustion is its size.
          throw new ImportFileError(event.oom ? 'import.workerDied' : 'import.unreadable');
      }
    }
  } finally {
    worker.removeAllListeners();
    const reuse =
      ended && limits === READ_WORKER_LIMITS && (filesRead.get(worker) ?? 0) < READ_WORKER_MAX_FILES;
    if (!(reuse && startSpare(worker))) {
      await worker.terminate();
      startSpare();
    }
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `source` pulled from at once, its batches kept in order until `batches()` is first iterated: a
 * caller that has work of its own before the first row (prepare, begin) lets the read go on meanwhile.
 * From then on batches come straight from `source` again, so the read waits for the rows' writing as
 * before. A failure of the early read is thrown by `batches()` after the batches read before it.
 * `close()` ends `source` (the read worker) when the caller stops without reading to the end.
 */
export function readAhead<T>(source: AsyncGenerator<T>) {
  const early: T[] = [];
  let handedOver = false;
  let outcome: { done: true } | { failed: unknown } | null = null;
  const pulling = (async () => {
    try {
      while (!handedOver) {
        const next = await source.next();
        if (next.done) return void (outcome = { done: true });
        early.push(next.value);
      }
    } catch (error) {
      outcome = { failed: error };
    }
  })();
  return {
    async *batches(): AsyncGenerator<T> {
      handedOver = true;
      await pulling;
      while (early.length) yield early.shift()!;
      if (outcome && 'failed' in outcome) throw outcome.failed;
      if (!outcome) yield* source;
    },
    async close(): Promise<void> {
      handedOver = true;
      await pulling;
      await source.return(undefined);
    },
  };
}

interface RunOutcome {
  status: JobStatus;
  total: number;
  imported: number;
  issues: ImportIssue[];
  errorCount: number;
  message: string | null;
}

/**
 * The job kind of import definition `def` (src/jobs): reads and writes one import job on whichever
 * node takes it. The rows and the job's 'done' commit in one transaction, so a run that dies before
 * the commit leaves nothing, and the node that takes the job over (attempt 2) reads the upload again
 * from the start. A job whose nodes stopped twice while reading it ends failed ('job.interrupted'):
 * a file that brings a node down is not passed round the cluster. Otherwise ends 'done', 'rejected'
 * (row problems, nothing written) or 'failed' (an unreadable file, a cap of docs/security.md "Hostile
 * files" crossed, the read worker out of memory, the upload missing). The upload is removed once the
 * job has ended for good.
 */
export function importJobKind<Row, Prep, Found>(def: ImportDefinition<Row, Prep, Found>): JobKind {
  return {
    kind: def.kind,
    maxAttempts: 2,
    async run(ctx, run) {
      const job = run.job;
      // A run after a take-over reads the file again from the start: nothing of the last run counts.
      run.progress({ total: 0, processed: 0, imported: 0, errorCount: 0 }, true);
      await ctx.db.delete(importError).where(eq(importError.jobId, job.id));
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
        outcome = await readAndWrite(ctx, def, info, data, run);
      }
      if (!run.signal.aborted && outcome.status !== JOB_STATUS.done) await finish(ctx, run, outcome);
    },
    async ended(ctx, row) {
      countImport(def.kind, row.status); // tegang_imports_total (README "Metrics")
      if (row.fileKey) await ctx.storage.remove(row.fileKey);
    },
  };
}

/** Stores the outcome: the problems and the job's final state, in one transaction. */
async function finish(ctx: AppContext, run: JobRun, outcome: RunOutcome): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < outcome.issues.length; i += 500) {
      await tx.insert(importError).values(
        outcome.issues.slice(i, i + 500).map((issue) => ({
          jobId: run.job.id,
          rowNumber: issue.rowNumber,
          column: issue.column,
          value: issue.value === null ? null : clip(issue.value),
          messageKey: issue.messageKey,
          params: issue.params ?? null,
        })),
      );
    }
    await run.finish(
      {
        status: outcome.status,
        total: outcome.total,
        processed: outcome.total,
        imported: outcome.imported,
        errorCount: outcome.errorCount,
        message: outcome.message,
      },
      tx,
    );
  });
}

function failed(key: MessageKey, params?: MessageParams): RunOutcome {
  return {
    status: JOB_STATUS.failed,
    total: 0,
    imported: 0,
    issues: [],
    errorCount: 0,
    message: jobMessage(key, params),
  };
}

async function readAndWrite<Row, Prep, Found>(
  ctx: AppContext,
  def: ImportDefinition<Row, Prep, Found>,
  job: ImportJobInfo,
  data: Buffer,
  run: JobRun,
): Promise<RunOutcome> {
  const issues: ImportIssue[] = [];
  let errorCount = 0;
  let total = 0;
  let imported = 0;
  let bytesRead = 0;
  const captions = new Map(def.columns.map((c) => [c.key, c.labelKey]));
  // The share of the file read, on another connection without holding up the read (src/jobs).
  const progress = () => run.progress({ processed: total, percent: (bytesRead / data.length) * 100 });
  // The current row, as `report` sees it (one function for every row: nothing allocated per row).
  let rowNumber = 0;
  let rowOk = true;
  let cells: Record<string, string> = {};
  const sealed = def.columns.filter((c) => c.sealed).map((c) => c.key);
  const report: ReportIssue = (column, messageKey, params) => {
    rowOk = false;
    errorCount += 1;
    if (issues.length < MAX_STORED_ISSUES) {
      const labelKey = column ? captions.get(column) : undefined;
      // The clear values of this row's sealed cells: no param may carry them, whichever column reports.
      const secrets = sealed.map((key) => cells[key]).filter((v): v is string => !!v);
      const kept: MessageParams = {};
      for (const [name, value] of Object.entries(params ?? {})) {
        if (typeof value !== 'string') kept[name] = value;
        else if (!secrets.some((secret) => value.includes(secret))) kept[name] = clip(value);
      }
      issues.push({
        rowNumber,
        column,
        value: column && !sealed.includes(column) && cells[column] !== undefined ? clip(cells[column]) : null,
        messageKey,
        params: { ...(labelKey ? { label: translate('zh', labelKey) } : {}), ...kept },
      });
    }
  };
  // The read starts at once, beside prepare and begin (loading what rows are compared with, removing
  // the rows an import replaces): the worker thread parses while PostgreSQL works.
  const source = readAhead(readRows(data, (n) => (bytesRead = n)));
  try {
    await ctx.db.transaction(async (tx) => {
      const prep = await def.prepare(tx, job, ctx);
      if (def.begin) await def.begin(tx, prep);
      const index = headerIndex(def.columns);
      /** Every column's key with '': each row's cells start as a copy (one clone, not a property at a time). */
      const blank: Record<string, string> = {};
      for (const c of def.columns) blank[c.key] = '';
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
      /** The batch's lookup, started at once; a failure is thrown by its write, never unhandled. */
      const lookup = (rows: Row[]): Promise<Found | undefined> => {
        const found = def.lookup ? def.lookup(rows, prep) : Promise.resolve(undefined);
        found.catch(() => undefined);
        return found;
      };
      /** Set when the read stops on an error: batches not yet started are not written. */
      let stopped = false;
      const flush = async (rows: Row[]) => {
        const found = lookup(rows);
        writing = writing.then(async () => {
          if (writeError || stopped) return;
          try {
            await def.write(tx, rows, prep, await found);
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
        for await (const rows of source.batches()) {
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
            cells = { ...blank };
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
          // Taken over by another node, or released at this node's stop: roll back, write nothing.
          if (run.signal.aborted) throw new JobLost(job.id);
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
        await def.write(tx, batch, prep, await lookup(batch));
        imported += batch.length;
      }
      if (!total) throw new ImportFileError('import.empty');
      const note = def.note?.(prep);
      // 'done' commits with the rows: a run that dies before this commit leaves neither.
      await run.finish(
        {
          status: JOB_STATUS.done,
          total,
          processed: total,
          imported,
          errorCount: 0,
          message: note ? jobMessage(note.key, note.params) : null,
        },
        tx,
      );
    });
  } catch (error) {
    await source.close();
    if (error instanceof JobLost || run.signal.aborted) throw error;
    if (error instanceof RowsRejected)
      return { status: JOB_STATUS.rejected, total, imported: 0, issues, errorCount, message: null };
    if (error instanceof ImportFileError) return { ...failed(error.key, error.params), total };
    if (isUnreadable(error)) return { ...failed('import.unreadable'), total };
    throw error;
  }
  return { status: JOB_STATUS.done, total, imported, issues: [], errorCount: 0, message: null };
}

/** Errors of exceljs/unzip on a file that is not a workbook (or a broken one). */
function isUnreadable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // Drizzle wraps the driver's error (DrizzleQueryError): the SQLSTATE is on its cause.
  if (error instanceof DrizzleQueryError) return false;
  if ('code' in error && typeof (error as { code: unknown }).code === 'string') {
    // database errors carry a five-character SQLSTATE: those are not the file's fault
    return !/^[0-9A-Z]{5}$/.test((error as { code: string }).code);
  }
  return true;
}

/** The job as checkImport answers it, `message` translated into `lang`. */
export function jobView(row: typeof jobTable.$inferSelect, lang: Lang): ImportJobView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as JobStatus,
    fileName: row.fileName,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    errorCount: row.errorCount,
    percent: row.percent,
    message: readJobMessage(row.message, lang),
    attempts: row.attempts,
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
