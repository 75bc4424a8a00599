import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  downloadLinkSchema,
  type DownloadLink,
  type FieldLabels,
  type Lang,
  type PermissionKey,
} from '@tegang/domain';
import { attachment } from './downloads';
import { ok } from './envelope';
import { envelopeOf } from './fast-response';

/** What an area's export gives {@link exportRoutes}. */
export interface ExportRoutesDef<Q extends z.ZodType> {
  /** The area's path, e.g. '/candidate/admissionTicket': routes `${base}/exportToken` and `${base}/export`. */
  base: string;
  permission: PermissionKey;
  tag: string;
  /** The filters (the list's search), checked when the link is made. */
  query: Q;
  labels?: FieldLabels;
  /** What the GET answers, for the OpenAPI summary (e.g. 'The tickets … as xlsx (statuses as labels)'). */
  summary: string;
  /** Stores the filters with a single-use token (lib/exports.ts exportLink). */
  link: (adminId: number, filters: z.output<Q>) => Promise<DownloadLink>;
  /** Opens the token (lib/exports.ts openExport) and streams the xlsx. */
  open: (token: string, lang: Lang) => Promise<{ stream: Readable; fileName: string }>;
}

/**
 * The one export mechanism's two routes (docs/architecture.md "Exports"): POST `${base}/exportToken`
 * (the export key; the filters → {url} valid 5 minutes, used once) and GET `${base}/export?token=`
 * (the download token; the xlsx streamed with its file name, never cached). 400 for a bad filter or a
 * used or expired token, 403 when the holder lost the export key since.
 */
export function exportRoutes<Q extends z.ZodType>(base: FastifyInstance, def: ExportRoutesDef<Q>): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    `${def.base}/exportToken`,
    {
      config: { access: { permission: def.permission }, ...(def.labels && { labels: def.labels }) },
      schema: {
        tags: [def.tag],
        summary: 'A single-use link (5 min) to the xlsx export of the current filters: {url}',
        body: def.query,
        response: { 200: envelopeOf(downloadLinkSchema) },
      },
    },
    async (req) => ok(req, await def.link(req.admin!.id, req.body as z.output<Q>)),
  );
  app.get(
    `${def.base}/export`,
    {
      config: { access: { download: true } },
      schema: {
        tags: [def.tag],
        summary: def.summary,
        querystring: z.object({ token: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const { stream, fileName } = await def.open(req.query.token, req.lang);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
