import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CanCandidate, MyEnroll } from '@tegang/domain';
import { admissionResult, admissionTicket, enroll, recruitPlan } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { enrolment, NANMING } from '../admission-result/fixtures';
import { demoPlanId, enrollRow, placeTimeline } from '../recruit-plan/fixtures';

/**
 * GET /api/enroll/listMyEnroll: the candidate's applications across plans, newest first, her own
 * rows only, each plan's ticket and result only inside its own windows, purged plans flagged and
 * silent; and checkCanCandidate answering the open plan whenever one is open. One database, tests
 * in order: the seeded demo plan is the open one; the others are copies written directly.
 */
let t: TestApp;
let open: number;
let earlier: number;
let oldest: number;
let unpublished: number;
let x: Awaited<ReturnType<typeof enrolment>>;
let y: Awaited<ReturnType<typeof enrolment>>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const URL = '/api/enroll/listMyEnroll';

/** A copy of the demo plan named `name` with `status`, written directly; returns its id. */
async function copyPlan(name: string, status: string): Promise<number> {
  const [row] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.id, open));
  const { id: _id, createTime: _c, updateTime: _u, ...copy } = row!;
  const [made] = await t.database.db
    .insert(recruitPlan)
    .values({ ...copy, name, status })
    .returning({ id: recruitPlan.id });
  return made!.id;
}

/** An enrolment of the candidate `who` in plan `planId` (her account's ID number and phone). */
async function alsoApply(
  who: typeof x,
  planId: number,
  auditStatus = '1',
  auditReason: string | null = null,
) {
  const [row] = await t.database.db
    .insert(enroll)
    .values(
      enrollRow({
        planId,
        candidateId: who.candidateId,
        name: who.name,
        idCard: who.idCard,
        phone: '13700000000',
        auditStatus,
        auditReason,
      }),
    )
    .returning({ id: enroll.id });
  return row!.id;
}

const list = async (token: string) => {
  const answer = await t.call<MyEnroll[]>('GET', URL, { candidateToken: token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};
const mine = async (token: string, planId: number) => (await list(token)).find((e) => e.plan.id === planId)!;
const can = async (token: string) =>
  (await t.call<CanCandidate>('GET', '/api/recruitPlan/checkCanCandidate', { candidateToken: token })).body
    .data;

beforeAll(async () => {
  t = await createTestApp();
  open = await demoPlanId(t);
  earlier = await copyPlan('2025年特岗教师招聘计划', '2');
  oldest = await copyPlan('2023年特岗教师招聘计划', '2');
  unpublished = await copyPlan('未发布的招聘计划', '0');
  // Enrolment starts: the open plan an hour ago, the earlier one in its score query (weeks before),
  // the oldest one long finished.
  await placeTimeline(t, open, 'enrollStartTime', new Date(Date.now() - HOUR));
  await placeTimeline(t, earlier, 'scoreQueryStartTime', new Date(Date.now() - HOUR));
  await placeTimeline(t, oldest, 'listPublishedEndTime', new Date(Date.now() - 400 * DAY));
  x = await enrolment(t, earlier, NANMING, '李明');
  y = await enrolment(t, earlier, NANMING, '王芳');
  await alsoApply(x, open, '2', '学历证明不清晰');
  await alsoApply(x, oldest);
  await alsoApply(x, unpublished);
}, 60_000);
afterAll(() => t?.close());

describe('GET /api/enroll/listMyEnroll', () => {
  it('needs a candidate session', async () => {
    expect((await t.call('GET', URL)).status).toBe(401);
    expect((await t.call('GET', URL, { token: await t.adminToken() })).status).toBe(401);
  });

  it('lists her published plans newest first, with the plan, 报名序号, audit state and reason', async () => {
    await t.database.db.update(enroll).set({ serialNo: '202552010200001' }).where(eq(enroll.id, x.enrollId));
    const items = await list(x.token);
    expect(items.map((e) => e.plan.id)).toEqual([open, earlier, oldest]);
    const [now, before, old] = items;
    expect(now).toMatchObject({
      plan: { id: open, status: '1', purged: false },
      serialNo: null,
      auditStatus: '2',
      auditReason: '学历证明不清晰',
      ticket: null,
      result: null,
    });
    expect(before).toMatchObject({
      plan: { id: earlier, name: '2025年特岗教师招聘计划', status: '2', purged: false },
      enrollId: x.enrollId,
      serialNo: '202552010200001',
      auditStatus: '1',
      auditReason: null,
    });
    const [row] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.id, earlier));
    // The whole timeline, as ISO instants.
    expect(before!.plan.scoreQueryStartTime).toBe(row!.scoreQueryStartTime.toISOString());
    expect(before!.plan.listPublishedEndTime).toBe(row!.listPublishedEndTime.toISOString());
    expect(before!.plan.year).toBe(row!.year);
    expect(old!.plan.id).toBe(oldest);
  });

  it("never shows another candidate's plans or rows; [] without applications", async () => {
    const theirs = await list(y.token);
    expect(theirs.map((e) => [e.plan.id, e.enrollId])).toEqual([[earlier, y.enrollId]]);
    const stranger = await enrolment(t, oldest, NANMING, '赵六');
    await t.database.db.delete(enroll).where(eq(enroll.id, stranger.enrollId));
    expect(await list(stranger.token)).toEqual([]);
    // The query string names no one: the session does.
    const answer = await t.call<MyEnroll[]>('GET', `${URL}?candidateId=${x.candidateId}`, {
      candidateToken: y.token,
    });
    expect(answer.body.data.map((e) => e.enrollId)).toEqual([y.enrollId]);
  });

  it('says the ticket only inside the plan print window: distributed, or pending without one', async () => {
    // Between the print window and the score query of the earlier plan: not known.
    await placeTimeline(t, earlier, 'examStartTime', new Date(Date.now() - HOUR));
    expect((await mine(x.token, earlier)).ticket).toBeNull();
    await placeTimeline(t, earlier, 'ticketPrintStartTime', new Date(Date.now() - HOUR));
    expect((await mine(x.token, earlier)).ticket).toBe('0');
    const ticket = {
      planId: earlier,
      examDate: '2025-07-18',
      examTime: '09:00-11:30',
      examPlace: '南明区第一中学',
      examAddress: '贵阳市南明区',
      examRoomNumber: '01',
      examinationRoomNotice: '凭准考证入场',
    };
    await t.database.db.insert(admissionTicket).values([
      { ...ticket, enrollId: x.enrollId, admissionNumber: 'A001', seatNumber: '01', status: '1' },
      { ...ticket, enrollId: y.enrollId, admissionNumber: 'A002', seatNumber: '02', status: '0' },
    ]);
    expect((await mine(x.token, earlier)).ticket).toBe('1');
    // An undistributed ticket is no ticket to her.
    expect((await mine(y.token, earlier)).ticket).toBe('0');
    // After the window: not said again.
    await placeTimeline(t, earlier, 'ticketPrintEndTime', new Date(Date.now() - HOUR));
    expect((await mine(x.token, earlier)).ticket).toBeNull();
  });

  it('gives her result from the score-query start on, and only hers', async () => {
    await t.database.db.insert(admissionResult).values([
      {
        planId: earlier,
        enrollId: x.enrollId,
        officeSchool: '南明区第一小学',
        admissionCounty: '520102',
        admissionStatus: '1',
      },
      { planId: earlier, enrollId: y.enrollId, admissionStatus: '0' },
    ]);
    await placeTimeline(t, earlier, 'scoreQueryStartTime', new Date(Date.now() + HOUR));
    expect((await mine(x.token, earlier)).result).toBeNull();
    await placeTimeline(t, earlier, 'scoreQueryStartTime', new Date(Date.now() - HOUR));
    expect((await mine(x.token, earlier)).result).toEqual({
      admissionStatus: '1',
      officeSchool: '南明区第一小学',
    });
    expect((await mine(y.token, earlier)).result).toEqual({ admissionStatus: '0', officeSchool: null });
    // The open plan's results are not open: nothing, though she applied.
    expect((await mine(x.token, open)).result).toBeNull();
  });

  it('flags a purged plan and says neither ticket nor result for it', async () => {
    await t.database.db.insert(admissionResult).values({
      planId: oldest,
      enrollId: (await mine(x.token, oldest)).enrollId,
      officeSchool: '六枝特区第一小学',
      admissionStatus: '1',
    });
    expect((await mine(x.token, oldest)).result?.admissionStatus).toBe('1');
    await t.database.db.update(recruitPlan).set({ purgeTime: new Date() }).where(eq(recruitPlan.id, oldest));
    const item = await mine(x.token, oldest);
    expect(item).toMatchObject({ plan: { purged: true }, ticket: null, result: null });
    expect((await mine(x.token, earlier)).plan.purged).toBe(false);
  });
});

describe('checkCanCandidate beside earlier plans', () => {
  it('answers the open plan whenever one is open, applied or not, even while an earlier plan runs', async () => {
    // The earlier plan is in its score query and she has a result there: the open plan still wins.
    const hers = await can(y.token);
    expect(hers.planId).toBe(open);
    expect(hers.plan?.id).toBe(open);
    expect((await can(x.token)).planId).toBe(open);
  });

  it('with no plan open, answers the latest closed plan she applied to', async () => {
    await t.database.db.update(recruitPlan).set({ status: '2' }).where(eq(recruitPlan.id, open));
    try {
      expect((await can(y.token)).planId).toBe(earlier);
      expect((await can(x.token)).planId).toBe(open); // the latest enrolment start of hers
    } finally {
      await t.database.db.update(recruitPlan).set({ status: '1' }).where(eq(recruitPlan.id, open));
    }
  });
});
