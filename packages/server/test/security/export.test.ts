import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { enroll } from '../../src/db/schema';
import { escapeCell } from '../../src/documents/cells';
import { createTestApp, type TestApp } from '../helpers';
import { applyToOpenPlan } from '../enroll/fixtures';

/**
 * A text cell of an exported spreadsheet that a spreadsheet
 * program would run as a formula (starting with =, +, -, @, tab or CR) is written as text behind an
 * apostrophe, so that opening an export cannot run what a candidate typed.
 */
let t: TestApp;
let token: string;
let id: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  ({ id } = await applyToOpenPlan(t));
});
afterAll(() => t.close());

const HOSTILE = {
  name: '=HYPERLINK("http://e.vil","x")',
  address: "+1+cmd|' /C calc'!A0",
  domicile: '-2+3',
  graduateCollege: '@SUM(1,2)',
  major: '\t=1+1',
  priorityContent: '\r=1+1',
};

describe('the enrolment export', () => {
  it('writes cells that start with = + - @ tab or CR as text behind an apostrophe', async () => {
    await t.database.db.update(enroll).set(HOSTILE).where(eq(enroll.id, id));
    const link = await t.call<{ url: string }>('POST', '/candidate/enroll/exportToken', { token, body: {} });
    const file = await t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const cellOf = (label: string) => sheet.getRow(2).getCell(header.indexOf(label) + 1);
    const labels = {
      name: '姓名',
      address: '通讯地址',
      domicile: '户籍所在地',
      graduateCollege: '毕业院校',
      major: '所学专业',
      priorityContent: '优先条件内容',
    } as const;
    for (const [field, value] of Object.entries(HOSTILE)) {
      const label = labels[field as keyof typeof labels];
      expect(header, label).toContain(label);
      const cell = cellOf(label);
      expect(cell.type, field).toBe(ExcelJS.ValueType.String);
      expect(cell.formula, field).toBeUndefined();
      // (An XML reader turns a CR into LF: the xlsx holds the CR, exceljs reads back LF.)
      expect(cell.value, field).toBe(`'${value}`.replace(/\r/g, '\n'));
    }
    // Harmless text and numbers are written as they are.
    expect(cellOf('身份证号').value).toMatch(/^\d{17}[\dX]$/);
    expect(cellOf('民族').value).toBe('汉族');
  });
});

describe('escapeCell', () => {
  it('prefixes formula starters, full-width ones included, and leaves the rest alone', () => {
    for (const s of ['=1', '+1', '-1', '@A1', '\t=1', '\r=1', '＝1', '＋1', '－1', '＠A1'])
      expect(escapeCell(s)).toBe(`'${s}`);
    for (const s of ['张三', '1+1', 'a=b', '', ' =1', "'=1"]) expect(escapeCell(s)).toBe(s);
    expect(escapeCell(-5)).toBe(-5);
    expect(escapeCell(null)).toBe(null);
  });
});
