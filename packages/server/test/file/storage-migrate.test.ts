import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from '../../src/integrations/s3-storage';
import { localStorage } from '../../src/integrations/storage';
import { readStorageSettings, type S3Settings } from '../../src/integrations/storage-config';
import { startS3 } from './s3-server';

/**
 * `npm run storage:migrate` (scripts/storage-migrate.ts) moves an existing DATA_DIR/files into the
 * bucket under the same keys, leaves temporaries behind, and a second run copies nothing again.
 */
let s3: Awaited<ReturnType<typeof startS3>>;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-migrate-'));
  const local = localStorage(path.join(dataDir, 'files'));
  await local.put('enroll/photo/a.jpg', Buffer.from('photo a'));
  await local.put('enroll/form/1-b.pdf', Buffer.from('form b'));
  await local.put('admissionTicket/pdf/2-c.pdf', Buffer.alloc(300_000, 'c'));
  await local.put('imports/d.xlsx', Buffer.from('upload d'));
  fs.writeFileSync(path.join(dataDir, 'files', 'enroll', 'photo', 'e.jpg.123.abcd.tmp'), 'half');
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const run = () =>
  promisify(execFile)('npx', ['tsx', 'src/scripts/storage-migrate.ts'], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, DATA_DIR: dataDir, ...s3.env },
  });

describe('storage:migrate', () => {
  it('copies every file of the local folder into the bucket, then skips them on a second run', async () => {
    const first = await run();
    expect(first.stdout).toContain('storage:migrate: 4 copied, 0 already there (same size), 0 failed');
    const bucket = s3Storage(readStorageSettings(s3.env).settings as S3Settings, () => undefined);
    expect((await bucket.get('enroll/photo/a.jpg'))?.toString()).toBe('photo a');
    expect((await bucket.get('enroll/form/1-b.pdf'))?.toString()).toBe('form b');
    expect(await bucket.size!('admissionTicket/pdf/2-c.pdf')).toBe(300_000);
    expect((await bucket.get('imports/d.xlsx'))?.toString()).toBe('upload d');
    expect(await bucket.get('enroll/photo/e.jpg.123.abcd.tmp')).toBeNull();

    // A changed file (another size) is copied again; the others are there already.
    fs.writeFileSync(path.join(dataDir, 'files', 'enroll', 'photo', 'a.jpg'), 'photo a, retaken');
    const second = await run();
    expect(second.stdout).toContain('storage:migrate: 1 copied, 3 already there (same size), 0 failed');
    expect((await bucket.get('enroll/photo/a.jpg'))?.toString()).toBe('photo a, retaken');
    bucket.close();
  }, 120_000);

  it('refuses to run without STORAGE=s3, naming it', async () => {
    const failed = await promisify(execFile)('npx', ['tsx', 'src/scripts/storage-migrate.ts'], {
      cwd: path.resolve(__dirname, '../..'),
      env: { ...process.env, DATA_DIR: dataDir, STORAGE: 'local' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('STORAGE: set STORAGE=s3');
  }, 60_000);
});
