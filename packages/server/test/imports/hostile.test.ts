import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_ISSUE_VALUE_CHARS,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_ROW_CHARS,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_SHARED_STRINGS,
  IMPORT_MAX_UNZIPPED_BYTES,
  JOB_STATUS,
  translate,
} from '@tegang/domain';
import { importError, job, recruitPlan } from '../../src/db/schema';
import {
  ImportFileError,
  READ_TMP_PREFIX,
  readRows,
  READ_WORKER_LIMITS,
  importJobKind,
} from '../../src/imports/engine';
import { executeJob } from '../../src/jobs';
import { planDataImport } from '../../src/modules/plan-data/import';
import { createTestApp, type TestApp } from '../helpers';
import { importIssues, postImport, waitForImport, workbook } from './fixtures';
import { entry, hostileWorkbook, inlineRow, zip } from './hostile-files';

/**
 * Hostile workbooks against the import (docs/security.md "Hostile files"): each is refused with the
 * message of the cap it crosses, the job ends failed (not retried), the server still answers and
 * the main thread's heap is back near where it was. The files are made here, from pieces deflated
 * once and repeated (hostile-files.ts): a 300 MB bomb is 300 KB and takes a fraction of a second.
 */
const BASE = '/recruit/recruitPlanData';
const HEADER = ['县（区）', '计划类别', '学段', '学科', '需求人数'];
const MB = 1024 * 1024;

let t: TestApp;
let token: string;
let planId: number;
let heapBefore = 0;

/** V8's collector, reachable from a test (the heap is measured after a full collection). */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/** Uploads `file` as a plan-data import and waits for the job: the final view. */
async function importFile(file: Buffer) {
  const queued = await postImport(t, `${BASE}/importExcel?planId=${planId}`, token, file);
  expect(queued.status).toBe(200);
  return waitForImport(t, BASE, queued.body.data.id, token);
}

/** exceljs's temporary files of this process, and the read workers' directories left behind. */
const leftovers = async () =>
  (await readdir(tmpdir())).filter(
    (name) => name.startsWith(`tmp-${process.pid}-`) || name.startsWith(`${READ_TMP_PREFIX}${process.pid}-`),
  );

/**
 * The server answers, the heap is within 40 MB of where it was before the hostile files, and no
 * temporary file of the read is left.
 */
async function stillStanding() {
  const health = await t.app.inject({ method: 'GET', url: '/health' });
  expect(health.statusCode).toBe(200);
  expect(heapUsed() - heapBefore).toBeLessThan(40 * MB);
  expect(await leftovers()).toEqual([]);
}

const zh = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
  translate('zh', key, params);

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  const [demo] = await t.database.db.select().from(recruitPlan).limit(1);
  const { id: _id, createTime: _c, updateTime: _u, ...rest } = demo!;
  const [plan] = await t.database.db
    .insert(recruitPlan)
    .values({ ...rest, name: '恶意文件测试计划', status: '0' })
    .returning();
  planId = plan!.id;
  // One good import first: what a working node holds (pools, caches) is in the baseline.
  await importFile(await workbook([HEADER, ['南明区', '普通岗位', '小学', '语文', 5]]));
  heapBefore = heapUsed();
}, 60_000);
afterAll(async () => t?.close());

describe('hostile workbooks', () => {
  it('refuses a one-cell zip bomb (300 MB of one letter in 300 KB) as a cell beyond Excel’s limit', async () => {
    const file = await hostileWorkbook({
      header: HEADER,
      // In a data row's 计划类别: before the caps, its problem copied the 300 MB into the report.
      sheet: [
        inlineRow(HEADER, 1),
        '<row r="2"><c r="A2" t="inlineStr"><is><t>南明区</t></is></c><c r="B2" t="inlineStr"><is><t>',
        { data: 'A'.repeat(MB), times: 300 },
        '</t></is></c></row>',
      ],
    });
    expect(file.length).toBeLessThan(400 * 1024);
    const job = await importFile(file);
    expect(job.status).toBe(JOB_STATUS.failed);
    expect(job.message).toBe(zh('import.cellTooLong', { max: IMPORT_MAX_CELL_CHARS }));
    await stillStanding();
  });

  it('stops inflating at the total cap (an entry of 300 MB of zeros beside a good sheet)', async () => {
    const file = await hostileWorkbook({
      header: HEADER,
      extra: [entry('xl/media/image1.png', [{ data: Buffer.alloc(MB), times: 300 }])],
    });
    const job = await importFile(file);
    expect(job.status).toBe(JOB_STATUS.failed);
    expect(job.message).toBe(zh('import.unzippedTooLarge', { mb: IMPORT_MAX_UNZIPPED_BYTES / MB }));
    await stillStanding();
  });

  it('refuses a cell of 2 MB, and a cell just beyond 32,767 characters', async () => {
    for (const length of [2 * MB, IMPORT_MAX_CELL_CHARS + 1]) {
      const file = await hostileWorkbook({
        header: HEADER,
        sheet: [inlineRow(HEADER, 1), inlineRow(['南明区', '普通岗位', '小学', 'B'.repeat(length), '1'], 2)],
      });
      const job = await importFile(file);
      expect(job.status).toBe(JOB_STATUS.failed);
      expect(job.message).toBe(zh('import.cellTooLong', { max: IMPORT_MAX_CELL_CHARS }));
    }
    await stillStanding();
  });

  it('stops a sheet of 1,000,000 rows at the row cap', async () => {
    const file = await hostileWorkbook({
      header: HEADER,
      sheet: [
        inlineRow(HEADER, 1),
        { data: inlineRow(['南明区', '普通岗位', '小学', '语文', '1'], 2).repeat(1000), times: 1000 },
      ],
    });
    const job = await importFile(file);
    expect(job.status).toBe(JOB_STATUS.failed);
    expect(job.message).toBe(zh('import.tooManyRows', { max: IMPORT_MAX_ROWS }));
    await stillStanding();
  }, 60_000);

  it('refuses a DOCTYPE: billion laughs and an external entity (file:///etc/passwd)', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
      Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join(
        '',
      ) +
      ']>';
    const external = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>';
    for (const [prolog, ref] of [
      [laughs, '&lol9;'],
      [external, '&xxe;'],
    ] as const) {
      const file = await hostileWorkbook({
        header: HEADER,
        raw: true,
        sheet: [
          prolog,
          '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
          inlineRow(HEADER, 1),
          inlineRow(['南明区', '普通岗位', '小学', ref, '1'], 2),
          '</sheetData></worksheet>',
        ],
      });
      const job = await importFile(file);
      expect(job.status).toBe(JOB_STATUS.failed);
      expect(job.message).toBe(zh('import.xmlDoctype'));
    }
    // exceljs reads 'sheet2.xml.bin' as a sheet (its pattern is not anchored): the guard scans it too.
    const disguised = entry('xl/worksheets/sheet2.xml.bin', [
      external,
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
      inlineRow(['&xxe;'], 1),
      '</sheetData></worksheet>',
    ]);
    const job = await importFile(await hostileWorkbook({ header: HEADER, extra: [disguised] }));
    expect(job.message).toBe(zh('import.xmlDoctype'));
    const problems = await t.database.db.select().from(importError);
    expect(JSON.stringify(problems)).not.toContain('root:');
    await stillStanding();
  });

  it('refuses a shared-strings table beyond its cap', async () => {
    const file = await hostileWorkbook({
      header: HEADER,
      extra: [
        entry('xl/sharedStrings.xml', [
          '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
          { data: '<si><t>a</t></si>'.repeat(1000), times: IMPORT_MAX_SHARED_STRINGS / 1000 + 1 },
          '</sst>',
        ]),
      ],
    });
    const job = await importFile(file);
    expect(job.status).toBe(JOB_STATUS.failed);
    expect(job.message).toBe(zh('import.sharedStringsTooMany', { max: IMPORT_MAX_SHARED_STRINGS }));
    await stillStanding();
  });

  it('refuses a row, and a sheet, made huge by one long shared string named again and again', async () => {
    const strings = entry('xl/sharedStrings.xml', [
      '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
      `<si><t>${'x'.repeat(IMPORT_MAX_CELL_CHARS)}</t></si></sst>`,
    ]);
    const ref = (column: string, r: number) => `<c r="${column}${r}" t="s"><v>0</v></c>`;
    const columns = Array.from(
      { length: 40 },
      (_, i) => `${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`,
    );
    const wide = await hostileWorkbook({
      header: HEADER,
      extra: [strings],
      sheet: [inlineRow(HEADER, 1), `<row r="2">${columns.map((c) => ref(c, 2)).join('')}</row>`],
    });
    const job = await importFile(wide);
    expect(job.status).toBe(JOB_STATUS.failed);
    expect(job.message).toBe(zh('import.rowTooLong', { row: 2, max: IMPORT_MAX_ROW_CHARS }));

    const tall = await hostileWorkbook({
      header: HEADER,
      extra: [strings],
      sheet: [inlineRow(HEADER, 1), { data: `<row r="2">${ref('A', 2)}</row>`.repeat(100), times: 100 }],
    });
    const again = await importFile(tall);
    expect(again.status).toBe(JOB_STATUS.failed);
    expect(again.message).toBe(zh('import.unzippedTooLarge', { mb: IMPORT_MAX_UNZIPPED_BYTES / MB }));
    await stillStanding();
  }, 60_000);

  it('refuses renamed files: a PNG and a text at upload, a zip without a workbook in the job', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    for (const data of [png, Buffer.from('身份证号,姓名\n520102199603070016,张三\n')]) {
      const answer = await postImport(t, `${BASE}/importExcel?planId=${planId}`, token, data);
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe(zh('import.notXlsx'));
    }
    const job = await importFile(zip([entry('readme.txt', ['not a workbook'])]));
    expect(job.status).toBe(JOB_STATUS.failed);
    expect(job.message).toBe(zh('import.unreadable'));
    await stillStanding();
  });

  it('ends a job whose read ran out of memory as failed, with the reason, and the node keeps serving', async () => {
    const file = await workbook([HEADER, ['南明区', '普通岗位', '小学', '语文', 5]]);
    const saved = { ...READ_WORKER_LIMITS };
    // A heap too small for the reader itself: the thread dies as a hostile file would make it die.
    Object.assign(READ_WORKER_LIMITS, { maxOldGenerationSizeMb: 4, maxYoungGenerationSizeMb: 1 });
    try {
      const job = await importFile(file);
      expect(job.status).toBe(JOB_STATUS.failed);
      expect(job.message).toBe(zh('import.workerDied'));
    } finally {
      Object.assign(READ_WORKER_LIMITS, saved);
    }
    await expect(async () => {
      for await (const _ of readRows(file, () => undefined, { maxOldGenerationSizeMb: 4 })) void _;
    }).rejects.toThrow(ImportFileError);
    await stillStanding();
  });

  it('fails a job whose nodes stopped twice while reading it, without reading it again, and removes the upload', async () => {
    const fileKey = `imports/left-running-${process.pid}.xlsx`;
    await t.app.ctx.storage.put(fileKey, await workbook([HEADER, ['南明区', '普通岗位', '小学', '语文', 5]]));
    // Two runs started and neither beat again: what two nodes killed by the file leave.
    const [left] = await t.database.db
      .insert(job)
      .values({
        kind: planDataImport.kind,
        param: JSON.stringify({ planId }),
        fileName: 'crash.xlsx',
        fileKey,
        adminId: 1,
        provinceCode: '520000',
        status: JOB_STATUS.running,
        attempts: 2,
        heartbeatTime: new Date(Date.now() - 3600_000),
      })
      .returning();
    await executeJob(t.app.ctx, importJobKind(planDataImport), left!.id);
    const [after] = await t.database.db.select().from(job).where(eq(job.id, left!.id));
    expect(after).toMatchObject({ status: JOB_STATUS.failed, attempts: 3, imported: 0 });
    const view = await waitForImport(t, BASE, left!.id, token);
    expect(view.message).toBe(zh('job.interrupted'));
    expect(await t.app.ctx.storage.get(fileKey)).toBeNull();
  });
});

describe('temporary files of the read', () => {
  it('leaves none when the read stops early (a missing column in a workbook as exceljs writes it)', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ['南明区', '普通岗位', '小学', `科目${i}`, 1]);
    const job = await importFile(await workbook([['县（区）', '学段'], ...rows]));
    expect(job.status).toBe(JOB_STATUS.failed);
    expect(job.message).toContain('计划类别');
    expect(await leftovers()).toEqual([]);
  });
});

describe('problems keep a short prefix of a value', () => {
  it('stores at most 64 characters and an ellipsis, in the value and in the message', async () => {
    const long = `不存在${'类'.repeat(5000)}`;
    const job = await importFile(await workbook([HEADER, ['南明区', long, '小学', '语文', 1]]));
    expect(job.status).toBe(JOB_STATUS.rejected);
    const page = await importIssues(t, BASE, job.id, token);
    const problem = page.records.find((r) => r.column === '计划类别')!;
    const prefix = `${long.slice(0, IMPORT_ISSUE_VALUE_CHARS)}…`;
    expect(problem.value).toBe(prefix);
    expect(problem.message).toContain(prefix);
    expect(problem.message.length).toBeLessThan(IMPORT_ISSUE_VALUE_CHARS + 40);
    const stored = await t.database.db.select().from(importError).where(eq(importError.jobId, job.id));
    expect(JSON.stringify(stored)).not.toContain('类'.repeat(IMPORT_ISSUE_VALUE_CHARS));
  });
});
