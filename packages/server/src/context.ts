import type { Config } from './config';
import type { Database, Db } from './db';
import type { Kv } from './integrations/kv';
import type { SmsProvider } from './integrations/sms';
import type { Storage } from './integrations/storage';
import type { KeyRing } from './lib/crypto';

/** What every module reaches through `app.ctx`: built once in buildApp, shared by all routes. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  kv: Kv;
  sms: SmsProvider;
  storage: Storage;
  keys: KeyRing;
  /** The clock; tests may pass a fixed one. */
  now: () => Date;
}
