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

/** Adds a side's own strings (candidate site, console); `en` must have every key of `zh`. */
export function registerStrings<T extends Record<string, string>>(zh: T, en: Record<keyof T, string>): void {
  i18n.addResources('zh', 'translation', zh);
  i18n.addResources('en', 'translation', en);
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
