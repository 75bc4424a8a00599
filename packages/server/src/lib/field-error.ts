import type { FastifyRequest } from 'fastify';
import { translate, type MessageKey, type MessageParams } from '@tegang/domain';
import { ValidationError } from './errors';

/**
 * A 400 naming one field (as schema validation answers: {field, label, message} in the caller's
 * language), for rules that need the database. `labelKey` names the field; the message gets it as
 * `{label}` with `params`.
 */
export function fieldError(
  req: Pick<FastifyRequest, 'lang'>,
  field: string,
  labelKey: MessageKey,
  messageKey: MessageKey,
  params: MessageParams = {},
): ValidationError {
  const label = translate(req.lang, labelKey);
  return new ValidationError([
    { field, label, message: translate(req.lang, messageKey, { label: labelKey, ...params }) },
  ]);
}
