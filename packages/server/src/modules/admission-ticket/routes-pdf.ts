import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idNumber,
  PERMISSIONS,
  ticketGenerateSchema,
  ticketJobViewSchema,
  downloadLinkSchema,
} from '@tegang/domain';
import { registerJobKind } from '../../jobs';
import { attachment } from '../../lib/downloads';
import { ok } from '../../lib/envelope';
import {
  adminTicketLink,
  candidateTicketLink,
  closeTicketPool,
  downloadTicketFile,
  queueTicketGeneration,
  requestOrigin,
  ticketJobKind,
  ticketJobView,
} from './pdf-service';
import { envelopeOf, encryptedEnvelope } from '../../lib/fast-response';

const P = PERMISSIONS.admissionTicket;
const idParams = z.object({ id: idNumber() });

/**
 * Admission ticket PDFs (spec §3 "Admission ticket"): the generate job and its progress, the administrator's
 * preview link, the candidate's link and the file itself. Registers the generate job's kind on
 * this node and closes the render pool with the app.
 */
export async function admissionTicketPdfRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  registerJobKind(ctx, ticketJobKind);
  app.addHook('onClose', async () => closeTicketPool(ctx));

  app.post(
    '/candidate/admissionTicket/generateAdmissionTicket',
    {
      config: { access: { permission: P.generate }, encrypted: true },
      schema: {
        tags: ['admissionTicket'],
        summary:
          'Queue the PDF generation (encrypted {planId?, idList?, regenerate?}) of the tickets of idList, ' +
          'or of the plan (not generated ones unless regenerate), inside the caller’s region: {jobId, total}. ' +
          'Follow it with generateJob/{jobId}. 400 names the field (idList or planId required).',
        body: ticketGenerateSchema,
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) =>
      ok(req, await queueTicketGeneration(ctx, req.body, req.admin!, requestOrigin(req, ctx.config))),
  );

  app.get(
    '/candidate/admissionTicket/generateJob/:jobId',
    {
      config: { access: { permission: P.generate } },
      schema: {
        tags: ['admissionTicket'],
        summary:
          'Progress of a generate job: {status (0 queued, 1 running, 2 done, 4 failed), total, done, ' +
          'failed, percent 0–100, message}. 404 for another region’s job.',
        params: z.object({ jobId: idNumber() }),
        response: { 200: envelopeOf(ticketJobViewSchema) },
      },
    },
    async (req) => ok(req, await ticketJobView(ctx, req.params.jobId, req.admin!, req.lang)),
  );

  app.get(
    '/candidate/admissionTicket/downloadToken/:id',
    {
      config: { access: { permission: P.query } },
      schema: {
        tags: ['admissionTicket'],
        summary:
          'A single-use link (5 min) to preview a ticket PDF inside the caller’s region: {url}; ' +
          'not counted as a candidate download. 404 ticket.none.',
        params: idParams,
        response: { 200: envelopeOf(downloadLinkSchema) },
      },
    },
    async (req) => ok(req, await adminTicketLink(ctx, req.params.id, req.admin!)),
  );

  app.get(
    '/api/admissionTicket/downloadToken/:id',
    {
      config: { access: { candidate: true } },
      schema: {
        tags: ['candidate'],
        summary:
          'A single-use link (5 min) to the own distributed ticket PDF inside the print window: {url}. ' +
          '400 ticket.window.notOpen {start} / ticket.window.closed {end}; 404 ticket.none.',
        params: idParams,
        response: { 200: envelopeOf(downloadLinkSchema) },
      },
    },
    async (req) => ok(req, await candidateTicketLink(ctx, req.params.id, req.candidate!.id)),
  );

  app.get(
    '/api/admissionTicket/downloadTicketFile/:id',
    {
      config: { access: { download: true } },
      schema: {
        tags: ['candidate'],
        summary:
          'The ticket PDF (A4) by a download token from downloadToken (rendered first when not generated); ' +
          'a candidate download adds 1 to ticketFileDownloadNum. 400 error.downloadToken.',
        params: idParams,
        querystring: z.object({ token: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const { pdf, fileName } = await downloadTicketFile(
        ctx,
        req.params.id,
        req.query.token,
        req.lang,
        requestOrigin(req, ctx.config),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
