import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ticketVerificationSchema,
  translate,
  type Lang,
  type MessageKey,
  type TicketVerification,
} from '@tegang/domain';
import { prefersJson } from '../../lib/accept';
import { ok } from '../../lib/envelope';
import { envelopeOf } from '../../lib/fast-response';
import { escapeHtml, PAGE_CSP, phonePage } from '../../lib/message-page';
import { AppError } from '../../lib/errors';
import { perIpLimit, perKeyLimit } from '../../plugins/rate-limit';
import { ticketVerification } from '../admission-ticket/pdf-service';

/** The message of each verification state (catalogue keys). */
const STATE_MESSAGE = {
  valid: 'ticket.verify.valid',
  invalid: 'ticket.verify.invalid',
  expired: 'ticket.verify.expired',
} as const satisfies Record<TicketVerification['state'], MessageKey>;

/**
 * The phone page of a verification (or of an unknown token when `v` is null); every value escaped. Only
 * a valid ticket shows the candidate (name, photo, number, 报考学段, 报考学科, site, room, seat, date,
 * time).
 */
export function verificationPage(v: TicketVerification | null, lang: Lang): string {
  const t = (key: string) => escapeHtml(translate(lang, key as MessageKey));
  const state = v ? STATE_MESSAGE[v.state] : 'ticket.verify.notFound';
  const rows: [string, string][] = v?.valid
    ? [
        ['field.name', v.name],
        ['field.admissionNumber', v.admissionNumber],
        ['field.academicSession', v.academicSession],
        ['field.subject', v.subject],
        ['field.examPlace', v.examPlace],
        ['field.examRoomNumber', v.examRoomNumber],
        ['field.seatNumber', v.seatNumber],
        ['field.examDate', v.examDate],
        ['field.examTimeOfDay', v.examTime],
      ]
    : [];
  const photo =
    v?.valid && v.photo
      ? `<img class="photo" src="${escapeHtml(v.photo)}" alt="${t('ticket.pdf.photo')}">`
      : '';
  return phonePage(
    lang,
    t('ticket.verify.title'),
    `<div class="state ${v?.valid ? 'ok' : 'bad'}">${t(state)}</div>
${photo}
${rows.length ? `<dl>${rows.map(([k, value]) => `<dt>${t(k)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>` : ''}`,
    `.state{padding:12px 14px;border-radius:8px;font-size:17px;font-weight:600;margin-bottom:14px}
.ok{background:#e6f4ea;color:#146c2e;border:1px solid #9fd3ae}
.photo{display:block;width:120px;height:168px;object-fit:cover;margin:0 auto 14px;border:1px solid #ccc;border-radius:4px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 12px;background:#fff;padding:14px;border-radius:8px;margin:0}
dt{color:#57606a}dd{margin:0;font-weight:600;word-break:break-all}
`,
  );
}

/**
 * GET /verify/ticket/{token}: what an exam proctor sees after scanning a ticket's QR code
 * (docs/security.md "The verify page"). Open and never cached; limited per token (VERIFY_RATE_LIMIT a
 * minute, default 20) and per client IP with a ceiling generous enough for a hall of proctors behind
 * one carrier NAT (VERIFY_IP_RATE_LIMIT, default 600); over either, 429 'error.rateLimited'.
 */
export async function verifyRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/verify/ticket/:token',
    {
      config: { access: { open: true }, rateLimit: perIpLimit(ctx.config.verifyRateLimit.perIp) },
      onRequest: perKeyLimit(
        app,
        'verify-token',
        ctx.config.verifyRateLimit.perToken,
        (req) => (req.params as { token?: string }).token ?? '',
      ),
      schema: {
        tags: ['verify'],
        summary:
          'Verify an admission ticket by the signed token of its QR code: a small HTML page for a phone, ' +
          'or TicketVerification in the envelope when Accept prefers application/json. A valid ticket ' +
          'shows name, photo, admission number, learning period and subject (labels in the caller’s ' +
          'language), site, room, seat, date and time; a ticket not distributed ' +
          'or cancelled answers state "invalid" and one past its expiry (end of the exam day in ' +
          'Asia/Shanghai plus 7 days) state "expired", both without any personal data; a bad or forged ' +
          'token is a 404 (page or JSON). Limited per token and per client IP (429).',
        params: z.object({ token: z.string() }),
        // The JSON answer; the HTML page is a string with its own content type, sent as it is.
        response: { 200: envelopeOf(ticketVerificationSchema) },
      },
    },
    async (req: FastifyRequest<{ Params: { token: string } }>, reply) => {
      const v = await ticketVerification(ctx, req.params.token, req.lang);
      reply.header('cache-control', 'no-store');
      if (prefersJson(req.headers.accept)) {
        if (!v) throw new AppError(404, 'ticket.verify.notFound');
        return ok(req, v);
      }
      return reply
        .status(v ? 200 : 404)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', PAGE_CSP)
        .send(verificationPage(v, req.lang));
    },
  );
}
