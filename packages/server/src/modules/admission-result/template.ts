import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { translate, type Lang, type RegionScope } from '@tegang/domain';
import { admissionTicket, enroll } from '../../db/schema';
import type { Db } from '../../db';
import { escapeCell } from '../../documents/cells';
import { templateWorkbook } from '../../imports/engine';
import { scopeWhere } from '../../lib/scope';
import { admissionResultImport, resultParam } from './import';

/**
 * The results import template prefilled with a plan's ticket holders (spec §2 "Admission results";
 * the office needs each candidate's ID number, name and admission number to fill in the scores):
 * the ordinary template of {@link admissionResultImport} (same header row, widths, text cells) with
 * its example row replaced by one row per admission ticket of plan `planId` whose enrolment lies in
 * `scope` (ordered by admission number; only 身份证号, 姓名 and 准考证号 are filled, every other
 * column is left empty for the office). The example row goes because the import takes all rows or
 * none, and its made-up ID number would fail the file.
 *
 * Returns the xlsx as a Buffer, the file name ('<sheet name>.xlsx' in `lang`) and the row count.
 * Throws 400 'import.planRequired' when `planId` is not the id of an existing plan. A plan without
 * tickets in scope gives the header row only.
 */
export async function planResultTemplate(
  db: Db,
  scope: RegionScope,
  planId: number,
  lang: Lang,
): Promise<{ buffer: Buffer; fileName: string; rows: number }> {
  await resultParam(db, String(planId));
  const holders = await db
    .select({
      idCard: enroll.idCard,
      name: enroll.name,
      admissionNumber: admissionTicket.admissionNumber,
    })
    .from(admissionTicket)
    .innerJoin(enroll, eq(enroll.id, admissionTicket.enrollId))
    .where(and(eq(admissionTicket.planId, planId), scopeWhere(enroll, scope)))
    .orderBy(asc(admissionTicket.admissionNumber), asc(admissionTicket.id));

  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await templateWorkbook(admissionResultImport, lang)) as never);
  const sheet = book.worksheets[0]!;
  sheet.spliceRows(2, 1); // the example row
  const keys = admissionResultImport.columns.map((c) => c.key);
  for (const h of holders) {
    const cells: Record<string, string> = {
      idCard: h.idCard,
      name: h.name,
      admissionNumber: h.admissionNumber,
    };
    sheet.addRow(keys.map((k) => escapeCell(cells[k] ?? '')));
  }
  return {
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
    fileName: `${translate(lang, admissionResultImport.sheetKey)}.xlsx`,
    rows: holders.length,
  };
}
