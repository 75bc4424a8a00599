import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Lang } from '@tegang/domain';
import { EXPORT_COLUMNS, writeEnrollExport, type EnrollExportRow } from '../../src/documents/enroll-export';
import type { Dicts } from '../../src/lib/dicts';

/** Two dictionary entries: gender 1 and nation 01, with English labels. */
const dicts = {
  items: () => [],
  has: () => true,
  label(type: string, value: string | null | undefined, lang: Lang = 'zh') {
    if (value === null || value === undefined || value === '') return '';
    const labels: Record<string, [string, string]> = {
      'sys_user_sex:1': ['男', 'Male'],
      'sys_nation:01': ['汉族', 'Han'],
    };
    const found = labels[`${type}:${value}`];
    return found ? found[lang === 'en' ? 1 : 0] : value;
  },
} satisfies Dicts;

const base = Object.fromEntries(EXPORT_COLUMNS.map((key) => [key, null])) as unknown as EnrollExportRow;
const rows: EnrollExportRow[] = [
  {
    ...base,
    planYear: '2026',
    serialNo: '202652010200017',
    name: '张三',
    idCard: '520102199803070016',
    gender: '1',
    nation: '01',
    createTime: '2026-03-01 18:00',
    createStatus: '1',
    pdfDownloadNum: 2,
    isDownload: '0',
    auditStatus: '2',
    auditReason: '照片不清晰',
    birthday: '1998-03-07',
  },
  // Pending again after a rejection: the old reason is not shown; a code outside the dictionary as is.
  { ...base, name: '李四', nation: '99', auditStatus: '0', auditReason: '旧原因' },
];

async function sheetOf(lang: Lang) {
  async function* batches() {
    yield rows;
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(
    (await buffer(writeEnrollExport(batches(), dicts, lang))) as unknown as ExcelJS.Buffer,
  );
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const cell = (row: number, field: string) =>
    sheet.getRow(row).getCell(EXPORT_COLUMNS.indexOf(field as never) + 1);
  return { sheet, header, cell };
}

describe('writeEnrollExport', () => {
  it('writes every column with its caption, labels for codes and statuses, and the rows’ texts', async () => {
    const { sheet, header, cell } = await sheetOf('zh');
    expect(sheet.name).toBe('报名信息');
    expect(header).toHaveLength(EXPORT_COLUMNS.length);
    expect(header.slice(0, 5)).toEqual(['计划年度', '计划名称', '报名序号', '姓名', '身份证号']);
    // the 报名序号 stays text: a number cell would show 2.02652E+14
    expect(cell(2, 'serialNo').value).toBe('202652010200017');
    expect(cell(2, 'serialNo').type).toBe(ExcelJS.ValueType.String);
    expect(cell(3, 'serialNo').value).toBeNull();
    expect(cell(2, 'idCard').value).toBe('520102199803070016');
    expect(cell(2, 'idCard').type).toBe(ExcelJS.ValueType.String);
    expect(cell(2, 'gender').value).toBe('男');
    expect(cell(2, 'nation').value).toBe('汉族');
    expect(cell(2, 'createTime').value).toBe('2026-03-01 18:00');
    expect(cell(2, 'birthday').value).toBe('1998-03-07');
    expect(cell(2, 'createStatus').value).toBe('已生成');
    expect(cell(2, 'isDownload').value).toBe('否');
    expect(cell(2, 'auditStatus').value).toBe('审核不通过');
    expect(cell(2, 'auditReason').value).toBe('照片不清晰');
    expect(cell(2, 'pdfDownloadNum').value).toBe(2);
    expect(cell(3, 'nation').value).toBe('99');
    expect(cell(3, 'auditStatus').value).toBe('待审核');
    expect(cell(3, 'auditReason').value).toBeNull();
  });

  it('writes captions and labels in English', async () => {
    const { sheet, header, cell } = await sheetOf('en');
    expect(sheet.name).toBe('Enrolments');
    expect(header[0]).toBe('Plan year');
    expect(header[2]).toBe('Serial No.');
    expect(cell(2, 'gender').value).toBe('Male');
    expect(cell(2, 'auditStatus').value).toBe('Rejected');
  });
});
