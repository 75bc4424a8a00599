import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { jobFinished, type ImportJobView } from '@tegang/domain';
import { cellText } from '../src/imports/engine';
import { enrollCompareImport } from '../src/modules/enroll-compare/import';
import { fileUpload } from '../test/imports/fixtures';
import { idCard } from '../test/enroll/fixtures';

/**
 * import.compare (target: a 100,000-row import ≤ 1.5 × a bare exceljs streaming read of the
 * same file plus validation, both measured here): builds an enrolment comparison list of `rows` valid
 * rows, reads it bare (WorkbookReader + the definition's own row check), then imports it through the
 * server (upload → pg-boss job → one transaction → done, polled like the console) and compares.
 */
export async function run(base: string, adminToken: string, planId: number, rows: number) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = writer.addWorksheet('Sheet1');
  sheet.addRow(['姓名', '身份证号', '报考县（区）', '报考学段', '报考学科', '手机号']).commit();
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(1990, 0, 1) + Math.floor(i / 900) * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .replace(/-/g, '');
    sheet
      .addRow([`考生${i}`, idCard(day, String(100 + (i % 900))), '南明区', '小学', '语文', '13912345678'])
      .commit();
  }
  sheet.commit();
  await writer.commit();
  const file = Buffer.concat(chunks);

  // Bare: the streaming read plus the same per-row check.
  const bareStart = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'emit',
  });
  let valid = 0;
  const keys = enrollCompareImport.columns.map((c) => c.key);
  for await (const ws of reader) {
    let header = true;
    for await (const row of ws as AsyncIterable<ExcelJS.Row>) {
      if (header) {
        header = false;
        continue;
      }
      const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
      const cells = Object.fromEntries(keys.map((k, i) => [k, values[i] ?? '']));
      if (enrollCompareImport.parse(cells, {} as never, () => undefined)) valid += 1;
    }
    break;
  }
  const bareSeconds = (performance.now() - bareStart) / 1000;

  // The real import through the server.
  const upload = fileUpload(file, { dataSource: 'bench' }, 'bench.xlsx');
  const start = performance.now();
  const queued = (await (
    await fetch(`${base}/candidate/enrollCompare/importExcel/${planId}`, {
      method: 'POST',
      headers: { ...upload.headers, authorization: `Bearer ${adminToken}` },
      body: upload.body,
    })
  ).json()) as { data: { id: number } };
  let job: ImportJobView;
  for (;;) {
    job = (
      (await (
        await fetch(`${base}/candidate/enrollCompare/checkImport/${queued.data.id}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        })
      ).json()) as { data: ImportJobView }
    ).data;
    if (jobFinished(job.status)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const importSeconds = (performance.now() - start) / 1000;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    name: 'import.compare',
    rows,
    fileMB: round(file.length / 1048576),
    bareReadAndCheckSeconds: round(bareSeconds),
    bareValid: valid,
    importSeconds: round(importSeconds),
    imported: job.imported,
    status: job.status,
    ratio: round(importSeconds / bareSeconds),
    target: '≤ 1.5',
  };
}
