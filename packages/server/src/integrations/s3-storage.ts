import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { AppError } from '../lib/errors';
import type { S3Settings } from './storage-config';
import type { Storage, StoredFile } from './storage';

/**
 * The storage in an S3-compatible bucket (STORAGE=s3; README "Object storage", docs/decisions.md
 * "Object storage"): every node reads what any node wrote. The official @aws-sdk/client-s3 with the
 * settings of integrations/storage-config.ts; the keys are those of the local folder
 * (`enroll/photo/<uuid>.jpg`, `admissionTicket/pdf/<id>-<uuid>.pdf`, `imports/<uuid>.xlsx`, …) after
 * S3_PREFIX. A PutObject is whole or absent, as the local folder's rename.
 *
 * Faults (docs/security.md "Object storage"): a call that cannot reach the bucket (refused, reset,
 * timed out, a 5xx or a refused key) throws AppError 503 'storage.unavailable' (the route answers
 * "文件存储暂时不可用，请稍后再试"); the cause goes to `warn`. `get`/`getStream`/`size` answer null
 * for a key that is not there.
 */
export function s3Storage(settings: S3Settings, warn: (message: string) => void = console.warn): S3Storage {
  const client = s3Client(settings);
  const Bucket = settings.bucket;
  const full = (key: string) => settings.prefix + checkKey(key);
  const unavailable = (operation: string, key: string, error: unknown): AppError => {
    warn(`[storage] S3 ${operation} ${key} in bucket ${Bucket} failed: ${describeS3Error(error)}`);
    return Object.assign(new AppError(503, 'storage.unavailable'), { cause: error });
  };
  const read = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: full(key) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable('GetObject', key, error);
    }
  };
  return {
    client,
    async put(key, data) {
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: full(key), Body: data }));
      } catch (error) {
        throw unavailable('PutObject', key, error);
      }
    },
    async get(key) {
      const object = await read(key);
      if (!object?.Body) return null;
      try {
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        throw unavailable('GetObject', key, error);
      }
    },
    async getStream(key) {
      const object = await read(key);
      return object?.Body ? (object.Body as Readable) : null;
    },
    async putStream(key, body, size) {
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: full(key), Body: body, ContentLength: size }));
      } catch (error) {
        throw unavailable('PutObject', key, error);
      }
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: full(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable('HeadObject', key, error);
      }
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
      } catch (error) {
        if (isMissing(error)) return;
        throw unavailable('DeleteObject', key, error);
      }
    },
    async *list(prefix) {
      const folder = `${settings.prefix}${checkKey(prefix)}/`;
      let ContinuationToken: string | undefined;
      do {
        let page;
        try {
          page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: folder, ContinuationToken }));
        } catch (error) {
          throw unavailable('ListObjectsV2', prefix, error);
        }
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          const file: StoredFile = {
            key: object.Key.slice(settings.prefix.length),
            mtimeMs: object.LastModified?.getTime() ?? 0,
          };
          yield file;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(2000) });
    },
    close() {
      client.destroy();
    },
  };
}

/** The S3 storage with its client (for the migration script) and a close that ends its sockets. */
export type S3Storage = Storage &
  Required<Pick<Storage, 'list' | 'getStream' | 'putStream' | 'size' | 'check'>> & {
    client: S3Client;
    close(): void;
  };

/**
 * The client of `settings`: path-style when asked (MinIO, Ceph), short connection time-outs so that a
 * dead endpoint is a quick 503 rather than a hung request, two attempts, and checksums only where the
 * API requires them (the SDK's default CRC32 trailers are refused by several S3-compatible servers).
 */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    maxAttempts: 2,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 3000, requestTimeout: 60_000 },
  });
}

/**
 * Checks at start that the bucket exists and the keys may use it (HeadBucket). Throws an Error naming
 * the setting to fix: S3_BUCKET (no such bucket), S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY (refused),
 * S3_REGION (the bucket lives elsewhere), S3_ENDPOINT (unreachable).
 */
export async function verifyBucket(storage: S3Storage, settings: S3Settings): Promise<void> {
  const where = settings.endpoint ? ` at ${settings.endpoint}` : '';
  try {
    await storage.client.send(new HeadBucketCommand({ Bucket: settings.bucket }), {
      abortSignal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    const status = (error as S3ServiceException).$metadata?.httpStatusCode;
    const cause = describeS3Error(error);
    const fail = (message: string) => new Error(message, { cause: error });
    if (status === 404) throw fail(`S3_BUCKET "${settings.bucket}" does not exist${where} (${cause})`);
    if (status === 403 || status === 400)
      throw fail(
        `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: access to S3_BUCKET "${settings.bucket}"${where} was refused (${status}); check the keys and the bucket's policy (${cause})`,
      );
    if (status === 301)
      throw fail(`S3_REGION "${settings.region}": S3_BUCKET "${settings.bucket}" is in another region`);
    throw fail(
      `S3_ENDPOINT ${settings.endpoint ?? '(AWS)'}: S3_BUCKET "${settings.bucket}" could not be reached (${cause})`,
    );
  }
}

/** Keys are ours (never from users); one that could leave its folder is a bug. */
function checkKey(key: string): string {
  if (!key || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '.'))
    throw new Error(`storage key not allowed: ${key}`);
  return key;
}

/** A missing object or bucket entry (404 NoSuchKey/NotFound). */
function isMissing(error: unknown): boolean {
  const e = error as S3ServiceException;
  if (e?.name === 'NoSuchBucket') return false; // the bucket went away: storage down, not a missing file
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** A short description of an SDK error for the log and the start message. */
export function describeS3Error(error: unknown): string {
  const e = error as S3ServiceException & { code?: string };
  const status = e?.$metadata?.httpStatusCode;
  return [e?.name, e?.code, status && `HTTP ${status}`, e?.message].filter(Boolean).join(' ');
}
