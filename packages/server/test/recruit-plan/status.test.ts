import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { recruitPlan } from '../../src/db/schema';
import { findOpenPlan } from '../../src/modules/recruit-plan/service';
import { createTestApp, type TestApp } from '../helpers';
import { createPlan, demoPlanId, insertEnrolment, placeTimeline, PLAN_URL, readPlan } from './fixtures';

let t: TestApp;
let token: string;
let demo: number;
let demoName: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  demo = await demoPlanId(t);
  demoName = (await readPlan(t, token, demo)).body.data.name;
});
afterAll(() => t.close());

const setStatus = (id: number, status: string, lang: 'zh' | 'en' = 'zh') =>
  t.call('POST', `${PLAN_URL}/updateStatus/${id}/${status}`, { token, lang });
const statusOf = async (id: number) => (await readPlan(t, token, id)).body.data.status;

/**
 * The tests of this file run in order on one database: the seeded demo plan is open at the start.
 */
describe('POST /recruit/recruitPlan/updateStatus/{id}/{status} (spec §4 Recruit plan status)', () => {
  it('starts with the seeded demo plan open, found by findOpenPlan', async () => {
    expect(await statusOf(demo)).toBe('1');
    const open = await findOpenPlan(t.database.db);
    expect(open).toMatchObject({ id: demo, status: '1', name: demoName });
    expect(open!.enrollStartTime).toMatch(/Z$/);
  });

  it('refuses a second open plan with 409 naming the open one', async () => {
    const id = await createPlan(t, token);
    const answer = await setStatus(id, '1');
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      code: 409,
      msg: `已有发布中的招聘计划“${demoName}”，请先结束它`,
      data: null,
    });
    expect(await statusOf(id)).toBe('0');
    const en = await setStatus(id, '1', 'en');
    expect(en.body.msg).toBe(`The recruit plan "${demoName}" is already open; close it first`);
  });

  it('refuses transitions outside 0→1, 1→0, 1→2, 2→1 with 400 and translated labels', async () => {
    const id = await createPlan(t, token);
    const answer = await setStatus(id, '2');
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('招聘计划不能从“未发布”变更为“已结束”');
    const en = await setStatus(id, '2', 'en');
    expect(en.body.msg).toBe('A recruit plan cannot change from "Unpublished" to "Closed"');
    const same = await setStatus(id, '0');
    expect(same.status).toBe(400);
    expect(same.body.msg).toBe('招聘计划不能从“未发布”变更为“未发布”');
    expect(await statusOf(id)).toBe('0');
  });

  it('answers 400 for an unknown status code and 404 for an unknown plan', async () => {
    const id = await createPlan(t, token);
    const bad = await setStatus(id, '9');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('状态的取值无效');
    const missing = await setStatus(999999, '1');
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('请求的资源不存在');
  });

  it('closes the open plan (1→2) after its last stage, then opens another (0→1), then refuses reopening the first', async () => {
    // Closing is archiving: only after the list publication (planArchivable; archive.test.ts).
    await placeTimeline(t, demo, 'listPublishedEndTime', new Date(Date.now() - 60_000));
    const closed = await setStatus(demo, '2');
    expect(closed.status).toBe(200);
    expect(closed.body.msg).toBe('操作成功');
    expect(await statusOf(demo)).toBe('2');
    expect(await findOpenPlan(t.database.db)).toBeNull();

    const id = await createPlan(t, token, { name: '新一轮招聘计划' });
    expect((await setStatus(id, '1')).status).toBe(200);
    expect(await statusOf(id)).toBe('1');
    expect((await findOpenPlan(t.database.db))!.id).toBe(id);

    const reopen = await setStatus(demo, '1');
    expect(reopen.status).toBe(409);
    expect(reopen.body.msg).toBe('已有发布中的招聘计划“新一轮招聘计划”，请先结束它');

    // Withdraw (1→0, no enrolments), then the closed demo plan may reopen (2→1).
    expect((await setStatus(id, '0')).status).toBe(200);
    expect(await statusOf(id)).toBe('0');
    expect((await setStatus(demo, '1')).status).toBe(200);
    expect(await statusOf(demo)).toBe('1');
  });

  it('refuses to withdraw (1→0) an open plan with enrolments with 409, but lets it close', async () => {
    await insertEnrolment(t, demo);
    const answer = await setStatus(demo, '0');
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe('该计划已有报名记录，不能撤回为未发布');
    expect(await statusOf(demo)).toBe('1');
    const en = await setStatus(demo, '0', 'en');
    expect(en.body.msg).toBe('This plan has enrolments and cannot return to unpublished');
    expect((await setStatus(demo, '2')).status).toBe(200);
  });

  it('lets only one of two concurrent publishes succeed', async () => {
    expect(await findOpenPlan(t.database.db)).toBeNull();
    for (let round = 0; round < 5; round++) {
      const a = await createPlan(t, token, { name: `并发计划A${round}` });
      const b = await createPlan(t, token, { name: `并发计划B${round}` });
      const answers = await Promise.all([setStatus(a, '1'), setStatus(b, '1')]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
      const open = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.status, '1'));
      expect(open).toHaveLength(1);
      await setStatus(open[0]!.id, '0');
    }
  });
});
