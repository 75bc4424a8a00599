import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from '../../src/integrations/s3-storage';
import { localStorage, type Storage } from '../../src/integrations/storage';
import { readStorageSettings, type S3Settings } from '../../src/integrations/storage-config';
import { startS3 } from './s3-server';

/**
 * One contract for every storage (integrations/storage.ts): the local folder and an S3 bucket on a real
 * S3-compatible server (s3rver) behave the same for put/get/remove/list and the streams.
 */
let s3: Awaited<ReturnType<typeof startS3>>;
const storages: Record<string, () => Storage> = {};
beforeAll(async () => {
  s3 = await startS3();
  const settings = readStorageSettings({ ...s3.env, S3_PREFIX: 'contract' }).settings as S3Settings;
  storages.s3 = () => s3Storage(settings, () => undefined);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-contract-'));
  storages.local = () => localStorage(root);
});
afterAll(() => s3?.close());

const text = async (stream: Readable | null) => {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

describe.each(['local', 's3'])('the %s storage', (kind) => {
  it('puts, gets, replaces and removes a file; a missing one is null', async () => {
    const storage = storages[kind]!();
    const key = `enroll/photo/${kind}-1.jpg`;
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('first'));
    expect((await storage.get(key))?.toString()).toBe('first');
    await storage.put(key, Buffer.from('second'));
    expect((await storage.get(key))?.toString()).toBe('second');
    expect(await storage.size!(key)).toBe(6);
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.size!(key)).toBeNull();
    await storage.remove(key); // removing a removed file is no error
  });

  it('lists a folder at any depth with modification times, and nothing of another folder', async () => {
    const storage = storages[kind]!();
    const before = Date.now() - 5000;
    await storage.put('admissionTicket/pdf/7-a.pdf', Buffer.from('a'));
    await storage.put('admissionTicket/pdf/sub/8-b.pdf', Buffer.from('b'));
    await storage.put('admissionTicketX/other.pdf', Buffer.from('x'));
    const listed = [];
    for await (const file of storage.list!('admissionTicket')) listed.push(file);
    expect(listed.map((f) => f.key).sort()).toEqual([
      'admissionTicket/pdf/7-a.pdf',
      'admissionTicket/pdf/sub/8-b.pdf',
    ]);
    for (const file of listed) expect(file.mtimeMs).toBeGreaterThan(before);
  });

  it('streams a large file in and out (2 MiB) under the same key', async () => {
    const storage = storages[kind]!();
    const big = Buffer.alloc(2 * 1024 * 1024, 'x');
    await storage.putStream!(
      'imports/big.xlsx',
      Readable.from([big.subarray(0, 1e6), big.subarray(1e6)]),
      big.length,
    );
    expect(await storage.size!('imports/big.xlsx')).toBe(big.length);
    expect((await text(await storage.getStream!('imports/big.xlsx')))?.length).toBe(big.length);
    expect(await storage.getStream!('imports/none.xlsx')).toBeNull();
  });

  it('refuses a key that leaves its folder', async () => {
    const storage = storages[kind]!();
    await expect(storage.put('../escape.jpg', Buffer.from('x'))).rejects.toThrow();
  });
});

describe('the s3 storage', () => {
  it('keeps the local key layout after S3_PREFIX in the bucket', async () => {
    const storage = storages.s3!();
    await storage.put('enroll/form/1-x.pdf', Buffer.from('pdf'));
    const local = fs.existsSync(path.join(s3.directory, 'tegang-test'));
    expect(local).toBe(true);
    const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const listed = await s3.client.send(
      new ListObjectsV2Command({ Bucket: 'tegang-test', Prefix: 'contract/enroll/form/' }),
    );
    expect(listed.Contents?.map((c) => c.Key)).toEqual(['contract/enroll/form/1-x.pdf']);
  });

  it('answers 503 storage.unavailable once the server is gone', async () => {
    const storage = s3Storage(readStorageSettings(s3.env).settings as S3Settings, () => undefined);
    await s3.stop();
    await expect(storage.get('enroll/photo/x.jpg')).rejects.toMatchObject({
      code: 503,
      key: 'storage.unavailable',
    });
    await expect(storage.put('enroll/photo/x.jpg', Buffer.from('x'))).rejects.toMatchObject({ code: 503 });
    await expect(storage.check!()).rejects.toThrow();
  });
});
