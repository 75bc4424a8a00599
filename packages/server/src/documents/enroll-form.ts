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
 * What the QR code of an enrolment form holds: `TEGANG-ENROLL:<planId>:<enrolment id>:<last four
 * characters of the ID number>` and, once given, `:<报名序号>`, so that an office scanning a form
 * finds the record and the number it files it by.
 */
export function enrollFormQrText(e: Pick<Enroll, 'planId' | 'id' | 'idCard' | 'serialNo'>): string {
  const base = `TEGANG-ENROLL:${e.planId}:${e.id}:${e.idCard.slice(-4)}`;
  return e.serialNo ? `${base}:${e.serialNo}` : base;
}

/**
 * The enrolment form PDF (报名表): A4, every field of the two form groups of spec §2 (the domain's
 * ENROLL_BASIC_FIELDS and ENROLL_INFO_FIELDS, in their order; the photo in its own box), Chinese
 * embedded as a subset font and extractable. Coded fields print their dictionary labels. Under the
 * title the 报名序号 (domain enroll-serial.ts) and the time of generation; at the foot the candidate's
 * commitment and signature, then the office's on-site audit box (审核意见, 审核人, 日期) with the QR
 * code (enrollFormQrText) beside it.
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
    subtitle: [
      e.serialNo ? t('enroll.form.serialNo', { serialNo: e.serialNo }) : '',
      t('enroll.form.generated', { time: formatDateTime(now) }),
    ]
      .filter(Boolean)
      .join('    '),
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
    officeBox: {
      title: t('enroll.form.audit'),
      label: t('enroll.form.audit.opinion'),
      signatureLines: [t('enroll.form.audit.auditor'), t('enroll.form.audit.date')],
    },
    qrText: enrollFormQrText(e),
    footer: `${e.planName} · ${e.planYear}`,
    metadata: { title: t('enroll.form.title', { plan: e.planName }), author: e.name },
  });
}
