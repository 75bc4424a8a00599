import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { formatDateTime } from '@tegang/domain';
import { enroll, recruitPlanData, sysRole } from '../../src/db/schema';
import { eachEnrollExportRow } from '../../src/modules/enroll/service-admin';
import { createTestApp, type TestApp } from '../helpers';
import { applicationFields, makeAdmin, makeCandidate, multipart, openPlanAndDemand, photo } from './fixtures';

/**
 * Enrolment records in the back office (spec §2, §6, §7): list, detail, phone edit, delete and export,
 * each narrowed to the administrator's region on the server.
 */
let t: TestApp;
let admin: string;
let ctx: Awaited<ReturnType<typeof openPlanAndDemand>>;
let home: { id: number; name: string }; // an enrolment in ctx.demand's county
let away: { id: number; name: string }; // one in another city

async function applyIn(demand: typeof ctx.demand, name: string) {
  const c = await makeCandidate(t, { realName: name }); // the enrolment takes the account's name
  const { body, headers } = multipart(
    { ...applicationFields(ctx.plan.id, c.idCard, demand, ctx.education), name },
    { data: await photo() },
  );
  const raw = await t.app.inject({
    method: 'POST',
    url: '/api/apply',
    payload: body,
    headers: { ...headers, 'user-authorization': `Bearer ${c.token}` },
  });
  expect(raw.statusCode, raw.body).toBe(200);
  return { id: raw.json().data.id as number, name };
}

beforeAll(async () => {
  t = await createTestApp();
  ctx = await openPlanAndDemand(t);
  admin = await t.adminToken();
  const [other] = await t.database.db
    .select()
    .from(recruitPlanData)
    .where(
      and(
        eq(recruitPlanData.planId, ctx.plan.id),
        eq(recruitPlanData.category, '01'),
        ne(recruitPlanData.cityCode, ctx.demand.cityCode),
      ),
    )
    .limit(1);
  home = await applyIn(ctx.demand, '李四');
  away = await applyIn(other!, '王五');
});
afterAll(() => t.close());

type Page = {
  records: {
    id: number;
    name: string;
    planYear: string;
    planName: string;
    countyCode: string;
    idCard: string;
  }[];
  total: number;
  current: number;
  size: number;
};

describe('GET /candidate/enroll/page', () => {
  it('lists with paging, plan year and name, and filters by name', async () => {
    const all = await t.call<Page>('GET', '/candidate/enroll/page', {
      token: admin,
      query: { current: 1, size: 10 },
    });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.records[0]).toMatchObject({ planYear: ctx.plan.year, planName: ctx.plan.name });
    const byName = await t.call<Page>('GET', '/candidate/enroll/page', {
      token: admin,
      query: { name: '李' },
    });
    expect(byName.body.data.records.map((r) => r.name)).toEqual(['李四']);
    const bad = await t.call('GET', '/candidate/enroll/page', { token: admin, query: { size: 7 } });
    expect(bad.status).toBe(400);
  });

  it('narrows a county administrator to the county, and a city one to the city', async () => {
    const county = await makeAdmin(t, {
      provinceCode: ctx.demand.provinceCode,
      cityCode: ctx.demand.cityCode,
      countyCode: ctx.demand.countyCode,
    });
    const seen = await t.call<Page>('GET', '/candidate/enroll/page', { token: county });
    expect(seen.body.data.records.map((r) => r.name)).toEqual(['李四']);
    expect(seen.body.data.total).toBe(1);
    // Asking for another city's county through the filter still shows nothing outside the scope.
    const sneaky = await t.call<Page>('GET', '/candidate/enroll/page', {
      token: county,
      query: { countyCode: '520102' },
    });
    expect(sneaky.body.data.total).toBe(0);
    expect((await t.call('GET', `/candidate/enroll/${away.id}`, { token: county })).status).toBe(404);
    expect(
      (await t.secure('PUT', '/candidate/enroll', { id: away.id, phone: '13800000000' }, { token: county }))
        .status,
    ).toBe(404);
    expect((await t.call('DELETE', `/candidate/enroll/${away.id}`, { token: county })).status).toBe(404);
    const otherProvince = await makeAdmin(t, { provinceCode: '110000' });
    expect(
      (await t.call<Page>('GET', '/candidate/enroll/page', { token: otherProvince })).body.data.total,
    ).toBe(0);
  });

  it('keeps two counties apart when both ask the same search in turn (one statement, their own values)', async () => {
    const [awayRow] = await t.database.db.select().from(enroll).where(eq(enroll.id, away.id));
    const here = await makeAdmin(t, {
      provinceCode: ctx.demand.provinceCode,
      cityCode: ctx.demand.cityCode,
      countyCode: ctx.demand.countyCode,
    });
    const there = await makeAdmin(t, {
      provinceCode: awayRow!.provinceCode,
      cityCode: awayRow!.cityCode,
      countyCode: awayRow!.countyCode,
    });
    for (let round = 0; round < 3; round++) {
      for (const [token, name] of [
        [here, '李四'],
        [there, '王五'],
      ] as const) {
        const seen = await t.call<Page>('GET', '/candidate/enroll/page', {
          token,
          query: { current: 1, size: 10, planId: ctx.plan.id },
        });
        expect(seen.body.data.records.map((r) => r.name)).toEqual([name]);
        expect(seen.body.data.total).toBe(1);
      }
    }
    // The same shape with a name that only the other county holds finds nothing.
    const crossed = await t.call<Page>('GET', '/candidate/enroll/page', {
      token: here,
      query: { name: '王五' },
    });
    expect(crossed.body.data.total).toBe(0);
  });

  it('answers 401 without a token and 403 without the permission key', async () => {
    expect((await t.call('GET', '/candidate/enroll/page')).status).toBe(401);
    await t.database.db.insert(sysRole).values({ name: '无权限', code: 'nobody' });
    const nobody = await makeAdmin(t, {}, 'nobody');
    const answer = await t.call('GET', '/candidate/enroll/page', { token: nobody });
    expect(answer.status).toBe(403);
    expect(answer.body.msg).toBe('没有访问权限');
    expect((await t.call('POST', '/candidate/enroll/exportToken', { token: nobody, body: {} })).status).toBe(
      403,
    );
  });
});

describe('detail, phone edit and delete', () => {
  it("shows the detail with its photo's address, readable in the region only", async () => {
    const detail = await t.call<{ name: string; pictureUrl: string; pictureData?: string }>(
      'GET',
      `/candidate/enroll/${home.id}`,
      { token: admin },
    );
    expect(detail.body.data.name).toBe('李四');
    // docs/decisions.md "Photos by their own address": the photo is not in the JSON
    expect(detail.body.data.pictureData).toBeUndefined();
    const url = detail.body.data.pictureUrl;
    expect(url).toMatch(new RegExp(`^/candidate/enroll/photo/${home.id}/[A-Za-z0-9_-]{22}\\.jpg$`));
    const read = (token: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const mine = await read(admin);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect([...mine.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(mine.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    // a county administrator of another county reads neither the detail nor the photo
    const [awayRow] = await t.database.db.select().from(enroll).where(eq(enroll.id, away.id));
    const elsewhere = await makeAdmin(t, {
      provinceCode: awayRow!.provinceCode,
      cityCode: awayRow!.cityCode,
      countyCode: awayRow!.countyCode,
    });
    expect((await t.call('GET', `/candidate/enroll/${home.id}`, { token: elsewhere })).status).toBe(404);
    expect((await read(elsewhere)).statusCode).toBe(404);
  });

  it('edits the phone (encrypted), checking the rule', async () => {
    const bad = await t.secure('PUT', '/candidate/enroll', { id: home.id, phone: '1234' }, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('手机号码长度不是11位');
    expect(bad.body.data).toEqual({
      errors: [{ field: 'phone', label: '手机号码', message: '手机号码长度不是11位' }],
    });
    const empty = await t.secure('PUT', '/candidate/enroll', { id: home.id, phone: '' }, { token: admin });
    expect(empty.body.msg).toContain('请输入手机号');
    const good = await t.secure(
      'PUT',
      '/candidate/enroll',
      { id: home.id, phone: '13700001111' },
      { token: admin },
    );
    expect(good.status).toBe(200);
    const detail = await t.call<{ phone: string }>('GET', `/candidate/enroll/${home.id}`, { token: admin });
    expect(detail.body.data.phone).toBe('13700001111');
  });

  it('deletes in a batch only when every id is in scope', async () => {
    const extra = await applyIn(ctx.demand, '赵六');
    const county = await makeAdmin(t, {
      provinceCode: ctx.demand.provinceCode,
      cityCode: ctx.demand.cityCode,
      countyCode: ctx.demand.countyCode,
    });
    const mixed = await t.call('DELETE', '/candidate/enroll/deleteByIds', {
      token: county,
      body: { idList: [extra.id, away.id] },
    });
    expect(mixed.status).toBe(404);
    expect((await t.call('GET', `/candidate/enroll/${extra.id}`, { token: admin })).status).toBe(200);
    const mine = await t.call('DELETE', '/candidate/enroll/deleteByIds', {
      token: county,
      body: { idList: [extra.id] },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.msg).toBe('删除成功');
    expect((await t.call('GET', `/candidate/enroll/${extra.id}`, { token: admin })).status).toBe(404);
  });
});

describe('export to xlsx', () => {
  async function exportRows(token: string, filters: Record<string, unknown>) {
    const link = await t.call<{ url: string }>('POST', '/candidate/enroll/exportToken', {
      token,
      body: filters,
    });
    expect(link.status).toBe(200);
    expect(link.body.data.url).toMatch(/^\/candidate\/enroll\/export\?token=/);
    const file = await t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    return { rows, url: link.body.data.url };
  }

  it('streams the filtered rows with labels, once per link', async () => {
    const { rows, url } = await exportRows(admin, { name: '李四' });
    expect(rows[0]!.slice(0, 5)).toEqual(['计划年度', '计划名称', '报名序号', '姓名', '身份证号']);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('李四');
    expect(rows[1]).toContain('男');
    expect(rows[1]).toContain('13700001111');
    const [applied] = await t.database.db.select().from(enroll).where(eq(enroll.id, home.id));
    expect(rows[1]![2]).toBe(applied!.serialNo);
    expect(rows[1]![2]).toMatch(/^\d{15}$/);
    // The times as formatDateTime writes them (China Standard Time), made by the export's query.
    const [row] = await t.database.db.select().from(enroll).where(eq(enroll.id, home.id));
    expect(rows[1]![rows[0]!.indexOf('创建时间')]).toBe(formatDateTime(row!.createTime));
    expect(rows[1]![rows[0]!.indexOf('最后更新时间')]).toBe(formatDateTime(row!.updateTime));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(400);
  });

  it('reads the rows batch after batch, newest first, each enrolment once', async () => {
    const read = async (batch: number) => {
      const names: string[] = [];
      for await (const rows of eachEnrollExportRow(t.database.db, eq(enroll.planId, ctx.plan.id), batch))
        names.push(...rows.map((r) => r.name));
      return names;
    };
    const whole = await read(1000);
    expect(whole.indexOf('王五')).toBeLessThan(whole.indexOf('李四'));
    expect(whole.indexOf('李四')).toBeGreaterThan(0);
    expect(await read(1)).toEqual(whole);
  });

  it('keeps the export inside the holder’s region', async () => {
    const county = await makeAdmin(t, {
      provinceCode: ctx.demand.provinceCode,
      cityCode: ctx.demand.cityCode,
      countyCode: ctx.demand.countyCode,
    });
    const { rows } = await exportRows(county, {});
    expect(rows.slice(1).map((r) => r[rows[0]!.indexOf('姓名')])).toEqual(['李四']);
  });
});
