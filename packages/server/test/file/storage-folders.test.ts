import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
});
