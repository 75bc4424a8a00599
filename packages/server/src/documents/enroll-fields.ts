import { ENROLL_DICT_FIELDS, translate, type Enroll, type Lang, type MessageKey } from '@tegang/domain';
import type { Dicts } from '../lib/dicts';

/** Field names and values shared by the enrolment documents (the form PDF and the xlsx export). */

/** The caption of an enrolment field in `lang` (message `field.<name>`). */
export const fieldCaption = (lang: Lang, field: keyof Enroll): string =>
  translate(lang, `field.${field}` as MessageKey);

/**
 * The dictionary label in `lang` of a coded enrolment field (ENROLL_DICT_FIELDS: gender, nation, …;
 * the value itself when the dictionary lacks it, '' for none); undefined for a field that is not coded.
 */
export function codedLabel(dicts: Dicts, e: Enroll, field: keyof Enroll, lang: Lang): string | undefined {
  const type = (ENROLL_DICT_FIELDS as Record<string, string>)[field];
  return type ? dicts.label(type, e[field] as string | null, lang) : undefined;
}
