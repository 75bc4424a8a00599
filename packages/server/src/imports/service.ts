import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  IMPORT_STATUS,
  inRegionScope,
  type ImportErrorView,
  type ImportJobView,
  type Lang,
  type Page,
} from '@tegang/domain';
import type { AppContext } from '../context';
import { importJob } from '../db/schema';
import { badRequest, notFound } from '../lib/errors';
import type { Paging } from '../lib/paging';
import type { AdminPrincipal } from '../types';
import { jobView, pageIssues, runImport, type ImportDefinition } from './engine';

/** The first bytes of every xlsx (a zip archive). */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Registers the pg-boss handler of `def` on this node (each definition once per app). */
export function registerImportWorker<Row, Prep>(ctx: AppContext, def: ImportDefinition<Row, Prep>): void {
  ctx.jobs.work<{ jobId: number }>(`import.${def.kind}`, ({ jobId }) => runImport(ctx, def, jobId));
}

/**
 * Queues an import (POST …/importExcel): checks the upload is an xlsx by content (400
 * 'import.notXlsx'), stores it, writes the job row (queued, with the importer and their region)
 * and sends the pg-boss job. Answers the job id for checkImport/{id}. When queueing fails the row
 * and the file are removed again (no orphan), and the error propagates.
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
  let id: number | null = null;
  try {
    const [row] = await ctx.db
      .insert(importJob)
      .values({
        kind,
        param,
        fileName: upload.fileName.slice(0, 200) || 'import.xlsx',
        fileKey,
        adminId: admin.id,
        provinceCode: admin.scope.provinceCode,
        cityCode: admin.scope.cityCode,
        countyCode: admin.scope.countyCode,
        status: IMPORT_STATUS.queued,
      })
      .returning({ id: importJob.id });
    id = row!.id;
    await ctx.jobs.send(`import.${kind}`, { jobId: id });
    return { id };
  } catch (error) {
    if (id !== null)
      await ctx.db
        .delete(importJob)
        .where(eq(importJob.id, id))
        .catch(() => undefined);
    await ctx.storage.remove(fileKey).catch(() => undefined);
    throw error;
  }
}

/**
 * The job `id` of `kind` if the caller may see it: their own, or one started inside their region
 * by someone else of it (a province office sees its counties' imports). 404 otherwise.
 */
async function visibleJob(ctx: AppContext, kind: string, id: number, admin: AdminPrincipal) {
  const [row] = await ctx.db.select().from(importJob).where(eq(importJob.id, id));
  if (!row || row.kind !== kind) throw notFound();
  const jobRegion = {
    provinceCode: row.provinceCode ?? undefined,
    cityCode: row.cityCode ?? undefined,
    countyCode: row.countyCode ?? undefined,
  };
  if (row.adminId !== admin.id && !inRegionScope(admin.scope, jobRegion)) throw notFound();
  return row;
}

/** GET …/checkImport/{id}: the job's progress and outcome (ImportJobView). */
export async function checkImport(
  ctx: AppContext,
  kind: string,
  id: number,
  admin: AdminPrincipal,
  lang: Lang,
): Promise<ImportJobView> {
  return jobView(await visibleJob(ctx, kind, id, admin), lang);
}

/** GET …/pageImportError?id: a page of the job's row problems (ImportErrorView). */
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
