import type { Readable } from 'node:stream';
import {
  ENROLL_DICT_FIELDS,
  shownAuditReason,
  translate,
  type Enroll,
  type Lang,
  type MessageKey,
} from '@tegang/domain';
import type { Dicts } from '../lib/dicts';
import { fieldCaption } from './enroll-fields';
import { streamSheet } from './xlsx-stream';

/**
 * The enrolment export (spec §7 GET /candidate/enroll/export): an xlsx written with exceljs's streaming
 * writer, row by row from batches, so 100k rows stay in bounded memory. Columns: the list columns of
 * spec §2 first (the 报名序号 after the plan: the number an office files by, as text), then the audit
 * status and reason, then the rest of the form. Coded fields are written as their labels. Every text
 * goes through escapeCell (documents/cells.ts; docs/decisions.md "Formula injection": a text starting
 * with =, +, -, @, tab or CR is written behind an apostrophe).
 */
export const EXPORT_COLUMNS = [
  'planYear',
  'planName',
  'serialNo',
  'name',
  'idCard',
  'gender',
  'phone',
  'enrollCounty',
  'academicSession',
  'subject',
  'createTime',
  'updateTime',
  'createStatus',
  'pdfDownloadNum',
  'isDownload',
  'auditStatus',
  'auditReason',
  'planType',
  'birthday',
  'nation',
  'maritalStatus',
  'politicalAffiliation',
  'veteran',
  'domicile',
  'address',
  'graduateCollege',
  'education',
  'major',
  'graduationDate',
  'isNormal',
  'freshmen',
  'teacherCertification',
  'teacherCertificationType',
  'teacherCertificationSubject',
  'isAdjust',
  'priorityCondition',
  'priorityContent',
] as const satisfies readonly (keyof Enroll)[];

const WIDTHS: Partial<Record<keyof Enroll, number>> = {
  planName: 36,
  serialNo: 18,
  idCard: 22,
  createTime: 18,
  updateTime: 18,
  address: 30,
  graduateCollege: 22,
  domicile: 20,
};

/** A field of the export (EXPORT_COLUMNS). */
export type EnrollExportField = (typeof EXPORT_COLUMNS)[number];

/**
 * An enrolment as the export reads it (modules/enroll/service-admin.ts eachEnrollExportRow): the
 * EXPORT_COLUMNS fields of `Enroll`, except that createTime and updateTime are already the text the
 * sheet shows, 'YYYY-MM-DD HH:mm' in China Standard Time (as formatDateTime writes them).
 */
export type EnrollExportRow = Pick<Enroll, EnrollExportField>;

type CellOf = (e: EnrollExportRow) => string | number | null;

/**
 * The label in `lang` of each value, looked up once per value: `label(value)` for a value not met yet.
 * null and '' give '' (Dicts.label's rule).
 */
function labelsOf(label: (value: string) => string): (value: unknown) => string {
  const seen = new Map<string, string>();
  return (value) => {
    if (value === null || value === undefined || value === '') return '';
    const key = String(value);
    let text = seen.get(key);
    if (text === undefined) seen.set(key, (text = label(key)));
    return text;
  };
}

/** How each column's cell is made from a row: statuses and coded fields as labels, the rest as read. */
function cellsOf(dicts: Dicts, lang: Lang): CellOf[] {
  const status = (prefix: string) => labelsOf((v) => translate(lang, `${prefix}.${v}` as MessageKey));
  return EXPORT_COLUMNS.map((key): CellOf => {
    if (key === 'createStatus') {
      const label = status('status.createStatus');
      return (e) => label(e.createStatus);
    }
    if (key === 'isDownload') {
      const label = status('status.download');
      return (e) => label(e.isDownload);
    }
    if (key === 'auditStatus') {
      const label = status('status.audit');
      return (e) => label(e.auditStatus);
    }
    if (key === 'auditReason') return (e) => shownAuditReason(e.auditStatus, e.auditReason) ?? '';
    const type = (ENROLL_DICT_FIELDS as Partial<Record<keyof Enroll, string>>)[key];
    if (type) {
      const label = labelsOf((v) => dicts.label(type, v, lang));
      return (e) => label(e[key]);
    }
    return (e) => {
      const value = e[key];
      return typeof value === 'number' ? value : ((value as string | null) ?? '');
    };
  });
}

/**
 * The sheet of `batches` in `lang` (captions, statuses and dictionary labels), streamed (documents/
 * xlsx-stream.ts streamSheet): one row per enrolment, EXPORT_COLUMNS in order. The ID number and the
 * phone stay text; dates are the text the rows carry. A failing source destroys the stream.
 */
export function writeEnrollExport(
  batches: AsyncIterable<EnrollExportRow[]>,
  dicts: Dicts,
  lang: Lang,
): Readable {
  const cells = cellsOf(dicts, lang);
  async function* rows() {
    for await (const batch of batches) yield batch.map((e) => cells.map((cell) => cell(e)));
  }
  return streamSheet(
    translate(lang, 'enroll.export.sheet'),
    EXPORT_COLUMNS.map((key) => ({ header: fieldCaption(lang, key), width: WIDTHS[key] ?? 14 })),
    rows(),
  );
}
