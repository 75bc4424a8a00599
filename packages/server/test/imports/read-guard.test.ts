import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_XML_RUN_BYTES } from '@tegang/domain';
import { WorkbookGuard } from '../../src/imports/read-guard';

const MAX = IMPORT_MAX_XML_RUN_BYTES;
/** `n` bytes without '<'. */
const text = (n: number) => Buffer.alloc(n, 'a');
/** A tag's opening '<': what ends a run (a tag's own bytes after it count towards the next run). */
const tag = Buffer.from('<');

/** The keys the guard refused with after `chunks` of one sheet entry, and whether the last was taken. */
function check(chunks: Buffer[]): { refused: string[]; taken: boolean } {
  const refused: string[] = [];
  const guard = new WorkbookGuard((failure) => refused.push(failure.key));
  const entry = guard.entry('xl/worksheets/sheet1.xml');
  let taken = true;
  for (const chunk of chunks) taken = entry(chunk);
  return { refused, taken };
}

/**
 * The cap on a run of XML bytes without '<' (docs/security.md "Hostile files": a text node longer
 * than any cell Excel allows), wherever the run lies: inside one chunk, across chunks, before the
 * first tag or after the last.
 */
describe('WorkbookGuard: the longest run without a tag', () => {
  it('takes runs of exactly the cap, inside a chunk and across chunks', () => {
    expect(check([Buffer.concat([tag, text(MAX), tag, text(MAX), tag])])).toEqual({
      refused: [],
      taken: true,
    });
    expect(check([Buffer.concat([tag, text(MAX - 10)]), Buffer.concat([text(10), tag])])).toEqual({
      refused: [],
      taken: true,
    });
    // A chunk far longer than the cap with tags within reach of each other.
    const rows = Array.from({ length: 5 }, () => Buffer.concat([text(MAX), tag]));
    expect(check([Buffer.concat(rows)])).toEqual({ refused: [], taken: true });
    // Tags every few bytes, as a sheet's cells are.
    expect(check([Buffer.from('<row><c r="A1"><v>1</v></c></row>'.repeat(50_000))]).refused).toEqual([]);
  });

  it('refuses one byte more, wherever the run lies', () => {
    const refusedFor = (chunks: Buffer[]) => check(chunks);
    const refused = { refused: ['import.cellTooLong'], taken: false };
    // Between two tags of one chunk, after tags within reach.
    expect(refusedFor([Buffer.concat([tag, text(MAX), tag, text(MAX + 1), tag])])).toEqual(refused);
    // Before the first tag of the entry.
    expect(refusedFor([Buffer.concat([text(MAX + 1), tag])])).toEqual(refused);
    // Across chunks, ending at a tag, and over three chunks without one.
    expect(refusedFor([Buffer.concat([tag, text(MAX)]), Buffer.concat([text(1), tag])])).toEqual(refused);
    expect(refusedFor([text(MAX / 2), text(MAX / 2), text(1)])).toEqual(refused);
    // After the last tag of a chunk.
    expect(refusedFor([Buffer.concat([tag, text(MAX + 1)])])).toEqual(refused);
  });
});
