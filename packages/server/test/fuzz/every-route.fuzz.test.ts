import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@tegang/domain';
import { openSession } from '../../src/lib/sessions';
import type { Access } from '../../src/types';
import type { TestApp } from '../helpers';
import { createTestApp } from '../helpers';
import { makeCandidate, multipart } from '../enroll/fixtures';
import { adminSession, liveCandidate } from './fixtures';

/**
 * A property-based fuzz of EVERY route of the route registry (app.ctx.routes,
 * filled by plugins/access.ts). Random path params, queries and bodies — NUL bytes, Unicode spaces,
 * CR/LF, huge and negative numbers, impossible dates, nested objects, wrong types, broken multipart
 * bodies, random plain bodies to encrypted routes and random encrypted bodies behind them — are sent
 * with the route's own identity (an admin with every right, a candidate) and without one.
 *
 * Asserted for every call: no 5xx; a 4xx is the contract's envelope {code = status}; a 400 names its
 * fields in words (no raw 'field.' key); a 4xx changed no row (a fingerprint of every table — row count and md5 of the rows — is equal before and after);
 * a plain body to an encrypted route is a 400.
 *
 * Bounded: a few runs per route with a fixed seed (FUZZ_SEED, default below; route i uses seed + i),
 * no shrinking; a failure names the route, the seed and the counterexample, so that
 * `FUZZ_SEED=<seed> FUZZ_ROUTE='<METHOD url>'` reproduces it.
 *
 * No route is skipped: the ones that destroy the caller's own state (/auth/logout, /api/auth/logout,
 * POST /auth/lock, five wrong /auth/unlock, DELETE /monitor/online/{own session}) are run too, each
 * with fresh sessions opened before its run, so that they cannot spoil the routes after them.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20260306);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const ONLY = process.env.FUZZ_ROUTE;

/**
 * Tables left out of the fingerprint because a refused call writes them by design: the login and
 * operation logs (every attempt is logged), and sessions (sliding expiry, lock state, the
 * unlock counter).
 */
const UNFINGERPRINTED = new Set(['auth_session', 'sys_login_log', 'sys_oper_log']);
/**
 * Routes whose 4xx may change rows by design: a failed login counts the failure on the account
 * (lockout, spec §4), so the fingerprint is not compared for them.
 */
const FAILURE_COUNTS = new Set(['POST /auth/login', 'POST /api/auth/login']);

const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u3000',
  '\u00a013912345678',
  '13912345678\u3000',
  ' 13912345678 ',
  '１３９１２３４５６７８',
  '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a013912345678',
  'a\r\nb',
  '\r\n',
  '\t',
  '\u2028',
  '\u0085',
  '\ufeff',
  '\u200b',
  '\ud800',
  '😀',
  '1e30',
  '-1e30',
  '-1',
  '0',
  '1',
  '2',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '0x10',
  '2020-02-31',
  '1990-02-30',
  '2030-05-01',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '2030-05-01T10:00:00Z',
  '2030-05-01 10:00:00',
  "'; drop table sys_user; --",
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  '__proto__',
  'constructor',
  ' ',
  '',
  'true',
  'null',
  '110101199506120014',
  '11010119950612001x',
  '520102199803070011',
  '13912345678',
  '123456',
  'admin',
  'Passw0rd!',
  '=cmd|"/c calc"!A1',
  '0',
  '1',
  'Y',
  'register',
  'logo',
  '/file/view/website/00000000-0000-0000-0000-000000000000.png',
];
const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  2,
  3,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  1e30,
  -1e30,
  1e308,
  2 ** 53 + 2,
];

/** Percent-escapes that are not UTF-8 or not escapes at all: sent raw in the path. */
const RAW_PATH = ['%', '%zz', '%00', '%C0%AF', '%ED%A0%80', '%E4%B8', '..%2F..%2F'];

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...NASTY_STRINGS), fc.constantFrom(...NASTY_STRINGS))
      .map(([a, b]) => a + b),
  },
);
/** A path parameter: plausible, poisoned, nasty, or a raw broken escape. */
const paramString = (name: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fieldValue(name).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))) },
    { weight: 2, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH.map((r) => `raw:${r}`)) },
  );
const scalar = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, scalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Values that broke routes before: NUL, padded phones, CR/LF, ids past int4, bad dates, shapes. */
const POISON: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\u3000\u00a013912345678\u3000',
  '１３９１２３４５６７８',
  'a\r\nb',
  '2147483648',
  2147483648,
  1e30,
  '1e30',
  -1,
  1.5,
  '2020-02-31',
  '1990-02-30',
  '+275760-09-13T00:00:00.000Z',
  '',
  null,
  true,
  [],
  { a: { b: [1] } },
  'x'.repeat(5000),
];
const poison = fc.constantFrom(...POISON);

/** A plausible value for a field of this name, so that a call gets past the other fields' rules. */
function plausible(name: string): fc.Arbitrary<unknown> {
  if (/phone|telephone/i.test(name)) return fc.constantFrom('13912345678', '13800138000', ' 13700137000');
  if (/idCard/i.test(name)) return fc.constantFrom('110101199506120014', '520102199803070011');
  if (/Time$/.test(name)) return fc.constantFrom('2030-05-01T00:00:00.000Z', '2030-05-02 10:00:00');
  if (/^(limitBirth|graduationDate|birthday)$/.test(name)) return fc.constant('1995-01-01');
  if (/(List|Ids)$/.test(name)) return fc.constantFrom([1], [1, 2], ['3']);
  if (/(^id|Id|^pid|^a|^b)$/.test(name)) return fc.constantFrom(1, 2, 3, '1', 0);
  if (/^year$/.test(name)) return fc.constant('2030');
  if (/[cC]ode$/.test(name)) return fc.constantFrom('520000', '520100', '520102', '01', '123456');
  if (/^(state|status|type|isSystem|keepAlive|showCopyright|showLogo|tree|isSelect)$/.test(name))
    return fc.constantFrom('0', '1', 'true');
  if (/password|Psw/i.test(name)) return fc.constant('Passw0rd!');
  if (/userName/.test(name)) return fc.constantFrom('fuzz_user1', 'admin');
  if (name === 'current') return fc.constantFrom('1', 2);
  if (name === 'size') return fc.constantFrom('10', 20);
  if (name === 'sort') return fc.constantFrom(0, 5);
  return fc.constantFrom('测试', 'abc', '1');
}

/** A bad value for a field: a known poison, or anything at all. */
const badValue = fc.oneof({ weight: 3, arbitrary: poison }, { weight: 2, arbitrary: value });

/**
 * An object of the given fields: each plausible or left out, then usually one field (sometimes two)
 * spoilt with a bad value, so that the bad value meets the code behind the other fields' rules; plus
 * maybe an unknown key. `as` turns a value into what the transport carries (strings for queries).
 */
const fieldsFor = (names: string[], as: (v: unknown) => unknown = (v) => v) =>
  fc
    .tuple(
      fc.tuple(...names.map((n) => fc.option(plausible(n), { freq: 5 }))),
      fc.array(fc.tuple(fc.nat(), badValue), { maxLength: 2 }),
      fc.dictionary(nastyString, value, { maxKeys: 1, noNullPrototype: true }),
    )
    .map(([values, spoilt, extra]) => {
      const fields: Record<string, unknown> = { ...extra };
      names.forEach((n, i) => {
        if (values[i] !== null) fields[n] = as(values[i]);
      });
      for (const [k, bad] of names.length ? spoilt : []) fields[names[k % names.length]!] = as(bad);
      return fields;
    });

/** Plausible, spoilt or anything: one value for a path parameter. */
const fieldValue = (name: string) =>
  fc.oneof({ weight: 4, arbitrary: plausible(name) }, { weight: 3, arbitrary: badValue });

/** A body for fields `names`, or any JSON at all, or none. */
const bodyFor = (names: string[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fieldsFor(names) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
/** A query for fields `names`: strings (a repeated key when the value is an array of strings). */
const queryFor = (names: string[]) =>
  fieldsFor(names, (v) =>
    typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'))
      ? v
      : JSON.stringify(v),
  );

type Identity = 'own' | 'none';
interface Spec {
  method: string;
  url: string;
  access: Access;
  params: string[];
  query: string[];
  body: string[];
  multipart: boolean;
  encrypted: boolean;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

let t: TestApp;
let candidateId: number;
let fingerprintSql: string;
beforeAll(async () => {
  t = await createTestApp();
  candidateId = (await makeCandidate(t)).id;
  const { rows } = await t.database.pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  fingerprintSql = rows
    .map((r) => r.table_name)
    .filter((name) => !UNFINGERPRINTED.has(name))
    .map(
      (name) =>
        `select '${name}' as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|')), '') as f from "${name}" x`,
    )
    .join(' union all ');
}, 120_000);
afterAll(() => t?.close());

/** Row count and md5 of every table (but the logs and sessions): equal when no row changed. */
async function fingerprint(): Promise<string> {
  const { rows } = await t.database.pool.query<{ t: string; f: string }>(fingerprintSql);
  return rows.map((r) => `${r.t}=${r.f}`).join(';');
}

/** The routes with what the OpenAPI document says of their params, query and body. */
async function routeSpecs(): Promise<Spec[]> {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const specs: Spec[] = [];
  for (const route of t.app.ctx.routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const op = doc.paths[path]?.[route.method.toLowerCase()] ?? {};
    const names = (where: string) => (op.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
    const content = op.requestBody?.content ?? {};
    const spec: Spec = {
      method: route.method,
      url: route.url,
      access: route.access,
      params: [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!),
      query: names('query'),
      body: Object.keys(content['application/json']?.schema?.properties ?? {}),
      multipart: 'multipart/form-data' in content,
      encrypted: false,
    };
    specs.push(spec);
  }
  // Which routes want an encrypted body: the ones that refuse a plain {} as such (with the right identity).
  const admin = await adminSession(t);
  const candidate = await openCandidate();
  for (const spec of specs) {
    if (spec.method === 'GET' || spec.multipart) continue;
    const answer = await t.call(
      spec.method,
      concrete(spec.url, () => '1'),
      {
        ...tokensFor(spec.access, 'own', admin, candidate),
        body: {},
      },
    );
    spec.encrypted = answer.status === 400 && answer.body.msg === translate('zh', 'error.encryption');
  }
  return specs;
}

const openCandidate = () =>
  openSession(t.database.db, 'candidate', candidateId, { ip: '127.0.0.1', headers: {} } as never, new Date());

function tokensFor(access: Access, who: Identity, admin: string, candidate: string) {
  if (who === 'none' || 'download' in access) return {};
  if ('candidate' in access) return { candidateToken: candidate };
  if ('open' in access) return {};
  return { token: admin };
}

function concrete(url: string, param: (name: string) => string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => param(name)).replace(/\*$/, () => param('*'));
}

/** A path parameter: mostly the escaped nasty string; sometimes a raw broken escape. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const pathParam = (text: string | undefined) => {
  const raw = RAW_PATH.find((r) => text === `raw:${r}`);
  const wellFormed = (text ?? '').replace(LONE_SURROGATE, '\ufffd'); // encodeURIComponent throws on them
  return raw ?? encodeURIComponent(wellFormed);
};

const toQueryString = (query: Record<string, unknown>) => {
  const search = new URLSearchParams();
  for (const [key, v] of Object.entries(query))
    for (const item of Array.isArray(v) ? v : [v])
      search.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
  const text = search.toString();
  return text ? `?${text}` : '';
};

describe('fuzz: every route in the registry (docs/security.md "Input")', () => {
  it('answers random params, queries and bodies without a 5xx, and a 4xx changes no row', async () => {
    const specs = (await routeSpecs()).filter((s) => !ONLY || `${s.method} ${s.url}` === ONLY);
    expect(specs.length).toBeGreaterThan(ONLY ? 0 : 100);
    expect(specs.filter((s) => s.encrypted).length).toBeGreaterThan(ONLY ? -1 : 14);
    const failures: string[] = [];
    const reached = new Set<string>();
    const started = Date.now();

    for (const [index, spec] of specs.entries()) {
      const name = `${spec.method} ${spec.url}`;
      // Fresh sessions for every route: a logout, lock or force-logout fuzzed before cannot spoil it.
      const admin = await adminSession(t);
      candidateId = await liveCandidate(t, candidateId);
      const candidate = await openCandidate();
      const input = fc.record({
        who: fc.constantFrom<Identity>('own', 'own', 'own', 'none'),
        params: fc.tuple(...spec.params.map((n) => paramString(n)), paramString('*')),
        query: queryFor(spec.query),
        body: bodyFor(spec.body),
        sealed: fc.boolean(),
        cut: fc.option(fc.integer({ min: 0, max: 2000 })),
        file: fc.option(fc.uint8Array({ maxLength: 64 })),
      });
      const property = fc.asyncProperty(input, async (c) => {
        let i = 0;
        const url = concrete(spec.url, () => pathParam(c.params[i++])) + toQueryString(c.query);
        const tokens = tokensFor(spec.access, c.who, admin, candidate);
        const before = FAILURE_COUNTS.has(name) ? null : await fingerprint();
        let status: number;
        let body: { code?: number; msg?: string };
        let plainToEncrypted = false;
        if (spec.multipart) {
          const fields = Object.fromEntries(
            Object.entries((c.body ?? {}) as Record<string, unknown>).map(([k, v]) => [
              k.replace(/["\r\n]/g, ''),
              typeof v === 'string' ? v : JSON.stringify(v),
            ]),
          );
          const form = multipart(fields, c.file ? { data: Buffer.from(c.file) } : undefined);
          const payload = c.cut === null ? form.body : form.body.subarray(0, c.cut);
          const raw = await t.app.inject({
            method: spec.method as 'POST',
            url,
            payload,
            headers: {
              ...form.headers,
              ...(tokens.token ? { authorization: `Bearer ${tokens.token}` } : {}),
              ...(tokens.candidateToken ? { 'user-authorization': `Bearer ${tokens.candidateToken}` } : {}),
            },
          });
          status = raw.statusCode;
          body = safeJson(raw.body);
        } else if (spec.encrypted && c.sealed) {
          const answer = await t.secure(spec.method, url, c.body ?? {}, tokens);
          status = answer.status;
          body = answer.body;
        } else {
          const answer = await t.call(spec.method, url, {
            ...tokens,
            body: spec.method === 'GET' ? undefined : (c.body as object),
          });
          status = answer.status;
          body = answer.body;
          plainToEncrypted = spec.encrypted && ![401, 403, 429].includes(status);
        }
        if (status !== 401 && status !== 403) reached.add(name);
        if (status >= 500) throw new Error(`${status} ${JSON.stringify(body)}`);
        if (status >= 400 && body.code !== undefined && body.code !== status)
          throw new Error(`status ${status} but envelope code ${body.code}`);
        // A 400 names its fields in words (docs/security.md "Input"), never by a raw 'field.' key.
        if (status === 400 && /field\./.test(body.msg ?? ''))
          throw new Error(`a raw field key in a 400: ${body.msg}`);
        if (plainToEncrypted && status !== 400)
          throw new Error(`plain body to an encrypted route: ${status}`);
        if (before !== null && status >= 400) {
          const after = await fingerprint();
          if (after !== before) throw new Error(`${status} changed rows: ${diff(before, after)}`);
        }
      });
      const seed = SEED + index;
      const result = await fc.check(property, { seed, numRuns: RUNS, endOnFailure: true });
      if (result.failed)
        failures.push(
          `${name} (FUZZ_SEED=${SEED}, seed ${seed}, path ${result.counterexamplePath}): ${
            (result.errorInstance as Error | undefined)?.message ?? String(result.errorInstance)
          }\n    input: ${JSON.stringify(result.counterexample?.[0])?.slice(0, 600)}`,
        );
    }
    expect(failures, `fuzz failures (${Date.now() - started} ms)`).toEqual([]);
    // Every route was really exercised: at least one call got past authentication and permissions.
    expect(specs.map((s) => `${s.method} ${s.url}`).filter((n) => !reached.has(n))).toEqual([]);
  }, 170_000);
});

function safeJson(text: string): { code?: number; msg?: string } {
  try {
    return JSON.parse(text) as { code?: number };
  } catch {
    return {};
  }
}

function diff(before: string, after: string): string {
  const a = new Set(before.split(';'));
  return after
    .split(';')
    .filter((entry) => !a.has(entry))
    .map((entry) => entry.split('=')[0])
    .join(', ');
}
