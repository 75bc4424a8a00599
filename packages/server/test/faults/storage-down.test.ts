import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { enroll } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { startS3 } from '../file/s3-server';
import {
  applicationFields,
  applyToOpenPlan,
  makeCandidate,
  openPlanAndDemand,
  postApplication,
} from '../enroll/fixtures';

/**
 * Faults of the object storage (README "Object storage", docs/security.md "Object storage"): with the
 * S3 server gone, routes that need files answer 503 with a clear message, /ready names the storage
 * as the part that is down, and an application whose photo could not be stored is not stored. A
 * wrong bucket or key stops the start naming the setting.
 */
let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({ env: s3.env });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('the S3 server stops', () => {
  it('503 on the photo read-back and on apply (nothing stored); /ready says storage down', async () => {
    const applied = await applyToOpenPlan(t);
    expect((await t.call<{ database: string; storage: string }>('GET', '/ready')).body.data).toMatchObject({
      status: 'ready',
      database: 'up',
      storage: 'up',
    });
    const own = await t.call<{ pictureUrl: string }>(
      'GET',
      `/api/enroll/getEnrollByPlanId/${applied.ctx.plan.id}`,
      { candidateToken: applied.candidate.token },
    );
    await s3.stop();

    const read = await t.call('GET', own.body.data.pictureUrl, { candidateToken: applied.candidate.token });
    expect(read.status).toBe(503);
    expect(read.body.msg).toBe('文件存储暂时不可用，请稍后再试');
    const en = await t.call('GET', own.body.data.pictureUrl, {
      candidateToken: applied.candidate.token,
      lang: 'en',
    });
    expect(en.body.msg).toBe('File storage is temporarily unavailable; please try again later');

    const rows = (await t.database.db.select({ id: enroll.id }).from(enroll)).length;
    const ctx = await openPlanAndDemand(t);
    const other = await makeCandidate(t);
    const apply = await postApplication(
      t,
      other.token,
      applicationFields(ctx.plan.id, other.idCard, ctx.demand, ctx.education),
    );
    expect(apply.statusCode).toBe(503);
    expect(apply.json().msg).toBe('文件存储暂时不可用，请稍后再试');
    expect((await t.database.db.select({ id: enroll.id }).from(enroll)).length).toBe(rows);

    const ready = await t.call<{ status: string; database: string; storage: string }>('GET', '/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.data).toMatchObject({ status: 'not ready', database: 'up', storage: 'down' });
    expect(ready.body.msg).toBe('文件存储暂时不可用，请稍后再试');
  }, 60_000);
});

describe('a wrong S3 setting at start', () => {
  const start = async (env: Record<string, string>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-s3-start-'));
    try {
      const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: dir, ...env });
      const app = await buildApp({ config, database: t.database, logger: false });
      await app.close();
      return null;
    } catch (error) {
      return (error as Error).message;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it('stops naming S3_BUCKET for a bucket that does not exist, and the keys for a refused key', async () => {
    const other = await startS3('tegang-start');
    try {
      expect(await start({ ...other.env })).toBeNull();
      expect(await start({ ...other.env, S3_BUCKET: 'no-such-bucket' })).toMatch(
        /^S3_BUCKET "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+/,
      );
      // (s3rver checks the key id, not the SigV4 signature: a wrong secret is refused only by real servers)
      expect(await start({ ...other.env, S3_ACCESS_KEY_ID: 'WRONGKEY' })).toMatch(
        /^S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: access to S3_BUCKET "tegang-start".* was refused/,
      );
      await other.stop();
      expect(await start({ ...other.env })).toMatch(
        /^S3_ENDPOINT http:\/\/127\.0\.0\.1:\d+: S3_BUCKET "tegang-start" could not be reached/,
      );
    } finally {
      await other.close();
    }
  }, 60_000);

  it('names a missing or malformed bucket in the configuration', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: required with STORAGE=s3/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'A_B' })).toThrow(
      /S3_BUCKET: "A_B" is not a bucket name/,
    );
    expect(() => loadConfig({ STORAGE: 'nfs' })).toThrow(/STORAGE: local \(default\) or s3/);
  });
});
