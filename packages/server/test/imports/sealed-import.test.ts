import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS, RESULT_MAX } from '@tegang/domain';
import { importError, recruitPlan } from '../../src/db/schema';
import { admissionResultImport } from '../../src/modules/admission-result/import';
import { createTestApp, type TestApp } from '../helpers';
import { enrolment, NANMING } from '../admission-result/fixtures';
import { importIssues, postImport, waitForImport, workbook } from './fixtures';

/**
 * A sealed column's value never leaves its seal through the import's problems (docs/security.md
 * "Sealed values"): a results row whose 体检结果 is too long is reported by row and column only —
 * not in the problem page's value or message, not in import_error's value or params.
 */
const BASE = '/candidate/admissionResults';
const HEADER = ['身份证号', '姓名', '体检结果', '录取状态'];
/** A clear physical-examination text beyond its limit, recognisable in any prefix. */
const SECRET = `肝功能异常需复查${'乙肝表面抗原阳性'.repeat(40)}`;

let t: TestApp;
let token: string;
let planId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  const [plan] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.status, '1'));
  planId = plan!.id;
}, 60_000);
afterAll(() => t?.close());

describe('sealed columns in import problems', () => {
  it('marks the physical examination column sealed', () => {
    expect(admissionResultImport.columns.find((c) => c.key === 'physicalExamination')?.sealed).toBe(true);
  });

  it('reports a too-long 体检结果 by row and column, with no part of the value', async () => {
    expect(SECRET.length).toBeGreaterThan(RESULT_MAX.physicalExamination);
    const e = await enrolment(t, planId, NANMING, '孙丽');
    const file = await workbook([HEADER, [e.idCard, e.name, SECRET, '已录取']]);
    const posted = await postImport(t, `${BASE}/importExcel/${planId}`, token, file);
    expect(posted.status).toBe(200);
    const job = await waitForImport(t, BASE, posted.body.data.id, token);
    expect(job.status).toBe(JOB_STATUS.rejected);

    const page = await importIssues(t, BASE, job.id, token);
    expect(page.records).toHaveLength(1);
    const [problem] = page.records;
    expect(problem).toMatchObject({ rowNumber: 2, column: '体检结果', value: null });
    expect(problem!.message).toContain('体检结果');
    const stored = await t.database.db.select().from(importError).where(eq(importError.jobId, job.id));
    for (const shown of [JSON.stringify(page), JSON.stringify(stored)]) {
      expect(shown).not.toContain(SECRET.slice(0, 4));
      expect(shown).not.toContain('乙肝');
    }
  });
});
