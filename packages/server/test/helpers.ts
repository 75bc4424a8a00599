import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import {
  CANDIDATE_AUTH_HEADER,
  decryptData,
  encryptPayload,
  importPublicKey,
  type ApiResult,
} from '@tegang/domain';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db';
import type { Kv } from '../src/integrations/kv';
import type { SmsMessage, SmsProvider } from '../src/integrations/sms';
import { withDatabase } from './setup/global';

/**
 * A whole server on its own copy of the seeded test database (regions, dictionaries, admin, the demo
 * plan open today). Requests go through Fastify's inject: the real routes, hooks and database.
 */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Every SMS the server sent, newest last. */
  sms: SmsMessage[];
  adminPassword: string;
  filesDir: string;
  /** A plain JSON call; `token` is an admin token, `candidateToken` a candidate one. */
  call<T = unknown>(method: string, url: string, opts?: CallOptions): Promise<Answer<T>>;
  /** An encrypted call (spec §7 "encrypted"): the body is encrypted, the answer decrypted. */
  secure<T = unknown>(method: string, url: string, body: unknown, opts?: CallOptions): Promise<Answer<T>>;
  /** Logs in as admin (captcha off in tests) and returns the token. */
  adminToken(userName?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}
export interface CallOptions {
  token?: string;
  candidateToken?: string;
  body?: unknown;
  query?: Record<string, string | number>;
  lang?: 'zh' | 'en';
  headers?: Record<string, string>;
}
export interface Answer<T> {
  status: number;
  body: ApiResult<T>;
  raw: LightMyRequestResponse;
}

/** `defaults` less the keys `env` sets itself, as the variable or as its `_FILE`. */
function givenKeys(env: Record<string, string> | undefined, defaults: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(defaults).filter(([name]) => !env?.[name] && !env?.[`${name}_FILE`]),
  );
}

export async function createTestApp(
  options: {
    now?: () => Date;
    env?: Record<string, string>;
    /** Turns the server log on (level from env LOG_LEVEL, default silent) and writes it here. */
    logStream?: { write(line: string): void };
    /** The SMS provider (default: one that records into `sms`). */
    smsProvider?: SmsProvider;
    /** The key-value store (default: the app's own in-process store). */
    kv?: Kv;
  } = {},
): Promise<TestApp> {
  const pgUrl = inject('pgUrl');
  const name = `${inject('templateDb')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDb')}`);
  await admin.end();
  const database = openDatabase(withDatabase(pgUrl, name), 5);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-app-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    CAPTCHA_ENABLED: 'false',
    // Tests log in many times a minute from one address; the limit tests turn it on.
    LOGIN_RATE_LIMIT: '0',
    CAPTCHA_RATE_LIMIT: '0',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Tests change plans and demand in the database directly and read them back at once; the
    // reference-cache tests turn the cache on.
    REFERENCE_CACHE_SECONDS: '0',
    // The keys as a node of a shared database needs them (README "Several nodes"), unless the test
    // gives its own (as the variable or its _FILE).
    ...givenKeys(options.env, {
      TICKET_SIGNING_KEY: randomBytes(32).toString('base64'),
      RESULT_ENCRYPTION_KEYS: `test:${randomBytes(32).toString('base64')}`,
    }),
    ...options.env,
  });
  const sms: SmsMessage[] = [];
  const app = await buildApp({
    config,
    database,
    logger: !!options.logStream,
    logStream: options.logStream,
    now: options.now,
    kv: options.kv,
    sms: options.smsProvider ?? { send: async (m) => void sms.push(m) },
  });
  await app.ready();
  let publicKey: CryptoKey | null = null;

  const headersOf = (opts: CallOptions) => ({
    'accept-language': opts.lang ?? 'zh',
    ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    ...(opts.candidateToken ? { [CANDIDATE_AUTH_HEADER]: `Bearer ${opts.candidateToken}` } : {}),
    ...opts.headers,
  });
  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const raw = await app.inject({
      method: method as 'GET',
      url,
      headers: headersOf(opts),
      payload: opts.body as object,
      query: opts.query as Record<string, string>,
    });
    let body: ApiResult<never>;
    try {
      body = raw.json();
    } catch {
      body = { code: raw.statusCode, msg: '', data: undefined as never };
    }
    return { status: raw.statusCode, body, raw };
  };
  const secure: TestApp['secure'] = async (method, url, payload, opts = {}) => {
    if (!publicKey) {
      const key = await call<{ publicKey: string }>('GET', '/auth/publicKey');
      publicKey = await importPublicKey(key.body.data.publicKey);
    }
    const { body, key } = await encryptPayload(publicKey, payload);
    const answer = await call(method, url, { ...opts, body });
    if ((answer.body as { encrypted?: boolean }).encrypted)
      answer.body.data = await decryptData(key, answer.body.data as never);
    return answer as never;
  };
  const adminPassword = inject('adminPassword');
  return {
    app,
    database,
    sms,
    adminPassword,
    filesDir: config.filesDir,
    call,
    secure,
    async adminToken(userName = 'admin', password = adminPassword) {
      const answer = await secure<string>('POST', '/auth/login', { userName, password });
      if (answer.status !== 200) throw new Error(`login failed: ${answer.body.msg}`);
      return answer.body.data;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
