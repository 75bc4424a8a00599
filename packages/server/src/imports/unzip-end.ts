import { createRequire } from 'node:module';

/**
 * Mends a race in the zip parser under exceljs's streaming reader (unzipper 0.10–0.12, exceljs
 * 4.4): `unzipper.Parse` emits 'end' by hand as soon as its input is consumed, while the entries it
 * has already parsed may still wait in its readable buffer (exceljs pauses the stream while it copies
 * a worksheet into a temporary file). exceljs stops at that 'end', so the entries still waiting —
 * sharedStrings, styles, workbook.xml — are never read, and the read fails with "Cannot read
 * properties of undefined (reading 'sheets')". For a small workbook that happened about once in a
 * thousand reads (the import job then ended 'failed: unreadable' for a good file).
 *
 * The mend drops that early, hand-made 'end' while entries still wait: the stream's own 'end' follows
 * once the reader has taken them (the parser pushed null at the end of the central directory). The
 * parser is taken from where exceljs resolves it, so the mend reaches the instance exceljs uses.
 * Applied once per process; idempotent.
 */
export function mendUnzipEnd(): void {
  type Emit = (this: { readableLength: number }, event: string | symbol, ...args: unknown[]) => boolean;
  const fromExceljs = createRequire(createRequire(import.meta.url).resolve('exceljs'));
  const unzipper = fromExceljs('unzipper') as { Parse: { prototype: { emit: Emit; __tegangMended?: true } } };
  const proto = unzipper.Parse.prototype;
  if (proto.__tegangMended) return;
  const emit = proto.emit;
  proto.emit = function (event, ...args) {
    if (event === 'end' && this.readableLength > 0) return false;
    return emit.call(this, event, ...args);
  };
  proto.__tegangMended = true;
}

mendUnzipEnd();
