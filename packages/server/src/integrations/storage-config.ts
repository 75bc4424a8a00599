/**
 * Storage settings from the environment (README "Configuration" and "Object storage", .env.example),
 * read by loadConfig:
 *
 * - `STORAGE`: `local` (default; the folder DATA_DIR/files, one node) or `s3` (an S3-compatible bucket
 *   every node reaches: AWS S3, MinIO, Ceph RGW, Aliyun OSS, Tencent COS);
 * - with `s3`: `S3_BUCKET` (required), `S3_REGION` (default us-east-1; OSS/COS want their region, e.g.
 *   oss-cn-hangzhou / ap-guangzhou), optional `S3_ENDPOINT` (an http(s) URL; unset: AWS), the keys
 *   `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY` (or `S3_ACCESS_KEY_ID_FILE` /
 *   `S3_SECRET_ACCESS_KEY_FILE`, a path to a file of mode 0600 read by config.ts like the data keys; unset both: the SDK's default chain,
 *   e.g. an instance role), `S3_FORCE_PATH_STYLE` (true for MinIO and most self-hosted servers) and
 *   optional `S3_PREFIX` (a folder inside the bucket, e.g. `tegang/`, for a bucket shared with others).
 */
export type StorageSettings = { kind: 'local' } | ({ kind: 's3' } & S3Settings);

/** Where and how the S3 storage connects (integrations/s3-storage.ts). */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  /** Both or neither: neither leaves the credentials to the SDK's default provider chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** '' or a folder ending in '/', put before every key. */
  prefix: string;
}

/** One problem of the storage settings, as config.ts reports it: `  VARIABLE: message`. */
export interface StorageConfigIssue {
  variable: string;
  message: string;
}

/** S3 bucket names (the rules common to AWS, OSS and COS): 3–63 of a-z 0-9 . -, no leading dot or dash. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The storage settings of `env`, or null with the issues naming each bad variable. */
export function readStorageSettings(env: NodeJS.ProcessEnv): {
  settings: StorageSettings | null;
  issues: StorageConfigIssue[];
} {
  const kind = env.STORAGE ?? 'local';
  if (kind === 'local') return { settings: { kind: 'local' }, issues: [] };
  if (kind !== 's3')
    return { settings: null, issues: [{ variable: 'STORAGE', message: 'local (default) or s3' }] };
  const issues: StorageConfigIssue[] = [];
  const bucket = env.S3_BUCKET ?? '';
  if (!BUCKET.test(bucket))
    issues.push({
      variable: 'S3_BUCKET',
      message: bucket
        ? `"${bucket}" is not a bucket name (3–63 characters a-z 0-9 . -)`
        : 'required with STORAGE=s3',
    });
  const region = env.S3_REGION || 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region))
    issues.push({ variable: 'S3_REGION', message: 'a region name such as us-east-1 or ap-guangzhou' });
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^\s/?#]+\/?$/.test(endpoint))
    issues.push({
      variable: 'S3_ENDPOINT',
      message: 'an http(s) URL such as https://oss-cn-hangzhou.aliyuncs.com',
    });
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? 'false';
  if (!['true', 'false', '1', '0'].includes(pathStyle))
    issues.push({ variable: 'S3_FORCE_PATH_STYLE', message: 'true or false' });
  let prefix = env.S3_PREFIX ?? '';
  if (prefix && !/^[A-Za-z0-9._\-/]{1,200}$/.test(prefix))
    issues.push({ variable: 'S3_PREFIX', message: 'letters, digits, . _ - and / only' });
  prefix = prefix.replace(/^\/+/, '');
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  // The `_FILE` forms were read by loadConfig (config.ts KEY_FILE_VARIABLES) before this.
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey)
    issues.push({
      variable: accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the default chain)',
    });
  if (issues.length) return { settings: null, issues };
  return {
    settings: {
      kind: 's3',
      bucket,
      region,
      endpoint,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      forcePathStyle: pathStyle === 'true' || pathStyle === '1',
      prefix,
    },
    issues: [],
  };
}
