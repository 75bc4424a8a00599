import { INT_MAX } from './validation';

/**
 * 报名序号, the number an office files an application by: the plan's year (4 digits), the GB/T 2260
 * code of the county applied to (6 digits) and the application's sequence among that county's
 * applications to the plan (5 digits, zero-padded), e.g. 202752010200017 = 2027 · 520102 · 00017.
 * The server gives it once, when the application is stored (its enroll_serial counter), and never
 * changes it afterwards, not even when the county of the application changes; it is unique per plan.
 * A sequence past 99,999 keeps all its digits (up to the 20 characters of enroll.serial_no) rather
 * than being cut to five.
 */

/** Digits of the plan year, the county code and the (minimum, zero-padded) sequence. */
export const SERIAL_NO_DIGITS = { year: 4, county: 6, sequence: 5 } as const;
/** The longest 报名序号: the column enroll.serial_no (a sequence up to INT_MAX, 10 digits). */
export const SERIAL_NO_MAX_LENGTH = 20;

/** The parts of a 报名序号. */
export interface SerialNoParts {
  /** The plan year, 4 digits. */
  year: string;
  /** The county's GB/T 2260 code, 6 digits. */
  countyCode: string;
  /** The county's sequence in the plan, 1 … INT_MAX. */
  sequence: number;
}

const YEAR_RE = /^\d{4}$/;
const COUNTY_RE = /^\d{6}$/;
const SERIAL_NO_RE = /^(\d{4})(\d{6})(\d{5,10})$/;

/**
 * The fixed start of every 报名序号 of `countyCode` in a plan of `year`: year + county code. The
 * server appends the sequence in SQL (padded to SERIAL_NO_DIGITS.sequence), inside the insert that
 * raises the counter. Throws RangeError unless the year has 4 digits and the code 6.
 */
export function serialNoPrefix(year: string, countyCode: string): string {
  if (!YEAR_RE.test(year)) throw new RangeError(`报名序号: the plan year must be 4 digits: ${year}`);
  if (!COUNTY_RE.test(countyCode))
    throw new RangeError(`报名序号: the county code must be 6 digits (GB/T 2260): ${countyCode}`);
  return year + countyCode;
}

/**
 * The 报名序号 of `parts`: serialNoPrefix and the sequence zero-padded to 5 digits (more when larger).
 * Throws RangeError for a bad year or county code, or a sequence that is not an integer 1 … INT_MAX.
 */
export function formatSerialNo({ year, countyCode, sequence }: SerialNoParts): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > INT_MAX)
    throw new RangeError(`报名序号: the sequence must be an integer 1 … ${INT_MAX}: ${sequence}`);
  return serialNoPrefix(year, countyCode) + String(sequence).padStart(SERIAL_NO_DIGITS.sequence, '0');
}

/**
 * The parts of a 报名序号 as formatSerialNo writes it, or null for any other text (wrong length,
 * non-digits, a sequence of 0, a longer sequence with leading zeros, surrounding spaces).
 */
export function parseSerialNo(text: string): SerialNoParts | null {
  const m = SERIAL_NO_RE.exec(text);
  if (!m) return null;
  const digits = m[3]!;
  const sequence = Number(digits);
  if (sequence < 1 || sequence > INT_MAX) return null;
  if (digits.length > SERIAL_NO_DIGITS.sequence && digits.startsWith('0')) return null;
  return { year: m[1]!, countyCode: m[2]!, sequence };
}
