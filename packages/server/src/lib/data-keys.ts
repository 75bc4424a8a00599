import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CryptoSuite } from '@tegang/domain';
import type { Config } from '../config';

/**
 * The keys that protect personal data (issue 9; docs/security.md "Keys of personal data"):
 * - `result`: 32-byte keys sealing physical examination results (lib/sealed.ts): AES-256-GCM keys, or
 *   with CRYPTO_SUITE=gm the input of HKDF-SM3 for the SM4 and HMAC-SM3 keys. The first is the current
 *   key (new writes); the others only open what they sealed, until re-sealed.
 * - `suite`: the suite new values are sealed in (CRYPTO_SUITE; 'standard' when absent); values of
 *   either suite open.
 * - `ticketSigning`: the HMAC-SHA256 key of the admission tickets' QR tokens.
 *
 * They come from the environment (RESULT_ENCRYPTION_KEYS, TICKET_SIGNING_KEY). Without them a
 * development start makes random keys once in `<DATA_DIR>/secrets/data-keys.json` (mode 0600, never
 * in the repo) so that `npm start` needs no set-up; with NODE_ENV=production the start stops instead,
 * because several nodes must share the keys and a lost data folder would lose every sealed value.
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

export function resolveDataKeys(config: Config, warn: (msg: string) => void = () => {}): DataKeys {
  if (config.resultKeys?.length && config.ticketSigningKey) {
    checkKeys(config.resultKeys);
    return { result: config.resultKeys, ticketSigning: config.ticketSigningKey, suite: config.cryptoSuite };
  }
  if (config.production) {
    throw new Error(
      'Invalid configuration:\n  RESULT_ENCRYPTION_KEYS and TICKET_SIGNING_KEY are required with NODE_ENV=production',
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
      `made development data keys in ${file}; set RESULT_ENCRYPTION_KEYS and TICKET_SIGNING_KEY in production`,
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
