import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { translate, validate, type FieldLabels, type MessageKey, type MessageParams } from '@tegang/domain';
import { ValidationError } from '../../lib/errors';
import { pagingSchema } from '../../lib/paging';

/** Helpers shared by the system management screens (spec §7 Users, Roles, Menus, Departments, Region, Dictionaries). */

/** Paging params without defaults, for the OpenAPI description of lists that read body or querystring. */
export const loosePaging = z.object({
  current: z.coerce.number().int().optional(),
  size: z.coerce.number().int().optional(),
});

/**
 * The search of a POST list: fields may come in the querystring, in the JSON body or both (the body
 * wins); then paged and validated by `search` (400 with the field on bad input).
 */
export function parseListQuery<S extends z.ZodObject>(
  search: S,
  req: FastifyRequest,
  labels?: FieldLabels,
): z.output<ReturnType<typeof pagingSchema.extend<S['shape']>>> {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
  const input = { ...((req.query as object | undefined) ?? {}), ...body };
  const result = validate(pagingSchema.extend(search.shape), input, req.lang, labels);
  if (!result.ok) throw new ValidationError(result.errors);
  return result.data as never;
}

/** Escapes LIKE wildcards of a user's search text. */
export const like = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** True when `err` (or the driver error it wraps) is a PostgreSQL error of `code`. */
export function isPgError(err: unknown, code: '23505' | '23503'): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === code || e?.cause?.code === code;
}

/** A 400 naming one field (as schema validation answers), for rules that need the database. */
export function fieldError(
  req: FastifyRequest,
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
