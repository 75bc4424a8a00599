import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';

/**
 * What the server log may hold ( "Secrets and personal data", docs/security.md "Logging"):
 * - a failed database statement is logged by its SQL text (placeholders `$1…`, never the values), its
 *   PostgreSQL error code (SQLSTATE) and the names PostgreSQL gives (table, column, constraint); the
 *   parameters, PostgreSQL's `detail` ("Failing row contains (…)", "Key (id_card)=(…)") and the
 *   values it quotes in data-exception messages are left out, so no password hash, ID number, name or
 *   address reaches the log;
 * - request URLs are logged with the values of secret-looking query parameters (names ending in
 *   `token`, `password`, `secret`, `captcha`; `code`, `key`, `sign`) and of sealed fields
 *   (`physicalExamination`) replaced by `***`, so a single-use download link cannot be replayed from the
 *   log and no sealed value is in it; so are personal data in a query string (maskQuery): the values of
 *   personal parameters (names, ID numbers, phone numbers: PERSONAL_QUERY_KEY) and any value holding
 *   an 18-character ID number (GB 11643), whatever its parameter's name;
 * - `log.error(err)` with a database error gets the fixed msg `database error`, not err.message;
 * - headers are not logged; should a log call add them, `authorization`, `user-authorization` and
 *   `cookie` are redacted.
 */

/** A destination for log lines (pino's DestinationStream). */
export interface LogStream {
  write(line: string): void;
}

/**
 * The Fastify `logger` options of buildApp: pino at `level`, writing to `stream` (stdout when absent),
 * with the safe serializers below for `req`, `err` and `error` and the redaction of auth headers. Every
 * line carries `node` (NODE_NAME, default the host name) beside pino's pid and hostname, so the lines
 * of several nodes can be told apart once collected; a request's lines carry its `reqId`.
 */
export function loggerOptions(
  level: string,
  stream?: LogStream,
  nodeName: string = os.hostname(),
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    base: { pid: process.pid, hostname: os.hostname(), node: nodeName },
    // Fastify types the err serializer as returning pino's exact error shape; ours differs for DB errors.
    serializers: {
      req: (req: unknown) => serializeRequest(req as FastifyRequest),
      err: serializeError,
      error: serializeError,
    } as Record<string, (value: unknown) => unknown>,
    hooks: {
      // `log.error(err)` makes pino use err.message as the line's msg, out of the serializer's reach:
      // a database error's message lists the parameters, so it is logged as {err} with a fixed msg.
      logMethod(args, method) {
        const [first, second] = args as unknown[];
        if (first instanceof Error && typeof second !== 'string' && findDbError(first)) {
          return method.apply(this, [{ err: first }, 'database error']);
        }
        return method.apply(this, args);
      },
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["user-authorization"]',
        'req.headers.cookie',
        'headers.authorization',
        'headers["user-authorization"]',
        'headers.cookie',
      ],
      censor: '***',
    },
  };
}

/** The request id header: read from the balancer, written on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** A request id a balancer may give (nginx's $request_id is 32 hex digits): anything else is ignored. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * The request id options of buildApp (README "Logs and request ids"): the balancer's `X-Request-Id`
 * when it matches REQUEST_ID, else a new UUID; never a per-process counter, so ids stay unique
 * across nodes and restarts. The id is `req.id` and every log line of the request has it as `reqId`.
 */
export function requestIdOptions(): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> {
  return {
    // Fastify would take the header unchecked: it is read and checked here instead.
    requestIdHeader: false,
    genReqId: (req: IncomingMessage) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  };
}

/**
 * Returns the request id on every answer as `X-Request-Id` (a root onRequest hook added first, so
 * that answers ended by a later hook — a rate limit, a refusal — carry it too).
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
}

/**
 * Query parameter names whose values are secret: …token, …password, …secret, …captcha, code, key, sign,
 * and the fields of sealed columns (physicalExamination: lib/sealed.ts).
 */
const SECRET_QUERY_KEY =
  /(token|password|passwd|secret|captcha|signature)$|^(code|smscode|key|sign|physical_?examination)$/i;

/**
 * Query parameter names whose values are personal data (docs/security.md "Logging"): a person's name,
 * an ID number, a phone number. Search filters use them (`?name=…&idCard=…`).
 */
const PERSONAL_QUERY_KEY =
  /^(name|realName|nickName|candidateName|userName|idCard|idNumber|idNo|certNo|phone|telephone|mobile)$/i;
/** An ID number (GB 11643: 17 digits and a check character) anywhere in a value. */
const ID_NUMBER = /\d{17}[\dXx]/g;
const QUERY_MASK = '******';

/**
 * A copy of a parsed query (Fastify's `req.query`) for a log: values of personal parameters
 * (PERSONAL_QUERY_KEY) replaced by '******', and every 18-character ID number in another value masked
 * in place. Other values are kept; anything not a plain object is returned as it is.
 */
export function maskQuery(query: unknown): unknown {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return query;
  const mask = (v: unknown): unknown =>
    typeof v === 'string' ? v.replace(ID_NUMBER, QUERY_MASK) : Array.isArray(v) ? v.map(mask) : v;
  return Object.fromEntries(
    Object.entries(query as Record<string, unknown>).map(([k, v]) => [
      k,
      PERSONAL_QUERY_KEY.test(k) ? QUERY_MASK : mask(v),
    ]),
  );
}

/**
 * `url` (a path with an optional query string, as in `req.url`) with the value of every query
 * parameter whose name looks secret or personal (a name, an ID number…), or whose value holds an ID
 * number, replaced by `***`; the path and the other parameters are kept byte for byte.
 * `/candidate/enroll/export?token=abc&x=1` → `/candidate/enroll/export?token=***&x=1`.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      let value = pair.slice(eq + 1);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the raw name
      }
      try {
        value = decodeURIComponent(value.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the raw value
      }
      const hide =
        SECRET_QUERY_KEY.test(name) ||
        PERSONAL_QUERY_KEY.test(name) ||
        new RegExp(ID_NUMBER.source).test(value);
      return hide ? `${pair.slice(0, eq)}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** The `req` of Fastify's request log lines (its default fields) with the URL passed through redactUrl. */
export function serializeRequest(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** A PostgreSQL error as the pg driver throws it (pg-protocol's DatabaseError). */
type PgError = InstanceType<typeof pg.DatabaseError>;

const isPgError = (e: unknown): e is PgError =>
  e instanceof pg.DatabaseError ||
  (e instanceof Error &&
    typeof (e as PgError).severity === 'string' &&
    typeof (e as PgError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((e as PgError).code!));

/**
 * SQLSTATE classes whose messages name only database objects (relations, columns, constraints,
 * types), never a value: integrity violations, syntax and access errors, transaction rollbacks,
 * connection, resource and operator errors. Other classes (22 data exception above all:
 * `invalid input syntax for type integer: "…"`) may quote a value and have their quotes masked.
 */
const NAME_ONLY_CLASSES = new Set([
  '08',
  '0A',
  '23',
  '25',
  '28',
  '3D',
  '3F',
  '40',
  '42',
  '53',
  '54',
  '57',
  '58',
]);

function safePgMessage(e: PgError): string {
  const cls = (e.code ?? '').slice(0, 2);
  return NAME_ONLY_CLASSES.has(cls) ? e.message : e.message.replace(/"[^"]*"/g, '"…"');
}

/** The stack frames of `e` without its first line(s), which repeat the message. */
function framesOf(e: Error): string | undefined {
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length ? frames.join('\n') : undefined;
}

const pick = (e: PgError) => {
  const out: Record<string, unknown> = {};
  for (const key of ['severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const) {
    if (e[key] !== undefined) out[key] = e[key];
  }
  return out;
};

/**
 * The loggable description of a database error: for a Drizzle query error `query` is the statement
 * (placeholders only) and the rest comes from its pg cause; for a bare pg error, the same without
 * `query`. Shape: {type, message, code, query?, severity?, table?, column?, constraint?, …, stack}
 * where `message` is `database error <SQLSTATE>: <PostgreSQL message, values masked>`. Never the
 * parameters, `detail`, `where` or `internalQuery`.
 */
export function describeDbError(e: DrizzleQueryError | PgError): Record<string, unknown> {
  const query = e instanceof DrizzleQueryError ? e.query : undefined;
  const pgError = e instanceof DrizzleQueryError ? (isPgError(e.cause) ? e.cause : null) : e;
  const out: Record<string, unknown> = { type: e.constructor.name };
  if (pgError) {
    out.code = pgError.code;
    out.message = `database error ${pgError.code}: ${safePgMessage(pgError)}`;
    Object.assign(out, pick(pgError));
  } else {
    // A Drizzle query error whose cause is not PostgreSQL's (a dropped connection, a bug): keep
    // the cause's class and code, not its message, which may quote the values.
    const cause = e.cause as (Error & { code?: unknown }) | undefined;
    out.message = `database query failed${cause instanceof Error ? `: ${cause.constructor.name}` : ''}`;
    if (cause && typeof cause.code === 'string') out.code = cause.code;
  }
  if (query !== undefined) out.query = query;
  out.stack = framesOf(e);
  return out;
}

/** The first database error in `e` and its chain of causes, if any. */
function findDbError(e: unknown): DrizzleQueryError | PgError | null {
  for (let cur = e, depth = 0; cur instanceof Error && depth < 8; cur = cur.cause, depth += 1) {
    if (cur instanceof DrizzleQueryError || isPgError(cur)) return cur;
  }
  return null;
}

/** Enumerable properties never copied from an error into the log. */
const NEVER_LOGGED = new Set(['params', 'parameters', 'values', 'detail', 'where', 'internalQuery', 'query']);

/**
 * The pino `err` serializer of the server: a database error (or an error caused by one) as
 * describeDbError puts it; any other error as {type, message, stack} plus its primitive enumerable
 * properties (code, statusCode, …) except parameter-like ones. Non-errors pass through.
 */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const db = findDbError(err);
  if (db === err) return describeDbError(db);
  const out: Record<string, unknown> = { type: err.constructor.name, message: err.message };
  for (const [key, value] of Object.entries(err)) {
    if (NEVER_LOGGED.has(key) || key === 'cause') continue;
    if (['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  out.stack = db ? framesOf(err) : err.stack;
  if (db) out.cause = describeDbError(db);
  else if (err.cause !== undefined) out.cause = serializeError(err.cause);
  return out;
}

/**
 * One line describing `err` for a console message (a start failure in main.ts): its message, or for a
 * database error the safe description of describeDbError (`database error 23505: … [insert into …]`).
 */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const db = findDbError(err);
  if (!db) return err.message;
  const d = describeDbError(db);
  const outer = db === err ? '' : `${err.message}: `;
  return `${outer}${String(d.message)}${d.query ? ` [${String(d.query)}]` : ''}`;
}
