import { z } from 'zod';
import type { FieldError } from './api';
import { translate, isMessageKey, type Lang, type MessageKey } from './i18n';
import { checkIdCard, parseIdCard } from './idcard';
import { checkPhone, isEmpty } from './rules';

/**
 * Zod helpers whose issue messages are message keys, and the one translation of Zod issues into the
 * {field, message} errors of the contract (400 "msg says which field and why, in the caller's language").
 */

/** Field labels: payload path -> message key. Default label key is `field.<path>`. */
export type FieldLabels = Partial<Record<string, MessageKey>>;

/** A required trimmed string of at most `max` characters; message '{label}不能为空' unless `requiredKey`. */
export function requiredString(max = 100, requiredKey: MessageKey = 'rule.required') {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(max, { error: 'rule.maxLength' });
}

/** An optional string: '' and null become undefined. */
export function optionalString(max = 500) {
  return z.preprocess(
    (v) => (isEmpty(v) ? undefined : v),
    z.string().trim().max(max, { error: 'rule.maxLength' }).optional(),
  );
}

/** A mobile phone number by spec §5 (empty, length, format messages). */
export function phoneString(requiredKey?: MessageKey) {
  return z.string({ error: requiredKey ?? 'rule.phone.empty' }).superRefine((value, ctx) => {
    const key = checkPhone(value);
    if (key)
      ctx.addIssue({
        code: 'custom',
        message: key === 'rule.phone.empty' && requiredKey ? requiredKey : key,
      });
  });
}

/** A GB 11643 ID number, normalized to 18 characters with upper-case X. */
export function idCardString() {
  return z
    .string({ error: 'rule.required' })
    .superRefine((value, ctx) => {
      const key = isEmpty(value) ? 'rule.required' : checkIdCard(value);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    })
    .transform((value) => parseIdCard(value)?.normalized ?? value);
}

/** A calendar date YYYY-MM-DD. */
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export function dateString(requiredKey: MessageKey = 'rule.required') {
  return z
    .string({ error: requiredKey })
    .min(1, { error: requiredKey })
    .refine((v) => DATE_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'rule.date' });
}

/** An instant as ISO 8601 (with offset) or 'YYYY-MM-DD HH:mm:ss' (read as China Standard Time). */
export function dateTimeString(requiredKey: MessageKey = 'rule.required') {
  return z
    .string({ error: requiredKey })
    .min(1, { error: requiredKey })
    .refine((v) => parseInstant(v) !== null, { error: 'rule.date' })
    .transform((v) => new Date(parseInstant(v)!).toISOString());
}

/** Parses an ISO instant or a 'YYYY-MM-DD HH:mm[:ss]' China Standard Time string to epoch ms, or null. */
export function parseInstant(value: string): number | null {
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/.exec(value);
  const ms = local ? Date.parse(`${local[1]}T${local[2]}${local[3] ?? ':00'}+08:00`) : Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** A dictionary code or enum value: a short required string (membership is checked by the server). */
export function codeString(requiredKey: MessageKey = 'rule.required') {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(32, { error: 'rule.maxLength' });
}

function issueKey(issue: z.core.$ZodIssue): MessageKey {
  if (isMessageKey(issue.message)) return issue.message;
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null))
    return 'rule.required';
  if (issue.code === 'too_big') return 'rule.maxLength';
  return 'rule.invalidOption';
}

/**
 * Turns Zod issues into translated field errors. The `{label}` of a message is the field's label
 * (from `labels`, else `field.<path>`), `{max}` comes from too_big issues, and custom issues may add
 * their own params.
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
    const label = labels[field] ?? `field.${field}`;
    const params: Record<string, string | number> = {
      label,
      ...((issue as { params?: Record<string, string> }).params ?? {}),
    };
    if (issue.code === 'too_big') params.max = Number(issue.maximum);
    errors.push({ field, label: translate(lang, label), message: translate(lang, issueKey(issue), params) });
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
