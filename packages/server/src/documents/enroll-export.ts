import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatDateTime, translate, type Enroll, type Lang, type MessageKey } from '@tegang/domain';
import type { Dicts } from '../lib/dicts';
import { escapeCell } from './cells';
import { codedLabel, fieldCaption } from './enroll-fields';

/**
 * The enrolment export (spec §7 GET /candidate/enroll/export): an xlsx written with exceljs's streaming
 * writer, row by row from batches, so 100k rows stay in bounded memory. Columns: the list columns of
 * spec §2 first, then the audit status and reason (issue 8), then the rest of the form. Coded fields are written as their labels. Every value goes
 * through escapeCell (: a text starting with =, +, -, @, tab or CR is written behind an apostrophe).
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
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(translate(lang, 'enroll.export.sheet'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = EXPORT_COLUMNS.map((key) => ({
    header: fieldCaption(lang, key),
    key,
    width: WIDTHS[key] ?? 14,
  }));
  sheet.getRow(1).font = { bold: true };
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
  (async () => {
    for await (const batch of batches) {
      for (const e of batch) sheet.addRow(EXPORT_COLUMNS.map((key) => escapeCell(cell(e, key)))).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error) => out.destroy(error as Error));
  return out;
}
