import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogues, type Lang } from '@tegang/domain';
import { commonEn, commonZh } from './common';

/**
 * i18next over the domain catalogues (validation, errors, field labels: written once in
 * packages/domain) plus the web's own strings. Keys contain dots, placeholders are {name}.
 * The language is kept in localStorage (spec §3 "Local copies of … language"); zh by default.
 */
export const LANG_STORAGE_KEY = 'tegang-lang';

const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANG_STORAGE_KEY) : null;

void i18n.use(initReactI18next).init({
  lng: stored === 'en' ? 'en' : 'zh',
  fallbackLng: 'zh',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  resources: {
    zh: { translation: { ...catalogues.zh, ...commonZh } },
    en: { translation: { ...catalogues.en, ...commonEn } },
  },
});

/** The UI strings of an area or a side, zh and en; `en` has every key of `zh`. */
export interface StringTable<K extends string = string> {
  zh: Record<K, string>;
  en: Record<K, string>;
}

/** Declares a string table (no side effect: the sides register their tables in main). */
export function stringTable<T extends Record<string, string>>(
  zh: T,
  en: Record<keyof T, string>,
): StringTable<keyof T & string> {
  return { zh, en } as StringTable<keyof T & string>;
}

/** Adds string tables to the catalogue (each side's main registers the list of its areas' tables). */
export function registerStrings(...tables: StringTable[]): void;
/** @deprecated pass a table: registerStrings(stringTable(zh, en)). */
export function registerStrings<T extends Record<string, string>>(zh: T, en: Record<keyof T, string>): void;
export function registerStrings(...args: (StringTable | Record<string, string>)[]): void {
  const tables: StringTable[] =
    args.length === 2 && !('zh' in args[0]! && typeof args[0]!.zh === 'object')
      ? [{ zh: args[0] as Record<string, string>, en: args[1] as Record<string, string> }]
      : (args as StringTable[]);
  for (const table of tables) {
    i18n.addResources('zh', 'translation', table.zh);
    i18n.addResources('en', 'translation', table.en);
  }
}

/** Switches the language and remembers it. */
export async function setLang(lang: Lang): Promise<void> {
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  await i18n.changeLanguage(lang);
}

/** Translates a label key when it is one, for params such as {label}. */
export function label(key: string): string {
  return i18n.t(key);
}

export default i18n;
