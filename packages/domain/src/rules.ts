import type { MessageKey } from './i18n';

/**
 * The validation rules of spec §5, written once and used by the server (in the Zod schemas) and by
 * the web forms (as antd validators). Each check returns the message key of the first rule broken,
 * or null when the value is fine.
 */

/** Spec §5 "Empty-value check": null, undefined, '', [] and {} are empty; booleans and numbers never are. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}

/**
 * The canonical form of a phone or ID number: Unicode NFKC, so full-width digits and letters
 * become ASCII and no-break or ideographic spaces become plain ones, then trimmed of white space.
 * Applied at the schema, so that SMS caps, uniqueness and lookups all see one spelling.
 */
export function normalizeCompat(value: string): string {
  return value.normalize('NFKC').trim();
}

// Matching control characters is the point of the three expressions below.
/* eslint-disable no-control-regex */
/**
 * Characters a single-line field refuses (docs/security.md "Input"): C0 controls (with tab, CR and LF),
 * DEL, C1 controls and the Unicode line and paragraph separators.
 */
export const LINE_CONTROL_RE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** Characters a multi-line text refuses: the controls other than tab, LF and CR (NUL among them). */
export const TEXT_CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** NUL, which PostgreSQL cannot store in text and no field accepts (docs/security.md "Input"). */
export const NUL_RE = /\u0000/;
/* eslint-enable no-control-regex */

/**
 * Lengths of the fields checked by a pattern rather than a Zod .max() (the web's input maxLength reads
 * these; the checks below use them too).
 */
export const PHONE_LENGTH = 11;
export const ID_CARD_LENGTH = 18;
export const SMS_CODE_LENGTH = 6;
export const USER_NAME_MAX = 16;
export const REAL_NAME_MAX = 30;

/** Mainland mobile number: 11 digits, first 1, second 3-9 (spec §5 Phone). */
export const PHONE_RE = /^1[3-9]\d{9}$/;
/** Spec §5 phone check: empty, then length 11, then format; the value is read in its canonical form. */
export function checkPhone(value: unknown): MessageKey | null {
  if (isEmpty(value)) return 'rule.phone.empty';
  const text = normalizeCompat(String(value));
  if (text.length !== PHONE_LENGTH) return 'rule.phone.length';
  return PHONE_RE.test(text) ? null : 'rule.phone';
}

/** 4-16 letters, digits, underscore or hyphen (spec §5 User name). */
export const USER_NAME_RE = /^[a-zA-Z0-9_-]{4,16}$/;
export function checkUserName(value: unknown): MessageKey | null {
  if (isEmpty(value)) return 'rule.userName';
  return USER_NAME_RE.test(String(value)) ? null : 'rule.userName';
}

/** Special characters the strength rule accepts (spec §5): !@#$%^&*?_ */
export const PASSWORD_SPECIALS = '!@#$%^&*?_';
/** At least 6 with upper, lower, digit and special (spec §5 Password strength). */
export const PASSWORD_STRENGTH_RE = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[!@#$%^&*?_]).{6,}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
/** A new password: the strength rule, and at most 20 characters (spec §5 change-password dialog, §9). */
export function checkPasswordStrength(value: unknown): MessageKey | null {
  if (isEmpty(value)) return 'rule.newPsw.required';
  const text = String(value);
  if (!PASSWORD_STRENGTH_RE.test(text)) return 'rule.password';
  return text.length > PASSWORD_MAX ? 'rule.password.length' : null;
}
/** Spec §5 change-password dialog: new password required, 6 to 20 long. */
export function checkNewPasswordLength(value: unknown): MessageKey | null {
  if (isEmpty(value)) return 'rule.newPsw.required';
  const length = String(value).length;
  return length < PASSWORD_MIN || length > PASSWORD_MAX ? 'rule.password.length' : null;
}
/** Spec §5 change-password dialog: confirm required and equal to the new password. */
export function checkConfirmPassword(confirm: unknown, newPassword: unknown): MessageKey | null {
  if (isEmpty(confirm)) return 'rule.confirmPsw.required';
  return confirm === newPassword ? null : 'rule.confirmPsw.mismatch';
}

/** Six-digit SMS verification code. */
export const SMS_CODE_RE = /^\d{6}$/;
export function checkSmsCode(value: unknown): MessageKey | null {
  return typeof value === 'string' && SMS_CODE_RE.test(value) ? null : 'rule.smsCode';
}

/** A real name: 2-30 characters, Chinese or Latin letters, the middle dot of minority names, spaces. */
export const REAL_NAME_RE = /^[\p{Script=Han}A-Za-z·•. ]{2,30}$/u;
export function checkRealName(value: unknown): MessageKey | null {
  return typeof value === 'string' && REAL_NAME_RE.test(value.trim()) ? null : 'rule.realName';
}
