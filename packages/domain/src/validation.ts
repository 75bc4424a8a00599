import { z } from 'zod';
import type { FieldError } from './api';
import { translate, isMessageKey, type Lang, type MessageKey } from './i18n';
import { checkIdCard, parseIdCard } from './idcard';
import { LINE_CONTROL_RE, NUL_RE, TEXT_CONTROL_RE, checkPhone, isEmpty, normalizeCompat } from './rules';

/**
 * Zod helpers whose issue messages are message keys, and the one translation of Zod issues into the
 * {field, message} errors of the contract (400 "msg says which field and why, in the caller's language").
 */

/** Field labels: payload path -> message key. Default label key is `field.<path>`. */
export type FieldLabels = Partial<Record<string, MessageKey>>;

/**
 * How a free-text field treats control characters (line breaks in names, NUL bytes; docs/security.md "Input"):
 * - 'line': a single-line field (names, titles, codes, filters) refuses every control character,
 *   CR and LF included, and the Unicode line separators;
 * - 'text': a multi-line text (descriptions, comments, the service centre) keeps tab, CR and LF;
 * - 'secret': a password as typed refuses only NUL, so that no password that could be set is refused.
 */
export type TextKind = 'line' | 'text' | 'secret';
const CONTROL_BY_KIND: Record<TextKind, RegExp> = {
  line: LINE_CONTROL_RE,
  text: TEXT_CONTROL_RE,
  secret: NUL_RE,
};

/** True when `value` has no character that a field of `kind` refuses. */
export function isCleanText(value: string, kind: TextKind = 'line'): boolean {
  return !CONTROL_BY_KIND[kind].test(value);
}

/**
 * A required trimmed string of at most `max` characters; message '{label}不能为空' unless `requiredKey`;
 * control characters as `kind` says (default single-line) answer 'rule.control'.
 */
export function requiredString(
  max = 100,
  requiredKey: MessageKey = 'rule.required',
  kind: TextKind = 'line',
) {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(max, { error: 'rule.maxLength' })
    .refine((v) => isCleanText(v, kind), { error: 'rule.control' });
}

/**
 * The longest string a schema accepts (its .max()), looking through optional, nullable, default,
 * preprocess and pipe wrappers; undefined when it has no maximum. The web's inputs take their
 * maxLength from here, so a form never allows more than the server does.
 */
export function maxLengthOf(schema: z.ZodType | undefined): number | undefined {
  let node: unknown = schema;
  for (let depth = 0; node && depth < 10; depth++) {
    const max = (node as { maxLength?: number | null }).maxLength;
    if (typeof max === 'number') return max;
    const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def ?? {};
    node = def.innerType ?? (def.type === 'pipe' ? (isStringLike(def.out) ? def.out : def.in) : undefined);
  }
  return undefined;
}
/**
 * The length limit of every string field of an object schema (looking through refinements and
 * wrappers): `maxLengthsOf(roleCreateSchema).name` is the longest role name the server accepts.
 */
export function maxLengthsOf(schema: z.ZodType): Record<string, number | undefined> {
  let node: unknown = schema;
  for (let depth = 0; node && depth < 10; depth++) {
    const shape = (node as { shape?: Record<string, z.ZodType> }).shape;
    if (shape && typeof shape === 'object')
      return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, maxLengthOf(v)]));
    const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def ?? {};
    node = def.innerType ?? def.in ?? def.schema;
  }
  return {};
}
const isStringLike = (node: unknown) => {
  const def = (node as { _zod?: { def?: { type?: string } } } | undefined)?._zod?.def;
  return def?.type === 'string' || def?.type === 'optional' || def?.type === 'nullable';
};

/** An optional string: '' and null become undefined; control characters as `kind` says (default single-line). */
export function optionalString(max = 500, kind: TextKind = 'line') {
  return z.preprocess(
    (v) => (isEmpty(v) ? undefined : v),
    z
      .string()
      .trim()
      .max(max, { error: 'rule.maxLength' })
      .refine((v) => isCleanText(v, kind), { error: 'rule.control' })
      .optional(),
  );
}

/**
 * A mobile phone number by spec §5 (empty, length, format messages), in its canonical form: NFKC and
 * trimmed, so " 139…", "139…\u3000" and full-width digits are the same phone.
 */
export function phoneString(requiredKey?: MessageKey) {
  return z
    .string({ error: requiredKey ?? 'rule.phone.empty' })
    .overwrite(normalizeCompat)
    .superRefine((value, ctx) => {
      const key = checkPhone(value);
      if (key)
        ctx.addIssue({
          code: 'custom',
          message: key === 'rule.phone.empty' && requiredKey ? requiredKey : key,
        });
    });
}

/** A GB 11643 ID number, normalized (NFKC, trimmed) to 18 characters with upper-case X. */
export function idCardString() {
  return z
    .string({ error: 'rule.required' })
    .superRefine((value, ctx) => {
      const key = isEmpty(value) ? 'rule.required' : checkIdCard(value);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    })
    .transform((value) => parseIdCard(value)?.normalized ?? value);
}

/**
 * An optional search filter on a phone or ID number (a prefix of one is fine): '' and null are none;
 * NFKC, trimmed and, for ID numbers, upper-cased, so that a full-width or lower-case-x filter finds the
 * stored number; single-line.
 */
export function numberFilter(max: number, upperCase = false) {
  return z.preprocess(
    (v) => {
      if (isEmpty(v)) return undefined;
      if (typeof v !== 'string') return v;
      const text = normalizeCompat(v);
      return upperCase ? text.toUpperCase() : text;
    },
    z
      .string()
      .max(max, { error: 'rule.maxLength' })
      .refine((v) => isCleanText(v), { error: 'rule.control' })
      .optional(),
  );
}

/** The largest value of a PostgreSQL integer column: ids are 1 … INT_MAX. */
export const INT_MAX = 2_147_483_647;

/** The message of a value that is not a number: required when missing or '', else `invalid`. */
const numberError =
  (requiredKey: MessageKey, invalid: MessageKey) =>
  (issue: { input?: unknown }): MessageKey =>
    issue.input === undefined || issue.input === null || issue.input === '' ? requiredKey : invalid;

/** Digit strings become numbers; anything else is left for the number schema to refuse. */
const digitsToNumber = (v: unknown) =>
  typeof v === 'string' && /^\s*-?\d{1,20}\s*$/.test(v) ? Number(v) : v;

/**
 * A row id (path, query, body or multipart field): a whole number from 1 to INT_MAX, given as a number
 * or a string of digits. Missing is `requiredKey`; anything else ('1e30', '0x10', 2147483648, 'abc', 1.5)
 * is `invalidKey` (default 'rule.id') on the field, never a database error.
 */
export function idNumber(requiredKey: MessageKey = 'rule.required', invalidKey: MessageKey = 'rule.id') {
  return z.preprocess(
    digitsToNumber,
    z
      .number({ error: numberError(requiredKey, invalidKey) })
      .int({ error: invalidKey })
      .min(1, { error: invalidKey })
      .max(INT_MAX, { error: invalidKey }),
  );
}

/** The years a date or instant may lie in (real calendar dates in a sane range). */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2100;

/** True when year-month-day is a real Gregorian calendar date (no 2020-02-31, no 1990-02-30). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

const inYearRange = (year: number) => year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR;

/** A calendar date YYYY-MM-DD. */
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** True when `value` is a YYYY-MM-DD real calendar date between DATE_MIN_YEAR and DATE_MAX_YEAR. */
export function isValidDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return isCalendarDate(y, m, d) && inYearRange(y);
}

/**
 * A calendar date YYYY-MM-DD: a real date ('rule.date' for 2020-02-31) from DATE_MIN_YEAR to `maxYear`
 * (default DATE_MAX_YEAR; 'rule.dateRange'). A date that a later rule bounds more tightly from above
 * (limitBirth: not after today) passes a larger `maxYear`, so that rule's own message is the one shown.
 */
export function dateString(requiredKey: MessageKey = 'rule.required', maxYear = DATE_MAX_YEAR) {
  return z
    .string({ error: requiredKey })
    .min(1, { error: requiredKey })
    .superRefine((v, ctx) => {
      const [y, m, d] = v.split('-').map(Number) as [number, number, number];
      if (!DATE_RE.test(v) || !isCalendarDate(y, m, d))
        ctx.addIssue({ code: 'custom', message: 'rule.date' });
      else if (y < DATE_MIN_YEAR || y > maxYear) ctx.addIssue({ code: 'custom', message: 'rule.dateRange' });
    });
}

/**
 * An instant as ISO 8601 (with offset) or 'YYYY-MM-DD HH:mm:ss' (read as China Standard Time), output
 * as an ISO string. The date must be real and in 1900–2100 ('rule.date', 'rule.dateRange').
 */
export function dateTimeString(requiredKey: MessageKey = 'rule.required') {
  return z
    .string({ error: requiredKey })
    .min(1, { error: requiredKey })
    .superRefine((v, ctx) => {
      const ms = parseInstant(v);
      if (ms === null) ctx.addIssue({ code: 'custom', message: 'rule.date' });
      else if (!inYearRange(Number(v.slice(0, 4))))
        ctx.addIssue({ code: 'custom', message: 'rule.dateRange' });
    })
    .transform((v) => new Date(parseInstant(v)!).toISOString());
}

/** 'YYYY-MM-DD', then optionally [T ]HH:mm[:ss[.fraction]], then optionally Z or ±HH[:]mm. */
const INSTANT_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Parses an instant to epoch ms, or null: ISO 8601 with Z or an offset, or without one (a date, or
 * 'YYYY-MM-DD HH:mm[:ss]') read as China Standard Time. The date must be a real calendar date and the
 * time of day a real one; other spellings Date.parse would take ('1', 'March 7', '+275760-…') are null.
 */
export function parseInstant(value: string): number | null {
  const m = INSTANT_RE.exec(value);
  if (!m) return null;
  const [, y, mo, d, hh = '00', mi = '00', ss = '00', fraction = '', zone] = m;
  if (!isCalendarDate(Number(y), Number(mo), Number(d))) return null;
  if (Number(hh) > 23 || Number(mi) > 59 || Number(ss) > 59) return null;
  let offset = '+08:00';
  if (zone && zone.toUpperCase() !== 'Z') {
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(-2));
    if (oh > 14 || om > 59) return null;
    offset = `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  } else if (zone) offset = 'Z';
  const ms = Date.parse(`${y}-${mo}-${d}T${hh}:${mi}:${ss}${fraction.slice(0, 4)}${offset}`);
  return Number.isNaN(ms) ? null : ms;
}

/** A dictionary code or enum value: a short required single-line string (membership is checked by the server). */
export function codeString(requiredKey: MessageKey = 'rule.required') {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(32, { error: 'rule.maxLength' })
    .refine((v) => isCleanText(v), { error: 'rule.control' });
}

/** Objects whose own keys are data: plain ones, null-prototype ones (parsed query strings); not bytes or dates. */
const isRecord = (node: object) => !ArrayBuffer.isView(node) && !(node instanceof Date);

/**
 * The path of the first string in `value` (a parsed body, query or params: objects, arrays, strings)
 * that matches `re` — by default a NUL byte, which PostgreSQL cannot store — as Zod would name it
 * (['items', 0, 'name']); a property name that matches is reported as its own path. null when clean.
 * Walks iteratively, so a deeply nested body cannot exhaust the stack.
 */
export function findControlPath(value: unknown, re: RegExp = NUL_RE): (string | number)[] | null {
  type Entry = { node: unknown; key: string | number | null; parent: Entry | null };
  const pathOf = (entry: Entry) => {
    const path: (string | number)[] = [];
    for (let e: Entry | null = entry; e && e.key !== null; e = e.parent) path.unshift(e.key);
    return path;
  };
  const stack: Entry[] = [{ node: value, key: null, parent: null }];
  while (stack.length) {
    const entry = stack.pop()!;
    const { node } = entry;
    if (typeof node === 'string') {
      if (re.test(node)) return pathOf(entry);
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], key: i, parent: entry });
    } else if (node && typeof node === 'object' && isRecord(node)) {
      const entries = Object.entries(node as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (re.test(key)) return pathOf({ node: key, key, parent: entry });
        stack.push({ node: child, key, parent: entry });
      }
    }
  }
  return null;
}

function issueKey(issue: z.core.$ZodIssue): MessageKey {
  if (isMessageKey(issue.message)) return issue.message;
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null))
    return 'rule.required';
  if (issue.code === 'too_big') return 'rule.maxLength';
  return 'rule.invalidOption';
}

/** A path segment that is a position in a list ('3' from a query or Ajv path, or 3). */
const isIndex = (segment: string | number | symbol) =>
  typeof segment === 'number' || (typeof segment === 'string' && /^\d+$/.test(segment));

/** The label key of `name` if there is one: from `labels`, else `field.<name>` when catalogued. */
function labelKey(name: string, labels: FieldLabels): MessageKey | undefined {
  const key = labels[name] ?? `field.${name}`;
  return isMessageKey(key) ? key : undefined;
}

/**
 * The translated label of the field at `path` (docs/security.md "Input": a 400 names the field in the
 * caller's language, never a raw key): its label by the whole path; for an item of a list
 * ('idList.0') the list's label and the position ("所选记录第 1 项"); for a field of an item or of a
 * nested object ('sites.3.code') its own name's label; the whole body ('') "请求内容"; and for a name
 * nobody labelled, the name itself ("字段 foo"), which never reads as a message key.
 */
export function fieldLabel(
  path: readonly (string | number | symbol)[],
  lang: Lang,
  labels: FieldLabels = {},
): string {
  const field = path.map(String).join('.');
  if (!path.length) return translate(lang, labels[''] ?? 'field.body');
  const whole = labelKey(field, labels);
  if (whole) return translate(lang, whole);
  const last = path[path.length - 1]!;
  if (path.length > 1 && isIndex(last))
    return translate(lang, 'field.item', {
      list: fieldLabel(path.slice(0, -1), lang, labels),
      n: Number(last) + 1,
    });
  if (path.length > 1) {
    const own = labelKey(String(last), labels);
    if (own) return translate(lang, own);
  }
  return translate(lang, 'field.unnamed', { name: field });
}

/**
 * Turns Zod issues into translated field errors. The `{label}` of a message is the field's label
 * ({@link fieldLabel}), `{max}` comes from too_big issues, `{min}` from too_small ones, and custom
 * issues may add their own params.
 */
export function toFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  lang: Lang,
  labels: FieldLabels = {},
): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue; // first rule broken per field, as a form shows it
    seen.add(field);
    const label = fieldLabel(issue.path, lang, labels);
    const params: Record<string, string | number> = {
      label,
      ...((issue as { params?: Record<string, string> }).params ?? {}),
    };
    if (issue.code === 'too_big') params.max = Number(issue.maximum);
    if (issue.code === 'too_small') params.min = Number(issue.minimum);
    errors.push({ field, label, message: translate(lang, issueKey(issue), params) });
  }
  return errors;
}

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldError[] };

/** Parses `input` with `schema`; on failure returns the translated field errors. */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  lang: Lang,
  labels?: FieldLabels,
): Validated<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: toFieldErrors(result.error.issues, lang, labels) };
}

/** The one-line msg of a 400 answer; each message names its field ("手机号码：请输入正确的手机号码"). */
export function summarizeErrors(errors: FieldError[], lang: Lang = 'zh'): string {
  const [colon, semicolon] = lang === 'en' ? [': ', '; '] : ['：', '；'];
  return errors
    .map((e) => (e.message.includes(e.label) ? e.message : `${e.label}${colon}${e.message}`))
    .join(semicolon);
}
