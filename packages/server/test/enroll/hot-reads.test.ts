import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY_FLAG, PLAN_DATA_STATUS } from '@tegang/domain';
import { recruitPlanData, sysRegion } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import {
  applicationFields,
  applyToOpenPlan,
  makeAdmin,
  makeCandidate,
  multipart,
  openPlanAndDemand,
  photo,
} from './fixtures';

/**
 * The candidate's hot reads (docs/decisions.md "Hot reads from memory", "Photos by their own
 * address"): reference data kept in memory with the cache on (REFERENCE_CACHE_SECONDS 10), answered
 * with an ETag and a 304; nothing of one candidate or one region reaches another; the photo at its
 * own address, for its owner and for administrators of its region only.
 */
let t: TestApp;
let ctx: Awaited<ReturnType<typeof openPlanAndDemand>>;
beforeAll(async () => {
  t = await createTestApp({ env: { REFERENCE_CACHE_SECONDS: '10' } });
  ctx = await openPlanAndDemand(t);
});
afterAll(async () => {
  await t?.close();
});

const asCandidate = (token: string) => ({ 'user-authorization': `Bearer ${token}` });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'zh', ...headers } });

describe('no cached answer crosses candidates', () => {
  it("never gives candidate B candidate A's apply flag, enrolment or photo", async () => {
    const a = await applyToOpenPlan(t);
    const b = await makeCandidate(t);
    const flag = `/api/apply/${ctx.plan.id}`;
    const own = `/api/enroll/getEnrollByPlanId/${ctx.plan.id}`;
    // A reads first, then B, then A again: each gets their own answer every time.
    for (const [who, token, applied] of [
      ['A', a.candidate.token, true],
      ['B', b.token, false],
      ['A', a.candidate.token, true],
      ['B', b.token, false],
    ] as const) {
      const f = await get(flag, asCandidate(token));
      expect(f.json().data, who).toBe(applied ? APPLY_FLAG.applied : APPLY_FLAG.none);
      const e = await get(own, asCandidate(token));
      expect(e.statusCode).toBe(200);
      expect(e.json().data === null, who).toBe(!applied);
      if (applied) expect(e.json().data.candidateId).toBe(a.candidate.id);
      const check = await get('/api/recruitPlan/checkCanCandidate', asCandidate(token));
      expect(check.json().data.planId).toBe(ctx.plan.id);
    }
    const pictureUrl: string = (await get(own, asCandidate(a.candidate.token))).json().data.pictureUrl;
    const mine = await get(pictureUrl, asCandidate(a.candidate.token));
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(mine.headers.vary).toMatch(/user-authorization/i);
    // B knows A's address: still 404, as for an enrolment that does not exist; no token: 401.
    expect((await get(pictureUrl, asCandidate(b.token))).statusCode).toBe(404);
    expect((await get(pictureUrl)).statusCode).toBe(401);
    expect(
      (
        await get(
          pictureUrl.replace(/\/[\w-]{22}\.jpg$/, `/${'A'.repeat(22)}.jpg`),
          asCandidate(a.candidate.token),
        )
      ).statusCode,
    ).toBe(404);
  });

  it('moves the photo to a new address when the candidate sends a new one; the old one is gone', async () => {
    const c = await makeCandidate(t);
    const fields = applicationFields(ctx.plan.id, c.idCard, ctx.demand, ctx.education);
    const send = async (method: 'POST' | 'PUT', w: number) => {
      const { body, headers } = multipart(fields, { data: await photo(w, 420) });
      const answer = await t.app.inject({
        method,
        url: '/api/apply',
        payload: body,
        headers: { ...headers, ...asCandidate(c.token) },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return (await get(`/api/enroll/getEnrollByPlanId/${ctx.plan.id}`, asCandidate(c.token))).json().data
        .pictureUrl as string;
    };
    const first = await send('POST', 300);
    const second = await send('PUT', 320);
    expect(second).not.toBe(first);
    expect((await get(first, asCandidate(c.token))).statusCode).toBe(404);
    expect((await get(second, asCandidate(c.token))).statusCode).toBe(200);
  });
});

describe('the photo for administrators', () => {
  it("opens for an administrator of the enrolment's county, never for another county's", async () => {
    const { id, candidate } = await applyToOpenPlan(t);
    const version = (await get(`/api/enroll/getEnrollByPlanId/${ctx.plan.id}`, asCandidate(candidate.token)))
      .json()
      .data.pictureUrl.split('/')
      .pop();
    const { demand } = ctx;
    const [other] = await t.database.db
      .select({ code: sysRegion.code, parentCode: sysRegion.parentCode })
      .from(sysRegion)
      .where(and(eq(sysRegion.level, 3), ne(sysRegion.code, demand.countyCode)))
      .limit(1);
    const home = await makeAdmin(t, {
      provinceCode: demand.provinceCode,
      cityCode: demand.cityCode,
      countyCode: demand.countyCode,
    });
    const away = await makeAdmin(t, {
      provinceCode: demand.provinceCode,
      cityCode: other!.parentCode!,
      countyCode: other!.code,
    });
    const url = `/candidate/enroll/photo/${id}/${version}`;
    const mine = await get(url, { authorization: `Bearer ${home}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(mine.headers.vary).toMatch(/authorization/i);
    expect((await get(url, { authorization: `Bearer ${away}` })).statusCode).toBe(404);
    // the candidate's token does not open the back office's address
    expect((await get(url, asCandidate(candidate.token))).statusCode).toBe(401);
  });
});

describe('reference reads from memory', () => {
  it('answers the region tree, a dictionary and the cascade with an ETag, 304 when it matches', async () => {
    const token = (await makeCandidate(t)).token;
    const urls = [
      ['/system/region/regionTreeDict', {}],
      ['/admin/dictItem/listDictItem/sys_nation', {}],
      [
        `/api/recruitPlanData/getRecruitPlanDataRegionByCategory?planId=${ctx.plan.id}&category=${ctx.demand.category}`,
        asCandidate(token),
      ],
    ] as const;
    for (const [url, headers] of urls) {
      const first = await get(url, headers);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control'], url).toMatch(/max-age=\d+/);
      const again = await get(url, { ...headers, 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      // the other language is another answer (its msg), with another tag
      const en = await get(url, { ...headers, 'accept-language': 'en', 'if-none-match': etag });
      expect(en.statusCode, url).toBe(200);
      expect(en.headers.etag).not.toBe(etag);
      expect(en.json().data).toEqual(first.json().data);
    }
  });

  it('sends the large region tree compressed from its kept encodings', async () => {
    const br = await get('/system/region/regionTreeDict', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await get('/system/region/regionTreeDict');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data.length).toBeGreaterThan(0);
  });

  it('keeps the cascade until an administrator changes the demand, then answers anew on this node', async () => {
    const token = (await makeCandidate(t)).token;
    const url = `/api/recruitPlanData/getRecruitPlanDataByPlanId/${ctx.plan.id}`;
    const before = (await get(url, asCandidate(token))).json().data as unknown[];
    const { demand } = ctx;
    const subjectsUrl = `/api/recruitPlanData/getRecruitPlanDataSubjectByLearningPeriod?planId=${ctx.plan.id}&category=${demand.category}&countyCode=${demand.countyCode}&learningPeriod=${demand.learningPeriod}`;
    const subjects = async () =>
      ((await get(subjectsUrl, asCandidate(token))).json().data as { value: string }[]).map((o) => o.value);
    expect(await subjects()).toContain(demand.subject);
    // A change behind the application's back (straight in the database) is not seen while kept …
    await t.database.db
      .update(recruitPlanData)
      .set({ status: PLAN_DATA_STATUS.inactive })
      .where(eq(recruitPlanData.id, ctx.demand.id));
    expect((await get(url, asCandidate(token))).json().data).toEqual(before);
    // … an administrator's change through the API clears it at once (status toggled back to active).
    const admin = await t.adminToken();
    const toggled = await t.call('POST', `/recruit/recruitPlanData/updateStatus/${ctx.demand.id}`, {
      token: admin,
    });
    expect(toggled.status).toBe(200);
    const after = await get(url, asCandidate(token));
    expect(after.json().data).toEqual(before);
    const off = await t.call('POST', `/recruit/recruitPlanData/updateStatus/${ctx.demand.id}`, {
      token: admin,
    });
    expect(off.body.data).toBe(PLAN_DATA_STATUS.inactive);
    expect(((await get(url, asCandidate(token))).json().data as unknown[]).length).toBe(before.length - 1);
    // the subject step's post counts (RATIO_CACHE_SECONDS) are cleared on this node too
    expect(await subjects()).not.toContain(demand.subject);
    await t.call('POST', `/recruit/recruitPlanData/updateStatus/${ctx.demand.id}`, { token: admin });
    expect(((await get(url, asCandidate(token))).json().data as unknown[]).length).toBe(before.length);
  });

  it('answers a dictionary anew after an administrator edits it', async () => {
    const url = '/admin/dictItem/listDictItem/sys_nation';
    const before = (await get(url)).json().data as { value: string; label: string }[];
    const admin = await t.adminToken();
    const page = await t.call<{ records: { id: number; value: string; label: string }[] }>(
      'POST',
      '/admin/dictItem/list',
      { token: admin, query: { dictType: 'sys_nation', current: 1, size: 100 } },
    );
    const item = page.body.data.records.find((r) => r.value === before[0]!.value)!;
    const saved = await t.call('PUT', '/admin/dictItem', {
      token: admin,
      body: { ...item, label: `${item.label}改` },
    });
    expect(saved.status, saved.body.msg).toBe(200);
    const after = (await get(url)).json().data as { value: string; label: string }[];
    expect(after.find((i) => i.value === item.value)!.label).toBe(`${item.label}改`);
  });
});
