import { randomUUID } from 'node:crypto';
import type { ImportErrorView, ImportJobView, Lang, Page } from '@tegang/domain';
import type { AppContext } from '../context';
import { queueJob, registerJobKind, visibleJob } from '../jobs';
import { badRequest } from '../lib/errors';
import type { Paging } from '../lib/paging';
import type { AdminPrincipal } from '../types';
import { importJobKind, jobView, pageIssues, type ImportDefinition } from './engine';

/** The first bytes of every xlsx (a zip archive). */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Registers the job kind of `def` on this node (each definition once per app). */
export function registerImportWorker<Row, Prep>(ctx: AppContext, def: ImportDefinition<Row, Prep>): void {
  registerJobKind(ctx, importJobKind(def));
}

/**
 * Queues an import (POST …/importExcel): checks the upload is an xlsx by content (400
 * 'import.notXlsx'), stores it, and queues the job (src/jobs: the importer and their region kept).
 * Answers the job id for checkImport/{id}. When queueing fails the file is removed again (no
 * orphan), and the error propagates.
 */
export async function queueImport(
  ctx: AppContext,
  kind: string,
  upload: { data: Buffer; fileName: string },
  param: string | null,
  admin: AdminPrincipal,
): Promise<{ id: number }> {
  if (upload.data.length < 4 || !upload.data.subarray(0, 4).equals(ZIP_MAGIC))
    throw badRequest('import.notXlsx');
  const fileKey = `imports/${randomUUID()}.xlsx`;
  await ctx.storage.put(fileKey, upload.data);
  try {
    const id = await queueJob(ctx, kind, {
      param,
      fileName: upload.fileName.slice(0, 200) || 'import.xlsx',
      fileKey,
      admin,
    });
    return { id };
  } catch (error) {
    await ctx.storage.remove(fileKey).catch(() => undefined);
    throw error;
  }
}

/** GET …/checkImport/{id}: the job's progress and outcome (ImportJobView); 404 unless visible. */
export async function checkImport(
  ctx: AppContext,
  kind: string,
  id: number,
  admin: AdminPrincipal,
  lang: Lang,
): Promise<ImportJobView> {
  return jobView(await visibleJob(ctx, kind, id, admin), lang);
}

/** GET …/pageImportError?id: a page of the job's row problems (ImportErrorView); 404 unless visible. */
export async function importErrors<Row, Prep>(
  ctx: AppContext,
  def: ImportDefinition<Row, Prep>,
  id: number,
  paging: Paging,
  admin: AdminPrincipal,
  lang: Lang,
): Promise<Page<ImportErrorView>> {
  await visibleJob(ctx, def.kind, id, admin);
  return pageIssues(ctx, def, id, paging, lang);
}
