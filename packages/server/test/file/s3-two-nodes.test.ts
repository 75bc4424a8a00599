import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { enroll } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { applyToOpenPlan } from '../enroll/fixtures';
import { startS3 } from './s3-server';

/**
 * Two nodes, one database and one bucket (README "Object storage"): a photo uploaded through node A is
 * read back, and the enrolment form rendered with it, by node B, whose own DATA_DIR holds nothing.
 */
let s3: Awaited<ReturnType<typeof startS3>>;
let a: TestApp;
let b: FastifyInstance;
let bDir: string;
beforeAll(async () => {
  s3 = await startS3();
  a = await createTestApp({ env: s3.env });
  bDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-node-b-'));
  const config = loadConfig({
    DATA_DIR: bDir,
    CAPTCHA_ENABLED: 'false',
    LOGIN_RATE_LIMIT: '0',
    CAPTCHA_RATE_LIMIT: '0',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(bDir, 'no-web'),
    ...s3.env,
  });
  b = await buildApp({ config, database: a.database, logger: false, sms: { send: async () => undefined } });
  await b.ready();
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
  fs.rmSync(bDir, { recursive: true, force: true });
});

describe('S3 storage shared by two nodes', () => {
  it('node B shows the photo uploaded through node A and renders the form with it', async () => {
    const { id, candidate, ctx } = await applyToOpenPlan(a);
    const [row] = await a.database.db.select().from(enroll).where(eq(enroll.id, id));
    expect(row!.picture).toMatch(/^enroll\/photo\/.+\.jpg$/);
    // Nothing on either node's disk: the photo is in the bucket.
    expect(fs.existsSync(path.join(a.filesDir, row!.picture!))).toBe(false);

    const mine = await b.inject({
      method: 'GET',
      url: `/api/enroll/getEnrollByPlanId/${ctx.plan.id}`,
      headers: { 'user-authorization': `Bearer ${candidate.token}` },
    });
    expect(mine.statusCode).toBe(200);
    const picture = await b.inject({
      method: 'GET',
      url: mine.json().data.pictureUrl,
      headers: { 'user-authorization': `Bearer ${candidate.token}` },
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.length).toBeGreaterThan(100);

    const link = await b.inject({
      method: 'GET',
      url: `/api/enroll/downloadToken/${id}`,
      headers: { 'user-authorization': `Bearer ${candidate.token}` },
    });
    const pdf = await b.inject({ method: 'GET', url: link.json().data.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const file = path.join(bDir, 'form.pdf');
    fs.writeFileSync(file, pdf.rawPayload);
    // The photo is in the form: one image embedded.
    expect(
      execFileSync('pdfimages', ['-list', file]).toString().split('\n').slice(2).filter(Boolean),
    ).toHaveLength(1);
    // The form B stored is in the bucket, so A serves the same copy.
    const [after] = await a.database.db.select().from(enroll).where(eq(enroll.id, id));
    expect(after!.pdfFile).toMatch(/^enroll\/form\//);
    expect((await a.app.ctx.storage.get(after!.pdfFile!))?.equals(pdf.rawPayload)).toBe(true);
  }, 60_000);
});
