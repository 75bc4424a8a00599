import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_STATUS, PERMISSIONS, type AdmissionTicket, type Page } from '@tegang/domain';
import { admissionTicket } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { makeAdmin } from '../enroll/fixtures';
import { adminWith } from '../recruit-plan/fixtures';
import { BASE, COUNTIES, examFields, insertApplicants, insertPlan, insertTicket } from './fixtures';

const P = PERMISSIONS.admissionTicket;
let t: TestApp;
let token: string;
/** A county admin of 云岩区 (the applicants below are of 南明区). */
let otherCounty: string;
/** A county admin of 南明区. */
let sameCounty: string;
let planId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  otherCounty = await makeAdmin(t, {
    provinceCode: COUNTIES.yunyan.provinceCode,
    cityCode: COUNTIES.yunyan.cityCode,
    countyCode: COUNTIES.yunyan.countyCode,
  });
  sameCounty = await makeAdmin(t, {
    provinceCode: COUNTIES.nanming.provinceCode,
    cityCode: COUNTIES.nanming.cityCode,
    countyCode: COUNTIES.nanming.countyCode,
  });
  planId = (await insertPlan(t)).id;
});
afterAll(async () => t?.close());

const list = async (query: Record<string, string | number> = {}, as = token) =>
  (
    await t.call<Page<AdmissionTicket>>('GET', `${BASE}/page`, {
      token: as,
      query: { current: 1, size: 100, planId, ...query },
    })
  ).body.data;

describe('admission tickets: add, edit, detail, list', () => {
  it('adds a ticket for an audit-passed enrolment only, once, with unique number and seat', async () => {
    const [passed, pending, second] = await insertApplicants(t, planId, [
      { name: '王一' },
      { auditStatus: AUDIT_STATUS.pending },
      {},
    ]);
    const added = await t.secure<AdmissionTicket>(
      'POST',
      BASE,
      { enrollId: passed!.id, ...examFields('0001') },
      { token },
    );
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      planId,
      enrollId: passed!.id,
      name: '王一',
      idCard: passed!.idCard,
      countyCode: '520102',
      admissionNumber: 'A0001',
      status: '0',
      ticketCreateStatus: '0',
      planYear: '2031',
    });

    const notPassed = await t.secure(
      'POST',
      BASE,
      { enrollId: pending!.id, ...examFields('0002') },
      { token },
    );
    expect([notPassed.status, notPassed.body.msg]).toEqual([409, '该报名记录未通过现场审核，不能添加准考证']);
    const twice = await t.secure('POST', BASE, { enrollId: passed!.id, ...examFields('0003') }, { token });
    expect(twice.status).toBe(409);

    const sameNumber = await t.secure(
      'POST',
      BASE,
      { enrollId: second!.id, ...examFields('0004'), admissionNumber: 'A0001' },
      { token },
    );
    expect(sameNumber.status).toBe(409);
    expect(JSON.stringify(sameNumber.body.data)).toContain('admissionNumber');
    const sameSeat = await t.secure(
      'POST',
      BASE,
      { enrollId: second!.id, ...examFields('0005'), seatNumber: '01' },
      { token, lang: 'en' },
    );
    expect(sameSeat.status).toBe(409);
    expect(JSON.stringify(sameSeat.body.data)).toContain('seatNumber');
    expect(sameSeat.body.msg).toContain('seat');

    // Out of the caller's county: the enrolment does not exist for them.
    const foreign = await t.secure(
      'POST',
      BASE,
      { enrollId: second!.id, ...examFields('0006') },
      { token: otherCounty },
    );
    expect(foreign.status).toBe(404);
    const ok = await t.secure(
      'POST',
      BASE,
      { enrollId: second!.id, ...examFields('0007') },
      { token: sameCounty },
    );
    expect(ok.status).toBe(200);
  });

  it('offers the add form only audit-passed enrolments without a ticket, in the region, by ID number', async () => {
    const plan = (await insertPlan(t)).id;
    const [free, pending, taken] = await insertApplicants(t, plan, [
      { name: '候选甲' },
      { auditStatus: AUDIT_STATUS.pending },
      {},
    ]);
    await insertTicket(t, { id: taken!.id, planId: plan });
    const offer = async (as: string, query: Record<string, string | number> = {}) =>
      t.call<{ id: number; idCard: string }[]>('GET', `${BASE}/ticketless`, {
        token: as,
        query: { planId: plan, ...query },
      });
    expect((await offer(token)).body.data!.map((e) => e.id)).toEqual([free!.id]);
    expect((await offer(token, { idCard: free!.idCard.slice(0, 10) })).body.data).toHaveLength(1);
    expect((await offer(token, { idCard: '9' })).body.data).toEqual([]);
    expect(pending).toBeDefined();
    // Another county's administrator sees none of them.
    expect((await offer(otherCounty)).body.data).toEqual([]);
    const bad = await offer(token, { planId: 'x' });
    expect(bad.status).toBe(400);
    const limited = await adminWith(t, [P.list]);
    expect((await offer(limited)).status).toBe(403);
  });

  it('answers 400 naming the field on bad input, in zh and en', async () => {
    const [e] = await insertApplicants(t, planId, [{}]);
    const missing = await t.secure(
      'POST',
      BASE,
      { enrollId: e!.id, ...examFields('0101'), examPlace: '' },
      { token },
    );
    expect([missing.status, missing.body.msg]).toEqual([400, '考点名称不能为空']);
    const en = await t.secure(
      'POST',
      BASE,
      { enrollId: e!.id, ...examFields('0102'), examDate: '2030-02-30' },
      { token, lang: 'en' },
    );
    expect(en.status).toBe(400);
    expect(en.body.msg).toMatch(/exam date/i);
    const noId = await t.secure('PUT', BASE, { ...examFields('0103') }, { token });
    expect(noId.status).toBe(400);
    const tooLong = await t.secure(
      'PUT',
      BASE,
      { id: 1, ...examFields('0104'), seatNumber: '123456789' },
      { token },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toContain('座位号');
    const plain = await t.call('POST', BASE, { token, body: { enrollId: e!.id, ...examFields('0105') } });
    expect(plain.status).toBe(400);
    for (const [method, url, body] of [
      ['GET', `${BASE}/abc`, undefined],
      ['GET', `${BASE}/page?size=7`, undefined],
      ['GET', `${BASE}/page?idCard=1234567890123456789`, undefined],
      ['DELETE', `${BASE}/deleteByIds`, { idList: [] }],
      ['POST', `${BASE}/distributed`, { idList: ['x'] }],
      ['POST', `${BASE}/cancelDistributed`, {}],
      ['POST', `${BASE}/batchDistributed/0`, undefined],
      ['POST', `${BASE}/batchCancelDistributed/abc`, undefined],
      ['GET', `${BASE}/arrange/x`, undefined],
      ['POST', `${BASE}/arrange/preview`, { planId, examDate: '2030-07-04' }],
      ['POST', `${BASE}/exportToken`, { status: 'abc' }],
    ] as const) {
      const answer = await t.call(method, url, { token, body });
      expect([method, url, answer.status]).toEqual([method, url, 400]);
      expect(answer.body.msg).not.toBe('');
    }
  });

  it('edits a ticket (PDF stale), shows it in the list and detail, in the region only', async () => {
    const [e] = await insertApplicants(t, planId, [{ name: '李二', academicSession: '03', subject: '02' }]);
    const ticket = await insertTicket(t, e!, { ticketCreateStatus: '1' });
    const edited = await t.secure<AdmissionTicket>(
      'PUT',
      BASE,
      { id: ticket.id, ...examFields('0233') },
      { token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ admissionNumber: 'A0233', ticketCreateStatus: '0' });

    const detail = await t.call<AdmissionTicket>('GET', `${BASE}/${ticket.id}`, { token: sameCounty });
    expect(detail.body.data).toMatchObject({ name: '李二', academicSession: '03', subject: '02' });
    expect((await t.call('GET', `${BASE}/${ticket.id}`, { token: otherCounty })).status).toBe(404);
    const foreignEdit = await t.secure(
      'PUT',
      BASE,
      { id: ticket.id, ...examFields('0202') },
      { token: otherCounty },
    );
    expect(foreignEdit.status).toBe(404);

    expect((await list({ name: '李二' })).records.map((r) => r.id)).toEqual([ticket.id]);
    expect((await list({ admissionNumber: 'A0233', subject: '02' })).total).toBe(1);
    expect((await list({ subject: '09' })).total).toBe(0);
    expect((await list({}, otherCounty)).total).toBe(0);
    expect((await list({}, sameCounty)).total).toBe((await list()).total);

    const statuses = await t.call<{ value: string; label: string }[]>(
      'GET',
      `${BASE}/getAdmissionTicketStatus`,
      {
        token,
        lang: 'en',
      },
    );
    expect(statuses.body.data).toEqual([
      { value: '0', label: expect.any(String) },
      { value: '1', label: expect.any(String) },
    ]);
  });
});

describe('admission tickets: distribution and delete', () => {
  it('distributes and cancels in the region only; a distributed ticket cannot be deleted', async () => {
    const plan = await insertPlan(t);
    const [a, b, c] = await insertApplicants(t, plan.id, [{}, {}, { county: 'yunyan' }]);
    const ta = await insertTicket(t, a!);
    const tb = await insertTicket(t, b!);
    const tc = await insertTicket(t, c!);

    const foreign = await t.call<{ count: number }>('POST', `${BASE}/distributed`, {
      token: otherCounty,
      body: { idList: [ta.id, tb.id] },
    });
    expect(foreign.body.data).toEqual({ count: 0 });
    const own = await t.call<{ count: number }>('POST', `${BASE}/distributed`, {
      token: sameCounty,
      body: { idList: [ta.id, tc.id] },
    });
    expect(own.body.data).toEqual({ count: 1 });

    const remove = await t.call('DELETE', `${BASE}/${ta.id}`, { token });
    expect([remove.status, remove.body.msg]).toEqual([409, '准考证已发放，不能删除（请先取消发放）']);
    const batch = await t.call('DELETE', `${BASE}/deleteByIds`, { token, body: { idList: [tb.id, ta.id] } });
    expect(batch.status).toBe(409);
    // All or nothing: tb is still there.
    expect(
      (await t.database.db.select().from(admissionTicket).where(eq(admissionTicket.id, tb.id))).length,
    ).toBe(1);

    const allIn = await t.call<{ count: number }>('POST', `${BASE}/batchDistributed/${plan.id}`, {
      token: sameCounty,
    });
    expect(allIn.body.data).toEqual({ count: 1 }); // tb; tc is of 云岩区
    const yunyan = await t.call<{ count: number }>('POST', `${BASE}/batchDistributed/${plan.id}`, {
      token: otherCounty,
    });
    expect(yunyan.body.data).toEqual({ count: 1 });
    const cancel = await t.call<{ count: number }>('POST', `${BASE}/batchCancelDistributed/${plan.id}`, {
      token,
    });
    expect(cancel.body.data).toEqual({ count: 3 });
    expect(
      (await t.call('POST', `${BASE}/cancelDistributed`, { token, body: { idList: [ta.id] } })).body.data,
    ).toEqual({
      count: 0,
    });

    expect((await t.call('DELETE', `${BASE}/${tc.id}`, { token: sameCounty })).status).toBe(404);
    expect(
      (await t.call('DELETE', `${BASE}/deleteByIds`, { token, body: { idList: [ta.id, tb.id] } })).status,
    ).toBe(200);
    expect((await t.call('DELETE', `${BASE}/${tc.id}`, { token: otherCounty })).status).toBe(200);
    expect(
      await t.database.db.select().from(admissionTicket).where(eq(admissionTicket.planId, plan.id)),
    ).toEqual([]);
  });

  it('answers 403 to an administrator without the key', async () => {
    const lister = await adminWith(t, [P.list]);
    expect((await t.call('GET', `${BASE}/page`, { token: lister, query: { planId } })).status).toBe(200);
    for (const [method, url] of [
      ['GET', `${BASE}/1`],
      ['DELETE', `${BASE}/1`],
      ['DELETE', `${BASE}/deleteByIds`],
      ['POST', `${BASE}/distributed`],
      ['POST', `${BASE}/cancelDistributed`],
      ['POST', `${BASE}/batchDistributed/1`],
      ['POST', `${BASE}/batchCancelDistributed/1`],
      ['POST', `${BASE}/exportToken`],
      ['POST', `${BASE}/importExcel/1`],
      ['GET', `${BASE}/template`],
      ['GET', `${BASE}/arrange/1`],
      ['POST', `${BASE}/arrange/preview`],
      ['POST', `${BASE}/arrange`],
      ['POST', BASE],
      ['PUT', BASE],
    ] as const) {
      const answer = await t.call(method, url, { token: lister, body: method === 'GET' ? undefined : {} });
      expect([method, url, answer.status]).toEqual([method, url, 403]);
    }
  });
});
