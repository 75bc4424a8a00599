import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { instruction, recruitPlan, recruitPlanData } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { createPlan, demoPlanId, insertEnrolment, PLAN_URL, planCount } from './fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t.close());

const exists = async (ids: number[]) =>
  (await t.database.db.select({ id: recruitPlan.id }).from(recruitPlan).where(inArray(recruitPlan.id, ids)))
    .map((r) => r.id)
    .sort((a, b) => a - b);

describe('DELETE /recruit/recruitPlan/{id} (spec §2: only status 0 rows are deletable)', () => {
  it('deletes an unpublished plan with its plan data and instructions, answering 删除成功', async () => {
    const id = await createPlan(t, token);
    const db = t.database.db;
    await db.insert(recruitPlanData).values({
      planId: id,
      provinceCode: '520000',
      cityCode: '520100',
      countyCode: '520102',
      category: '01',
      learningPeriod: '02',
      subject: '01',
      demandNumber: 3,
    });
    await db.insert(instruction).values({ planId: id, type: '1', context: '<p>须知</p>' });
    const answer = await t.call('DELETE', `${PLAN_URL}/${id}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: 200, msg: '删除成功', data: null });
    expect(await exists([id])).toEqual([]);
    expect(await db.select().from(recruitPlanData).where(eq(recruitPlanData.planId, id))).toEqual([]);
    expect(await db.select().from(instruction).where(eq(instruction.planId, id))).toEqual([]);
  });

  it('refuses the open plan (status 1) and a closed one (status 2) with 400', async () => {
    const demo = await demoPlanId(t);
    const open = await t.call('DELETE', `${PLAN_URL}/${demo}`, { token });
    expect(open.status).toBe(400);
    expect(open.body).toEqual({ code: 400, msg: '只能删除未发布的招聘计划', data: null });
    const closed = await createPlan(t, token);
    await t.database.db.update(recruitPlan).set({ status: '2' }).where(eq(recruitPlan.id, closed));
    const answer = await t.call('DELETE', `${PLAN_URL}/${closed}`, { token, lang: 'en' });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('Only unpublished recruit plans can be deleted');
    expect(await exists([demo, closed])).toEqual([demo, closed].sort((a, b) => a - b));
  });

  it('answers 404 for an unknown plan', async () => {
    const answer = await t.call('DELETE', `${PLAN_URL}/999999`, { token });
    expect(answer.status).toBe(404);
    expect(answer.body.msg).toBe('请求的资源不存在');
  });

  it('refuses (409) an unpublished plan that somehow holds enrolments, deleting nothing', async () => {
    const id = await createPlan(t, token);
    await insertEnrolment(t, id);
    const answer = await t.call('DELETE', `${PLAN_URL}/${id}`, { token });
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe('该招聘计划已有报名等业务数据，不能删除');
    expect(await exists([id])).toEqual([id]);
  });
});

describe('DELETE /recruit/recruitPlan/deleteByIds {idList}', () => {
  it('deletes several unpublished plans at once', async () => {
    const ids = [await createPlan(t, token), await createPlan(t, token), await createPlan(t, token)];
    const answer = await t.call('DELETE', `${PLAN_URL}/deleteByIds`, { token, body: { idList: ids } });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe('删除成功');
    expect(await exists(ids)).toEqual([]);
  });

  it('deletes nothing when one id is not unpublished (one transaction)', async () => {
    const drafts = [await createPlan(t, token), await createPlan(t, token)];
    const before = await planCount(t);
    const answer = await t.call('DELETE', `${PLAN_URL}/deleteByIds`, {
      token,
      body: { idList: [...drafts, await demoPlanId(t)] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('只能删除未发布的招聘计划');
    expect(await exists(drafts)).toEqual(drafts);
    expect(await planCount(t)).toBe(before);
  });

  it('deletes nothing when one id does not exist (404)', async () => {
    const drafts = [await createPlan(t, token)];
    const answer = await t.call('DELETE', `${PLAN_URL}/deleteByIds`, {
      token,
      body: { idList: [...drafts, 999999] },
    });
    expect(answer.status).toBe(404);
    expect(await exists(drafts)).toEqual(drafts);
  });

  it('accepts a repeated id, and refuses an empty or missing idList with 400', async () => {
    const id = await createPlan(t, token);
    const repeated = await t.call('DELETE', `${PLAN_URL}/deleteByIds`, { token, body: { idList: [id, id] } });
    expect(repeated.status).toBe(200);
    const empty = await t.call('DELETE', `${PLAN_URL}/deleteByIds`, { token, body: { idList: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('所选记录不能为空');
    const missing = await t.call('DELETE', `${PLAN_URL}/deleteByIds`, { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('所选记录不能为空');
  });
});
