import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { admissionResult, recruitPlan } from '../../src/db/schema';
import type { DataKeys } from '../../src/lib/data-keys';
import { seal, sealedKeyId, unseal } from '../../src/lib/sealed';
import { peSlot } from '../../src/modules/admission-result/service';
import { resealResults } from '../../src/scripts/reseal-results';
import { createTestApp, type TestApp } from '../helpers';
import { withDatabase } from '../setup/global';
import { enrolment, LIUZHI, NANMING } from './fixtures';

/**
 * Key rotation (docs/security.md "Keys of personal data"): reseal-results re-seals every
 * physical examination result not under the current key, leaves the others, and never overwrites a
 * value it cannot open.
 */
let t: TestApp;
let planId: number;
const k1 = randomBytes(32);
const k2 = randomBytes(32);
const oldKeys: DataKeys = { result: [{ id: 'k1', key: k1 }], ticketSigning: randomBytes(32) };
const rotated: DataKeys = {
  result: [
    { id: 'k2', key: k2 },
    { id: 'k1', key: k1 },
  ],
  ticketSigning: randomBytes(32),
};

/** A result of a new enrolment in `region` whose physical exam is `text` sealed for its row by `keys`. */
async function addResult(region: typeof NANMING, text: string | null, keys: DataKeys = oldKeys) {
  const e = await enrolment(t, planId, region);
  const sealed = text === null ? null : seal(keys, text, peSlot(e.enrollId));
  const [row] = await t.database.db
    .insert(admissionResult)
    .values({ planId, enrollId: e.enrollId, physicalExamination: sealed, admissionStatus: '1' })
    .returning();
  return { id: row!.id, enrollId: e.enrollId, sealed };
}

beforeAll(async () => {
  t = await createTestApp();
  const [plan] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.status, '1'));
  planId = plan!.id;
}, 60_000);
afterAll(() => t?.close());

describe('reseal-results', () => {
  it('re-seals old values under the first key, skips current ones and nulls, is idempotent', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await addResult(i % 2 ? NANMING : LIUZHI, `体检${i}`));
    const current = (await addResult(NANMING, '已是新钥', rotated)).id;
    const empty = (await addResult(NANMING, null)).id;
    const before = await t.database.db.select().from(admissionResult);
    const first = await resealResults(t.database, rotated, 2);
    expect(first).toEqual({ resealed: 5, failed: [], current: 'k2' });
    const after = await t.database.db.select().from(admissionResult);
    for (const r of after) {
      if (r.id === empty) expect(r.physicalExamination).toBeNull();
      else expect(sealedKeyId(r.physicalExamination!)).toBe('k2');
    }
    expect(after.find((r) => r.id === current)!.physicalExamination).toBe(
      before.find((r) => r.id === current)!.physicalExamination,
    );
    for (const [i, { id, enrollId }] of ids.entries())
      expect(
        unseal(
          { ...rotated, result: [rotated.result[0]!] },
          after.find((r) => r.id === id)!.physicalExamination!,
          peSlot(enrollId),
        ),
      ).toBe(`体检${i}`);
    expect(await resealResults(t.database, rotated)).toEqual({ resealed: 0, failed: [], current: 'k2' });
  });

  it('names and keeps a value whose key is not configured', async () => {
    const { id, sealed: lost } = await addResult(NANMING, 'x', {
      result: [{ id: 'gone', key: randomBytes(32) }],
      ticketSigning: randomBytes(32),
    });
    const outcome = await resealResults(t.database, rotated);
    expect(outcome.failed).toEqual([id]);
    const [row] = await t.database.db.select().from(admissionResult).where(eq(admissionResult.id, id));
    expect(row!.physicalExamination).toBe(lost);
    await t.database.db.delete(admissionResult).where(eq(admissionResult.id, id));
  });

  it('runs as a script with npx tsx (the npm script), keys from the environment', async () => {
    const k3 = randomBytes(32);
    const { id, enrollId } = await addResult(NANMING, '脚本', rotated);
    const { rows } = await t.database.pool.query<{ db: string }>('select current_database() as db');
    const env = {
      ...process.env,
      DATABASE_URL: withDatabase(inject('pgUrl'), rows[0]!.db),
      RESULT_ENCRYPTION_KEYS: `k3:${k3.toString('base64')},k2:${k2.toString('base64')},k1:${k1.toString('base64')}`,
      TICKET_SIGNING_KEY: randomBytes(32).toString('base64'),
      NODE_ENV: 'production',
      ALLOW_INSECURE_PRODUCTION: 'sms,origin',
    };
    const server = path.resolve(__dirname, '../..');
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/scripts/reseal-results.ts'], {
      cwd: server,
      env,
    });
    expect(stdout).toMatch(/re-sealed under key "k3"/);
    const [row] = await t.database.db.select().from(admissionResult).where(eq(admissionResult.id, id));
    expect(sealedKeyId(row!.physicalExamination!)).toBe('k3');
    expect(
      unseal(
        { result: [{ id: 'k3', key: k3 }], ticketSigning: k3 },
        row!.physicalExamination!,
        peSlot(enrollId),
      ),
    ).toBe('脚本');
  }, 60_000);
});
