import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findControlPath, resolveLang, toFieldErrors, translate } from '@tegang/domain';
import { ValidationError } from '../lib/errors';

/**
 * One guard for every string of every route ( "Bad input"): a NUL byte anywhere in the path
 * params, the query or the (decrypted) body answers 400 naming the field ('rule.control'), before any
 * schema or handler runs, so PostgreSQL never sees one. Register inside the API scope after
 * registerAccess, so that encrypted bodies are checked once decrypted. Multipart fields are checked by
 * their schemas (packages/domain `requiredString`, `optionalString`, `codeString` refuse NUL).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const path = findControlPath(part);
      if (!path) continue;
      const issue = { code: 'custom', path, message: 'rule.control', input: undefined };
      throw new ValidationError(toFieldErrors([issue as never], req.lang, req.routeOptions.config?.labels));
    }
  });
}

/**
 * Fastify's own errors before any route runs — a path that is not valid percent-encoding
 * (FST_ERR_BAD_URL), a path parameter longer than maxParamLength (FST_ERR_MAX_PARAM_LENGTH) — answered
 * in the envelope as 400 'error.badRequest' in the caller's language instead of Fastify's own body.
 * Pass as the `frameworkErrors` option of Fastify().
 */
export function frameworkErrors(_error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const msg = translate(resolveLang(req.headers['accept-language']), 'error.badRequest');
  void reply.status(400).send({ code: 400, msg, data: null });
}
