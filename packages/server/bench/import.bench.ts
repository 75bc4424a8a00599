import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Pool } from 'pg';
import { JOB_STATUS, jobFinished, type ImportJobView } from '@tegang/domain';
import { cellText } from '../src/imports/engine';
import { enrollCompareImport } from '../src/modules/enroll-compare/import';
import { fileUpload } from '../test/imports/fixtures';
import { idCard } from '../test/enroll/fixtures';

/**
 * import.compare (target: a 100,000-row import ≤ 1.5 × a bare exceljs streaming read of the
 * same file plus validation, both measured here): builds an enrolment comparison list of `rows` valid
 * rows, reads it bare (WorkbookReader + the definition's own row check), then imports it through the
 * server (upload → pg-boss job → one transaction → done, polled like the console) and compares. With
 * `pool` the list is imported twice: first with no enrolment of its ID numbers (unmatched), then with
 * every row matching an enrolment of the plan (inserted here and left), the common case of a
 * real list; the second import also replaces the first one's rows (same data source).
 */
export async function run(base: string, adminToken: string, planId: number, rows: number, pool?: Pool) {
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
  const cards = Array.from({ length: rows }, (_, i) =>
    idCard(
      new Date(Date.UTC(1990, 0, 1) + Math.floor(i / 900) * 86_400_000)
        .toISOString()
        .slice(0, 10)
        .replace(/-/g, ''),
      String(100 + (i % 900)),
    ),
  );

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

  const unmatchedSeconds = await serverImport(base, adminToken, planId, file);
  let matchedSeconds: number | undefined;
  if (pool) {
    await pool.query(
      `insert into candidate_user (user_name, password_hash, real_name, id_card, gender, birthday, telephone)
       select 'cmp' || n, 'x', '考生' || (n - 1), c, '1', '1990-01-01', (17000000000 + n)::text
       from unnest($1::text[]) with ordinality as u(c, n)`,
      [cards],
    );
    await pool.query(
      `insert into enroll (plan_id, candidate_id, name, gender, id_card, marital_status, birthday, nation, veteran,
         political_affiliation, phone, domicile, address, graduate_college, education, graduation_date, major,
         is_normal, freshmen, teacher_certification, is_adjust, priority_condition, plan_type, province_code,
         city_code, county_code, enroll_county, academic_session, subject)
       select $1, cu.id, cu.real_name, '1', cu.id_card, '1', '1990-01-01', '01', '0', '13', case when cu.id % 2 = 0
         then '13912345678' else '13900000000' end, '贵阳', '贵阳', '贵州大学', '3', '2012-07-01', '数学', '1',
         '0', '0', '0', '0', '1', '520000', '520100', '520102', '南明区', '1', '1'
       from candidate_user cu where cu.user_name like 'cmp%'`,
      [planId],
    );
    matchedSeconds = await serverImport(base, adminToken, planId, file);
    // The enrolments stay (a bench database): deleting them would check every one against the
    // comparison rows just replaced, which have no index on enroll_id.
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    name: 'import.compare',
    rows,
    fileMB: round(file.length / 1048576),
    bareReadAndCheckSeconds: round(bareSeconds),
    bareValid: valid,
    unmatchedImportSeconds: round(unmatchedSeconds),
    unmatchedRatio: round(unmatchedSeconds / bareSeconds),
    ...(matchedSeconds === undefined
      ? {}
      : { matchedImportSeconds: round(matchedSeconds), matchedRatio: round(matchedSeconds / bareSeconds) }),
    target: '≤ 1.5',
  };
}

/** Uploads `file` as a comparison list and waits for its job; seconds from upload to done. */
async function serverImport(base: string, adminToken: string, planId: number, file: Buffer) {
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
  const seconds = (performance.now() - start) / 1000;
  if (job.status !== JOB_STATUS.done) throw new Error(`import ended ${JSON.stringify(job)}`);
  return seconds;
}
