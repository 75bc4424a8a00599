import path from 'node:path';
import { loadConfig } from '../config';
import { s3Storage, verifyBucket } from '../integrations/s3-storage';
import type { S3Settings } from '../integrations/storage-config';
import { localStorage, type Storage } from '../integrations/storage';

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
  // The local storage's own listing: the same keys and the same temporaries left out.
  const source = localStorage(root);
  for await (const { key } of source.list!('')) {
    try {
      const size = await source.size!(key);
      if (size === null) continue; // removed since it was listed
      if ((await target.size(key)) === size) {
        counts.skipped++;
        onFile(key, 'skipped');
        continue;
      }
      const body = await source.getStream!(key);
      if (!body) continue;
      await target.putStream(key, body, size);
      counts.copied++;
      onFile(key, 'copied');
    } catch (error) {
      counts.failed++;
      if (counts.errors.length < 10) counts.errors.push(`${key}: ${(error as Error).message}`);
      onFile(key, 'failed');
    }
  }
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
