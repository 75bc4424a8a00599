import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { summarizeErrors, toFieldErrors, translate } from '@tegang/domain';
import type { z } from 'zod';
import { AppError, ValidationError } from '../lib/errors';
import { messagePage, PAGE_CSP } from '../lib/message-page';
import { prefersJson } from '../lib/accept';

/**
 * The error side of the envelope (DESIGN "Envelope", spec §8): every failure answers
 * {code, msg, data} with the HTTP status equal to code and msg in the caller's language;
 * 400s name the field and the rule; 503 while the database cannot be reached (a load balancer or the
 * client retries); 500s log the error and show no stack.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'zh';
    const send = (code: number, msg: string, data: unknown = null) =>
      navigatesToDownload(req)
        ? reply
            .status(code)
            .header('content-security-policy', PAGE_CSP)
            .type('text/html; charset=utf-8')
            .send(messagePage(lang, 'download.refused.title', msg, 'download.refused.hint'))
        : reply.status(code).send({ code, msg, data });

    if (err instanceof AppError) return send(err.code, translate(lang, err.key, err.params), err.data);
    if (err instanceof ValidationError)
      return send(400, summarizeErrors(err.errors, lang), { errors: err.errors });
    const error = err as FastifyError;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        ...(v.params as object),
        code: v.keyword,
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message,
      })) as unknown as z.core.$ZodIssue[];
      const errors = toFieldErrors(issues, lang, req.routeOptions.config?.labels);
      return send(400, summarizeErrors(errors, lang), { errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return send(413, translate(lang, 'error.payloadTooLarge'));
    if (status === 429) return send(429, translate(lang, 'error.rateLimited'));
    if (status === 404) return send(404, translate(lang, 'error.notFound'));
    if (status >= 400 && status < 500) return send(400, translate(lang, 'error.badRequest'));
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: error }, 'database unavailable');
      return send(503, translate(lang, 'error.unavailable'));
    }
    req.log.error({ err: error }, 'unhandled error');
    return send(500, translate(lang, 'error.internal'));
  });
}

/**
 * True for a download link opened by navigation (a browser that asks for HTML, e.g. WeChat's, which
 * opens the ticket link in a page of its own): a refusal then answers a small page with the message,
 * not the JSON envelope. The web app's own fetch of a link asks for no HTML and gets the envelope.
 */
function navigatesToDownload(req: FastifyRequest): boolean {
  const access = req.routeOptions.config?.access;
  if (!access || !('download' in access)) return false;
  const accept = req.headers.accept ?? '';
  return /\btext\/html\b/i.test(accept) && !prefersJson(accept);
}

/** Node socket errors and PostgreSQL SQLSTATEs that mean "the database is not reachable right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * True when `error` or one of its causes says the database cannot be reached (refused or reset
 * connection, server shutting down or starting, SQLSTATE class 08 connection exception, pool connect
 * time-out): the answer is then 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (UNAVAILABLE_MESSAGES.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
