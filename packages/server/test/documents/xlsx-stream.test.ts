import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { streamSheet } from '../../src/documents/xlsx-stream';

async function* batches(rows: (string | number | null)[][]) {
  yield rows.slice(0, 2);
  yield rows.slice(2);
}

describe('streamSheet', () => {
  it('writes a bold, frozen header and plain data cells with their values and types', async () => {
    const data = await buffer(
      streamSheet(
        '报名信息',
        [
          { header: '姓名', width: 12 },
          { header: '下载次数', width: 8 },
          { header: '备注', width: 20 },
        ],
        batches([
          ['张三', 2, '=1+1'],
          ['李四', 0, null],
          ['王五', 15, '普通文本'],
        ]),
      ),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('报名信息')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).values).toEqual([undefined, '姓名', '下载次数', '备注']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getColumn(3).width).toBe(20);
    expect(sheet.getRow(2).values).toEqual([undefined, '张三', 2, "'=1+1"]);
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getRow(4).values).toEqual([undefined, '王五', 15, '普通文本']);
    for (const address of ['A2', 'B3', 'C4']) expect(sheet.getCell(address).font?.bold).toBeFalsy();
    expect(sheet.rowCount).toBe(4);
  });

  it('escapes XML markup, drops the controls XML forbids, leaves empty cells out and reaches column AA', async () => {
    const columns = Array.from({ length: 28 }, (_, i) => ({ header: `c${i}`, width: 8 }));
    const row: (string | number | null)[] = Array.from({ length: 28 }, () => null);
    row[0] = 'a<b>&"c\'d';
    row[1] = 'x\u0001y\u000bz\u007f';
    row[2] = '';
    row[3] = 'line\nnext';
    row[4] = -1.5;
    row[26] = '520102199803070016';
    row[27] = '@SUM(1,2)';
    const data = await buffer(streamSheet('s', columns, batches([row, ['only'], ['last']])));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('s')!;
    expect(sheet.getCell('A2').value).toBe('a<b>&"c\'d');
    expect(sheet.getCell('B2').value).toBe('xyz');
    expect(sheet.getCell('C2').value).toBeNull();
    expect(sheet.getCell('D2').value).toBe('line\nnext');
    expect(sheet.getCell('E2').value).toBe(-1.5);
    expect(sheet.getCell('AA2').value).toBe('520102199803070016');
    expect(sheet.getCell('AA2').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('AB2').value).toBe("'@SUM(1,2)");
    expect(sheet.getCell('A4').value).toBe('last');
    expect(sheet.rowCount).toBe(4);
  });
});
