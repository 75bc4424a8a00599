import type { MessageKey } from './i18n';
import { normalizeCompat } from './rules';

/**
 * Citizen identification numbers, GB 11643-1999: 6-digit GB/T 2260 address code, 8-digit birth date,
 * 3-digit sequence (odd = male), and an ISO 7064 MOD 11-2 check character. Also accepted: the old
 * 15-digit numbers (6 + YYMMDD + 3, born 19YY) and the residence permits of Hong Kong (810000),
 * Macao (820000) and Taiwan (830000) residents, which follow the same 18-digit rule.
 */
export interface IdCardInfo {
  /** The 18-digit form, upper-case X (15-digit numbers are converted). */
  normalized: string;
  /** YYYY-MM-DD */
  birthday: string;
  /** GB/T 2261.1 code: '1' male, '2' female. */
  gender: '1' | '2';
  /** The 6-digit address code. */
  regionCode: string;
}

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';
/** First two digits that GB/T 2260 province codes and the residence permits use. */
const PROVINCE_PREFIXES = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '81',
  '82',
  '83',
]);

/**
 * The GB 11643 check character of the first 17 digits of `first17` (ASCII digits; characters after
 * the 17th are ignored, so a whole 18-character number may be given).
 */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (first17.charCodeAt(i) - 48) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/** Days of each month of a common year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A calendar date from 1900 on, not after `today`: by arithmetic, no Date made (an import checks 100,000
 * a file).
 */
function validDate(year: number, month: number, day: number, today: Date): boolean {
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!)) return false;
  return Date.UTC(year, month - 1, day) <= today.getTime();
}

/** An ID number already in its canonical form: 17 ASCII digits and a digit or upper-case X. */
const CANONICAL_RE = /^\d{17}[\dX]$/;

/**
 * Parses and checks an ID number, read in its canonical form (NFKC, trimmed, upper-case X). Returns the
 * normalized 18-digit number with the birthday and gender it encodes, or null when the format, province
 * prefix, birth date or check character is wrong.
 * `today` bounds the birth date (default now).
 */
export function parseIdCard(input: unknown, today: Date = new Date()): IdCardInfo | null {
  if (typeof input !== 'string') return null;
  // Most input is already canonical, and NFKC is an ICU call: skipped when it cannot change anything.
  let id = CANONICAL_RE.test(input) ? input : normalizeCompat(input).toUpperCase();
  if (id.length === 15 && /^\d{15}$/.test(id)) {
    const first17 = `${id.slice(0, 6)}19${id.slice(6)}`;
    id = first17 + idCardCheckChar(first17);
  }
  if (!CANONICAL_RE.test(id)) return null;
  if (!PROVINCE_PREFIXES.has(id.slice(0, 2))) return null;
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  if (!validDate(year, month, day, today)) return null;
  if (idCardCheckChar(id) !== id[17]) return null;
  return {
    normalized: id,
    birthday: `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`,
    gender: Number(id[16]) % 2 === 1 ? '1' : '2',
    regionCode: id.slice(0, 6),
  };
}

/**
 * The GB/T 2260 codes from the province down to `regionCode` (a 6-digit address code, e.g. the
 * `regionCode` of parseIdCard): '520102' → ['520000', '520100', '520102']; a province or city code
 * stops at itself ('810000' → ['810000']). Empty for anything but 6 digits. Whether the codes exist
 * in the region list is for the caller to check (codes of abolished counties do not).
 */
export function regionCodePath(regionCode: string): string[] {
  if (!/^\d{6}$/.test(regionCode)) return [];
  const path = [`${regionCode.slice(0, 2)}0000`, `${regionCode.slice(0, 4)}00`, regionCode];
  return path.filter((code, i) => path.indexOf(code) === i);
}

/** The rule as a check: null when valid, else the message key. */
export function checkIdCard(value: unknown): MessageKey | null {
  return parseIdCard(value) ? null : 'rule.idCard';
}

/** Masks an ID number for logs and lists that need not show it whole: 520102********001X. */
export function maskIdCard(id: string): string {
  return id.length < 10 ? id : `${id.slice(0, 6)}********${id.slice(-4)}`;
}
