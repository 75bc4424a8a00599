import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq, inArray, ne } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSerialNo, parseSerialNo } from '@tegang/domain';
import { candidateUser, enroll, enrollSerial, recruitPlan, recruitPlanData } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import {
  applicationFields,
  idCard,
  makeAdmin,
  makeCandidate,
  multipart,
  openPlanAndDemand,
  photo,
  postApplication,
} from './fixtures';

/**
 * The 报名序号 (domain enroll-serial.ts): given by the application's own insert, unique per plan under
 * concurrent applications, consecutive per county, none used by a refused application, never changed
 * by an edit; shown to the candidate and the back office and searchable there by the whole number.
 */
let t: TestApp;
let ctx: Awaited<ReturnType<typeof openPlanAndDemand>>;
type Demand = typeof ctx.demand;
/** Two demand rows of ctx.demand's category in two different counties. */
let counties: [Demand, Demand];

beforeAll(async () => {
  t = await createTestApp();
  ctx = await openPlanAndDemand(t);
  const [other] = await t.database.db
    .select()
    .from(recruitPlanData)
    .where(
      and(
        eq(recruitPlanData.planId, ctx.plan.id),
        eq(recruitPlanData.category, ctx.demand.category),
        ne(recruitPlanData.countyCode, ctx.demand.countyCode),
      ),
    )
    .limit(1);
  counties = [ctx.demand, other!];
});
afterAll(() => t.close());

/** The county's counter (enroll_serial.last_value; 0 before its first application). */
async function counter(countyCode: string): Promise<number> {
  const [row] = await t.database.db
    .select({ lastValue: enrollSerial.lastValue })
    .from(enrollSerial)
    .where(and(eq(enrollSerial.planId, ctx.plan.id), eq(enrollSerial.countyCode, countyCode)));
  return row?.lastValue ?? 0;
}

/** The stored enrolment of candidate `candidateId` in the plan. */
async function enrolmentOf(candidateId: number) {
  const [row] = await t.database.db
    .select()
    .from(enroll)
    .where(and(eq(enroll.planId, ctx.plan.id), eq(enroll.candidateId, candidateId)));
  return row;
}

/** A new candidate's application in `demand`'s county; the answer and the candidate. */
async function applyIn(demand: Demand) {
  const c = await makeCandidate(t);
  const answer = await postApplication(
    t,
    c.token,
    applicationFields(ctx.plan.id, c.idCard, demand, ctx.education),
  );
  return { c, answer };
}

describe('the 报名序号 of concurrent applications', () => {
  it('gives 30 parallel applications in two counties distinct numbers, consecutive per county', async () => {
    const before = [await counter(counties[0].countyCode), await counter(counties[1].countyCode)];
    const candidates = [];
    for (let i = 0; i < 30; i++) candidates.push({ c: await makeCandidate(t), demand: counties[i % 2]! });
    const photoData = await photo();
    const answers = await Promise.all(
      candidates.map(({ c, demand }) =>
        postApplication(
          t,
          c.token,
          applicationFields(ctx.plan.id, c.idCard, demand, ctx.education),
          photoData,
        ),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    const rows = await t.database.db
      .select({ serialNo: enroll.serialNo, countyCode: enroll.countyCode })
      .from(enroll)
      .where(
        inArray(
          enroll.candidateId,
          candidates.map(({ c }) => c.id),
        ),
      );
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.serialNo)).size).toBe(30);
    counties.forEach((demand, i) => {
      const mine = rows.filter((r) => r.countyCode === demand.countyCode);
      expect(mine).toHaveLength(15);
      const sequences = mine.map((r) => {
        // year + county code + the county's sequence, five digits
        expect(r.serialNo).toMatch(new RegExp(`^${ctx.plan.year}${demand.countyCode}\\d{5}$`));
        const parts = parseSerialNo(r.serialNo!)!;
        expect(formatSerialNo(parts)).toBe(r.serialNo);
        expect(parts).toMatchObject({ year: ctx.plan.year, countyCode: demand.countyCode });
        return parts.sequence;
      });
      expect(sequences.sort((a, b) => a - b)).toEqual(
        Array.from({ length: 15 }, (_, k) => before[i]! + k + 1),
      );
    });
    expect(await counter(counties[0].countyCode)).toBe(before[0]! + 15);
    expect(await counter(counties[1].countyCode)).toBe(before[1]! + 15);
  });
});

describe('a refused application uses no number', () => {
  it('leaves the counter as it was after a second application of the same account (409)', async () => {
    const { c, answer } = await applyIn(counties[0]);
    expect(answer.statusCode).toBe(200);
    const given = parseSerialNo((await enrolmentOf(c.id))!.serialNo!)!.sequence;
    const again = await postApplication(
      t,
      c.token,
      applicationFields(ctx.plan.id, c.idCard, counties[0], ctx.education),
    );
    expect(again.statusCode).toBe(409);
    expect(await counter(counties[0].countyCode)).toBe(given);
    const next = await applyIn(counties[0]);
    expect(next.answer.statusCode).toBe(200);
    expect(parseSerialNo((await enrolmentOf(next.c.id))!.serialNo!)!.sequence).toBe(given + 1);
  });

  it('leaves the counter as it was after an ID number that applied from another account (409)', async () => {
    const first = await makeCandidate(t);
    const fields = applicationFields(ctx.plan.id, first.idCard, counties[1], ctx.education);
    expect((await postApplication(t, first.token, fields)).statusCode).toBe(200);
    await t.database.db
      .update(candidateUser)
      .set({ idCard: idCard('19980307', '997') })
      .where(eq(candidateUser.id, first.id));
    const second = await makeCandidate(t, { idCard: first.idCard });
    const before = await counter(counties[1].countyCode);
    expect((await postApplication(t, second.token, fields)).statusCode).toBe(409);
    expect(await counter(counties[1].countyCode)).toBe(before);
  });

  /** Runs `change` on the plan while the application's photo is stored (after its checks). */
  async function applyWhile(change: () => Promise<unknown>) {
    const storage = t.app.ctx.storage;
    const put = storage.put;
    storage.put = async (key, data) => {
      await change();
      return put.call(storage, key, data);
    };
    try {
      return await applyIn(counties[0]);
    } finally {
      storage.put = put;
      await t.database.db
        .update(recruitPlan)
        .set({ enrollEndTime: ctx.plan.enrollEndTime, customerServicePhone: ctx.plan.customerServicePhone })
        .where(eq(recruitPlan.id, ctx.plan.id));
    }
  }

  it('leaves the counter as it was when enrolment closed between the check and the insert (400)', async () => {
    const before = await counter(counties[0].countyCode);
    const { c, answer } = await applyWhile(() =>
      t.database.db
        .update(recruitPlan)
        .set({ enrollEndTime: new Date(Date.now() - 60_000) })
        .where(eq(recruitPlan.id, ctx.plan.id)),
    );
    expect(answer.statusCode).toBe(400);
    expect(await enrolmentOf(c.id)).toBeUndefined();
    expect(await counter(counties[0].countyCode)).toBe(before);
  });

  it('gives the next number through the locked insert when the plan was edited meanwhile', async () => {
    const before = await counter(counties[0].countyCode);
    const { c, answer } = await applyWhile(() =>
      t.database.db
        .update(recruitPlan)
        .set({ customerServicePhone: '0851-88888888' })
        .where(eq(recruitPlan.id, ctx.plan.id)),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await enrolmentOf(c.id))!.serialNo).toBe(
      formatSerialNo({ year: ctx.plan.year, countyCode: counties[0].countyCode, sequence: before + 1 }),
    );
    expect(await counter(counties[0].countyCode)).toBe(before + 1);
  });
});

describe('a given number stays', () => {
  it('survives the candidate’s edit to another county and an administrator’s phone edit', async () => {
    const { c, answer } = await applyIn(counties[0]);
    expect(answer.statusCode).toBe(200);
    const { serialNo, id } = (await enrolmentOf(c.id))!;
    const otherBefore = await counter(counties[1].countyCode);

    const { body, headers } = multipart({
      ...applicationFields(ctx.plan.id, c.idCard, counties[1], ctx.education),
      address: '贵州省黔南州都匀市剑江中路18号',
    });
    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/apply',
      payload: body,
      headers: { ...headers, 'user-authorization': `Bearer ${c.token}` },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterEdit = (await enrolmentOf(c.id))!;
    expect(afterEdit.countyCode).toBe(counties[1].countyCode);
    expect(afterEdit.serialNo).toBe(serialNo);
    expect(await counter(counties[1].countyCode)).toBe(otherBefore);

    const admin = await t.adminToken();
    const phone = await t.secure('PUT', '/candidate/enroll', { id, phone: '13800001234' }, { token: admin });
    expect(phone.status, phone.body.msg).toBe(200);
    expect((await enrolmentOf(c.id))!).toMatchObject({ phone: '13800001234', serialNo });
  });
});

describe('where the 报名序号 is shown', () => {
  it('is in the candidate’s own enrolment, the detail, and found by the whole number in the list', async () => {
    const { c, answer } = await applyIn(counties[1]);
    expect(answer.statusCode).toBe(200);
    const row = (await enrolmentOf(c.id))!;
    const { id } = row;
    const serialNo = row.serialNo!;
    expect(serialNo).toMatch(/^\d{15}$/);

    const mine = await t.call<{ serialNo: string }>('GET', `/api/enroll/getEnrollByPlanId/${ctx.plan.id}`, {
      candidateToken: c.token,
    });
    expect(mine.body.data.serialNo).toBe(serialNo);

    const admin = await t.adminToken();
    const detail = await t.call<{ serialNo: string }>('GET', `/candidate/enroll/${id}`, { token: admin });
    expect(detail.body.data.serialNo).toBe(serialNo);

    type Page = { records: { id: number; serialNo: string }[]; total: number };
    const found = await t.call<Page>('GET', '/candidate/enroll/page', { token: admin, query: { serialNo } });
    expect(found.status).toBe(200);
    expect(found.body.data.records.map((r) => [r.id, r.serialNo])).toEqual([[id, serialNo]]);
    // the whole number only: its first digits find nothing
    const prefix = await t.call<Page>('GET', '/candidate/enroll/page', {
      token: admin,
      query: { serialNo: serialNo.slice(0, 10) },
    });
    expect(prefix.body.data.total).toBe(0);

    // a county administrator elsewhere does not find it by its number
    const elsewhere = await makeAdmin(t, {
      provinceCode: counties[0].provinceCode,
      cityCode: counties[0].cityCode,
      countyCode: counties[0].countyCode,
    });
    const hidden = await t.call<Page>('GET', '/candidate/enroll/page', {
      token: elsewhere,
      query: { serialNo },
    });
    expect(hidden.body.data.total).toBe(0);
  });
});

describe('the form a candidate prints', () => {
  const run = promisify(execFile);

  /** The candidate's form through its single-use link: its text and its QR code. */
  async function downloadForm(token: string, id: number) {
    const link = await t.call<{ url: string }>('GET', `/api/enroll/downloadToken/${id}`, {
      candidateToken: token,
    });
    const answer = await t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(answer.statusCode).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'serial-form-'));
    const file = join(dir, 'form.pdf');
    await writeFile(file, answer.rawPayload);
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
    await run('pdftoppm', ['-png', '-r', '150', '-singlefile', file, join(dir, 'form')]);
    const { data, info } = await sharp(await readFile(join(dir, 'form.png')))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const qr = jsQR(
      new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      info.width,
      info.height,
    );
    return { text, qr: qr?.data ?? null };
  }

  it('prints the 报名序号 and the audit box, and carries the number in its QR code', async () => {
    const { c, answer } = await applyIn(counties[0]);
    expect(answer.statusCode).toBe(200);
    const row = (await enrolmentOf(c.id))!;
    const form = await downloadForm(c.token, row.id);
    expect(form.text).toContain(`报名序号 ${row.serialNo}`);
    expect(form.text).toMatch(/现场审核（由审核单位填写）/);
    expect(form.text).toMatch(/审核意见/);
    expect(form.qr).toBe(`TEGANG-ENROLL:${ctx.plan.id}:${row.id}:${c.idCard.slice(-4)}:${row.serialNo}`);
  });

  it('renders a form stored in the earlier layout anew, with the number', async () => {
    const { c, answer } = await applyIn(counties[1]);
    expect(answer.statusCode).toBe(200);
    const row = (await enrolmentOf(c.id))!;
    const old = `enroll/form/${row.id}-${'0'.repeat(8)}.pdf`;
    await t.app.ctx.storage.put(old, Buffer.from('%PDF-1.7 No. 00000001'));
    await t.database.db.update(enroll).set({ pdfFile: old, createStatus: '1' }).where(eq(enroll.id, row.id));
    const form = await downloadForm(c.token, row.id);
    expect(form.text).toContain(`报名序号 ${row.serialNo}`);
    expect((await enrolmentOf(c.id))!.pdfFile).not.toBe(old);
    expect(await t.app.ctx.storage.get(old)).toBeNull();
  });
});
