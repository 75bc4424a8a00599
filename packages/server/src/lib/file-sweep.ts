import { inArray, sql, type Column } from 'drizzle-orm';
import { jobFinished } from '@tegang/domain';
import type { Db } from '../db';
import { admissionTicket, enroll, job } from '../db/schema';
import type { Storage, StoredFile } from '../integrations/storage';

/**
 * The file sweep (docs/security.md "Files follow their rows"): files that no row names any more —
 * the photo of an application whose insert was killed, an enrolment form or ticket PDF stored for a
 * row edited or deleted meanwhile, a file whose removal after a delete failed, an import upload whose
 * job is gone — are removed, so that no candidate's photo, name or ID number stays on disk without its
 * row. A file younger than `minAgeMs` (default one hour) is kept whatever the rows say: it may belong
 * to a write still under way (a file is stored before the row that names it is committed). Import
 * uploads are kept for `importAgeMs` (default a day) and while their job is unfinished.
 *
 * The key layout it knows (integrations/storage.ts keys): `enroll/photo/…` (enroll.picture),
 * `enroll/form/…` (enroll.pdf_file), `admissionTicket/pdf/…` (admission_ticket.pdf_file),
 * `imports/…` (import_job.file_key). Other folders (website pictures) are not swept.
 */

/** Files younger than this are never swept: a write may still be linking them. */
export const SWEEP_MIN_AGE_MS = 60 * 60_000;
/** Import uploads are kept this long (and while their job is unfinished). */
export const SWEEP_IMPORT_AGE_MS = 24 * 60 * 60_000;
/** The sweep runs at start and then this often. */
export const SWEEP_EVERY_MS = 24 * 60 * 60_000;
/** Keys looked up per query. */
const BATCH = 500;

/** How many files of each kind one sweep removed. */
export interface SweepCounts {
  photos: number;
  forms: number;
  tickets: number;
  imports: number;
  total: number;
}

/** The keys of `keys` that a row still names: `column` of `table` equal to one of them. */
async function referenced(db: Db, column: Column, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += BATCH) {
    const batch = keys.slice(i, i + BATCH);
    const rows = await db
      .select({ key: sql<string>`${column}` })
      .from(column.table)
      .where(inArray(column, batch));
    for (const r of rows) found.add(r.key);
  }
  return found;
}

/** The import uploads among `keys` that an unfinished job still names. */
async function importsInUse(db: Db, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += BATCH) {
    const rows = await db
      .select({ key: job.fileKey, status: job.status })
      .from(job)
      .where(inArray(job.fileKey, keys.slice(i, i + BATCH)));
    for (const r of rows) if (r.key && !jobFinished(r.status)) found.add(r.key);
  }
  return found;
}

/** The files under `prefix` last modified before `before` (ms). */
async function oldFiles(storage: Storage, prefix: string, before: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list!(prefix) as AsyncIterable<StoredFile>)
    if (file.mtimeMs < before) keys.push(file.key);
  return keys;
}

/**
 * One sweep over `storage` (see above) at `now`; returns the counts removed. A storage without
 * `list` is not swept (all zero). A failed removal is passed to `warn` and the sweep goes on;
 * a database error propagates.
 */
export async function sweepFiles(
  ctx: { db: Db; storage: Storage },
  {
    now = Date.now(),
    minAgeMs = SWEEP_MIN_AGE_MS,
    importAgeMs = SWEEP_IMPORT_AGE_MS,
    warn = (message: string) => console.warn(message),
  }: { now?: number; minAgeMs?: number; importAgeMs?: number; warn?: (message: string) => void } = {},
): Promise<SweepCounts> {
  const counts: SweepCounts = { photos: 0, forms: 0, tickets: 0, imports: 0, total: 0 };
  const { db, storage } = ctx;
  if (!storage.list) return counts;
  const remove = async (keys: string[], kind: Exclude<keyof SweepCounts, 'total'>) => {
    for (const key of keys) {
      try {
        await storage.remove(key);
        counts[kind]++;
        counts.total++;
      } catch (error) {
        warn(`[files] could not remove ${key}: ${(error as Error).message}`);
      }
    }
  };
  const byRows = async (prefix: string, column: Column, kind: 'photos' | 'forms' | 'tickets') => {
    const keys = await oldFiles(storage, prefix, now - minAgeMs);
    const used = await referenced(db, column, keys);
    await remove(
      keys.filter((k) => !used.has(k)),
      kind,
    );
  };
  await byRows('enroll/photo', enroll.picture, 'photos');
  await byRows('enroll/form', enroll.pdfFile, 'forms');
  await byRows('admissionTicket/pdf', admissionTicket.pdfFile, 'tickets');
  const uploads = await oldFiles(storage, 'imports', now - Math.max(minAgeMs, importAgeMs));
  const running = await importsInUse(db, uploads);
  await remove(
    uploads.filter((k) => !running.has(k)),
    'imports',
  );
  return counts;
}

/** The log line of a sweep: "[files] swept N unreferenced files (photos n, forms n, tickets n, imports n)". */
export const sweepMessage = (c: SweepCounts) =>
  `[files] swept ${c.total} unreferenced files (photos ${c.photos}, forms ${c.forms}, tickets ${c.tickets}, imports ${c.imports})`;

/**
 * Starts the sweep: once now, without delaying the caller (call it after the server listens), then
 * every SWEEP_EVERY_MS on a timer that does not keep the process alive. Each run logs its counts
 * (`log.info`); a failed run is logged (`log.warn`) and the next one tries again. Several nodes may
 * sweep the same storage: removing a removed file is no error. Returns a function that stops it.
 */
export function startFileSweep(
  ctx: { db: Db; storage: Storage },
  log: { info(message: string): void; warn(message: string): void },
  everyMs = SWEEP_EVERY_MS,
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      log.info(sweepMessage(await sweepFiles(ctx, { warn: (m) => log.warn(m) })));
    } catch (error) {
      log.warn(
        `[files] the sweep failed (next run in ${Math.round(everyMs / 3_600_000)} h): ${(error as Error).message}`,
      );
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), 0);
  first.unref();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
