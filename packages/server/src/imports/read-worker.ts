import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import {
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_ROW_CHARS,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_SHEET_CHARS,
  IMPORT_MAX_UNZIPPED_BYTES,
  type MessageKey,
  type MessageParams,
} from '@tegang/domain';
import { installGuard, WorkbookGuard } from './read-guard';
import './unzip-end';

/**
 * Worker-thread entry of an import's read (started by `readRows`, imports/engine.ts, with V8 heap
 * limits): streams the workbook's first sheet with exceljs's streaming reader behind the caps of
 * read-guard.ts and posts its non-empty rows to the main thread in batches. The main thread keeps
 * the checks and the transaction; a hostile file can exhaust only this thread's heap.
 *
 * Messages to the main thread ({@link ReadMessage}): 'rows' (a batch, with the compressed bytes
 * consumed so far), then 'end'; or one 'fail' (a cap crossed: a catalogue key and its params) or
 * 'unreadable' (exceljs or unzip refused the file). Flow: at most {@link CREDITS} batches are unanswered;
 * the main thread answers 'more' for each batch it took. After 'end' the thread waits for the next
 * file (a {@link ReadInput} message), its compiled code warm; after any other last message it waits
 * to be terminated.
 */
export type ReadMessage =
  | { t: 'rows'; rows: [number, string[]][]; bytes: number }
  | { t: 'end'; bytes: number }
  | { t: 'fail'; key: MessageKey; params: MessageParams }
  | { t: 'unreadable'; error: string };

/** What `readRows` hands the thread: the file, and the thread's own temporary directory. */
export interface ReadInput {
  data: Uint8Array;
  tmpDir: string;
}

/**
 * Batches posted before the thread waits for the main thread to take one: with READ_BATCH rows each,
 * the read runs up to 2,000 rows ahead of the checks.
 */
export const CREDITS = 8;
/**
 * Rows handed from the reader to the checks at once … A batch is short-lived on purpose: rows of a
 * 1,000-row batch lived through the thread's young-generation collections while it filled, were
 * promoted, and the old space grew by ~85 MB a file in full collections; with 250 the read of 100,000
 * rows took 0.6–0.8 s less CPU (docs/benchmarks.md "Imports: short read batches").
 */
const READ_BATCH = 250;
/**
 * … or fewer, when they hold this many cells or characters: what one message copies, and the
 * CREDITS messages in flight, are bounded (8 × 1,000,000 characters).
 */
const READ_BATCH_CELLS = 25_000;
const READ_BATCH_CHARS = 1_000_000;
const MB = 1024 * 1024;
/** Chunk size of the upload fed to the reader: ~1% of the file (the progress follows the bytes consumed). */
const chunkSize = (bytes: number) => Math.max(256 * 1024, Math.ceil(bytes / 100));

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

/**
 * The non-empty rows of the first sheet of `data` as [row number, cell texts by exceljs's 1-based
 * column index], in batches, `send` called for each batch (and awaited: the flow control). Stops with
 * `guard.refuse` at a cell longer than IMPORT_MAX_CELL_CHARS, a row longer than IMPORT_MAX_ROW_CHARS,
 * a sheet longer than IMPORT_MAX_SHEET_CHARS, or more than IMPORT_MAX_ROWS data rows.
 */
export async function readSheet(
  data: Buffer,
  guard: WorkbookGuard,
  send: (rows: [number, string[]][], bytes: number) => Promise<void>,
): Promise<number> {
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
  let cells = 0;
  let batchChars = 0;
  let total = 0;
  let count = 0;
  let last = 0;
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      if (guard.stopped) return offset;
      const values = row.values as ExcelJS.CellValue[];
      const texts = new Array<string>(values.length);
      let width = 0;
      for (let i = 0; i < values.length; i++) {
        const text = cellText(values[i]);
        if (text.length > IMPORT_MAX_CELL_CHARS) {
          guard.refuse('import.cellTooLong', { max: IMPORT_MAX_CELL_CHARS });
          return offset;
        }
        texts[i] = text;
        if (text) width = i + 1;
      }
      if (!width) continue;
      // Trailing empty cells are not sent (a cell at column XFD would make every row 16,384 wide).
      texts.length = width;
      // A row without its number (`r` is optional) follows the one before it.
      last = Number.isInteger(row.number) && row.number > last ? row.number : last + 1;
      // Characters, not cells, are what the main thread receives: shared strings make them cheap here.
      let chars = 0;
      for (let i = 0; i < width; i++) chars += texts[i]!.length;
      if (chars > IMPORT_MAX_ROW_CHARS) {
        guard.refuse('import.rowTooLong', { row: last, max: IMPORT_MAX_ROW_CHARS });
        return offset;
      }
      total += chars;
      if (total > IMPORT_MAX_SHEET_CHARS) {
        guard.refuse('import.unzippedTooLarge', { mb: IMPORT_MAX_UNZIPPED_BYTES / MB });
        return offset;
      }
      // The header row and IMPORT_MAX_ROWS data rows; the first row beyond is the failure.
      if (++count > IMPORT_MAX_ROWS + 1) {
        guard.refuse('import.tooManyRows', { max: IMPORT_MAX_ROWS });
        return offset;
      }
      rows.push([last, texts]);
      cells += width;
      batchChars += chars;
      if (rows.length >= READ_BATCH || cells >= READ_BATCH_CELLS || batchChars >= READ_BATCH_CHARS) {
        await send(rows, offset);
        rows = [];
        cells = 0;
        batchChars = 0;
      }
    }
    break;
  }
  if (rows.length && !guard.stopped) await send(rows, offset);
  return offset;
}

type Port = NonNullable<typeof parentPort>;

/** Reads one file and posts its messages; resolves after the last one ('end', 'fail' or 'unreadable'). */
async function main(port: Port, input: ReadInput) {
  // exceljs's temporary copy of a sheet goes to os.tmpdir(), read at each call: this thread's own.
  process.env.TMPDIR = process.env.TMP = process.env.TEMP = input.tmpDir;
  const post = (message: ReadMessage) => port.postMessage(message);
  let credits = CREDITS;
  let wake: (() => void) | null = null;
  const credit = (message: unknown) => {
    if (message !== 'more') return;
    credits += 1;
    wake?.();
    wake = null;
  };
  port.on('message', credit);
  const guard = new WorkbookGuard((failure) => post({ t: 'fail', ...failure }));
  installGuard(guard);
  const data = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
  try {
    const bytes = await readSheet(data, guard, async (rows, consumed) => {
      post({ t: 'rows', rows, bytes: consumed });
      credits -= 1;
      while (credits <= 0) await new Promise<void>((resolve) => (wake = resolve));
    });
    // A zip that is not a workbook (a renamed archive) is unreadable, not an empty workbook.
    if (!guard.stopped && !guard.paths.has('xl/workbook.xml'))
      post({ t: 'unreadable', error: 'no workbook' });
    else if (!guard.stopped) post({ t: 'end', bytes });
  } catch (error) {
    if (!guard.stopped) post({ t: 'unreadable', error: String(error).slice(0, 200) });
  }
  port.off('message', credit);
}

type TmpFileCallback = (
  error: Error | null,
  path: string,
  fd: number | undefined,
  remove: () => void,
) => void;

/**
 * exceljs's temporary copies of worksheets (the `tmp` package's `tmp.file`, taken from where exceljs
 * resolves it, as read-guard.ts takes unzipper), made to outlast no read of a kept thread: each file's
 * descriptor is closed at once (exceljs writes and reads the copy by its path), and {@link
 * removeTempFiles} removes the read's copies — a read that stops after the first sheet leaves them,
 * and `tmp` would otherwise hold their descriptors open, their space taken, until the thread ends.
 */
const tempFiles: (() => void)[] = [];
function trackTempFiles(): void {
  const fromExceljs = createRequire(createRequire(import.meta.url).resolve('exceljs'));
  const tmp = fromExceljs('tmp') as {
    file: (options: object | TmpFileCallback, callback?: TmpFileCallback) => void;
  };
  const file = tmp.file;
  tmp.file = (options, callback) => {
    const done = (typeof options === 'function' ? options : callback)!;
    const given = typeof options === 'function' ? {} : options;
    file({ ...given, discardDescriptor: true }, (error, path, fd, remove) => {
      if (remove) tempFiles.push(remove);
      done(error, path, fd, remove);
    });
  };
}
trackTempFiles();

/** Removes the temporary copies the last read left (their descriptors are already closed). */
const removeTempFiles = () => {
  for (const remove of tempFiles.splice(0)) remove();
};

/** Reads `first` when given, then each file the main thread posts (credits, 'more', are not files). */
function serve(port: Port, first?: ReadInput): void {
  const read = (input: ReadInput) =>
    void main(port, input).then(() => {
      removeTempFiles();
      serve(port);
    });
  if (first) return read(first);
  const next = (message: unknown) => {
    if (typeof message !== 'object' || message === null) return;
    port.off('message', next);
    read(message as ReadInput);
  };
  port.on('message', next);
}

// Started for one file (workerData), or as a spare that waits, loaded, for its file's message.
const start = (workerData as { tegangRead?: ReadInput | 'spare' } | null)?.tegangRead;
if (parentPort && start) serve(parentPort, start === 'spare' ? undefined : start);
