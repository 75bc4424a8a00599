import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMISSION_TICKET_LABELS,
  admissionTicketCreateSchema,
  admissionTicketQuerySchema,
  admissionTicketUpdateSchema,
  ARRANGEMENT_LABELS,
  arrangementSchema,
  idNumber,
  numberFilter,
  PERMISSIONS,
  TICKET_STATUS,
  ticketIdListSchema,
  pageOf,
  admissionTicketSchema,
  codeOptionSchema,
  ticketlessEnrollSchema,
  ticketCountSchema,
  arrangementSettingsSchema,
  arrangementResultSchema,
} from '@tegang/domain';
import { importRoutes } from '../../imports/routes';
import { ok } from '../../lib/envelope';
import { exportRoutes } from '../../lib/export-routes';
import { idParamSchema, pagingSchema } from '../../lib/paging';
import { requirePlanProvince } from '../../lib/scope';
import { arrangementSettings, previewArrangement, saveArrangement } from './arrangement';
import { exportTickets, ticketExportLink } from './export';
import { admissionTicketImport, ticketImportParam } from './import';
import {
  createTicket,
  deleteTickets,
  pageTickets,
  setTicketStatus,
  ticketDetail,
  ticketlessEnrolls,
  ticketStatusOptions,
  updateTicket,
} from './service';
import { noticeDistribution } from '../sms-notice/service';
import { envelopeOf, encryptedEnvelope } from '../../lib/fast-response';

const P = PERMISSIONS.admissionTicket;
const tags = ['admissionTicket'];
const BASE = '/candidate/admissionTicket';
const planIdParams = z.object({ planId: idNumber('rule.invalidOption', 'rule.invalidOption') });

/**
 * Admission tickets in the back office (spec §2 "Admission tickets", §7): list, detail,
 * add, edit, delete, distribution, import, export and the room and seat arrangement, each narrowed to
 * the caller's region through the ticket's enrolment. PDF generation and downloads are in pdf-*.ts.
 * The arrangement (its settings, preview and save) is province-only (docs/decisions.md "Arrangement
 * settings belong to the province").
 */
export async function admissionTicketRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    `${BASE}/page`,
    {
      config: { access: { permission: P.list }, labels: ADMISSION_TICKET_LABELS },
      schema: {
        tags,
        summary:
          'Page of tickets in the caller’s region: {records: AdmissionTicket[], total, current, size}; filters planId, name, idCard, phone, cityCode, countyCode, academicSession, subject, admissionNumber, examRoomNumber, status, ticketCreateStatus, isDownload',
        querystring: pagingSchema.extend(admissionTicketQuerySchema.shape),
        response: { 200: envelopeOf(pageOf(admissionTicketSchema)) },
      },
    },
    async (req) => ok(req, await pageTickets(ctx.db, req.admin!.scope, req.query)),
  );

  app.get(
    `${BASE}/getAdmissionTicketStatus`,
    {
      config: { access: { permission: P.list } },
      schema: {
        tags,
        summary: "Ticket status options [{value: '0' not distributed | '1' distributed, label}]",
        response: { 200: envelopeOf(z.array(codeOptionSchema)) },
      },
    },
    async (req) => ok(req, ticketStatusOptions(req.lang)),
  );

  app.get(
    `${BASE}/ticketless`,
    {
      config: { access: { permission: P.add } },
      schema: {
        tags,
        summary:
          'For the add form: up to 20 audit-passed enrolments of planId in the caller’s region without a ticket, by ID number (idCard: a prefix) → [{id, name, idCard, enrollCounty, academicSession, subject}]',
        querystring: z.object({
          planId: idNumber('rule.invalidOption', 'rule.invalidOption'),
          idCard: numberFilter(18, true),
        }),
        response: { 200: envelopeOf(z.array(ticketlessEnrollSchema)) },
      },
    },
    async (req) =>
      ok(req, await ticketlessEnrolls(ctx.db, req.query.planId, req.query.idCard, req.admin!.scope)),
  );

  app.post(
    BASE,
    {
      config: { access: { permission: P.add }, encrypted: true, labels: ADMISSION_TICKET_LABELS },
      schema: {
        tags,
        summary:
          'Add a ticket (encrypted admissionTicketCreateSchema) → AdmissionTicket. 404 enrolment outside the region; 409 ticket.notPassed (audit not passed), ticket.exists, ticket.admissionNumber.exists / ticket.seat.exists (data.errors names the field)',
        body: admissionTicketCreateSchema,
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) => ok(req, await createTicket(ctx, req.body, req.admin!.scope, req.lang), 'common.saved'),
  );

  app.put(
    BASE,
    {
      config: { access: { permission: P.edit }, encrypted: true, labels: ADMISSION_TICKET_LABELS },
      schema: {
        tags,
        summary:
          'Edit the exam fields of a ticket (encrypted admissionTicketUpdateSchema) → AdmissionTicket with ticketCreateStatus 0 (PDF stale). 404 outside the region; 409 naming a taken admission number or seat',
        body: admissionTicketUpdateSchema,
        response: { 200: encryptedEnvelope },
      },
    },
    async (req) => ok(req, await updateTicket(ctx, req.body, req.admin!.scope, req.lang), 'common.saved'),
  );

  app.delete(
    `${BASE}/deleteByIds`,
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary:
          'Delete tickets {idList}: all or none; 404 when one is missing or outside the region, 409 ticket.distributed when one is distributed',
        body: ticketIdListSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await deleteTickets(ctx, req.body.idList, req.admin!.scope);
      return ok(req, null, 'common.deleted');
    },
  );

  for (const [path, status, summary] of [
    ['distributed', TICKET_STATUS.distributed, 'Distribute tickets {idList} in the caller’s region'],
    ['cancelDistributed', TICKET_STATUS.pending, 'Cancel the distribution of tickets {idList} in the region'],
  ] as const) {
    app.post(
      `${BASE}/${path}`,
      {
        config: { access: { permission: P.distribute } },
        schema: {
          tags,
          summary: `${summary}; answers {count} of tickets changed (others of the list left alone)`,
          body: ticketIdListSchema,
          response: { 200: envelopeOf(ticketCountSchema) },
        },
      },
      async (req) => {
        const count = await setTicketStatus(ctx, { ids: req.body.idList }, status, req.admin!.scope);
        // Candidates hear that their ticket is ready by SMS when their plan says so (modules/sms-notice).
        if (status === TICKET_STATUS.distributed)
          await noticeDistribution(ctx, { ids: req.body.idList }, req.admin!);
        return ok(req, { count });
      },
    );
  }
  for (const [path, status, summary] of [
    ['batchDistributed', TICKET_STATUS.distributed, 'Distribute every ticket of plan {planId}'],
    [
      'batchCancelDistributed',
      TICKET_STATUS.pending,
      'Cancel the distribution of every ticket of plan {planId}',
    ],
  ] as const) {
    app.post(
      `${BASE}/${path}/:planId`,
      {
        config: { access: { permission: P.distribute } },
        schema: {
          tags,
          summary: `${summary} in the caller’s region; answers {count} of tickets changed`,
          params: planIdParams,
          response: { 200: envelopeOf(ticketCountSchema) },
        },
      },
      async (req) => {
        const count = await setTicketStatus(ctx, { planId: req.params.planId }, status, req.admin!.scope);
        if (status === TICKET_STATUS.distributed)
          await noticeDistribution(ctx, { planId: req.params.planId }, req.admin!);
        return ok(req, { count });
      },
    );
  }

  importRoutes(app, admissionTicketImport, {
    base: BASE,
    permission: P.import,
    importPath: 'importExcel/:param',
    templatePath: 'template',
    tag: 'admissionTicket',
    param: ({ param }) => ticketImportParam(param),
  });

  exportRoutes(app, {
    base: BASE,
    permission: P.export,
    tag: 'admissionTicket',
    query: admissionTicketQuerySchema,
    labels: ADMISSION_TICKET_LABELS,
    summary:
      'The tickets of the token’s filters in the holder’s region as xlsx (statuses as labels), streamed',
    link: (adminId, filters) => ticketExportLink(ctx, adminId, filters),
    open: (token, lang) => exportTickets(ctx, token, lang),
  });

  app.get(
    `${BASE}/arrange/:planId`,
    {
      config: { access: { permission: P.arrange } },
      schema: {
        tags,
        summary:
          'The last saved arrangement settings of the plan (ArrangementInput) or null. Province-level accounts only (403 province.only / province.other): the settings hold every county’s sites.',
        params: planIdParams,
        response: { 200: envelopeOf(arrangementSettingsSchema) },
      },
    },
    async (req) => {
      await requirePlanProvince(ctx.db, req.admin, 'arrangement', [req.params.planId]);
      return ok(req, await arrangementSettings(ctx.db, req.params.planId));
    },
  );

  app.post(
    `${BASE}/arrange/preview`,
    {
      config: { access: { permission: P.arrange }, labels: ARRANGEMENT_LABELS },
      schema: {
        tags,
        summary:
          'Room and seat arrangement of the plan’s audit-passed applicants in the caller’s region, computed without writing: ArrangementResult (saved false). 404 unknown plan. Province-level accounts only (403 province.only / province.other): the settings hold every county’s sites.',
        body: arrangementSchema,
        response: { 200: envelopeOf(arrangementResultSchema) },
      },
    },
    async (req) => {
      await requirePlanProvince(ctx.db, req.admin, 'arrangement', [req.body.planId]);
      return ok(req, await previewArrangement(ctx, req.body, req.admin!.scope, req.lang));
    },
  );

  app.post(
    `${BASE}/arrange`,
    {
      config: { access: { permission: P.arrange }, labels: ARRANGEMENT_LABELS },
      schema: {
        tags,
        summary:
          'Room and seat arrangement written in one transaction (distributed tickets kept as they are, settings stored): ArrangementResult (saved true). Province-level accounts only (403 province.only / province.other): the settings hold every county’s sites.',
        body: arrangementSchema,
        response: { 200: envelopeOf(arrangementResultSchema) },
      },
    },
    async (req) => {
      await requirePlanProvince(ctx.db, req.admin, 'arrangement', [req.body.planId]);
      return ok(req, await saveArrangement(ctx, req.body, req.admin!.scope, req.lang), 'common.saved');
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { access: { permission: P.query } },
      schema: {
        tags,
        summary: 'One ticket (AdmissionTicket) in the caller’s region; 404 ticket.notFound outside it',
        params: idParamSchema,
        response: { 200: envelopeOf(admissionTicketSchema) },
      },
    },
    async (req) => ok(req, await ticketDetail(ctx.db, req.params.id, req.admin!.scope)),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { access: { permission: P.remove } },
      schema: {
        tags,
        summary: 'Delete one ticket; 404 outside the region, 409 ticket.distributed when distributed',
        params: idParamSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await deleteTickets(ctx, [req.params.id], req.admin!.scope);
      return ok(req, null, 'common.deleted');
    },
  );
}
