import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictItem, RegionNode } from '@tegang/domain';
import { invalidateRegions } from '../../src/lib/regions';
import { createTestApp, type TestApp } from '../helpers';
import { applyToOpenPlan, makeAdmin, makeCandidate, openPlanAndDemand } from '../enroll/fixtures';

/** Reference data (spec §7 listDictItem, regionTreeDict), the admin's region tree (§6), the enrolment notice. */
let t: TestApp;
beforeAll(async () => {
  // The region cache on, as in production (the test helper turns it off).
  t = await createTestApp({ env: { REFERENCE_CACHE_SECONDS: '60' } });
});
afterAll(() => t.close());

describe('dictionaries and regions', () => {
  it('lists the 56 nations of GB/T 3304 in order, with English labels', async () => {
    const answer = await t.call<DictItem[]>('GET', '/admin/dictItem/listDictItem/sys_nation');
    const codes = answer.body.data.map((i) => i.value);
    expect(codes.slice(0, 3)).toEqual(['01', '02', '03']);
    expect(codes.filter((c) => Number(c) <= 56)).toHaveLength(56);
    expect(answer.body.data[0]).toMatchObject({ label: '汉族', labelEn: 'Han' });
    expect((await t.call<DictItem[]>('GET', '/admin/dictItem/listDictItem/no_such_type')).body.data).toEqual(
      [],
    );
  });

  it('serves the GB/T 2260 tree and a subtree by code', async () => {
    const tree = await t.call<RegionNode[]>('GET', '/system/region/regionTreeDict');
    expect(tree.body.data.length).toBeGreaterThanOrEqual(31);
    const guizhou = tree.body.data.find((p) => p.code === '520000')!;
    expect(guizhou.name).toBe('贵州省');
    expect(guizhou.children!.map((c) => c.code)).toContain('520100');
    const cities = await t.call<RegionNode[]>('GET', '/system/region/regionTreeDict', {
      query: { code: '520100' },
    });
    expect(cities.body.data.map((c) => c.name)).toContain('南明区');
  });

  it('reads the regions once and answers from the result for REFERENCE_CACHE_SECONDS (not the query again)', async () => {
    const names = async () =>
      (
        await t.call<RegionNode[]>('GET', '/system/region/regionTreeDict', { query: { code: '520100' } })
      ).body.data.map((c) => c.name);
    expect(await names()).toContain('南明区');
    // Changed behind the server's back (no region edit call, so no invalidation on this node).
    await t.database.pool.query(`update sys_region set name = '南明区（改）' where code = '520102'`);
    try {
      expect(await names()).toContain('南明区');
      invalidateRegions(t.database.db);
      expect(await names()).toContain('南明区（改）');
    } finally {
      await t.database.pool.query(`update sys_region set name = '南明区' where code = '520102'`);
      invalidateRegions(t.database.db);
    }
  });

  it("narrows the administrator's region tree to the province, city and county (spec §6)", async () => {
    expect((await t.call('GET', '/system/region/scopeTree')).status).toBe(401);
    const all = await t.call<RegionNode[]>('GET', '/system/region/scopeTree', {
      token: await t.adminToken(),
    });
    expect(all.body.data.length).toBeGreaterThanOrEqual(31);
    const city = await makeAdmin(t, { provinceCode: '520000', cityCode: '520100' });
    const cityTree = await t.call<RegionNode[]>('GET', '/system/region/scopeTree', { token: city });
    expect(cityTree.body.data.map((c) => c.code)).toEqual(['520100']);
    expect(cityTree.body.data[0]!.children!.length).toBeGreaterThan(5);
    const county = await makeAdmin(t, { provinceCode: '520000', cityCode: '520100', countyCode: '520102' });
    const countyTree = await t.call<RegionNode[]>('GET', '/system/region/scopeTree', { token: county });
    expect(countyTree.body.data).toEqual([
      { code: '520100', name: '贵阳市', level: 2, children: [{ code: '520102', name: '南明区', level: 3 }] },
    ]);
  });
});

describe('enrolment notice and form generation', () => {
  it('gives a candidate the sanitised enrolment notice of the plan', async () => {
    const { plan } = await openPlanAndDemand(t);
    expect((await t.call('GET', `/api/instruction/getEnrollNotice/${plan.id}`)).status).toBe(401);
    const c = await makeCandidate(t);
    const notice = await t.call<{ context: string }>('GET', `/api/instruction/getEnrollNotice/${plan.id}`, {
      candidateToken: c.token,
    });
    expect(notice.body.data.context).toContain('报名须知');
    expect(notice.body.data.context).not.toMatch(/<script|onerror=/i);
    expect(
      (await t.call('GET', '/api/instruction/getEnrollNotice/999999', { candidateToken: c.token })).status,
    ).toBe(404);
  });

  it('regenerates enrolment forms (encrypted idList) and lists the generation status options', async () => {
    const { id } = await applyToOpenPlan(t);
    const admin = await t.adminToken();
    const options = await t.call<{ value: string; label: string }[]>(
      'GET',
      '/candidate/enroll/getEnrollCreateStatus',
      { token: admin, lang: 'en' },
    );
    expect(options.body.data).toEqual([
      { value: '0', label: 'Not generated' },
      { value: '1', label: 'Generated' },
    ]);
    const plain = await t.call('POST', '/candidate/enroll/generateApply', {
      token: admin,
      body: { idList: [id] },
    });
    expect(plain.status).toBe(400);
    const empty = await t.secure('POST', '/candidate/enroll/generateApply', { idList: [] }, { token: admin });
    expect(empty.status).toBe(400);
    const done = await t.secure<{ count: number }>(
      'POST',
      '/candidate/enroll/generateApply',
      { idList: [id] },
      { token: admin },
    );
    expect(done.body.data).toEqual({ count: 1 });
    const detail = await t.call<{ createStatus: string }>('GET', `/candidate/enroll/${id}`, { token: admin });
    expect(detail.body.data.createStatus).toBe('1');
    // Outside the caller's region nothing is generated.
    const other = await makeAdmin(t, { provinceCode: '110000' });
    expect(
      (
        await t.secure<{ count: number }>(
          'POST',
          '/candidate/enroll/generateApply',
          { idList: [id] },
          { token: other },
        )
      ).body.data,
    ).toEqual({ count: 0 });
  });
});
