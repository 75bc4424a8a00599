import { createRequire } from 'node:module';
import type { Transform, TransformCallback } from 'node:stream';
import {
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_SHARED_STRINGS,
  IMPORT_MAX_SHARED_STRINGS_BYTES,
  IMPORT_MAX_UNZIPPED_BYTES,
  IMPORT_MAX_XML_RUN_BYTES,
  type MessageKey,
  type MessageParams,
} from '@tegang/domain';

/**
 * The caps of a workbook's read, checked on the bytes as they inflate (docs/security.md "Hostile
 * files"). exceljs's streaming reader gets its zip entries from unzipper's `Parse`, which pipes each
 * entry's inflater into a PassThrough (`entry`) that it pushes to exceljs; the guard takes over that
 * PassThrough's transform, so every inflated byte exceljs (or its autodrain) sees passes it first:
 * - all entries together inflate to at most IMPORT_MAX_UNZIPPED_BYTES ('import.unzippedTooLarge');
 * - an XML entry holds no run of more than IMPORT_MAX_XML_RUN_BYTES bytes without '<' (a text node
 *   or attribute that long is a cell beyond Excel's limit: 'import.cellTooLong');
 * - no XML entry declares a DOCTYPE or an ENTITY (billion laughs, external entities such as
 *   file:///etc/passwd: 'import.xmlDoctype'), whatever the XML parser would make of them;
 * - xl/sharedStrings.xml holds at most IMPORT_MAX_SHARED_STRINGS items and
 *   IMPORT_MAX_SHARED_STRINGS_BYTES bytes.
 * On the first cap crossed the guard calls `fail` once and stalls the stream (its transform never
 * calls back): nothing more is inflated, and the caller ends the read (the import worker thread is
 * terminated). Meant for the import worker thread, where it is installed once (imports/read-worker.ts).
 */
export interface GuardFailure {
  key: MessageKey;
  params: MessageParams;
}

/** Declarations refused after '<!' (compared without case). */
const DECLARATIONS = ['DOCTYPE', 'ENTITY'];
/** Longest pattern looked for across chunk boundaries: '<!DOCTYPE' (9 bytes). */
const PATTERN = 9;
const LT = 0x3c;
const MB = 1024 * 1024;

/** Counts and checks the inflated bytes of one workbook. */
export class WorkbookGuard {
  private total = 0;
  private failed = false;
  /** Paths of the entries met so far. */
  readonly paths = new Set<string>();

  constructor(private readonly fail: (failure: GuardFailure) => void) {}

  /** True once a cap was crossed (the read must stop). */
  get stopped(): boolean {
    return this.failed;
  }

  /** Refuses with `key` (once). */
  refuse(key: MessageKey, params: MessageParams = {}): void {
    if (this.failed) return;
    this.failed = true;
    this.fail({ key, params });
  }

  /** The checker of one entry's inflated bytes: false when the entry must stop here. */
  entry(path: string): (chunk: Buffer) => boolean {
    this.paths.add(path);
    // Not anchored: exceljs takes 'xl/worksheets/sheet1.xml.bin' for a sheet too.
    const xml = /\.(xml|rels|vml)/i.test(path);
    const shared = path === 'xl/sharedStrings.xml';
    let run = 0;
    let entryBytes = 0;
    let strings = 0;
    let tail = Buffer.alloc(0);
    return (chunk) => {
      if (this.failed) return false;
      this.total += chunk.length;
      entryBytes += chunk.length;
      if (this.total > IMPORT_MAX_UNZIPPED_BYTES) {
        this.refuse('import.unzippedTooLarge', { mb: IMPORT_MAX_UNZIPPED_BYTES / MB });
        return false;
      }
      if (!xml) return true;
      if (shared && entryBytes > IMPORT_MAX_SHARED_STRINGS_BYTES) {
        this.refuse('import.sharedStringsTooLarge', { mb: IMPORT_MAX_SHARED_STRINGS_BYTES / MB });
        return false;
      }
      // No run of more than IMPORT_MAX_XML_RUN_BYTES bytes without '<', the run carried over from the
      // chunks before included. Jumping from a '<' to the last one within reach takes a few native
      // calls per chunk, where stopping at every '<' took one per tag (millions per 100,000 rows).
      const first = chunk.indexOf(LT);
      if (first < 0) run += chunk.length;
      else {
        let p = first;
        let long = run + first > IMPORT_MAX_XML_RUN_BYTES;
        while (!long && chunk.length - p - 1 > IMPORT_MAX_XML_RUN_BYTES) {
          const q = chunk.lastIndexOf(LT, p + IMPORT_MAX_XML_RUN_BYTES + 1);
          long = q === p; // nothing within reach: the run after p is longer than the cap
          p = q;
        }
        run = long ? Infinity : chunk.length - 1 - chunk.lastIndexOf(LT);
      }
      if (run > IMPORT_MAX_XML_RUN_BYTES) {
        this.refuse('import.cellTooLong', { max: IMPORT_MAX_CELL_CHARS });
        return false;
      }
      // Patterns may straddle chunks: search the last bytes of the previous chunk too, counting a
      // match only when it ends inside this chunk (one that ends in the tail was counted before).
      const data = tail.length ? Buffer.concat([tail, chunk]) : chunk;
      const isNew = (i: number, length: number) => i + length > tail.length && i + length <= data.length;
      for (let i = data.indexOf('<!'); i >= 0; i = data.indexOf('<!', i + 2)) {
        if (!isNew(i, PATTERN)) continue;
        const word = data.toString('latin1', i + 2, i + PATTERN).toUpperCase();
        if (DECLARATIONS.some((d) => word.startsWith(d))) {
          this.refuse('import.xmlDoctype');
          return false;
        }
      }
      if (shared) {
        for (let i = data.indexOf('<si'); i >= 0; i = data.indexOf('<si', i + 3)) {
          if (!isNew(i, 4)) continue;
          // '<si>', '<si ' or '<si/>', not a longer name such as '<sig'
          if (!/[\w.:-]/.test(String.fromCharCode(data[i + 3]!))) strings += 1;
        }
        if (strings > IMPORT_MAX_SHARED_STRINGS) {
          this.refuse('import.sharedStringsTooMany', { max: IMPORT_MAX_SHARED_STRINGS });
          return false;
        }
      }
      tail = Buffer.from(data.subarray(Math.max(0, data.length - (PATTERN - 1))));
      return true;
    };
  }
}

type Entry = Transform & { path: string; props: unknown };
type ParseProto = { push: (this: unknown, chunk: unknown, encoding?: BufferEncoding) => boolean };

/**
 * Puts `guard` in front of every zip entry exceljs reads in this thread, by way of unzipper's
 * `Parse.prototype.push` (the parser is taken from where exceljs resolves it, as in unzip-end.ts).
 * Once per thread: a later call replaces the guard.
 */
export function installGuard(guard: WorkbookGuard): void {
  const fromExceljs = createRequire(createRequire(import.meta.url).resolve('exceljs'));
  const unzipper = fromExceljs('unzipper') as {
    Parse: { prototype: ParseProto & { __tegangGuard?: unknown } };
  };
  const proto = unzipper.Parse.prototype;
  const ownPush = Object.prototype.hasOwnProperty.call(proto, '__tegangGuard')
    ? (proto.__tegangGuard as { push: ParseProto['push'] }).push
    : proto.push;
  proto.__tegangGuard = { push: ownPush };
  proto.push = function (chunk, encoding) {
    if (
      chunk &&
      typeof chunk === 'object' &&
      typeof (chunk as Entry).path === 'string' &&
      (chunk as Entry).props
    ) {
      const entry = chunk as Entry;
      const check = guard.entry(entry.path);
      // An entry is a PassThrough: its transform hands each inflated chunk on; a refused chunk
      // never calls back, so the pipeline stalls where it is.
      entry._transform = (data: Buffer, _encoding: BufferEncoding, callback: TransformCallback) => {
        if (check(data)) callback(null, data);
      };
    }
    return ownPush.call(this, chunk, encoding);
  };
}
