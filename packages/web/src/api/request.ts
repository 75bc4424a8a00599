import {
  CANDIDATE_AUTH_HEADER,
  type ApiResult,
  type EncryptedData,
  type PublicKeyInfo,
  type ServerKey,
  type SessionKey,
} from '@tegang/domain';
import i18n from '../i18n';
import { fileNameOf } from './download';
import { getToken, type Side } from './tokens';
import { toast } from '../components/toast';

/**
 * The one HTTP client of the web app (spec §7 preamble, §8 error catalogue):
 * 60 s timeout, credentials included, the side's bearer header, the UI language, optional hybrid
 * encryption of the body (DESIGN "Encrypted payloads"), and the envelope's codes handled as §8 says.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface RequestOptions {
  /** Query parameters; empty values are left out. */
  params?: Record<string, unknown>;
  /** JSON body, or FormData for multipart. */
  data?: unknown;
  /** Encrypt the body and decrypt the answer (spec §7 "encrypted"). */
  encrypted?: boolean;
  /** Don't toast errors (the caller shows them, e.g. in a form). */
  silent?: boolean;
}

/** A failed call: `code` is the envelope code, `msg` the server's message, `data` its detail. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly data: unknown = null,
  ) {
    super(msg);
  }
}

type Handler = (error: ApiError) => void;
/** What each side does on 401 and 403 (set by the side's app: relogin dialog, redirect …). */
export const handlers: { unauthorized: Record<Side, Handler>; forbidden: Handler } = {
  unauthorized: { admin: () => {}, candidate: () => {} },
  forbidden: () => {},
};

/**
 * The payload encryption (packages/domain crypto.ts, with sm-crypto for the gm suite), loaded at the
 * first encrypted call rather than with the first page: the login pages show before it is needed.
 */
const payloadCrypto = () => import('@tegang/domain/crypto');

/**
 * The server's public key for encrypted calls, fetched once; its answer names the suite (CRYPTO_SUITE:
 * ECDH P-256 + AES or SM2 + SM4, packages/domain crypto.ts). Forgotten when an encrypted call is refused, so a
 * server that changed its key or suite is asked again at the next call.
 */
let publicKey: Promise<ServerKey> | null = null;
function serverKey(): Promise<ServerKey> {
  publicKey ??= fetch('/auth/publicKey')
    .then((r) => r.json() as Promise<ApiResult<PublicKeyInfo>>)
    .then(async (r) => (await payloadCrypto()).importServerKey(r.data))
    .catch((e) => {
      publicKey = null;
      throw e;
    });
  return publicKey;
}

/** Candidate calls live under /api (spec §7): they carry the front-site token. */
export const sideOf = (url: string): Side => (url.startsWith('/api/') ? 'candidate' : 'admin');

export function queryString(params: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    search.set(k, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The UI language and the side's bearer header (the front site's own header for /api calls). */
function sideHeaders(side: Side): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': i18n.language === 'en' ? 'en' : 'zh' };
  const token = getToken(side);
  if (token) headers[side === 'candidate' ? CANDIDATE_AUTH_HEADER : 'Authorization'] = `Bearer ${token}`;
  return headers;
}

/** Sends a call and returns the whole envelope on code 200; rejects with ApiError otherwise. */
export async function requestEnvelope<T>(
  method: string,
  url: string,
  opts: RequestOptions = {},
): Promise<ApiResult<T>> {
  const side = sideOf(url);
  const headers: Record<string, string> = { ...sideHeaders(side), Accept: 'application/json' };
  let body: BodyInit | undefined;
  let sessionKey: SessionKey | null = null;
  if (opts.data instanceof FormData) body = opts.data;
  else if (opts.data !== undefined) {
    headers['Content-Type'] = 'application/json';
    if (opts.encrypted) {
      const sealed = await (await payloadCrypto()).encryptPayload(await serverKey(), opts.data);
      sessionKey = sealed.key;
      body = JSON.stringify(sealed.body);
    } else body = JSON.stringify(opts.data);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let answer: ApiResult<T> & { encrypted?: boolean };
  try {
    const response = await fetch(url + queryString(opts.params), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
    answer = await response.json().catch(() => ({ code: response.status, msg: '', data: null }));
    answer.code ??= response.status;
  } catch (e) {
    const error = new ApiError(
      0,
      controller.signal.aborted ? i18n.t('request.timeout') : (e as Error).message,
    );
    if (!opts.silent) toast('error', error.message);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  if (answer.code === 200) {
    if (answer.encrypted && sessionKey)
      answer.data = await (await payloadCrypto()).decryptData<T>(sessionKey, answer.data as EncryptedData);
    return answer;
  }
  const error = new ApiError(answer.code, answer.msg || i18n.t('error.unknown'), answer.data);
  if (sessionKey && answer.code === 400) publicKey = null;
  if (answer.code === 401) handlers.unauthorized[side](error);
  else if (answer.code === 403) handlers.forbidden(error);
  else if (answer.code !== 998 && !opts.silent) toast('error', error.message);
  throw error;
}

/**
 * GETs a file that is not an envelope (an enrolment photo at its own address, an import template) with
 * the side's token, as every other call: resolves with its bytes and the name its Content-Disposition
 * gives ('' without one) on 200. A refusal rejects with ApiError (the status, the envelope's message
 * when there is one) and is never toasted, the caller shows the place empty; a 401 still goes to the
 * side's handler (the session is gone). The browser's HTTP cache answers a second read of an
 * immutable address.
 */
export async function requestFile(url: string): Promise<{ blob: Blob; fileName: string }> {
  const side = sideOf(url);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: sideHeaders(side),
      credentials: 'include',
      signal: controller.signal,
    });
    if (response.ok)
      return {
        blob: await response.blob(),
        fileName: fileNameOf(response.headers.get('content-disposition')),
      };
  } catch (e) {
    throw new ApiError(0, controller.signal.aborted ? i18n.t('request.timeout') : (e as Error).message);
  } finally {
    clearTimeout(timer);
  }
  const body = (await response.json().catch(() => null)) as { msg?: unknown } | null;
  const error = new ApiError(
    response.status,
    typeof body?.msg === 'string' && body.msg ? body.msg : i18n.t('error.unknown'),
  );
  if (response.status === 401) handlers.unauthorized[side](error);
  throw error;
}

/** Sends a call and returns its data. */
export async function request<T>(method: string, url: string, opts: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(method, url, opts)).data;
}

export const http = {
  get: <T>(url: string, params?: Record<string, unknown>, opts?: RequestOptions) =>
    request<T>('GET', url, { ...opts, params }),
  post: <T>(url: string, data?: unknown, opts?: RequestOptions) => request<T>('POST', url, { ...opts, data }),
  put: <T>(url: string, data?: unknown, opts?: RequestOptions) => request<T>('PUT', url, { ...opts, data }),
  delete: <T>(url: string, data?: unknown, opts?: RequestOptions) =>
    request<T>('DELETE', url, { ...opts, data }),
};
