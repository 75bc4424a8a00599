import { mkdtemp, readdir, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  ImportFileError,
  keepSpareReadWorker,
  readRows,
  READ_TMP_PREFIX,
  READ_WORKER_LIMITS,
  spareReadWorkerId,
  stopSpareReadWorker,
} from '../../src/imports/engine';
import { WorkbookGuard } from '../../src/imports/read-guard';
import { readSheet } from '../../src/imports/read-worker';
import { workbook } from './fixtures';

/**
 * The streaming read of a small workbook, as exceljs writes it (worksheet before sharedStrings and
 * workbook.xml): the zip parser used to announce its end while those entries still waited, and about
 * one read in a thousand failed ("reading 'sheets'") — an import job 'failed: unreadable' for a good
 * file (imports/unzip-end.ts). Thousands of reads, four at a time, must each give every row — read
 * on this thread by the read worker's own `readSheet` (a worker thread per read would take minutes),
 * and once through `readRows`, the worker thread an import job uses.
 */
describe('readRows', () => {
  it('reads every row of a small workbook, every time', async () => {
    const header = ['身份证号', '姓名', '准考证号', '笔试成绩', '录取状态'];
    const rows = Array.from({ length: 8 }, (_, i) => [
      `52010219960512300${i}`,
      `考生${i}`,
      `2026520102010100${i}`,
      '85.5',
      '已录取',
    ]);
    const data = await workbook([header, ...rows]);
    // exceljs leaves its temporary copy of the sheet when a read stops after the first sheet: in a
    // directory of this test's own (the import's worker thread has one per read, removed after it).
    const tmp = await mkdtemp(join(tmpdir(), 'tegang-read-rows-'));
    const savedTmp = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    const readAll = async () => {
      const texts: string[] = [];
      const guard = new WorkbookGuard((failure) => texts.push(failure.key));
      await readSheet(data, guard, async (batch) => {
        for (const [, cells] of batch) texts.push(cells.slice(1).join('|'));
      });
      return texts;
    };
    const expected = [header, ...rows].map((r) => r.join('|'));
    const viaWorker: string[] = [];
    for await (const batch of readRows(data, () => undefined))
      for (const [, cells] of batch) viaWorker.push(cells.slice(1).join('|'));
    expect(viaWorker).toEqual(expected);
    const failures: string[] = [];
    for (let round = 0; round < 750; round++) {
      const results = await Promise.allSettled([readAll(), readAll(), readAll(), readAll()]);
      for (const r of results) {
        if (r.status === 'rejected') failures.push(String(r.reason));
        else if (r.value.join('\n') !== expected.join('\n')) failures.push(`rows: ${r.value.length}`);
      }
    }
    // (assigning undefined would set the text 'undefined')
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    await rm(tmp, { recursive: true, force: true });
    expect(failures).toEqual([]);
  }, 60_000);

  it('ends a read whose worker sends nothing for the idle limit, naming it', async () => {
    const data = await workbook([['姓名'], ['考生']]);
    // A worker thread takes most of a second to start: 20 ms without a batch stands for a stalled parse.
    const read = async () => {
      for await (const batch of readRows(data, () => undefined, READ_WORKER_LIMITS, 20)) void batch;
    };
    const error = await read().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as ImportFileError).key).toBe('import.stalled');
    expect((error as ImportFileError).params).toEqual({ seconds: 0 });
  });

  it('keeps the thread of a read that ended well as the spare, and ends the thread of a failed read', async () => {
    const header = ['身份证号', '姓名'];
    const rows = Array.from({ length: 5 }, (_, i) => [`52010219960512300${i}`, `考生${i}`]);
    const data = await workbook([header, ...rows]);
    const leftovers = async () =>
      (await readdir(tmpdir())).filter((name) => name.startsWith(`tmp-${process.pid}-`));
    /** This process's open descriptors of import temporary files (exceljs's copies of the sheet). */
    const openCopies = async () =>
      (
        await Promise.all(
          (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
        )
      ).filter((target) => target.includes(READ_TMP_PREFIX));
    const before = await leftovers();
    keepSpareReadWorker();
    try {
      const first = spareReadWorkerId();
      expect(first).not.toBeNull();
      for (let round = 0; round < 3; round++) {
        const texts: string[] = [];
        for await (const batch of readRows(data, () => undefined))
          for (const [, cells] of batch) texts.push(cells.slice(1).join('|'));
        expect(texts).toEqual([header, ...rows].map((r) => r.join('|')));
        // The thread that read the file waits for the next one, its code compiled.
        expect(spareReadWorkerId()).toBe(first);
        // Its copy of the sheet is gone, and with it the descriptor `tmp` opened for it.
        expect(await openCopies()).toEqual([]);
      }
      // A file it cannot read ends the thread: the next file gets a new one.
      const failed = await (async () => {
        for await (const batch of readRows(Buffer.from('not a workbook'), () => undefined)) void batch;
      })().then(
        () => null,
        (e: unknown) => e,
      );
      expect((failed as ImportFileError).key).toBe('import.unreadable');
      const next = spareReadWorkerId();
      expect(next).not.toBeNull();
      expect(next).not.toBe(first);
      // exceljs's temporary copies of the sheet went to each read's own directory, removed after it.
      expect(await leftovers()).toEqual(before);
    } finally {
      await stopSpareReadWorker();
    }
    expect(spareReadWorkerId()).toBeNull();
  });

  it('replaces a spare that has read a file and waited its idle time by a fresh thread', async () => {
    const data = await workbook([['身份证号'], ['520102199605123000']]);
    keepSpareReadWorker(300);
    try {
      const fresh = spareReadWorkerId();
      await new Promise((resolve) => setTimeout(resolve, 600));
      // A fresh spare has nothing to give back: it waits for its file as long as it takes.
      expect(spareReadWorkerId()).toBe(fresh);
      for await (const batch of readRows(data, () => undefined)) void batch;
      expect(spareReadWorkerId()).toBe(fresh);
      await vi.waitFor(() => expect(spareReadWorkerId()).not.toBe(fresh), { timeout: 5000 });
      const replacement = spareReadWorkerId();
      expect(replacement).not.toBeNull();
      // The replacement reads the next file.
      let rows = 0;
      for await (const batch of readRows(data, () => undefined)) rows += batch.length;
      expect(rows).toBe(2);
      expect(spareReadWorkerId()).toBe(replacement);
    } finally {
      await stopSpareReadWorker();
    }
  });
});
