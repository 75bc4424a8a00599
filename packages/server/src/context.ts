import type { Config } from './config';
import type { Database, Db } from './db';
import type { Jobs } from './jobs/queue';
import type { Kv } from './integrations/kv';
import type { SmsProvider } from './integrations/sms';
import type { Storage } from './integrations/storage';
import type { KeyRing } from './lib/crypto';
import type { DataKeys } from './lib/data-keys';
import type { Access } from './types';

/** What every module reaches through `app.ctx`: built once in buildApp, shared by all routes. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  kv: Kv;
  /** Background jobs (pg-boss): imports, batch documents. */
  jobs: Jobs;
  sms: SmsProvider;
  storage: Storage;
  keys: KeyRing;
  /** Keys of personal data: sealing of physical exam results, signing of ticket QR tokens. */
  dataKeys: DataKeys;
  /** The clock; tests may pass a fixed one. */
  now: () => Date;
  /** Every API route with its access rule, as registered (for audits and tests). */
  routes: { method: string; url: string; access: Access }[];
}
