import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CryptoSuite } from '@tegang/domain';
import type { Config } from '../config';

/**
 * The keys that protect personal data (docs/security.md "Keys of personal data"):
 * - `result`: 32-byte keys sealing physical examination results (lib/sealed.ts): AES-256-GCM keys, or
 *   with CRYPTO_SUITE=gm the input of HKDF-SM3 for the SM4 and HMAC-SM3 keys. The first is the current
 *   key (new writes); the others only open what they sealed, until re-sealed.
 * - `suite`: the suite new values are sealed in (CRYPTO_SUITE; 'standard' when absent); values of
 *   either suite open.
 * - `ticketSigning`: the HMAC-SHA256 key of the admission tickets' QR tokens.
 *
 * They come from the environment (RESULT_ENCRYPTION_KEYS, TICKET_SIGNING_KEY, or the files named by
 * their `_FILE` variants; config.ts). Only the single development node (the embedded database, no
 * NODE_ENV=production) may go without them: it makes random keys once in
 * `<DATA_DIR>/secrets/data-keys.json` (mode 0600, never in the repo) so that `npm start` needs no
 * set-up. With DATABASE_URL (a shared database: maybe several nodes, and a QR signed on one must verify
 * on every other; README "Several nodes") or NODE_ENV=production the start stops instead, naming each
 * missing variable and how to make it.
 */
export interface DataKeys {
  result: { id: string; key: Buffer }[];
  suite?: CryptoSuite;
  ticketSigning: Buffer;
}

interface StoredKeys {
  result: { id: string; key: string }[];
  ticketSigning: string;
}

/**
 * How to make each key, as the refused start says it (README "Several nodes").
 */
const HOW_TO_MAKE = {
  RESULT_ENCRYPTION_KEYS:
    'id:key pairs, e.g. k1:<the output of `openssl rand -base64 32`>, or RESULT_ENCRYPTION_KEYS_FILE naming a file (mode 0600) that holds them',
  TICKET_SIGNING_KEY:
    'make one with `openssl rand -base64 32`, or set TICKET_SIGNING_KEY_FILE to a file (mode 0600) that holds it',
} as const;

/**
 * The data keys of this node: from the configuration when both are set; otherwise, on a development
 * node only, completed from `<DATA_DIR>/secrets/data-keys.json` (made at the first start; `warn` says
 * so). Throws "Invalid configuration" naming each missing variable and how to make it when DATABASE_URL
 * or NODE_ENV=production is set, and for a result key that is not 32 bytes or an id listed twice.
 */
export function resolveDataKeys(config: Config, warn: (msg: string) => void = () => {}): DataKeys {
  if (config.resultKeys?.length && config.ticketSigningKey) {
    checkKeys(config.resultKeys);
    return { result: config.resultKeys, ticketSigning: config.ticketSigningKey, suite: config.cryptoSuite };
  }
  if (config.production || config.databaseUrl) {
    // Keys made here would be this node's alone: a QR signed on it would not verify on the others, a
    // result sealed on it would not open on them, and a lost data folder would lose every sealed value.
    const why = config.production
      ? 'NODE_ENV=production'
      : 'DATABASE_URL (a shared database: every node needs the same value)';
    const missing = [
      ...(config.resultKeys?.length ? [] : (['RESULT_ENCRYPTION_KEYS'] as const)),
      ...(config.ticketSigningKey ? [] : (['TICKET_SIGNING_KEY'] as const)),
    ];
    throw new Error(
      `Invalid configuration:\n${missing.map((v) => `  ${v}: required with ${why}; ${HOW_TO_MAKE[v]}`).join('\n')}`,
    );
  }
  const file = path.join(config.dataDir, 'secrets', 'data-keys.json');
  let stored: StoredKeys;
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKeys;
  } else {
    stored = {
      result: [{ id: 'local1', key: randomBytes(32).toString('base64') }],
      ticketSigning: randomBytes(32).toString('base64'),
    };
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, JSON.stringify(stored), { mode: 0o600, flag: 'wx' });
    warn(
      `made development data keys in ${file} (this node's alone); set RESULT_ENCRYPTION_KEYS and TICKET_SIGNING_KEY, the same on every node, for production or several nodes (README "Several nodes")`,
    );
  }
  const result = config.resultKeys?.length
    ? config.resultKeys
    : stored.result.map((k) => ({ id: k.id, key: Buffer.from(k.key, 'base64') }));
  checkKeys(result);
  return {
    result,
    ticketSigning: config.ticketSigningKey ?? Buffer.from(stored.ticketSigning, 'base64'),
    suite: config.cryptoSuite,
  };
}

function checkKeys(keys: { id: string; key: Buffer }[]): void {
  const ids = new Set<string>();
  for (const k of keys) {
    if (k.key.length !== 32)
      throw new Error(`Invalid configuration:\n  RESULT_ENCRYPTION_KEYS: key ${k.id} is not 32 bytes`);
    if (ids.has(k.id))
      throw new Error(`Invalid configuration:\n  RESULT_ENCRYPTION_KEYS: key id ${k.id} is listed twice`);
    ids.add(k.id);
  }
}
