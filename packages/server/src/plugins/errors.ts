import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { summarizeErrors, toFieldErrors, translate } from '@tegang/domain';
import type { z } from 'zod';
import { AppError, ValidationError } from '../lib/errors';

/**
 * The error side of the envelope (DESIGN "Envelope", spec §8): every failure answers
 * {code, msg, data} with the HTTP status equal to code and msg in the caller's language;
 * 400s name the field and the rule; 500s log the error and show no stack.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'zh';
    const send = (code: number, msg: string, data: unknown = null) =>
      reply.status(code).send({ code, msg, data });

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
    req.log.error({ err: error }, 'unhandled error');
    return send(500, translate(lang, 'error.internal'));
  });
}
