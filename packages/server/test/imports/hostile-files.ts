import { constants, crc32, deflateRawSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { workbook } from './fixtures';

/**
 * Hostile workbooks for the import tests, made at run time (no binaries in the repository): a zip
 * writer that takes each entry as pieces repeated many times, so that an entry inflating to 300 MB
 * costs one deflate of one megabyte. Each distinct piece is deflated once with a full flush (a
 * byte-aligned, non-final run of blocks that refers to nothing before it), repeated as often as
 * asked, and the entry closed by an empty final block: a valid raw deflate stream.
 */
export interface Piece {
  data: Buffer | string;
  times?: number;
}

interface Entry {
  name: string;
  compressed: Buffer;
  crc: number;
  size: number;
}

const EMPTY_FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** One zip entry (deflated) of the pieces in order. */
export function entry(name: string, pieces: (Piece | string)[]): Entry {
  const parts: Buffer[] = [];
  let crc = 0;
  let size = 0;
  for (const p of pieces) {
    const piece = typeof p === 'string' ? { data: p } : p;
    const data = Buffer.isBuffer(piece.data) ? piece.data : Buffer.from(piece.data);
    const deflated = deflateRawSync(data, { finishFlush: constants.Z_FULL_FLUSH, level: 9 });
    for (let i = 0; i < (piece.times ?? 1); i++) {
      parts.push(deflated);
      crc = crc32(data, crc);
      size += data.length;
    }
  }
  parts.push(EMPTY_FINAL_BLOCK);
  return { name, compressed: Buffer.concat(parts), crc, size: size % 2 ** 32 };
}

/** A zip archive of the entries, in order (local headers with sizes, no data descriptors). */
export function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.compressed.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    local.copy(central, 8, 6, 30); // flags … extra length
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.compressed);
    centrals.push(central, name);
    offset += local.length + name.length + e.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SHEET_OPEN =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_CLOSE = '</sheetData></worksheet>';

/**
 * A row of inline-string cells, numbered `r` (exceljs needs the number; a row repeated with the same
 * number is read as the next one, so one piece can stand for a million rows).
 */
export const inlineRow = (cells: string[], r: number) =>
  `<row r="${r}">${cells
    .map((c, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${c}</t></is></c>`)
    .join('')}</row>`;

/**
 * A workbook as exceljs writes it (the `header` row on the first sheet), with the first sheet
 * replaced by `sheet` (pieces between the sheet's opening and closing tags, or the whole XML when
 * `raw`) and the `extra` entries added before it (an entry of the same name replaces exceljs's).
 */
export async function hostileWorkbook(options: {
  header: string[];
  sheet?: (Piece | string)[];
  raw?: boolean;
  extra?: Entry[];
}): Promise<Buffer> {
  const parts = unzipSync(new Uint8Array(await workbook([options.header])));
  const SHEET = 'xl/worksheets/sheet1.xml';
  const kept = Object.entries(parts)
    .filter(([name]) => name !== SHEET && !options.extra?.some((e) => e.name === name))
    .map(([name, data]) => entry(name, [{ data: Buffer.from(data) }]));
  const sheet = options.sheet
    ? entry(SHEET, options.raw ? options.sheet : [SHEET_OPEN, ...options.sheet, SHEET_CLOSE])
    : entry(SHEET, [{ data: Buffer.from(parts[SHEET]!) }]);
  return zip([...kept, ...(options.extra ?? []), sheet]);
}
