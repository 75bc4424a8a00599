import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { enroll, recruitPlanData } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { applicationFields, applyToOpenPlan, makeAdmin, multipart, photo } from './fixtures';

/**
 * The reviewer's workbench on the server (spec §2 "Enrolment records", audit): a resubmitted
 * application no longer carries the old rejection reason, the decisions stay in an audit history read
 * from the trail, and the detail steps to the next or previous pending application of the list.
 */
let t: TestApp;
let admin: string;
type Applied = Awaited<ReturnType<typeof applyToOpenPlan>>;

const rowOf = async (id: number) => (await t.database.db.select().from(enroll).where(eq(enroll.id, id)))[0]!;
async function versionsOf(ids: number[]) {
  const rows = await t.database.db
    .select({ id: enroll.id, version: enroll.version })
    .from(enroll)
    .where(inArray(enroll.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.version]));
  return ids.map((id) => byId.get(id)!);
}
async function decide(token: string, ids: number[], auditStatus: '1' | '2', auditReason?: string) {
  const answer = await t.call('POST', '/candidate/enroll/audit', {
    token,
    body: { idList: ids, versions: await versionsOf(ids), auditStatus, auditReason },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
/** PUT /api/apply as the applicant of `a`: the resubmission of a rejected application. */
async function resubmit(a: Applied) {
  const { body, headers } = multipart(
    {
      ...applicationFields(a.ctx.plan.id, a.candidate.idCard, a.ctx.demand, a.ctx.education),
      address: '贵州省贵阳市南明区改后地址1号',
    },
    { data: await photo() },
  );
  const answer = await t.app.inject({
    method: 'PUT',
    url: '/api/apply',
    payload: body,
    headers: { ...headers, 'user-authorization': `Bearer ${a.candidate.token}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}
type History = { time: string; reviewer: string | null; decision: string; reason: string | null }[];
const history = (id: number, token = admin) =>
  t.call<History>('GET', `/candidate/enroll/auditHistory/${id}`, { token });
const neighbour = (query: Record<string, string | number>, token = admin) =>
  t.call<{ id: number | null; wrapped: boolean }>('GET', '/candidate/enroll/pendingNeighbour', {
    token,
    query,
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

describe('a resubmitted application and its audit history', () => {
  it('clears the old reason when pending again and keeps every decision in the history', async () => {
    const a = await applyToOpenPlan(t);
    expect((await history(a.id)).body.data).toEqual([]);
    await decide(admin, [a.id], '2', '照片不清晰');
    await resubmit(a);
    expect(await rowOf(a.id)).toMatchObject({ auditStatus: '0', auditReason: null });
    // neither the reviewer's list and detail nor the candidate see the old reason
    const listed = await t.call<{ records: { id: number; auditReason: string | null }[] }>(
      'GET',
      '/candidate/enroll/page',
      { token: admin, query: { current: 1, size: 100 } },
    );
    expect(listed.body.data.records.find((r) => r.id === a.id)?.auditReason).toBeNull();
    const detail = await t.call<{ auditReason: string | null }>('GET', `/candidate/enroll/${a.id}`, {
      token: admin,
    });
    expect(detail.body.data.auditReason).toBeNull();
    const own = await t.call<{ auditStatus: string; auditReason: string | null }>(
      'GET',
      `/api/enroll/getEnrollByPlanId/${a.ctx.plan.id}`,
      { candidateToken: a.candidate.token },
    );
    expect(own.body.data).toMatchObject({ auditStatus: '0', auditReason: null });

    await decide(admin, [a.id], '2', '学历证明缺失');
    await resubmit(a);
    await decide(admin, [a.id], '1');
    const answer = await history(a.id);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map(({ decision, reason }) => ({ decision, reason }))).toEqual([
      { decision: '1', reason: null },
      { decision: '2', reason: '学历证明缺失' },
      { decision: '2', reason: '照片不清晰' },
    ]);
    expect(answer.body.data[0]!.reviewer).toBe('admin');
    expect(Date.parse(answer.body.data[0]!.time)).toBeGreaterThanOrEqual(
      Date.parse(answer.body.data[2]!.time),
    );
  });

  it('hides a reason left on a pending row (resubmitted before reasons were cleared)', async () => {
    const a = await applyToOpenPlan(t);
    await t.database.db.update(enroll).set({ auditReason: '旧原因' }).where(eq(enroll.id, a.id));
    const detail = await t.call<{ auditStatus: string; auditReason: string | null }>(
      'GET',
      `/candidate/enroll/${a.id}`,
      { token: admin },
    );
    expect(detail.body.data).toMatchObject({ auditStatus: '0', auditReason: null });
  });

  it('keeps the history to the reviewer’s region (404 outside, 404 for an unknown id)', async () => {
    const home = await applyToOpenPlan(t);
    const [other] = await t.database.db
      .select()
      .from(recruitPlanData)
      .where(
        and(
          eq(recruitPlanData.planId, home.ctx.plan.id),
          ne(recruitPlanData.countyCode, home.ctx.demand.countyCode),
        ),
      )
      .limit(1);
    const county = await makeAdmin(t, {
      provinceCode: home.ctx.demand.provinceCode,
      cityCode: home.ctx.demand.cityCode,
      countyCode: other!.countyCode,
    });
    expect((await history(home.id, county)).status).toBe(404);
    expect((await history(999_999)).status).toBe(404);
    expect((await neighbour({ id: home.id, direction: 'next' }, county)).status).toBe(404);
  });
});

describe('GET /candidate/enroll/pendingNeighbour', () => {
  it('steps through the pending applications of the filtered list, newest first', async () => {
    // created in this order; the list shows them newest first: d, c, b, a
    const [a, b, c, d] = [
      await applyToOpenPlan(t, { name: '邻审甲' }),
      await applyToOpenPlan(t, { name: '邻审乙' }),
      await applyToOpenPlan(t, { name: '邻审丙' }),
      await applyToOpenPlan(t, { name: '邻审丁' }),
    ];
    const other = await applyToOpenPlan(t, { name: '王五' });
    await decide(admin, [c!.id], '1');
    const filter = { name: '邻审' };
    const answer = async (from: Applied, direction: 'next' | 'prev', extra: Record<string, string> = {}) => {
      const got = await neighbour({ ...filter, ...extra, id: from.id, direction });
      expect(got.status, JSON.stringify(got.body)).toBe(200);
      return got.body.data;
    };
    const step = async (from: Applied, direction: 'next' | 'prev', extra: Record<string, string> = {}) =>
      (await answer(from, direction, extra)).id;
    expect(await answer(d!, 'next')).toEqual({ id: b!.id, wrapped: false }); // c passed: skipped
    expect(await step(c!, 'next')).toBe(b!.id); // from a record just decided
    expect(await step(c!, 'prev')).toBe(d!.id);
    expect(await step(b!, 'next')).toBe(a!.id);
    expect(await step(b!, 'prev')).toBe(d!.id);
    // past the end of the list the search comes round: d, newer, is still pending
    expect(await answer(a!, 'next')).toEqual({ id: d!.id, wrapped: true });
    expect(await answer(d!, 'prev')).toEqual({ id: a!.id, wrapped: true });
    // the list's audit-status filter gives way to pending
    expect(await step(d!, 'next', { auditStatus: '1' })).toBe(b!.id);
    // without the name filter the other applicant (newer) comes before d
    expect((await neighbour({ id: d!.id, direction: 'prev' })).body.data.id).toBe(other.id);
    expect((await neighbour({ id: d!.id, direction: 'sideways' })).status).toBe(400);

    // none is left only when no other application of the list is pending: not the one shown either
    await decide(admin, [a!.id, b!.id], '1');
    expect(await answer(b!, 'next')).toEqual({ id: d!.id, wrapped: true });
    expect(await answer(d!, 'next')).toEqual({ id: null, wrapped: false });
    expect(await answer(d!, 'prev')).toEqual({ id: null, wrapped: false });
    await decide(admin, [d!.id], '1');
    expect(await answer(c!, 'prev')).toEqual({ id: null, wrapped: false });
  });
});
