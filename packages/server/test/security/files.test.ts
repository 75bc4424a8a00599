import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { enroll } from '../../src/db/schema';
import { localStorage, removeStaleTemporaries } from '../../src/integrations/storage';
import { createTestApp, type TestApp } from '../helpers';
import { applyToOpenPlan } from '../enroll/fixtures';

/**
 * Photos and enrolment form PDFs are readable by
 * the server's user only (files 0600 in folders 0700), and the temporaries a killed process leaves
 * behind are removed at the next start.
 */
const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('files at rest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes a stored photo and a generated enrolment form PDF 0600 in folders 0700', async () => {
    const { id, candidate: c } = await applyToOpenPlan(t);
    const link = await t.call<{ url: string }>('GET', `/api/enroll/downloadToken/${id}`, {
      candidateToken: c.token,
    });
    expect((await t.app.inject({ method: 'GET', url: link.body.data.url })).statusCode).toBe(200);

    const [row] = await t.database.db.select().from(enroll).where(eq(enroll.id, id));
    const picture = path.join(t.filesDir, row!.picture!);
    const pdf = path.join(t.filesDir, row!.pdfFile!);
    expect(mode(picture).toString(8)).toBe('600');
    expect(mode(pdf).toString(8)).toBe('600');
    for (const dir of [t.filesDir, path.dirname(picture), path.dirname(pdf), path.dirname(path.dirname(pdf))])
      expect(mode(dir).toString(8), dir).toBe('700');
    // No temporary is left beside them.
    expect(fs.readdirSync(path.dirname(picture)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('temporaries left by a killed process', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-tmp-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  /** A file `rel` under `dir` whose modification time is `ageMs` ago. */
  const file = (dir: string, rel: string, ageMs: number) => {
    const full = path.join(dir, rel);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, 'x');
    const when = new Date(Date.now() - ageMs);
    fs.utimesSync(full, when, when);
    return full;
  };

  it('removes stale …NNNN.tmp files and keeps fresh ones and every stored file', async () => {
    const stale = file(root, 'enroll/photo/a.jpg.4242.tmp', 60 * 60_000);
    const staleRandom = file(root, 'enroll/form/7-b.pdf.4242.9f3c2a1b.tmp', 60 * 60_000);
    const fresh = file(root, 'enroll/photo/c.jpg.4243.tmp', 5_000);
    const kept = file(root, 'enroll/photo/d.jpg', 60 * 60_000);
    const lookalike = file(root, 'website/notes.tmp', 60 * 60_000);
    const removed = await removeStaleTemporaries(root);
    expect(removed.sort()).toEqual([staleRandom, stale].sort());
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(staleRandom)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(fs.existsSync(kept)).toBe(true);
    expect(fs.existsSync(lookalike)).toBe(true);
    // A missing folder is nothing to clean.
    expect(await removeStaleTemporaries(path.join(root, 'none'))).toEqual([]);
  });

  it('runs when the app starts', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-start-'));
    const stale = file(path.join(dataDir, 'files'), 'enroll/photo/e.jpg.31337.tmp', 60 * 60_000);
    const photoFile = file(path.join(dataDir, 'files'), 'enroll/photo/f.jpg', 60 * 60_000);
    fs.chmodSync(path.join(dataDir, 'files'), 0o755);
    const t = await createTestApp({ env: { DATA_DIR: dataDir } });
    try {
      expect(fs.existsSync(stale)).toBe(false);
      expect(fs.existsSync(photoFile)).toBe(true);
      // Folders of an older install are tightened too.
      expect(mode(path.join(dataDir, 'files')).toString(8)).toBe('700');
      expect(mode(path.join(dataDir, 'files', 'enroll', 'photo')).toString(8)).toBe('700');
    } finally {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('puts whole files only: a write goes through a private temporary', async () => {
    const storage = localStorage(path.join(root, 'store'));
    await storage.put('enroll/photo/g.jpg', Buffer.from('jpeg'));
    expect(fs.readFileSync(path.join(root, 'store/enroll/photo/g.jpg'), 'utf8')).toBe('jpeg');
    expect(mode(path.join(root, 'store/enroll/photo/g.jpg')).toString(8)).toBe('600');
    expect(mode(path.join(root, 'store')).toString(8)).toBe('700');
  });
});
