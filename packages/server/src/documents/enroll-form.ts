import {
  ENROLL_BASIC_FIELDS,
  ENROLL_INFO_FIELDS,
  formatDateTime,
  translate,
  type Enroll,
  type Lang,
} from '@tegang/domain';
import type { Dicts } from '../lib/dicts';
import { codedLabel, fieldCaption } from './enroll-fields';
import { renderFormPdf, type PdfField } from './pdf';

/** Fields printed across both columns of the form. */
const WIDE_FIELDS: ReadonlySet<string> = new Set(['address']);

/**
 * The enrolment form PDF (报名表): A4, every field of the two form groups of spec §2 (the domain's
 * ENROLL_BASIC_FIELDS and ENROLL_INFO_FIELDS, in their order; the photo in its own box), Chinese
 * embedded as a subset font and extractable. Coded fields print their dictionary labels.
 */
export async function renderEnrollForm(
  e: Enroll,
  photo: Buffer | null,
  dicts: Dicts,
  now: Date,
  lang: Lang = 'zh',
): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string>) => translate(lang, key, params);
  const value = (field: keyof Enroll): string => {
    const raw = e[field];
    return codedLabel(dicts, e, field, lang) ?? (raw === null || raw === undefined ? '' : String(raw));
  };
  const f = (field: keyof Enroll, span?: 2): PdfField => ({
    label: fieldCaption(lang, field),
    value: value(field),
    span,
  });
  return renderFormPdf({
    title: t('enroll.form.title', { plan: e.planName }),
    subtitle: `No. ${String(e.id).padStart(8, '0')}    ${t('enroll.form.generated', { time: formatDateTime(now) })}`,
    photo: photo ?? undefined,
    photoPlaceholder: t('enroll.form.photo'),
    sections: [
      {
        title: t('section.basic'),
        fields: ENROLL_BASIC_FIELDS.filter((field) => field !== 'picture').map((field) =>
          f(field, WIDE_FIELDS.has(field) ? 2 : undefined),
        ),
      },
      {
        title: t('section.enroll'),
        fields: ENROLL_INFO_FIELDS.map((field) => f(field)),
      },
    ],
    notes: [t('enroll.form.commitment')],
    signatureLines: [t('enroll.form.signature'), t('enroll.form.date')],
    qrText: `TEGANG-ENROLL:${e.planId}:${e.id}:${e.idCard.slice(-4)}`,
    footer: `${e.planName} · ${e.planYear}`,
    metadata: { title: t('enroll.form.title', { plan: e.planName }), author: e.name },
  });
}
