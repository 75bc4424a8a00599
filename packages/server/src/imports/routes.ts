import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MAX_BYTES,
  importErrorViewSchema,
  importJobViewSchema,
  importQueuedSchema,
  pageOf,
  translate,
  type PermissionKey,
} from '@tegang/domain';
import { attachment } from '../lib/downloads';
import { ok } from '../lib/envelope';
import { envelopeOf } from '../lib/fast-response';
import { badRequest } from '../lib/errors';
import { idParamSchema, pagingSchema } from '../lib/paging';
import { templateWorkbook, type ImportDefinition } from './engine';
import { checkImport, importErrors, queueImport, registerImportWorker } from './service';

export interface ImportRouteOptions {
  /** Path prefix of the area, e.g. '/recruit/recruitPlanData'. */
  base: string;
  /** The import key: upload, template, progress and errors. */
  permission: PermissionKey;
  /** The upload path below `base`: 'importExcel' or 'importExcel/:param' (spec §7). */
  importPath: 'importExcel' | 'importExcel/:param';
  /** The template path below `base`: 'downLoadExcelTemplate' or 'template' (spec §7). */
  templatePath: 'downLoadExcelTemplate' | 'template';
  /** OpenAPI tag. */
  tag: string;
  /**
   * The job's param from the path param (if any), the query and the multipart text fields; throws a
   * 400 AppError on a bad value. Stored with the job and handed to the definition.
   */
  param(input: {
    param?: string;
    query: Record<string, unknown>;
    fields: Record<string, string>;
  }): Promise<string | null> | string | null;
}

/** Reads the multipart body: the one file `file` (≤ IMPORT_MAX_BYTES) and the text fields. */
async function readWorkbook(req: FastifyRequest) {
  if (!req.isMultipart()) throw badRequest('file.required');
  const fields: Record<string, string> = {};
  let data: Buffer | null = null;
  let fileName = '';
  try {
    for await (const part of req.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === 'file' && buffer.length) {
          data = buffer;
          fileName = part.filename;
        }
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest('import.tooLarge', { mb: IMPORT_MAX_BYTES / 1024 / 1024 });
    throw badRequest('error.multipart');
  }
  if (!data) throw badRequest('file.required');
  return { data, fileName, fields };
}

/**
 * The four routes of an import (spec §7 "importExcel/{param}", "downLoadExcelTemplate"/"template",
 * "checkImport/{id}", "pageImportError"), all under `base` and `permission`, and the job's worker:
 * - POST importExcel[/{param}] (multipart `file`: an .xlsx ≤ 20 MB, sniffed): {id} of the queued job;
 * - GET checkImport/{id}: ImportJobView (status, percent, counts, failure message);
 * - GET pageImportError?id&current&size: page of ImportErrorView (row, column, value, message);
 * - GET template: the xlsx template in the caller's language.
 * The job itself (imports/engine.ts) writes all rows in one transaction or none.
 */
export function importRoutes<Row, Prep>(
  base: FastifyInstance,
  def: ImportDefinition<Row, Prep>,
  options: ImportRouteOptions,
): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const access = { permission: options.permission } as const;
  const tags = [options.tag];
  registerImportWorker(ctx, def);

  app.post(
    `${options.base}/${options.importPath}`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Uploads an xlsx (multipart file) and queues its import; data {id} for checkImport/{id}',
        ...(options.importPath.endsWith(':param')
          ? { params: z.object({ param: z.string().trim().min(1).max(64) }) }
          : {}),
        response: { 200: envelopeOf(importQueuedSchema) },
      },
    },
    async (req) => {
      const upload = await readWorkbook(req);
      const param = await options.param({
        param: (req.params as { param?: string }).param,
        query: req.query as Record<string, unknown>,
        fields: upload.fields,
      });
      return ok(req, await queueImport(ctx, def.kind, upload, param, req.admin!), 'import.queued');
    },
  );

  app.get(
    `${options.base}/checkImport/:id`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Progress and outcome of an import job (ImportJobView)',
        params: idParamSchema,
        response: { 200: envelopeOf(importJobViewSchema) },
      },
    },
    async (req) => ok(req, await checkImport(ctx, def.kind, req.params.id, req.admin!, req.lang)),
  );

  app.get(
    `${options.base}/pageImportError`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Row problems of an import job: page of {rowNumber, column, value, message}',
        querystring: pagingSchema.extend({ id: idParamSchema.shape.id }),
        response: { 200: envelopeOf(pageOf(importErrorViewSchema)) },
      },
    },
    async (req) => {
      const { id, ...paging } = req.query;
      return ok(req, await importErrors(ctx, def, id, paging, req.admin!, req.lang));
    },
  );

  app.get(
    `${options.base}/${options.templatePath}`,
    {
      config: { access },
      schema: { tags, summary: 'The import template (xlsx) in the caller’s language' },
    },
    async (req, reply) => {
      const fileName = `${translate(req.lang, def.sheetKey)}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(await templateWorkbook(def, req.lang));
    },
  );
}
