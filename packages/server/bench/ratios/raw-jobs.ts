/**
 * The raw ceilings of the jobs in `npm run bench:ratios`, each run as a process of its own
 * (`tsx raw-jobs.ts <mode> <spec.json>`), printing one JSON line {seconds, ...} timed inside the process
 * (its start and module loading are not counted):
 * - export {databaseUrl, planId}: the plan's enrolments read in keyset batches of 1,000 (the project's
 *   query: enroll joined to its plan, newest id first) and written with exceljs's streaming
 *   WorkbookWriter (the 36 columns of the project's export, coded fields through a dictionary map, no
 *   styles, no shared strings) into a stream that counts the bytes;
 * - import {file}: the xlsx read with exceljs's streaming WorkbookReader and the checks of the project's
 *   comparison import (name required and ≤ 30, a valid GB 11643 ID number, each number once);
 * - pdf {count, photoFile, outDir, threads}: `count` admission tickets drawn with pdfkit on `threads`
 *   worker threads (pdf-worker.mjs), each thread busy back to back, each ticket written to its file.
 */
import fs from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { parseIdCard } from '@tegang/domain';

pg.types.setTypeParser(1082, (v) => v);

/** The columns of the project's enrolment export (documents/enroll-export.ts EXPORT_COLUMNS), as SQL. */
const COLUMNS = [
  'plan_year',
  'plan_name',
  'name',
  'id_card',
  'gender',
  'phone',
  'enroll_county',
  'academic_session',
  'subject',
  'create_time',
  'update_time',
  'create_status',
  'pdf_download_num',
  'is_download',
  'audit_status',
  'audit_reason',
  'plan_type',
  'birthday',
  'nation',
  'marital_status',
  'political_affiliation',
  'veteran',
  'domicile',
  'address',
  'graduate_college',
  'education',
  'major',
  'graduation_date',
  'is_normal',
  'freshmen',
  'teacher_certification',
  'teacher_certification_type',
  'teacher_certification_subject',
  'is_adjust',
  'priority_condition',
  'priority_content',
];
/** Columns written as a dictionary label (value → label), as the project's codedLabel does. */
const CODED = new Set([
  'gender',
  'academic_session',
  'subject',
  'plan_type',
  'nation',
  'marital_status',
  'political_affiliation',
  'veteran',
  'education',
  'is_normal',
  'freshmen',
  'teacher_certification',
  'teacher_certification_type',
  'teacher_certification_subject',
  'is_adjust',
  'priority_condition',
]);

async function rawExport(spec: { databaseUrl: string; planId: number }) {
  const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: 2 });
  const start = performance.now();
  const labels = new Map<string, string>();
  for (const r of (
    await pool.query<{ value: string; label: string }>('select value, label from sys_dict_item')
  ).rows)
    labels.set(r.value, r.label);
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = writer.addWorksheet('报名信息');
  sheet.columns = COLUMNS.map((c) => ({ header: c, key: c, width: 14 }));
  let before = 2147483647;
  let rows = 0;
  for (;;) {
    const { rows: batch } = await pool.query<Record<string, unknown>>(
      `select e.*, p.year as plan_year, p.name as plan_name from enroll e join recruit_plan p on p.id = e.plan_id
       where e.plan_id = $1 and e.id < $2 order by e.id desc limit 1000`,
      [spec.planId, before],
    );
    if (!batch.length) break;
    for (const r of batch) {
      sheet
        .addRow(
          COLUMNS.map((c) => {
            const v = r[c];
            if (v instanceof Date) return v.toISOString().slice(0, 19).replace('T', ' ');
            if (CODED.has(c)) return labels.get(v as string) ?? (v as string);
            return (v as string | number | null) ?? '';
          }),
        )
        .commit();
    }
    rows += batch.length;
    before = batch[batch.length - 1]!.id as number;
  }
  sheet.commit();
  await writer.commit();
  const seconds = (performance.now() - start) / 1000;
  await pool.end();
  return { seconds, rows, bytes };
}

async function rawImport(spec: { file: string }) {
  const data = fs.readFileSync(spec.file);
  const start = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'emit',
  });
  const text = (v: ExcelJS.CellValue) => (v === null || v === undefined ? '' : String(v).trim());
  const seen = new Set<string>();
  let valid = 0;
  let invalid = 0;
  for await (const ws of reader) {
    let header = true;
    for await (const row of ws as AsyncIterable<ExcelJS.Row>) {
      if (header) {
        header = false;
        continue;
      }
      const v = row.values as ExcelJS.CellValue[];
      const name = text(v[1]);
      const id = parseIdCard(text(v[2]));
      if (!name || name.length > 30 || !id || seen.has(id.normalized)) {
        invalid += 1;
        continue;
      }
      seen.add(id.normalized);
      valid += 1;
    }
    break;
  }
  return { seconds: (performance.now() - start) / 1000, valid, invalid };
}

async function rawPdf(spec: { count: number; photoFile: string; outDir: string; threads: number }) {
  const workers = Array.from(
    { length: spec.threads },
    () =>
      new Worker(new URL('./pdf-worker.mjs', import.meta.url), {
        workerData: { photoFile: spec.photoFile },
      }),
  );
  // One ticket per worker first: threads started and fonts parsed before the clock starts.
  const run = (w: Worker, index: number) =>
    new Promise<number>((resolve, reject) => {
      // The error listener goes with the answer: a thousand tickets would otherwise stack them up.
      const fail = (e: Error) => reject(e);
      w.once('error', fail);
      w.once('message', (size: number) => {
        w.off('error', fail);
        resolve(size);
      });
      w.postMessage({ index, outDir: spec.outDir });
    });
  await Promise.all(workers.map((w, i) => run(w, i)));
  const start = performance.now();
  let next = 0;
  let bytes = 0;
  // Each worker takes the next ticket as soon as it has answered: the threads never wait on each other.
  await Promise.all(
    workers.map(async (w) => {
      while (next < spec.count) {
        const size = await run(w, next++);
        bytes += size;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  await Promise.all(workers.map((w) => w.terminate()));
  return { seconds, docs: spec.count, docsPerSecond: spec.count / seconds, avgKB: bytes / spec.count / 1024 };
}

const [mode, specFile] = process.argv.slice(2);
const spec = JSON.parse(fs.readFileSync(specFile!, 'utf8')) as never;
const work = mode === 'export' ? rawExport(spec) : mode === 'import' ? rawImport(spec) : rawPdf(spec);
work.then(
  (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
