import type { FastifyRequest } from 'fastify';
import { translate, type ApiResult, type MessageKey, type MessageParams, type Page } from '@tegang/domain';

/**
 * The success envelope {code: 200, msg, data} (DESIGN "Envelope"). Handlers return `ok(req, data)`;
 * `msgKey` picks the success message shown by the UI (spec §7 "show the response msg as success").
 */
export function ok<T>(
  req: FastifyRequest,
  data: T,
  msgKey: MessageKey = 'common.success',
  params?: MessageParams,
): ApiResult<T> {
  return { code: 200, msg: translate(req.lang, msgKey, params), data };
}

/** A page answer: {records, total, current, size}. */
export function page<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, current, size };
}
