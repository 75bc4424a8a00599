import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith, createPlan, PLAN_URL } from '../recruit-plan/fixtures';
import { ageLogs, allOperLogs, operLogsWhere, settle } from './fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t.close());

describe('operation log (every mutating back-office call is logged)', () => {
  it('logs a plan create with the decrypted, masked payload, operator, ip, module, type and cost', async () => {
    const id = await createPlan(t, token, { name: '审计测试计划' });
    const [row] = await operLogsWhere(t, (r) => r.url === PLAN_URL && r.method === 'POST');
    expect(row).toMatchObject({
      module: 'recruit/recruitPlan',
      businessType: '1',
      method: 'POST',
      url: PLAN_URL,
      operatorName: 'admin',
      status: 0,
      errorMsg: null,
    });
    expect(row!.operatorId).toBeGreaterThan(0);
    expect(row!.ip).toBeTruthy();
    expect(row!.costMs).toBeGreaterThanOrEqual(0);
    const params = JSON.parse(row!.params!) as { body: Record<string, unknown> };
    expect(params.body.name).toBe('审计测试计划');
    expect(params.body.customerServicePhone).toBe('0851-88886666');
    expect(id).toBeGreaterThan(0);
  });

  it('logs a delete (type 3) and masks secret keys at any depth', async () => {
    const id = await createPlan(t, token);
    const answer = await t.call('DELETE', `${PLAN_URL}/${id}`, {
      token,
      query: { token: 'leak-me', password: 'x' },
    });
    expect(answer.status).toBe(200);
    const [row] = await operLogsWhere(t, (r) => r.url === `${PLAN_URL}/${id}`);
    expect(row).toMatchObject({ businessType: '3', method: 'DELETE', status: 0 });
    expect(row!.url).not.toContain('?');
    expect(row!.params).not.toContain('leak-me');
    const params = JSON.parse(row!.params!) as { params: { id: number }; query: Record<string, string> };
    expect(params.params.id).toBe(id);
    expect(params.query).toEqual({ token: '******', password: '******' });
  });

  it('masks password fields of an encrypted call (lock password)', async () => {
    const other = await t.adminToken();
    const answer = await t.secure('POST', '/auth/lock', { password: 'MySecret#1' }, { token: other });
    expect(answer.status).toBe(200);
    const [row] = await operLogsWhere(t, (r) => r.url === '/auth/lock');
    expect(row!.params).toContain('******');
    expect(row!.params).not.toContain('MySecret#1');
  });

  it('logs failures with status 1 and the error message', async () => {
    const answer = await t.call('DELETE', `${PLAN_URL}/999999`, { token });
    expect(answer.status).toBe(404);
    const [row] = await operLogsWhere(t, (r) => r.url === `${PLAN_URL}/999999`);
    expect(row).toMatchObject({ status: 1, errorMsg: '请求的资源不存在' });
  });

  it('does not log GET calls, */list POSTs, anonymous calls or logins', async () => {
    await settle();
    const before = (await allOperLogs(t)).length;
    await t.call('GET', `${PLAN_URL}/page`, { token });
    await t.call('POST', '/log/operlog/list', { token, body: {} });
    await t.call('POST', '/log/loginlog/list', { token, body: {} });
    await t.call('DELETE', `${PLAN_URL}/1`);
    await t.adminToken();
    await settle();
    expect((await allOperLogs(t)).length).toBe(before);
  });

  it('POST /log/operlog/list pages and filters; GET {id} answers one entry', async () => {
    await createPlan(t, token);
    await operLogsWhere(t, () => true, 2);
    const all = await t.call<{ records: { id: number; businessType: string }[]; total: number }>(
      'POST',
      '/log/operlog/list',
      { token, body: { current: 1, size: 10 } },
    );
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(2);
    const adds = await t.call<{ records: { businessType: string; businessTypeLabel: string }[] }>(
      'POST',
      '/log/operlog/list',
      { token, body: { businessType: '1', module: 'recruitPlan', operatorName: 'adm', status: 0 } },
    );
    expect(adds.body.data.records.length).toBeGreaterThan(0);
    expect(
      adds.body.data.records.every((r) => r.businessType === '1' && r.businessTypeLabel === '新增'),
    ).toBe(true);
    const future = await t.call<{ total: number }>('POST', '/log/operlog/list', {
      token,
      body: { beginTime: '2099-01-01 00:00:00' },
    });
    expect(future.body.data.total).toBe(0);
    const bad = await t.call('POST', '/log/operlog/list', { token, body: { size: 7 } });
    expect(bad.status).toBe(400);
    const one = await t.call<{ id: number }>('GET', `/log/operlog/${all.body.data.records[0]!.id}`, {
      token,
    });
    expect(one.body.data.id).toBe(all.body.data.records[0]!.id);
    expect((await t.call('GET', '/log/operlog/999999', { token })).status).toBe(404);
  });

  it('GET /log/operlog/listBusinessType answers translated options', async () => {
    const zh = await t.call<{ value: string; label: string }[]>('GET', '/log/operlog/listBusinessType', {
      token,
    });
    expect(zh.body.data).toContainEqual({ value: '3', label: '删除' });
    const en = await t.call<{ value: string; label: string }[]>('GET', '/log/operlog/listBusinessType', {
      token,
      lang: 'en',
    });
    expect(en.body.data).toContainEqual({ value: '3', label: 'Delete' });
  });

  it('deleteByIds and clean remove entries; a user without the keys gets 403', async () => {
    const rows = await operLogsWhere(t, () => true, 1);
    // Entries past the retention (docs/security.md "Trails"; young ones: retention.test.ts).
    await settle();
    await ageLogs(t);
    const del = await t.call('DELETE', '/log/operlog/deleteByIds', {
      token,
      body: { idList: [rows[0]!.id] },
    });
    expect(del.body).toEqual({ code: 200, msg: '删除成功', data: null });
    const nobody = await adminWith(t, []);
    expect((await t.call('POST', '/log/operlog/list', { token: nobody, body: {} })).status).toBe(403);
    expect((await t.call('DELETE', '/log/operlog/clean', { token: nobody })).status).toBe(403);
    await settle();
    await ageLogs(t);
    const clean = await t.call('DELETE', '/log/operlog/clean', { token });
    expect(clean.status).toBe(200);
    await settle();
    // Only the clean call itself remains.
    const left = await allOperLogs(t);
    expect(left.map((r) => r.url)).toEqual(['/log/operlog/clean']);
  });
});
