import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatDateTime, type CanCandidate, type CandidateResult, type MyEnroll } from '@tegang/domain';
import { admissionResult, recruitPlan } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { enrolment, NANMING } from '../admission-result/fixtures';
import { makeCandidate } from '../enroll/fixtures';
import { createPlan, demoPlanId, placeTimeline, PLAN_URL } from './fixtures';

/**
 * 已结束 is archiving (spec §4 "Recruit plan status", domain planArchivable): the server refuses it
 * while a stage of the plan's timeline is open or to come, naming the stage, its end and the
 * enrolments it would hide; an archived plan stays its candidates' plan (checkCanCandidate) while no
 * other plan is open, and its results stay readable by its id. One database, tests in order; the seeded demo plan is open at the start.
 */
let t: TestApp;
let admin: string;
let demo: number;
let a: Awaited<ReturnType<typeof enrolment>>;
let b: Awaited<ReturnType<typeof enrolment>>;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  demo = await demoPlanId(t);
  a = await enrolment(t, demo, NANMING, '李明');
  b = await enrolment(t, demo, NANMING, '王芳');
  await t.database.db.insert(admissionResult).values({
    planId: demo,
    enrollId: a.enrollId,
    writeExamScore: '85.50',
    examTotalScore: '86.75',
    officeSchool: '南明区第一小学',
    admissionCounty: '520102',
    admissionStatus: '1',
  });
}, 60_000);
afterAll(() => t?.close());

const close = (id: number, lang: 'zh' | 'en' = 'zh') =>
  t.call<any>('POST', `${PLAN_URL}/updateStatus/${id}/2`, { token: admin, lang });
const statusOf = async (id: number) =>
  (await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.id, id)))[0]!.status;
const can = async (token: string) =>
  (await t.call<CanCandidate>('GET', '/api/recruitPlan/checkCanCandidate', { candidateToken: token })).body
    .data;
const result = (token: string, planId: number) =>
  t.call<CandidateResult>('GET', `/api/admissionResults/getAdmissionResultsByPlanId/${planId}`, {
    candidateToken: token,
  });

describe('closing (archiving) a plan whose cycle still runs', () => {
  it('is refused inside the score-query window, naming it, its end, the last stage and the count', async () => {
    const times = await placeTimeline(t, demo, 'scoreQueryStartTime', new Date(Date.now() - HOUR));
    const answer = await close(demo);
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe(
      `招聘计划“${(await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.id, demo)))[0]!.name}”的成绩查询时间（至 ${formatDateTime(times.scoreQueryEndTime)}）尚未结束，现在结束会使本计划的 2 名报名考生看不到报名表、准考证和录取结果；请在全部阶段结束（${formatDateTime(times.listPublishedEndTime)}）后再结束该计划`,
    );
    expect(answer.body.data).toEqual({
      phase: 'scoreQuery',
      open: true,
      end: times.scoreQueryEndTime.toISOString(),
      archivableFrom: times.listPublishedEndTime.toISOString(),
      enrolments: 2,
    });
    const en = await close(demo, 'en');
    expect(en.body.msg).toContain('The stage "Score query" of the recruit plan');
    expect(en.body.msg).toContain('from its 2 enrolled candidates');
    expect(await statusOf(demo)).toBe('1');
  });

  it('is refused inside the ticket print window and between stages (naming the coming one)', async () => {
    await placeTimeline(t, demo, 'ticketPrintStartTime', new Date(Date.now() - HOUR));
    const ticket = await close(demo);
    expect([ticket.status, ticket.body.data.phase, ticket.body.data.open]).toEqual([
      400,
      'ticketPrint',
      true,
    ]);
    expect(ticket.body.msg).toContain('准考证打印时间');
    // After the exam, before the score query opens.
    await placeTimeline(t, demo, 'examEndTime', new Date(Date.now() - HOUR));
    const waiting = await close(demo);
    expect([waiting.status, waiting.body.data.phase, waiting.body.data.open]).toEqual([
      400,
      'scoreQuery',
      false,
    ]);
    // During the last stage, the list publication.
    await placeTimeline(t, demo, 'listPublishedStartTime', new Date(Date.now() - HOUR));
    expect((await close(demo)).body.data.phase).toBe('listPublished');
    expect(await statusOf(demo)).toBe('1');
  });
});

describe('an archived plan and its candidates', () => {
  it('closes once every stage has ended', async () => {
    await placeTimeline(t, demo, 'listPublishedEndTime', new Date(Date.now() - HOUR));
    const answer = await close(demo);
    expect(answer.status).toBe(200);
    expect(await statusOf(demo)).toBe('2');
  });

  it("stays the plan of its candidates' pages, read-only, even beside a later closed plan", async () => {
    // A later closed plan the candidates did not apply to (once picked as "the latest closed plan").
    const [row] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.id, demo));
    const { id: _id, ...copy } = row!;
    const later = new Date(row!.enrollEndTime.getTime() + 24 * HOUR);
    await t.database.db
      .insert(recruitPlan)
      .values({ ...copy, name: `${copy.name}（后一轮）`, enrollEndTime: later, status: '2' });

    const state = await can(a.token);
    expect(state.planId).toBe(demo);
    expect(state.canCandidate).toBe(false);
    expect(state.message).toContain('网上报名已于');
    expect(state.plan?.id).toBe(demo);
    const mine = await result(a.token, demo);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ planId: demo, name: a.name, examTotalScore: '86.75' });
    expect((await result(b.token, demo)).status).toBe(404);
    const applyFlag = await t.call('GET', `/api/apply/${demo}`, { candidateToken: a.token });
    expect(String(applyFlag.body.data)).toBe('1');

    // A candidate who applied to no plan still sees none.
    const stranger = await makeCandidate(t);
    expect((await can(stranger.token)).planId).toBeNull();
  });

  it('gives way to a new open plan, whose answer it is; its own pages stay reachable by its id', async () => {
    const next = await createPlan(t, admin, { name: '下一轮招聘计划' });
    expect((await t.call('POST', `${PLAN_URL}/updateStatus/${next}/1`, { token: admin })).status).toBe(200);
    // The open plan is the front-site plan: the candidate may apply to it.
    expect((await can(a.token)).planId).toBe(next);
    // Archived while a stage still runs (dates moved later): the open plan stays the answer, and the
    // archived plan's results are read by its own id, listed among her applications.
    await placeTimeline(t, demo, 'scoreQueryStartTime', new Date(Date.now() - HOUR));
    expect((await can(a.token)).planId).toBe(next);
    expect((await result(a.token, demo)).status).toBe(200);
    const listed = await t.call<MyEnroll[]>('GET', '/api/enroll/listMyEnroll', { candidateToken: a.token });
    expect(listed.body.data.map((e) => [e.plan.id, e.result?.officeSchool])).toEqual([
      [demo, '南明区第一小学'],
    ]);
    const stranger = await makeCandidate(t);
    expect((await can(stranger.token)).planId).toBe(next);
  });
});
