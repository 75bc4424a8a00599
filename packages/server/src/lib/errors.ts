import type { FieldError, MessageKey, MessageParams } from '@tegang/domain';

/**
 * An error with a contract code (spec §8, DESIGN "Envelope"): the HTTP status equals `code`, `key`
 * is the message key translated into the caller's language, `data` is optional detail (field errors).
 * 410 says a record's personal data is gone for good (docs/security.md "Retention": a purged plan's
 * form, ticket and result).
 */
export class AppError extends Error {
  constructor(
    readonly code: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 500 | 503,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, params?: MessageParams) => new AppError(400, key, params);
export const notFound = (key: MessageKey = 'error.notFound') => new AppError(404, key);
export const conflict = (key: MessageKey, params?: MessageParams) => new AppError(409, key, params);
export const forbidden = () => new AppError(403, 'auth.forbidden');
export const unauthorized = () => new AppError(401, 'auth.expired');

/** A 400 naming the fields: msg joins them, data.errors lists them (already translated). */
export class ValidationError extends Error {
  readonly code = 400;
  constructor(readonly errors: FieldError[]) {
    super('validation');
  }
}
