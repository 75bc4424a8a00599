import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config';
import { s3Storage, verifyBucket } from '../integrations/s3-storage';
import type { S3Settings } from '../integrations/storage-config';
import type { Storage } from '../integrations/storage';

/** Names of the local storage's temporaries (integrations/storage.ts): never copied. */
const TEMP_NAME = /\.\d+(?:\.[0-9a-f]+)?\.tmp$/;

/** What a migration did: files copied, already there (same size), and failed (with the first reasons). */
export interface MigrateCounts {
  copied: number;
  skipped: number;
  failed: number;
  errors: string[];
}

/**
 * Copies every file under the local folder `root` (DATA_DIR/files) to `target` under the same key
 * (README "Object storage": moving a one-node install to STORAGE=s3). Idempotent: a key already in
 * the target with the same size is skipped, so a run stopped half-way is simply run again. Files are
 * streamed (never whole in memory); our temporaries are left out. The local files are not removed.
 */
export async function migrateFolder(
  root: string,
  target: Required<Pick<Storage, 'putStream' | 'size'>>,
  onFile: (key: string, outcome: 'copied' | 'skipped' | 'failed') => void = () => undefined,
): Promise<MigrateCounts> {
  const counts: MigrateCounts = { copied: 0, skipped: 0, failed: 0, errors: [] };
  const base = path.resolve(root);
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        await walk(full);
        continue;
      }
      if (!entry.isFile() || TEMP_NAME.test(entry.name)) continue;
      const key = path.relative(base, full).split(path.sep).join('/');
      try {
        const { size } = await fs.stat(full);
        if ((await target.size(key)) === size) {
          counts.skipped++;
          onFile(key, 'skipped');
          continue;
        }
        await target.putStream(key, createReadStream(full), size);
        counts.copied++;
        onFile(key, 'copied');
      } catch (error) {
        counts.failed++;
        if (counts.errors.length < 10) counts.errors.push(`${key}: ${(error as Error).message}`);
        onFile(key, 'failed');
      }
    }
  };
  await walk(base);
  return counts;
}

/**
 * `npm run storage:migrate -w @tegang/server`: with STORAGE=s3 and the S3_* settings of the nodes,
 * copies DATA_DIR/files into the bucket (migrateFolder) and prints the counts. Exit code 0 when every
 * file is in the bucket, 1 otherwise (a wrong setting is named as at the start).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.storage.kind !== 's3')
    throw new Error(
      'STORAGE: set STORAGE=s3 and the S3_* settings of the bucket to copy DATA_DIR/files into',
    );
  const settings: S3Settings = config.storage;
  const storage = s3Storage(settings, (message) => console.warn(message));
  try {
    await verifyBucket(storage, settings);
    console.log(
      `Copying ${config.filesDir} to bucket ${settings.bucket}${settings.prefix ? ` (${settings.prefix})` : ''}…`,
    );
    const counts = await migrateFolder(config.filesDir, storage);
    console.log(
      `storage:migrate: ${counts.copied} copied, ${counts.skipped} already there (same size), ${counts.failed} failed`,
    );
    for (const line of counts.errors) console.error(`  ${line}`);
    if (counts.failed) process.exitCode = 1;
  } finally {
    storage.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href)
  main().catch((error: unknown) => {
    console.error(`storage:migrate failed: ${(error as Error).message}`);
    process.exit(1);
  });
