import { createCipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdmissionResultDetail, CandidateResult } from '@tegang/domain';
import { admissionResult, auditTrail, recruitPlan } from '../../src/db/schema';
import { seal, unseal } from '../../src/lib/sealed';
import { peSlot, PE_COLUMN } from '../../src/modules/admission-result/service';
import { resealResults } from '../../src/scripts/reseal-results';
import { createTestApp, type TestApp } from '../helpers';
import { enrolment, LIUZHI, NANMING } from './fixtures';

/**
 * A sealed physical examination result is bound to its row (docs/security.md "Keys of personal data"):
 * a value copied into another result's column does not open (the detail and the candidate's own result
 * answer 409 naming the result, never the value, its ciphertext or a 500); values of the old
 * column-only format still open and reseal-results moves them to the row-bound format.
 */
let t: TestApp;
let admin: string;
let planId: number;
const BASE = '/candidate/admissionResults';

/** A v1 value as the earlier release wrote it: AES-256-GCM with the column name only as associated data. */
function sealV1(key: { id: string; key: Buffer }, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(PE_COLUMN));
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', key.id, iv, cipher.getAuthTag(), data].map((p) => p.toString('base64url')).join('.');
}

/** A result of a new enrolment in `region` holding `sealed` (or the clear `text` sealed for its own row). */
async function addResult(region: typeof NANMING, value: { text: string } | { sealed: string }) {
  const e = await enrolment(t, planId, region);
  const sealed = 'text' in value ? seal(t.app.ctx.dataKeys, value.text, peSlot(e.enrollId)) : value.sealed;
  const [row] = await t.database.db
    .insert(admissionResult)
    .values({ planId, enrollId: e.enrollId, physicalExamination: sealed, admissionStatus: '1' })
    .returning();
  return { id: row!.id, enrollId: e.enrollId, sealed: row!.physicalExamination!, token: e.token };
}

const stored = async (id: number) =>
  (await t.database.db.select().from(admissionResult).where(eq(admissionResult.id, id)))[0]!
    .physicalExamination!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const [plan] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.status, '1'));
  planId = plan!.id;
  // The candidate's own result is readable from the plan's score query start on.
  await t.database.db
    .update(recruitPlan)
    .set({ scoreQueryStartTime: new Date(Date.now() - 86_400_000) })
    .where(eq(recruitPlan.id, planId));
}, 60_000);
afterAll(() => t?.close());

describe('a sealed value is bound to its row', () => {
  it('opens in its own row', async () => {
    const a = await addResult(NANMING, { text: '合格（甲）' });
    expect(a.sealed.startsWith('v2.')).toBe(true);
    const answer = await t.call<AdmissionResultDetail>('GET', `${BASE}/${a.id}`, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.data.physicalExamination).toBe('合格（甲）');
  });

  it('copied into another result, it does not open: 409 naming the result, no value, no view logged', async () => {
    const a = await addResult(NANMING, { text: '肝功能异常Xq9' });
    const b = await addResult(LIUZHI, { text: '合格（乙）' });
    // An attacker with write access to the table moves A's sealed value into B's row.
    await t.database.db
      .update(admissionResult)
      .set({ physicalExamination: a.sealed })
      .where(eq(admissionResult.id, b.id));
    const trailBefore = await t.database.db.select().from(auditTrail);
    for (const lang of ['zh', 'en'] as const) {
      const answer = await t.call('GET', `${BASE}/${b.id}`, { token: admin, lang });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe(409);
      expect(answer.body.msg).toContain(String(b.id));
      expect(answer.body.msg).toMatch(lang === 'zh' ? /体检结果无法打开/ : /cannot be opened/);
      expect(answer.raw.body).not.toContain('肝功能异常Xq9');
      expect(answer.raw.body).not.toContain(a.sealed.split('.')[4]!);
    }
    // No clear value was shown, so no view is in the trail.
    expect(await t.database.db.select().from(auditTrail)).toHaveLength(trailBefore.length);
    // The candidate B reading "their" result gets the same refusal, not A's examination.
    const own = await t.call<CandidateResult>(
      'GET',
      `/api/admissionResults/getAdmissionResultsByPlanId/${planId}`,
      { candidateToken: b.token },
    );
    expect(own.status).toBe(409);
    expect(own.raw.body).not.toContain('肝功能异常Xq9');
    // A itself still opens.
    const answerA = await t.call<AdmissionResultDetail>('GET', `${BASE}/${a.id}`, { token: admin });
    expect(answerA.body.data.physicalExamination).toBe('肝功能异常Xq9');
  });
});

describe('v1 values (column only) and reseal-results', () => {
  it('a v1 value opens; reseal-results re-seals it as v2 bound to its row; a copied v2 no longer opens', async () => {
    const current = t.app.ctx.dataKeys.result[0]!;
    const old = await addResult(NANMING, { sealed: sealV1(current, '旧格式体检') });
    const other = await addResult(LIUZHI, { text: '合格（丙）' });
    const before = await t.call<AdmissionResultDetail>('GET', `${BASE}/${old.id}`, { token: admin });
    expect(before.status).toBe(200);
    expect(before.body.data.physicalExamination).toBe('旧格式体检');

    const outcome = await resealResults(t.database, t.app.ctx.dataKeys);
    expect(outcome.failed).toEqual([]);
    expect(outcome.resealed).toBeGreaterThanOrEqual(1);
    const resealed = await stored(old.id);
    expect(resealed.startsWith(`v2.${current.id}.`)).toBe(true);
    expect(unseal(t.app.ctx.dataKeys, resealed, peSlot(old.enrollId))).toBe('旧格式体检');
    // Values already current were left as they were.
    expect(await stored(other.id)).toBe(other.sealed);
    expect(await resealResults(t.database, t.app.ctx.dataKeys)).toMatchObject({ resealed: 0, failed: [] });

    const after = await t.call<AdmissionResultDetail>('GET', `${BASE}/${old.id}`, { token: admin });
    expect(after.body.data.physicalExamination).toBe('旧格式体检');
    // Once row-bound, the value copied elsewhere fails to open.
    await t.database.db
      .update(admissionResult)
      .set({ physicalExamination: resealed })
      .where(eq(admissionResult.id, other.id));
    expect((await t.call('GET', `${BASE}/${other.id}`, { token: admin })).status).toBe(409);
  });

  it('after a switch to CRYPTO_SUITE=gm, reseal-results moves values to SM4 (v2sm) and they still open', async () => {
    const r = await addResult(NANMING, { text: '换用国密前' });
    const gm = { ...t.app.ctx.dataKeys, suite: 'gm' as const };
    // Before the re-seal, the gm configuration opens the standard value.
    expect(unseal(gm, r.sealed, peSlot(r.enrollId))).toBe('换用国密前');
    const outcome = await resealResults(t.database, gm);
    expect(outcome.resealed).toBeGreaterThanOrEqual(1);
    const now = await stored(r.id);
    expect(now.startsWith(`v2sm.${gm.result[0]!.id}.`)).toBe(true);
    expect(unseal(gm, now, peSlot(r.enrollId))).toBe('换用国密前');
    // The running (standard) server opens it too: the version names the suite.
    const answer = await t.call<AdmissionResultDetail>('GET', `${BASE}/${r.id}`, { token: admin });
    expect(answer.body.data.physicalExamination).toBe('换用国密前');
  });
});
