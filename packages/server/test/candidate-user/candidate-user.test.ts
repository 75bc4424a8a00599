import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type CandidateAccount, type Page } from '@tegang/domain';
import { authSession, candidateUser } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { applyToOpenPlan, makeAdmin, makeCandidate } from '../enroll/fixtures';
import { adminWith } from '../recruit-plan/fixtures';

/**
 * Candidate accounts in the back office (spec §2 "Registered personnel", "Candidate user state list"):
 * masked lists and search, disabling with a reason (login refused with it, sessions ended), enabling,
 * the phone edit, deletion refused after an application, access keys and region scope.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const STATE = '/candidate/candidateUser';
const PEOPLE = '/candidate/registeredPersonnel';
const PASSWORD = 'Cand1!pass';

async function candidateRow(id: number) {
  const [row] = await t.database.db.select().from(candidateUser).where(eq(candidateUser.id, id));
  return row!;
}
const candidateLogin = async (userName: string, lang: 'zh' | 'en' = 'zh') =>
  t.secure<string>('POST', '/api/auth/login', { userName, password: PASSWORD }, { lang });
const sessionCount = async (id: number) =>
  (await t.database.db.select().from(authSession).where(eq(authSession.subjectId, id))).filter(
    (s) => s.kind === 'candidate',
  ).length;

describe('lists', () => {
  it('masks ID numbers and searches by name, ID number, phone and state', async () => {
    const c = await makeCandidate(t);
    const row = await candidateRow(c.id);
    for (const url of [`${STATE}/page`, `${PEOPLE}/page`]) {
      const answer = await t.call<Page<CandidateAccount>>('GET', url, {
        token: admin,
        query: { idCard: c.idCard, size: 10 },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data.total).toBe(1);
      const record = answer.body.data.records[0]!;
      expect(record.id).toBe(c.id);
      expect(record.idCard).toBe(`${c.idCard.slice(0, 6)}********${c.idCard.slice(-4)}`);
      expect(record).not.toHaveProperty('passwordHash');
      const byPhone = await t.call<Page<CandidateAccount>>('GET', url, {
        token: admin,
        query: { telephone: row.telephone, realName: '张', state: '0' },
      });
      expect(byPhone.body.data.records.map((r) => r.id)).toContain(c.id);
      const disabledOnly = await t.call<Page<CandidateAccount>>('GET', url, {
        token: admin,
        query: { idCard: c.idCard, state: '1' },
      });
      expect(disabledOnly.body.data.total).toBe(0);
    }
    const bad = await t.call('GET', `${STATE}/page`, { token: admin, query: { state: '7' } });
    expect(bad.status).toBe(400);
  });

  it('answers the state options in both languages', async () => {
    const zh = await t.call('GET', `${STATE}/getUserState`, { token: admin });
    expect(zh.body.data).toEqual([
      { value: '0', label: '正常' },
      { value: '1', label: '停用' },
    ]);
    const en = await t.call('GET', `${STATE}/getUserState`, { token: admin, lang: 'en' });
    expect(en.body.data).toEqual([
      { value: '0', label: 'Active' },
      { value: '1', label: 'Disabled' },
    ]);
  });

  it('searches registered personnel by the region applied to and shows the whole ID number in the detail', async () => {
    const { candidate, ctx } = await applyToOpenPlan(t);
    const page = await t.call<Page<CandidateAccount>>('GET', `${PEOPLE}/page`, {
      token: admin,
      query: { countyCode: ctx.demand.countyCode, idCard: candidate.idCard },
    });
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.records[0]!.regions[0]).toMatchObject({ countyCode: ctx.demand.countyCode });
    const elsewhere = await t.call<Page<CandidateAccount>>('GET', `${PEOPLE}/page`, {
      token: admin,
      query: { countyCode: '000000', idCard: candidate.idCard },
    });
    expect(elsewhere.body.data.total).toBe(0);
    const detail = await t.call<CandidateAccount>('GET', `${PEOPLE}/${candidate.id}`, { token: admin });
    expect(detail.status).toBe(200);
    expect(detail.body.data.idCard).toBe(candidate.idCard);
  });
});

describe('state', () => {
  it('disables with a reason: the sessions end and the login tells the reason; enabling restores it', async () => {
    const c = await makeCandidate(t);
    const { userName } = await candidateRow(c.id);
    expect(await sessionCount(c.id)).toBe(1);
    const off = await t.call('POST', `${STATE}/updateState/${c.id}`, {
      token: admin,
      body: { state: '1', reason: '信息不实' },
    });
    expect(off.status).toBe(200);
    expect(await sessionCount(c.id)).toBe(0);
    expect((await t.call('GET', '/api/auth/getInfo', { candidateToken: c.token })).status).toBe(401);
    const refused = await candidateLogin(userName);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('账号已停用，原因：信息不实。如有疑问请联系管理员');
    const refusedEn = await candidateLogin(userName, 'en');
    expect(refusedEn.body.msg).toContain('信息不实');
    expect(refusedEn.body.msg).toMatch(/^The account is disabled/);

    const on = await t.call('POST', `${STATE}/updateState/${c.id}`, { token: admin, body: { state: '0' } });
    expect(on.status).toBe(200);
    expect((await candidateRow(c.id)).stateReason).toBeNull();
    const back = await candidateLogin(userName);
    expect(back.status).toBe(200);
  });

  it('refuses to disable without a reason or with a reason over 200 characters', async () => {
    const c = await makeCandidate(t);
    const none = await t.call('POST', `${STATE}/updateState/${c.id}`, { token: admin, body: { state: '1' } });
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('请填写停用原因');
    const blank = await t.call('POST', `${STATE}/updateState/${c.id}`, {
      token: admin,
      body: { state: '1', reason: '   ' },
      lang: 'en',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toContain('Please give the reason');
    const long = await t.call('POST', `${STATE}/updateState/${c.id}`, {
      token: admin,
      body: { state: '1', reason: '长'.repeat(201) },
    });
    expect(long.status).toBe(400);
    expect(long.body.msg).toContain('停用原因');
    expect((await candidateRow(c.id)).state).toBe('0');
    expect(
      (await t.call('POST', `${STATE}/updateState/999999`, { token: admin, body: { state: '0' } })).status,
    ).toBe(404);
  });
});

describe('registered personnel changes', () => {
  it('edits the phone only (encrypted) and answers 409 for a phone another account holds', async () => {
    const a = await makeCandidate(t);
    const b = await makeCandidate(t);
    const before = await candidateRow(a.id);
    const phone = `137${String(a.id).padStart(8, '0')}`;
    const saved = await t.secure(
      'PUT',
      PEOPLE,
      { id: a.id, telephone: phone, realName: '李四' },
      { token: admin },
    );
    expect(saved.status).toBe(200);
    const after = await candidateRow(a.id);
    expect(after.telephone).toBe(phone);
    expect(after.realName).toBe(before.realName);
    expect(after.idCard).toBe(before.idCard);
    const taken = await t.secure('PUT', PEOPLE, { id: b.id, telephone: phone }, { token: admin });
    expect(taken.status).toBe(409);
    const bad = await t.secure('PUT', PEOPLE, { id: b.id, telephone: '12345' }, { token: admin });
    expect(bad.status).toBe(400);
    const plain = await t.call('PUT', PEOPLE, { token: admin, body: { id: b.id, telephone: phone } });
    expect(plain.status).toBe(400);
  });

  it('deletes an account that never applied with its sessions, and refuses one that applied', async () => {
    const c = await makeCandidate(t);
    const { candidate } = await applyToOpenPlan(t);
    const refused = await t.call('DELETE', `${PEOPLE}/${candidate.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('考生已报名，不能删除');
    const batch = await t.call('DELETE', `${PEOPLE}/deleteByIds`, {
      token: admin,
      body: { idList: [c.id, candidate.id] },
    });
    expect(batch.status).toBe(409);
    expect(await candidateRow(c.id)).toBeDefined();
    const done = await t.call('DELETE', `${PEOPLE}/deleteByIds`, { token: admin, body: { idList: [c.id] } });
    expect(done.status).toBe(200);
    const [gone] = await t.database.db.select().from(candidateUser).where(eq(candidateUser.id, c.id));
    expect(gone).toBeUndefined();
    expect(await sessionCount(c.id)).toBe(0);
  });
});

describe('access and region scope', () => {
  it('answers 403 without the keys, but serves the state options', async () => {
    const none = await adminWith(t, []);
    const routes: [string, string, unknown?][] = [
      ['GET', `${STATE}/page`],
      ['POST', `${STATE}/updateState/1`, { state: '0' }],
      ['GET', `${PEOPLE}/page`],
      ['GET', `${PEOPLE}/1`],
      ['PUT', PEOPLE, {}],
      ['DELETE', `${PEOPLE}/1`],
      ['DELETE', `${PEOPLE}/deleteByIds`, { idList: [1] }],
    ];
    for (const [method, url, body] of routes)
      expect([method, url, (await t.call(method, url, { token: none, body })).status]).toEqual([
        method,
        url,
        403,
      ]);
    expect((await t.call('GET', `${STATE}/getUserState`, { token: none })).status).toBe(200);
    const lister = await adminWith(t, [PERMISSIONS.candidateUserState.list]);
    expect((await t.call('GET', `${STATE}/page`, { token: lister })).status).toBe(200);
    expect(
      (await t.call('POST', `${STATE}/updateState/1`, { token: lister, body: { state: '0' } })).status,
    ).toBe(403);
    expect((await t.call('GET', `${PEOPLE}/page`, { token: lister })).status).toBe(403);
  });

  it('narrows a county administrator to candidates who applied there; a province one sees all', async () => {
    const { candidate, ctx } = await applyToOpenPlan(t);
    const loner = await makeCandidate(t);
    const here = await makeAdmin(t, {
      provinceCode: '520000',
      cityCode: ctx.demand.cityCode,
      countyCode: ctx.demand.countyCode,
    });
    const there = await makeAdmin(t, {
      provinceCode: '520000',
      cityCode: ctx.demand.cityCode,
      countyCode: '000000',
    });
    const province = await makeAdmin(t, { provinceCode: '520000' });
    const ids = async (token: string, url: string) =>
      (
        await t.call<Page<CandidateAccount>>('GET', url, { token, query: { size: 100 } })
      ).body.data.records.map((r) => r.id);
    for (const url of [`${STATE}/page`, `${PEOPLE}/page`]) {
      expect(await ids(here, url)).toContain(candidate.id);
      expect(await ids(here, url)).not.toContain(loner.id);
      expect(await ids(there, url)).not.toContain(candidate.id);
      expect(await ids(province, url)).toEqual(expect.arrayContaining([candidate.id, loner.id]));
    }
    expect((await t.call('GET', `${PEOPLE}/${candidate.id}`, { token: here })).status).toBe(200);
    expect((await t.call('GET', `${PEOPLE}/${candidate.id}`, { token: there })).status).toBe(404);
    expect((await t.call('GET', `${PEOPLE}/${loner.id}`, { token: here })).status).toBe(404);
    expect((await t.call('GET', `${PEOPLE}/${loner.id}`, { token: province })).status).toBe(200);
    const off = await t.call('POST', `${STATE}/updateState/${candidate.id}`, {
      token: there,
      body: { state: '1', reason: '越权' },
    });
    expect(off.status).toBe(404);
    expect((await candidateRow(candidate.id)).state).toBe('0');
    expect(
      (await t.secure('PUT', PEOPLE, { id: loner.id, telephone: '13600000001' }, { token: here })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `${PEOPLE}/${loner.id}`, { token: here })).status).toBe(404);
  });
});
