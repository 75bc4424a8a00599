/**
 * The API contract shared by server and web (DESIGN.md "The contract").
 * Every JSON answer is an envelope {code, msg, data}; code 200 is success and equals the HTTP status.
 */
export interface ApiResult<T> {
  code: number;
  msg: string;
  data: T;
}

/** One page of a list: spec §7 "Generic list behaviour", §9 paging. */
export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

/** The paging fields of a list request (spec §9), beside its search fields. */
export interface PageQuery {
  current: number;
  size: number;
}

/** A code-list option the server serves (spec §4: plan statuses, form statuses, user states …). */
export interface CodeOption {
  value: string;
  label: string;
}

/** Allowed page sizes (spec §9): default 10; options 10, 20, 30, 50, 100. */
export const PAGE_SIZES = [10, 20, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Response codes of spec §8 / DESIGN.md. */
export const ResultCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  rateLimited: 429,
  internal: 500,
} as const;

/**
 * A field-level validation error: `field` is the payload path ("enrollStartTime"), `label` the field's
 * translated name, `message` the translated rule that was broken.
 */
export interface FieldError {
  field: string;
  label: string;
  message: string;
}

/** Header names. Candidates and administrators carry separate tokens that never cross (DESIGN.md Auth). */
export const ADMIN_AUTH_HEADER = 'authorization';
export const CANDIDATE_AUTH_HEADER = 'user-authorization';
export const LANG_HEADER = 'accept-language';

/** Session lifetime: 2 h sliding (spec §9: 7,200,000 ms). */
export const SESSION_TTL_MS = 7_200_000;
