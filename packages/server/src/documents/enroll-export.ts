import type { Readable } from 'node:stream';
import { formatDateTime, translate, type Enroll, type Lang, type MessageKey } from '@tegang/domain';
import type { Dicts } from '../lib/dicts';
import { codedLabel, fieldCaption } from './enroll-fields';
import { streamSheet } from './xlsx-stream';

/**
 * The enrolment export (spec §7 GET /candidate/enroll/export): an xlsx written with exceljs's streaming
 * writer, row by row from batches, so 100k rows stay in bounded memory. Columns: the list columns of
 * spec §2 first, then the audit status and reason, then the rest of the form. Coded fields are written as their labels. Every value goes
 * through escapeCell (documents/xlsx-stream.ts) (: a text starting with =, +, -, @, tab or CR is written behind an apostrophe).
 */
export const EXPORT_COLUMNS: (keyof Enroll)[] = [
  'planYear',
  'planName',
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
];

const WIDTHS: Partial<Record<keyof Enroll, number>> = {
  planName: 36,
  idCard: 22,
  createTime: 18,
  updateTime: 18,
  address: 30,
  graduateCollege: 22,
  domicile: 20,
};

export function writeEnrollExport(batches: AsyncIterable<Enroll[]>, dicts: Dicts, lang: Lang): Readable {
  const cell = (e: Enroll, key: keyof Enroll): string | number => {
    const value = e[key];
    if (key === 'createTime' || key === 'updateTime') return formatDateTime(value as string);
    if (key === 'createStatus') return translate(lang, `status.createStatus.${value}` as MessageKey);
    if (key === 'isDownload') return translate(lang, `status.download.${value}` as MessageKey);
    if (key === 'auditStatus') return translate(lang, `status.audit.${value}` as MessageKey);
    const coded = codedLabel(dicts, e, key, lang);
    if (coded !== undefined) return coded;
    return typeof value === 'number' ? value : ((value as string | null) ?? '');
  };
  async function* rows() {
    for await (const batch of batches) yield batch.map((e) => EXPORT_COLUMNS.map((key) => cell(e, key)));
  }
  return streamSheet(
    translate(lang, 'enroll.export.sheet'),
    EXPORT_COLUMNS.map((key) => ({ header: fieldCaption(lang, key), width: WIDTHS[key] ?? 14 })),
    rows(),
  );
}
