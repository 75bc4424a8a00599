import { translate, type Lang, type MessageKey } from '@tegang/domain';
import { renderFormPdf, type PdfField } from './pdf';

/**
 * The admission ticket PDF (准考证; spec §3 "Admission ticket"): A4, in the style of the
 * enrolment form (documents/pdf.ts, Noto Sans SC, text extractable). Pure: it takes plain values
 * (dictionary codes already turned into labels) and the photo bytes, so that it runs in a worker
 * thread (documents/admission-ticket-worker.ts) without the database or the storage.
 */
export interface TicketPdfData {
  planYear: string;
  planName: string;
  name: string;
  idCard: string;
  admissionNumber: string;
  enrollCounty: string;
  academicSession: string;
  subject: string;
  /** YYYY-MM-DD. */
  examDate: string;
  examTime: string;
  examPlace: string;
  examAddress: string;
  examRoomNumber: string;
  seatNumber: string;
  /** Multi-line text; each non-empty line is one numbered paragraph (a leading "1." / "1、" is dropped). */
  examinationRoomNotice: string;
  /** JPEG or PNG bytes of the candidate's photo, or null (an empty photo box with a caption). */
  photo: Uint8Array | null;
  /** Encoded in the QR code: `<origin>/verify/ticket/<token>`. */
  verifyUrl: string;
  lang?: Lang;
}

/** The notice as paragraphs: one per non-empty line, without its own numbering (the form numbers them). */
export function noticeParagraphs(notice: string): string[] {
  return notice
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/^(\d{1,2}|[一二三四五六七八九十]{1,3})\s*[.、．)）]\s*/, ''))
    .filter(Boolean);
}

/**
 * "<year>年<plan> 准考证" (message 'ticket.pdf.title'); the year is not repeated when the plan's name
 * already starts with it (the seeded plans are named "2027年…").
 */
export function ticketTitle(year: string, planName: string, lang: Lang = 'zh'): string {
  const title = translate(lang, 'ticket.pdf.title', { year, plan: planName });
  if (!planName.startsWith(year)) return title;
  return translate(lang, 'ticket.pdf.title', { year: '', plan: planName })
    .replace(/^\s*年?\s*/, '')
    .trim();
}

/**
 * Renders one ticket: title "<year>年<plan> 准考证", the candidate's fields beside the photo, the exam
 * fields, the exam room notice as numbered paragraphs and the verification QR code (25 mm) at the
 * bottom right. Returns the PDF bytes. Throws when the photo is neither JPEG nor PNG or the fonts
 * cannot be read (documents/pdf.ts renderFormPdf).
 */
export async function renderAdmissionTicketPdf(d: TicketPdfData): Promise<Buffer> {
  const lang = d.lang ?? 'zh';
  const t = (key: string, params?: Record<string, string>) => translate(lang, key as MessageKey, params);
  const f = (key: string, value: string, span?: 2): PdfField => ({ label: t(key), value, span });
  const title = ticketTitle(d.planYear, d.planName, lang);
  return renderFormPdf({
    title,
    subtitle: `${t('field.admissionNumber')}：${d.admissionNumber}`,
    photo: d.photo ? Buffer.from(d.photo.buffer, d.photo.byteOffset, d.photo.byteLength) : undefined,
    photoPlaceholder: t('ticket.pdf.photo'),
    sections: [
      {
        title: t('ticket.pdf.candidate'),
        fields: [
          f('field.name', d.name, 2),
          f('field.idCard', d.idCard, 2),
          f('field.admissionNumber', d.admissionNumber, 2),
          f('field.enrollCounty', d.enrollCounty, 2),
          f('field.academicSession', d.academicSession),
          f('field.subject', d.subject),
        ],
      },
      {
        title: t('ticket.pdf.exam'),
        fields: [
          f('field.examDate', d.examDate),
          f('field.examTimeOfDay', d.examTime),
          f('field.examPlace', d.examPlace, 2),
          f('field.examAddress', d.examAddress, 2),
          f('field.examRoomNumber', d.examRoomNumber),
          f('field.seatNumber', d.seatNumber),
        ],
      },
    ],
    notes: noticeParagraphs(d.examinationRoomNotice),
    notesTitle: t('field.examinationRoomNotice'),
    qrText: d.verifyUrl,
    footer: `${d.planYear} · ${d.planName} · ${t('ticket.pdf.scan')}`,
    metadata: { title, author: d.name, subject: t('ticket.pdf.subject') },
  });
}
