import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { candidateUser, enroll, recruitPlan } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { applicationFields, idCard, makeCandidate, multipart, openPlanAndDemand, photo } from './fixtures';

/**
 * The candidate side of the plan's limits: age limits per education (birthLimits, checked on apply and shown by
 * checkCanCandidate), the name taken from the account, and the application kept reachable after the
 * plan closes.
 */
let t: TestApp;
let ctx: Awaited<ReturnType<typeof openPlanAndDemand>>;
beforeAll(async () => {
  t = await createTestApp();
  ctx = await openPlanAndDemand(t);
});
afterAll(() => t.close());

const send = async (
  token: string,
  fields: Record<string, string>,
  method: 'POST' | 'PUT' = 'POST',
  lang = 'zh',
) => {
  const { body, headers } = multipart(fields, method === 'POST' ? { data: await photo() } : undefined);
  const raw = await t.app.inject({
    method,
    url: '/api/apply',
    payload: body,
    headers: { ...headers, 'user-authorization': `Bearer ${token}`, 'accept-language': lang },
  });
  return { status: raw.statusCode, body: raw.json() as { code: number; msg: string; data: any } };
};
const status = async (token: string) =>
  (await t.call<any>('GET', '/api/recruitPlan/checkCanCandidate', { candidateToken: token })).body.data;

describe('age limits per education (birthLimits)', () => {
  it('the seeded plan allows master graduates born from 1991, others from 1996; checkCanCandidate lists both', async () => {
    expect(ctx.plan.limitBirth).toBe('1996-01-01');
    expect(ctx.plan.birthLimits).toMatchObject({ '14': '1991-01-01' });
    const c = await makeCandidate(t);
    const answer = await status(c.token);
    expect(answer.limitBirth).toBe('1996-01-01');
    expect(answer.birthLimits).toMatchObject({ '14': '1991-01-01' });
  });

  it("accepts a master's graduate born in 1992", async () => {
    const c = await makeCandidate(t, { idCard: idCard('19920615', '131') });
    // Category 01 admits 14 (硕士研究生) in the seeded mapping.
    const answer = await send(c.token, applicationFields(ctx.plan.id, c.idCard, ctx.demand, '14'));
    expect(answer.status).toBe(200);
  });

  it('refuses a bachelor born in 1992 with the message naming the date', async () => {
    const c = await makeCandidate(t, { idCard: idCard('19920615', '133') });
    const answer = await send(c.token, applicationFields(ctx.plan.id, c.idCard, ctx.demand, '21'));
    expect(answer.status).toBe(400);
    expect(answer.body.data.errors[0]).toMatchObject({ field: 'idCard' });
    expect(answer.body.msg).toContain('1996-01-01');
  });

  it("refuses a master's graduate born in 1990, naming the education and its own date (zh and en)", async () => {
    const c = await makeCandidate(t, { idCard: idCard('19900615', '135') });
    const fields = applicationFields(ctx.plan.id, c.idCard, ctx.demand, '14');
    const zh = await send(c.token, fields);
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toContain('硕士研究生');
    expect(zh.body.msg).toContain('1991-01-01');
    const en = await send(c.token, fields, 'POST', 'en');
    expect(en.body.msg).toContain("Master's degree programme graduate");
    expect(en.body.msg).toContain('born on or after 1991-01-01');
  });
});

describe('the name comes from the account', () => {
  it('stores the real name of the account whatever name is posted (apply and edit)', async () => {
    const c = await makeCandidate(t);
    const [account] = await t.database.db
      .select({ realName: candidateUser.realName })
      .from(candidateUser)
      .where(eq(candidateUser.id, c.id));
    const fields = { ...applicationFields(ctx.plan.id, c.idCard, ctx.demand, ctx.education), name: '李四' };
    const applied = await send(c.token, fields);
    expect(applied.status).toBe(200);
    const stored = async () =>
      (
        await t.database.db
          .select({ name: enroll.name })
          .from(enroll)
          .where(eq(enroll.id, applied.body.data.id))
      )[0]!.name;
    expect(await stored()).toBe(account!.realName);
    const edited = await send(c.token, { ...fields, name: '王五' }, 'PUT');
    expect(edited.status).toBe(200);
    expect(await stored()).toBe(account!.realName);
    // Even an empty posted name is no error: the account's name is used.
    expect((await send(c.token, { ...fields, name: '' }, 'PUT')).status).toBe(200);
  });
});

describe('closing the plan keeps the application reachable (last: it closes the seeded plan)', () => {
  it('status, read-back and the form download still work; editing is refused with the closed-window message', async () => {
    const applicant = await makeCandidate(t);
    const fields = applicationFields(ctx.plan.id, applicant.idCard, ctx.demand, ctx.education);
    const applied = await send(applicant.token, fields);
    expect(applied.status).toBe(200);
    const id = applied.body.data.id as number;
    const bystander = await makeCandidate(t);

    await t.database.db.update(recruitPlan).set({ status: '2' }).where(eq(recruitPlan.id, ctx.plan.id));

    const mine = await status(applicant.token);
    expect(mine).toMatchObject({ canCandidate: false, planId: ctx.plan.id, plan: { id: ctx.plan.id } });
    expect(mine.message).toContain('网上报名已于');
    const flag = await t.call<string>('GET', `/api/apply/${ctx.plan.id}`, {
      candidateToken: applicant.token,
    });
    expect(flag.body.data).toBe('1');
    const own = await t.call<any>('GET', `/api/enroll/getEnrollByPlanId/${ctx.plan.id}`, {
      candidateToken: applicant.token,
    });
    expect(own.body.data).toMatchObject({ id, auditStatus: expect.any(String) });

    const link = await t.call<{ url: string }>('GET', `/api/enroll/downloadToken/${id}`, {
      candidateToken: applicant.token,
    });
    expect(link.status).toBe(200);
    const pdf = await t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const edit = await send(applicant.token, fields, 'PUT');
    expect(edit.status).toBe(400);
    expect(edit.body.msg).toContain('网上报名已于');

    // No enrolment, no open plan: nothing to show (the web goes to /web/not_enroll).
    const other = await status(bystander.token);
    expect(other).toMatchObject({ canCandidate: false, planId: null, plan: null, birthLimits: {} });
  });
});
