import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileAt, writeFileAt } from '../../src/integrations/local-files';
import { localStorage } from '../../src/integrations/storage';

describe('local storage folders', () => {
  it('makes a folder once per process, and again when it was removed meanwhile', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-storage-'));
    const storage = localStorage(root);
    await storage.put('admissionTicket/pdf/1.pdf', Buffer.from('one'));
    await storage.put('admissionTicket/pdf/2.pdf', Buffer.from('two'));
    expect(fs.statSync(path.join(root, 'admissionTicket/pdf')).mode & 0o777).toBe(0o700);
    fs.rmSync(path.join(root, 'admissionTicket'), { recursive: true });
    await storage.put('admissionTicket/pdf/3.pdf', Buffer.from('three'));
    expect((await storage.get('admissionTicket/pdf/3.pdf'))?.toString()).toBe('three');
    expect(fs.statSync(path.join(root, 'admissionTicket')).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(path.join(root, 'admissionTicket/pdf'))).toEqual(['3.pdf']);
    fs.rmSync(root, { recursive: true });
  });

  it('gives a worker thread the path of a key, its folder made, where it writes by the same rules', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-storage-'));
    const storage = localStorage(root);
    const full = await storage.localPath!('admissionTicket/pdf/4-a.pdf');
    expect(full).toBe(path.join(root, 'admissionTicket/pdf/4-a.pdf'));
    expect(fs.statSync(path.dirname(full)).mode & 0o777).toBe(0o700);
    await expect(storage.localPath!('../outside.pdf')).rejects.toThrow(/escapes the root/);
    const umask = process.umask(0o077 ^ 0o070); // a umask that would leave group bits on a plain write
    try {
      writeFileAt(full, Buffer.from('four'));
    } finally {
      process.umask(umask);
    }
    expect(fs.statSync(full).mode & 0o777).toBe(0o600);
    expect((await storage.get('admissionTicket/pdf/4-a.pdf'))?.toString()).toBe('four');
    expect(readFileAt(full)?.toString()).toBe('four');
    expect(readFileAt(path.join(root, 'admissionTicket/pdf/none.pdf'))).toBeNull();
    // A write that fails (its folder gone) leaves nothing behind and throws.
    fs.rmSync(path.join(root, 'admissionTicket'), { recursive: true });
    expect(() => writeFileAt(full, Buffer.from('five'))).toThrow(/ENOENT/);
    expect(fs.existsSync(path.join(root, 'admissionTicket'))).toBe(false);
    fs.rmSync(root, { recursive: true });
  });
});
