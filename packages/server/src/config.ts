import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CRYPTO_SUITES, JOB_STALE_SECONDS_DEFAULT, type CryptoSuite } from '@tegang/domain';
import { readSmsSettings, SMS_PROVIDERS, type SmsSettings } from './integrations/sms-config';
import { trustProxySetting, type TrustProxy } from './lib/trust-proxy';
import { readStorageSettings, type StorageSettings } from './integrations/storage-config';
import { serverPath } from './lib/module-path';

/**
 * Configuration from environment variables, validated at start (README "Configuration").
 * An invalid value stops the start with a message naming the variable.
 */
const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? def : v === 'true' || v === '1'));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  CAPTCHA_ENABLED: bool(true),
  SMS_PROVIDER: z.enum(SMS_PROVIDERS).default('console'),
  REDIS_URL: z.string().url().optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(30),
  CAPTCHA_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(60),
  VERIFY_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(20),
  VERIFY_IP_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(600),
  TRUST_PROXY: trustProxySetting,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATIO_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  REFERENCE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  LOG_RETENTION_DAYS: z.coerce.number().int().min(180).max(36_500).default(180),
  WEB_DIST: z.string().optional(),
  RESULT_ENCRYPTION_KEYS: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,16}:[A-Za-z0-9+/=_-]{43,44}(,[A-Za-z0-9_-]{1,16}:[A-Za-z0-9+/=_-]{43,44})*$/, {
      message: 'a comma-separated list of id:key, each key 32 bytes in base64 (openssl rand -base64 32)',
    })
    .optional(),
  CRYPTO_SUITE: z.enum(CRYPTO_SUITES).default('standard'),
  TICKET_SIGNING_KEY: z
    .string()
    .min(43, { message: 'at least 32 bytes in base64 (openssl rand -base64 32)' })
    .optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  JOB_STALE_SECONDS: z.coerce.number().min(4).max(3600).default(JOB_STALE_SECONDS_DEFAULT),
  NODE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, { message: 'letters, digits, dot, dash and underscore (at most 64)' })
    .optional(),
  METRICS_TOKEN: z.string().min(16, { message: 'at least 16 characters (openssl rand -hex 16)' }).optional(),
  METRICS_ALLOW: z.string().optional(),
  NODE_ENV: z.string().optional(),
  PUBLIC_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/, {
      message: 'an origin such as https://tegang.example.gov.cn',
    })
    .optional(),
  ALLOW_INSECURE_PRODUCTION: z
    .string()
    .regex(/^\s*(sms|captcha|origin)\s*(,\s*(sms|captcha|origin)\s*)*$/, {
      message: 'a comma-separated list of sms, captcha, origin (the production checks waived)',
    })
    .optional(),
});

/**
 * The checks of a production start (NODE_ENV=production) that ALLOW_INSECURE_PRODUCTION may waive, each
 * with the variable it is about and why it is refused (README "Configuration", docs/security.md
 * "Production configuration").
 */
export const PRODUCTION_CHECKS = {
  sms: {
    variable: 'SMS_PROVIDER',
    message:
      '"console" only writes verification codes to the log; a real provider is required with NODE_ENV=production',
  },
  captcha: {
    variable: 'CAPTCHA_ENABLED',
    message: 'false turns the login captcha off; it is required with NODE_ENV=production',
  },
  origin: {
    variable: 'PUBLIC_ORIGIN',
    message: "required with NODE_ENV=production (the tickets' QR codes would take the caller's Host header)",
  },
} as const;
export type ProductionWaiver = keyof typeof PRODUCTION_CHECKS;

/**
 * The production checks that fail for `env`, read from the raw variables so that they are listed with
 * the schema's issues; none outside production or when waived by ALLOW_INSECURE_PRODUCTION.
 */
function productionFailures(env: NodeJS.ProcessEnv): {
  failed: ProductionWaiver[];
  waived: ProductionWaiver[];
} {
  if (env.NODE_ENV !== 'production') return { failed: [], waived: [] };
  const allowed = new Set((env.ALLOW_INSECURE_PRODUCTION ?? '').split(',').map((w) => w.trim()));
  const insecure: Record<ProductionWaiver, boolean> = {
    sms: (env.SMS_PROVIDER ?? 'console') === 'console',
    captcha: env.CAPTCHA_ENABLED === 'false' || env.CAPTCHA_ENABLED === '0',
    origin: !env.PUBLIC_ORIGIN,
  };
  const checks = Object.keys(PRODUCTION_CHECKS) as ProductionWaiver[];
  return {
    failed: checks.filter((c) => insecure[c] && !allowed.has(c)),
    waived: checks.filter((c) => insecure[c] && allowed.has(c)),
  };
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  captchaEnabled: boolean;
  smsProvider: SmsSettings['provider'];
  /** The SMS provider with its credentials, sign name and templates (integrations/sms-config.ts). */
  sms: SmsSettings;
  redisUrl?: string;
  /** Logins per client IP per minute, each login route on its own (0: no limit). */
  loginRateLimit: number;
  /** Captchas per client IP per minute (0: no limit). */
  captchaRateLimit: number;
  /**
   * Checks of one ticket's QR token per minute on the verify page, and of all tokens per client IP per
   * minute (a hall of proctors behind one carrier NAT shares an IP); 0: no limit.
   */
  verifyRateLimit: { perToken: number; perIp: number };
  /** Which proxies' X-Forwarded-* are believed: none, a hop count or addresses (lib/trust-proxy.ts). */
  trustProxy: TrustProxy;
  logLevel: string;
  /**
   * Seconds a node reuses a plan's post counts (enrolments and demand per post) for the dashboard and
   * the candidate's subject ratios (plan-data/post-counts.ts); 0 reads them on every request.
   */
  ratioCacheSeconds: number;
  /**
   * Seconds a node keeps the open plan, the demand cascade, regions and dictionaries in memory
   * (lib/reference-cache.ts): how long another node's administrator change can take to show; 0 off.
   */
  referenceCacheSeconds: number;
  /**
   * Days operation- and login-log entries are kept before a log administrator may remove them
   * (LOG_RETENTION_DAYS, at least 180: MLPS 2.0, Cybersecurity Law art. 21; docs/security.md "Trails").
   */
  logRetentionDays: number;
  /** Folder of the built web app (index.html, web/index.html, assets). */
  webDist: string;
  /** Folder of uploaded and generated files (local storage). */
  filesDir: string;
  /** STORAGE and the S3_* settings (integrations/storage-config.ts): the local folder or a bucket. */
  storage: StorageSettings;
  /**
   * AES-256-GCM keys sealing the physical examination results (RESULT_ENCRYPTION_KEYS or the file named
   * by RESULT_ENCRYPTION_KEYS_FILE, first is the current one; docs/security.md "Keys of personal data").
   * Undefined: lib/data-keys.ts makes one for a development data folder and refuses to start with
   * DATABASE_URL or NODE_ENV=production.
   */
  resultKeys?: { id: string; key: Buffer }[];
  /**
   * The algorithms of encrypted calls and sealed columns (CRYPTO_SUITE): 'standard' (ECDH-ES P-256 + AES-GCM)
   * or 'gm' (SM2 + SM4 + SM3; docs/security.md "National algorithms").
   */
  cryptoSuite: CryptoSuite;
  /** HMAC-SHA256 key of the QR tokens (TICKET_SIGNING_KEY or TICKET_SIGNING_KEY_FILE); undefined as above. */
  ticketSigningKey?: Buffer;
  production: boolean;
  /**
   * The public origin of the site (PUBLIC_ORIGIN, e.g. https://tegang.example.gov.cn), written into the
   * tickets' QR codes; unset: the origin of the request (development).
   */
  publicOrigin?: string;
  /**
   * Production checks waived by ALLOW_INSECURE_PRODUCTION that would otherwise have refused the start
   * (e.g. ['sms'] for a test installation); logged as a warning at start. Empty outside production.
   */
  insecureProduction: ProductionWaiver[];
  /**
   * Drained stop (main.ts, README "Stopping"): seconds a stopping node keeps serving while /ready says
   * "draining" (SHUTDOWN_GRACE_SECONDS, default 5), and the bound of the whole stop
   * (SHUTDOWN_TIMEOUT_SECONDS, default 30), past which the process exits 1 naming what was unfinished.
   */
  shutdown: { graceSeconds: number; timeoutSeconds: number };
  /** This node's name in every log line (NODE_NAME, default the host name). */
  nodeName?: string;
  /**
   * Seconds without a heartbeat after which a running job is taken over by another node
   * (JOB_STALE_SECONDS, default 45; src/jobs, docs/operations.md "Jobs across nodes").
   */
  jobStaleSeconds: number;
  /**
   * Who may read /metrics besides loopback (plugins/metrics.ts, docs/security.md "Metrics"): a bearer
   * token (METRICS_TOKEN) and/or addresses and CIDRs (METRICS_ALLOW, comma-separated).
   */
  metrics: { token?: string; allow: string[] };
}

/**
 * The secrets that may be given as a file instead (`<NAME>_FILE`: a path), as container secrets and
 * systemd credentials are mounted (README "Several nodes" and "Object storage", docs/security.md
 * "Keys of personal data"): one reader and one rule for all of them.
 */
export const KEY_FILE_VARIABLES = [
  'TICKET_SIGNING_KEY',
  'RESULT_ENCRYPTION_KEYS',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/**
 * `env` with each key of KEY_FILE_VARIABLES whose `_FILE` is set replaced by the file's content, read
 * now (trimmed; RESULT_ENCRYPTION_KEYS may also list its pairs one a line). Issues, one line each naming
 * the `_FILE` variable: both the variable and its file set; a file that cannot be read, is not a regular
 * file or is empty; a file that its group or others may read or write (mode & 0o077, as ssh refuses a
 * private key: chmod 600 it). The content never appears in an issue.
 */
function readKeyFiles(env: NodeJS.ProcessEnv): {
  env: NodeJS.ProcessEnv;
  issues: string[];
  fromFile: Set<string>;
} {
  const out: NodeJS.ProcessEnv = { ...env };
  const issues: string[] = [];
  const fromFile = new Set<string>();
  for (const name of KEY_FILE_VARIABLES) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    const issue = (message: string) => issues.push(`  ${name}_FILE: ${message}`);
    if (env[name]) {
      issue(`${name} is set too; set one of them`);
      continue;
    }
    let content: string;
    try {
      const stat = fs.statSync(file);
      if (!stat.isFile()) {
        issue(`${file} is not a file`);
        continue;
      }
      if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
        issue(
          `${file} may be read by its group or others (mode ${(stat.mode & 0o777).toString(8)}); allow its owner only: chmod 600 ${file}`,
        );
        continue;
      }
      content = fs.readFileSync(file, 'utf8').trim();
    } catch (error) {
      issue(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
      continue;
    }
    if (!content) {
      issue(`${file} is empty`);
      continue;
    }
    out[name] =
      name === 'RESULT_ENCRYPTION_KEYS'
        ? content
            .split(/\s*[\r\n,]\s*/)
            .filter(Boolean)
            .join(',')
        : content;
    fromFile.add(name);
  }
  return { env: out, issues, fromFile };
}

/** Reads and checks the environment. Throws an Error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const keyFiles = readKeyFiles(env);
  const parsed = envSchema.safeParse(keyFiles.env);
  // The SMS variables depend on SMS_PROVIDER: checked beside the schema so that one message lists all.
  const provider = SMS_PROVIDERS.find((p) => p === (env.SMS_PROVIDER ?? 'console'));
  const sms = provider ? readSmsSettings(provider, env) : null;
  const storage = readStorageSettings(keyFiles.env);
  const production = productionFailures(env);
  if (
    !parsed.success ||
    !sms?.settings ||
    !storage.settings ||
    production.failed.length ||
    keyFiles.issues.length
  ) {
    const lines = [
      ...(parsed.success
        ? []
        : parsed.error.issues.map((i) => {
            const name = i.path.join('.');
            return `  ${name}${keyFiles.fromFile.has(name) ? ` (read from ${name}_FILE)` : ''}: ${i.message}`;
          })),
      ...keyFiles.issues,
      ...(sms?.issues ?? []).map((i) => `  ${i.variable}: ${i.message}`),
      ...storage.issues.map((i) => `  ${i.variable}: ${i.message}`),
      ...production.failed.map(
        (c) =>
          `  ${PRODUCTION_CHECKS[c].variable}: ${PRODUCTION_CHECKS[c].message} (or ALLOW_INSECURE_PRODUCTION=${c})`,
      ),
    ];
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    captchaEnabled: e.CAPTCHA_ENABLED,
    smsProvider: e.SMS_PROVIDER,
    sms: sms.settings,
    redisUrl: e.REDIS_URL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    captchaRateLimit: e.CAPTCHA_RATE_LIMIT,
    verifyRateLimit: { perToken: e.VERIFY_RATE_LIMIT, perIp: e.VERIFY_IP_RATE_LIMIT },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    ratioCacheSeconds: e.RATIO_CACHE_SECONDS,
    referenceCacheSeconds: e.REFERENCE_CACHE_SECONDS,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    webDist: path.resolve(e.WEB_DIST ?? serverPath('../web/dist')),
    filesDir: path.join(dataDir, 'files'),
    storage: storage.settings,
    resultKeys: e.RESULT_ENCRYPTION_KEYS?.split(',').map((pair) => {
      const [id, key] = pair.split(':') as [string, string];
      return { id, key: Buffer.from(key, key.includes('-') || key.includes('_') ? 'base64url' : 'base64') };
    }),
    ticketSigningKey: e.TICKET_SIGNING_KEY
      ? Buffer.from(e.TICKET_SIGNING_KEY, /[-_]/.test(e.TICKET_SIGNING_KEY) ? 'base64url' : 'base64')
      : undefined,
    cryptoSuite: e.CRYPTO_SUITE,
    production: e.NODE_ENV === 'production',
    publicOrigin: e.PUBLIC_ORIGIN,
    insecureProduction: production.waived,
    shutdown: { graceSeconds: e.SHUTDOWN_GRACE_SECONDS, timeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS },
    nodeName: e.NODE_NAME,
    jobStaleSeconds: e.JOB_STALE_SECONDS,
    metrics: {
      token: e.METRICS_TOKEN,
      allow: (e.METRICS_ALLOW ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    },
  };
}
