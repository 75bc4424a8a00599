import { zh } from './zh';
import { en } from './en';

/** Supported languages (spec §9): zh (default) and en. */
export type Lang = 'zh' | 'en';
export const LANGS: readonly Lang[] = ['zh', 'en'];
export const DEFAULT_LANG: Lang = 'zh';

export type MessageKey = keyof typeof zh;
export type MessageParams = Record<string, string | number>;

/** Both catalogues; `en` must define every key of `zh` (checked by the type below and by a test). */
export const catalogues: Record<Lang, Record<MessageKey, string>> = { zh, en };

/**
 * Translates a message key into `lang`, filling `{name}` placeholders from `params`.
 * A param that is a label key ("field.name", "status.plan.0") is translated too; any other text is
 * inserted as it is.
 * Unknown keys are returned as they are, so a raw server message passes through unchanged.
 */
export function translate(lang: Lang, key: string, params: MessageParams = {}): string {
  const table = catalogues[lang] ?? catalogues.zh;
  const template = (table as Record<string, string>)[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    const text = String(value);
    return /^(field|status)\./.test(text) ? ((table as Record<string, string>)[text] ?? text) : text;
  });
}

/** Picks zh or en from an Accept-Language header value or a stored preference; zh when unknown. */
export function resolveLang(value: string | null | undefined): Lang {
  if (!value) return DEFAULT_LANG;
  const first = value.split(',')[0]!.trim().toLowerCase();
  return first.startsWith('en') ? 'en' : 'zh';
}

/** True when `key` is in the catalogue. */
export function isMessageKey(key: string): key is MessageKey {
  return key in zh;
}
