import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_STATUS,
  PERMISSIONS,
  RETENTION_COUNT_KEYS,
  isPseudonym,
  maskName,
  retentionEnd,
  type RetentionCounts,
  type RetentionJobView,
  type RetentionView,
} from '@tegang/domain';
import { auditTrail, candidateUser, enroll, importError, job, recruitPlan } from '../../src/db/schema';
import { JobLost, requeueStaleJobs, type JobRun } from '../../src/jobs';
import { hashPassword } from '../../src/lib/passwords';
import { pseudonymOf } from '../../src/modules/retention/pseudonym';
import { queueRetention, retentionJobKind } from '../../src/modules/retention/service';
import { queueDueRetention } from '../../src/modules/retention/trigger';
import { purgedPlansOf } from '../../src/scripts/retention-lookup';
import { createTestApp, type TestApp } from '../helpers';
import { candidateTokenOf, insertApplicants } from '../admission-ticket/fixtures';
import { adminWith } from '../recruit-plan/fixtures';
import { makeAdmin } from '../enroll/fixtures';
import {
  URL,
  adminId,
  changed,
  fileExists,
  jobsEnded,
  pastPlan,
  populatePlan,
  snapshot,
  yearsAgo,
} from './fixtures';

/**
 * Retention of personal data (docs/security.md "Retention"; PIPL art. 19): a plan past its period is
 * de-identified by one job that changes exactly what its preview counted, deletes its files from
 * storage, keeps every statistic, writes one trail entry and leaves a plan inside its period alone;
 * a second run changes nothing; candidate accounts are removed only when nothing keeps them.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  // Statistics are read twice around the run: no cached counts between the two reads.
  t = await createTestApp({ env: { RATIO_CACHE_SECONDS: '0' } });
  token = await t.adminToken();
});
afterAll(() => t?.close());

const view = async (planId: number) => {
  const answer = await t.call<RetentionView>('GET', `${URL}/plan/${planId}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const statistics = async (planId: number) => {
  const answers = await Promise.all(
    ['/candidate/enroll/statistics', '/candidate/enroll/statistics/dashboard'].map((url) =>
      t.call<Record<string, unknown>>('GET', url, { token, query: { planId } }),
    ),
  );
  // The numbers only: when they were read is no statistic.
  return answers.map((a) => {
    expect(a.status).toBe(200);
    return JSON.stringify(a.body.data, (k, v: unknown) => (k === 'asOf' ? undefined : v));
  });
};
const trailOf = (planId: number) =>
  t.database.db
    .select()
    .from(auditTrail)
    .where(and(eq(auditTrail.event, 'recruitPlan.purged'), eq(auditTrail.targetId, planId)));

describe('a plan past its retention period', () => {
  // Purged: its list publication ended 4 years ago, kept 3.
  let due: Awaited<ReturnType<typeof pastPlan>>;
  // Kept: ended a year ago, kept 3.
  let kept: Awaited<ReturnType<typeof pastPlan>>;
  let purgedSet: Awaited<ReturnType<typeof populatePlan>>;
  let keptSet: Awaited<ReturnType<typeof populatePlan>>;
  let preview: RetentionCounts;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let keptBefore: Awaited<ReturnType<typeof snapshot>>;
  let statsBefore: string[];
  let importRowsBefore: number;

  beforeAll(async () => {
    due = await pastPlan(t, 4);
    kept = await pastPlan(t, 1);
    purgedSet = await populatePlan(t, due.id, [
      { name: '张三丰', county: 'nanming', subject: '01' },
      { name: '李四', county: 'yunyan', subject: '02', auditStatus: AUDIT_STATUS.rejected },
      { name: '王五', county: 'liuzhi', subject: '01' },
    ]);
    keptSet = await populatePlan(t, kept.id, [{ name: '赵六' }]);
    const [first, second, third] = purgedSet.enrolments;
    const db = t.database.db;
    // 张三丰: unused for 5 years, only in the purged plan: removed with it.
    await db
      .update(candidateUser)
      .set({ createTime: yearsAgo(6), lastLoginTime: yearsAgo(5) })
      .where(eq(candidateUser.id, first!.candidateId));
    // 李四: unused as long, but the kept plan's enrolment is hers too: the account stays.
    await db
      .update(candidateUser)
      .set({ createTime: yearsAgo(6), lastLoginTime: yearsAgo(5) })
      .where(eq(candidateUser.id, second!.candidateId));
    await db
      .update(enroll)
      .set({ candidateId: second!.candidateId })
      .where(eq(enroll.id, keptSet.enrolments[0]!.id));
    // 王五: logged in yesterday: the account stays.
    await db
      .update(candidateUser)
      .set({ createTime: yearsAgo(6), lastLoginTime: yearsAgo(1 / 365) })
      .where(eq(candidateUser.id, third!.candidateId));

    before = await snapshot(t, due.id);
    keptBefore = await snapshot(t, kept.id);
    statsBefore = await statistics(due.id);
    // Numbers worth comparing: the plan's three applicants, one of them rejected.
    expect(JSON.parse(statsBefore[0]!)).toMatchObject({ total: 3, audit: { passed: 2, rejected: 1 } });
    importRowsBefore = (
      await db.select().from(importError).where(eq(importError.jobId, purgedSet.importJobId))
    ).length;
  });

  it('previews what the run would change, with its period and the date it ran out', async () => {
    const v = await view(due.id);
    expect(v.due).toBe(true);
    expect(v.purgeTime).toBeNull();
    expect(v.retentionYears).toBe(3);
    expect(v.expiresAt).toBe(retentionEnd(due.listPublishedEndTime, 3).toISOString());
    preview = v.counts;
    expect(preview).toEqual({
      enrolments: 3,
      tickets: 3,
      results: 3,
      comparisons: 3,
      importProblems: 3,
      files: 9,
      accounts: 1,
    });
    const inside = await view(kept.id);
    expect(inside.due).toBe(false);
    expect(new Date(inside.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a run inside the period, and city or county accounts', async () => {
    const early = await t.call('POST', `${URL}/plan/${kept.id}/run`, { token });
    expect(early.status).toBe(400);
    expect(early.body.msg).toContain('期满后才能删除');
    const city = await makeAdmin(t, { provinceCode: '520000', cityCode: '520100' });
    for (const [method, url] of [
      ['GET', `${URL}/plan/${due.id}`],
      ['POST', `${URL}/plan/${due.id}/run`],
    ] as const) {
      const answer = await t.call(method, url, { token: city });
      expect(answer.status).toBe(403);
      expect(answer.body.msg).toBe('仅省级账号可以修改招聘计划');
    }
    const noKey = await adminWith(t, [PERMISSIONS.recruitPlan.list]);
    expect((await t.call('GET', `${URL}/plan/${due.id}`, { token: noKey })).status).toBe(403);
  });

  it('changes exactly what the preview counted, deletes the files and keeps the statistics', async () => {
    const queued = await t.call<{ jobId: number }>('POST', `${URL}/plan/${due.id}/run`, { token });
    expect(queued.status).toBe(200);
    const [ended] = await jobsEnded(t, [queued.body.data.jobId]);
    expect(ended!.status).toBe('2');
    const progress = await t.call<RetentionJobView>('GET', `${URL}/job/${queued.body.data.jobId}`, { token });
    expect(progress.body.data).toMatchObject({ status: '2', percent: 100, planId: due.id, counts: preview });
    expect(progress.body.data.message).toBe('已完成');

    const after = await snapshot(t, due.id);
    const importRowsAfter = (
      await t.database.db.select().from(importError).where(eq(importError.jobId, purgedSet.importJobId))
    ).length;
    const effect: RetentionCounts = {
      enrolments: changed(before.enrolments, after.enrolments),
      tickets: changed(before.tickets, after.tickets),
      results: changed(before.results, after.results),
      comparisons: changed(before.comparisons, after.comparisons),
      importProblems: importRowsBefore - importRowsAfter,
      files: purgedSet.files.filter((k) => !fileExists(t, k)).length,
      accounts: changed(before.accounts, after.accounts),
    };
    expect(effect).toEqual(preview);
    // Files gone from the storage folder, every one of them.
    expect(purgedSet.files.every((k) => !fileExists(t, k))).toBe(true);
    // The statistics (per county, subject, post, day, audit status, the funnel) read the same.
    expect(await statistics(due.id)).toEqual(statsBefore);
    expect(after.plan.purgeTime).not.toBeNull();
    expect((await view(due.id)).counts).toEqual(Object.fromEntries(RETENTION_COUNT_KEYS.map((k) => [k, 0])));
  });

  it('leaves de-identified rows: masked names, keyed hashes, no free text, no files', async () => {
    const after = await snapshot(t, due.id);
    const keys = t.app.ctx.dataKeys;
    for (const e of after.enrolments) {
      const was = before.enrolments.find((b) => b.id === e.id)!;
      expect(e.name).toBe(maskName(was.name));
      expect(e.idCard).toBe(pseudonymOf(keys, 'idCard', was.idCard));
      expect(e.phone).toBe(pseudonymOf(keys, 'phone', was.phone));
      expect(e.idCard).not.toContain(was.idCard);
      expect(e.idCard.length).toBeLessThanOrEqual(64);
      expect(e.birthday).toBe(`${was.birthday.slice(0, 4)}-01-01`);
      expect([e.domicile, e.address, e.graduateCollege, e.major]).toEqual(['', '', '', '']);
      expect([e.auditReason, e.picture, e.pdfFile]).toEqual([null, null, null]);
      // What the statistics count by stays.
      expect([e.countyCode, e.subject, e.auditStatus, e.createTime]).toEqual([
        was.countyCode,
        was.subject,
        was.auditStatus,
        was.createTime,
      ]);
    }
    expect(after.tickets.every((r) => r.pdfFile === null)).toBe(true);
    expect(after.results.every((r) => r.physicalExamination === null && r.remarks === null)).toBe(true);
    expect(after.results.map((r) => r.admissionStatus)).toEqual(before.results.map((r) => r.admissionStatus));
    for (const c of after.comparisons) {
      expect(isPseudonym(c.idCard)).toBe(true);
      expect(c.name).toMatch(/^.\*+$/);
      const text = JSON.stringify(c.differences);
      for (const e of before.enrolments) {
        expect(text).not.toContain(e.phone);
        expect(text).not.toContain(e.name);
      }
      expect(c.differences.find((d) => d.field === 'subject')).toEqual({
        field: 'subject',
        expected: '01',
        actual: '02',
      });
    }
    // Nothing of a clear value is left anywhere in the plan's rows (the accounts kept keep theirs).
    const { accounts: _kept, ...rows } = after;
    const all = JSON.stringify(rows);
    for (const e of before.enrolments) {
      expect(all).not.toContain(e.idCard);
      expect(all).not.toContain(e.phone);
    }
  });

  it('lets the office look up whether an ID number was a candidate of the purged plan, with the key', async () => {
    const [first] = before.enrolments;
    expect(await purgedPlansOf(t.database, t.app.ctx.dataKeys, first!.idCard)).toEqual([
      { planId: due.id, name: due.name, year: due.year },
    ]);
    // The kept plan's candidate is in no purged plan; another key finds nothing.
    expect(await purgedPlansOf(t.database, t.app.ctx.dataKeys, keptBefore.enrolments[0]!.idCard)).toEqual([]);
    expect(
      await purgedPlansOf(
        t.database,
        { ...t.app.ctx.dataKeys, ticketSigning: randomBytes(32) },
        first!.idCard,
      ),
    ).toEqual([]);
  });

  it('writes one trail entry with the counts only', async () => {
    const entries = await trailOf(due.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.detail).toMatchObject({ ...preview, retentionYears: 3, trigger: 'console' });
    expect(entries[0]!.targetTable).toBe('recruit_plan');
    expect(entries[0]!.provinceCode).toBe('520000');
    const text = JSON.stringify(entries[0]);
    for (const e of before.enrolments) expect(text).not.toContain(e.idCard);
  });

  it('leaves a plan inside its period untouched, rows and files', async () => {
    expect(await snapshot(t, kept.id)).toEqual(keptBefore);
    expect(keptSet.files.every((k) => fileExists(t, k))).toBe(true);
    expect(await trailOf(kept.id)).toHaveLength(0);
  });

  it('does nothing more when run again', async () => {
    const again = await t.call('POST', `${URL}/plan/${due.id}/run`, { token });
    expect(again.status).toBe(400);
    expect(again.body.msg).toContain('该计划的个人信息已于');
    const was = await snapshot(t, due.id);
    // A run queued anyway (a second node, a restart) finds nothing left and reports the first run.
    const { jobId } = await queueRetention(
      t.app.ctx,
      { planId: due.id, trigger: 'schedule' },
      { id: await adminId(t), scope: {} },
    );
    const [row] = await jobsEnded(t, [jobId]);
    expect(row!.status).toBe('2');
    const progress = await t.call<RetentionJobView>('GET', `${URL}/job/${jobId}`, { token });
    expect(progress.body.data.counts).toEqual(preview);
    expect(await snapshot(t, due.id)).toEqual(was);
    expect(await trailOf(due.id)).toHaveLength(1);
    // The trigger queues neither the purged plan nor the one inside its period.
    const round = await queueDueRetention(t.app.ctx);
    expect(round.plans).not.toContain(due.id);
    expect(round.plans).not.toContain(kept.id);
    if (round.jobIds.length) await jobsEnded(t, round.jobIds);
    expect(await snapshot(t, kept.id)).toEqual(keptBefore);
  });

  it('answers the purged message to the candidate, and no form or ticket', async () => {
    const [, second] = purgedSet.enrolments;
    const candidateToken = await candidateTokenOf(t, second!.candidateId);
    const result = await t.call('GET', `/api/admissionResults/getAdmissionResultsByPlanId/${due.id}`, {
      candidateToken,
    });
    expect(result.status).toBe(410);
    expect(result.body.msg).toBe('该计划的个人信息已按保存期限删除');
    const english = await t.call('GET', `/api/admissionResults/getAdmissionResultsByPlanId/${due.id}`, {
      candidateToken,
      lang: 'en',
    });
    expect(english.body.msg).toBe("This plan's personal data was deleted at the end of its retention period");
    const form = await t.call('GET', `/api/enroll/downloadToken/${second!.id}`, { candidateToken });
    expect(form.status).toBe(410);
    const ticket = await t.call('GET', `/api/admissionTicket/getAdmissionTicketByPlanId/${due.id}`, {
      candidateToken,
    });
    expect(ticket.status).toBe(410);
  });

  it('still lists the masked rows in the console and its export', async () => {
    for (const url of [
      '/candidate/enroll/page',
      '/candidate/admissionTicket/page',
      '/candidate/admissionResults/page',
      '/candidate/enrollCompare/page',
    ]) {
      const answer = await t.call<{ records: { name: string }[]; total: number }>('GET', url, {
        token,
        query: { planId: due.id, current: 1, size: 20 },
      });
      expect([url, answer.status]).toEqual([url, 200]);
      expect(answer.body.data.total).toBe(3);
      expect(answer.body.data.records.map((r) => r.name).sort()).toEqual(['张**', '李*', '王*'].sort());
    }
    // The details too: the enrolment (no photo), its ticket, its result (no physical examination).
    const after = await snapshot(t, due.id);
    const [e0, t0, r0] = [after.enrolments[0]!, after.tickets[0]!, after.results[0]!];
    const detail = await t.call<{ name: string; idCard: string; pictureUrl: string | null }>(
      'GET',
      `/candidate/enroll/${e0.id}`,
      { token },
    );
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ name: e0.name, idCard: e0.idCard, pictureUrl: null });
    expect((await t.call('GET', `/candidate/admissionTicket/${t0.id}`, { token })).status).toBe(200);
    const result = await t.call<{ physicalExamination: string | null }>(
      'GET',
      `/candidate/admissionResults/${r0.id}`,
      { token },
    );
    expect(result.status).toBe(200);
    expect(result.body.data.physicalExamination).toBeNull();
    // The removed account in the candidate lists.
    const accounts = await t.call<{ records: { realName: string }[] }>(
      'GET',
      '/candidate/registeredPersonnel/page',
      {
        token,
        query: { current: 1, size: 50, realName: '张' },
      },
    );
    expect(accounts.status).toBe(200);
    expect(accounts.body.data.records.map((r) => r.realName)).toContain('张**');
    const link = await t.call<{ url: string }>('POST', '/candidate/enroll/exportToken', {
      token,
      body: { planId: due.id },
    });
    expect(link.status).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as never);
    const cells: string[] = [];
    workbook.worksheets[0]!.eachRow((row) =>
      cells.push(...(row.values as unknown[]).map((v) => String(v ?? ''))),
    );
    expect(cells).toContain('张**');
    for (const e of purgedSet.enrolments) expect(cells).not.toContain(e.idCard);
    // The admin's form download renders nothing again for a purged plan.
    const [first] = purgedSet.enrolments;
    const regenerate = await t.secure(
      'POST',
      '/candidate/enroll/generateApply',
      { idList: [first!.id] },
      { token },
    );
    expect(regenerate.status).toBe(200);
    expect((await snapshot(t, due.id)).enrolments.every((e) => e.pdfFile === null)).toBe(true);
  });
});

describe('a run cut off midway', () => {
  it('leaves nothing half-done, and the next run does it all', async () => {
    const plan = await pastPlan(t, 5);
    const set = await populatePlan(t, plan.id, [{ name: '陈一' }, { name: '褚二' }]);
    const before = await snapshot(t, plan.id);
    const [row] = await t.database.db
      .insert(job)
      .values({
        kind: 'retention',
        param: JSON.stringify({ planId: plan.id, trigger: 'schedule' }),
        fileName: `plan ${plan.id}`,
        status: '1',
        adminId: await adminId(t),
      })
      .returning();
    // The node "stops" once the first batch of enrolments is written (its run is let go of).
    const controller = new AbortController();
    const run: JobRun = {
      job: row!,
      signal: controller.signal,
      progress: (counts) => {
        if ((counts.processed ?? 0) > 0) controller.abort();
      },
      finish: async () => {
        throw new Error('a run let go of never finishes');
      },
    };
    await expect(retentionJobKind.run(t.app.ctx, run)).rejects.toBeInstanceOf(JobLost);
    expect(await snapshot(t, plan.id)).toEqual(before);
    expect(set.files.every((k) => fileExists(t, k))).toBe(true);
    expect(await trailOf(plan.id)).toHaveLength(0);

    // Its heartbeat stops: a node's reaper puts the job back in the queue and a worker runs it again.
    expect(await requeueStaleJobs(t.app.ctx)).toContain(row!.id);
    const [ended] = await jobsEnded(t, [row!.id]);
    expect(ended!.status).toBe('2');
    const after = await snapshot(t, plan.id);
    expect(changed(before.enrolments, after.enrolments)).toBe(2);
    expect(set.files.some((k) => fileExists(t, k))).toBe(false);
    expect(await trailOf(plan.id)).toHaveLength(1);
  });
});

describe('candidate accounts', () => {
  it('removes an account only when no kept plan holds it and it was unused for the period', async () => {
    const db = t.database.db;
    const due = await pastPlan(t, 4);
    const keptPlan = await pastPlan(t, 1);
    const [purgedOnly, alsoKept, recent] = await insertApplicants(t, due.id, [
      { name: '钱一' },
      { name: '孙二' },
      { name: '周三' },
    ]);
    const [inKept] = await insertApplicants(t, keptPlan.id, [{ name: '孙二' }]);
    // The second candidate's own enrolment in the kept plan.
    await db.update(enroll).set({ candidateId: alsoKept!.candidateId }).where(eq(enroll.id, inKept!.id));
    const password = 'Keep1234!x';
    const hash = await hashPassword(password);
    const stale = { createTime: yearsAgo(6), lastLoginTime: yearsAgo(5), passwordHash: hash };
    await db
      .update(candidateUser)
      .set(stale)
      .where(inArray(candidateUser.id, [purgedOnly!.candidateId, alsoKept!.candidateId]));
    await db
      .update(candidateUser)
      .set({ createTime: yearsAgo(6), lastLoginTime: yearsAgo(2) })
      .where(eq(candidateUser.id, recent!.candidateId));
    // Registered and never applied: 4 years ago (removed) and a year ago (kept).
    const suffix = randomBytes(3).toString('hex');
    const [neverOld, neverNew] = await db
      .insert(candidateUser)
      .values(
        [4, 1].map((age, i) => ({
          userName: `never_${suffix}_${i}`,
          passwordHash: hash,
          realName: i ? '吴四' : '郑五',
          idCard: `11010119900101${String(100 + i + (Number.parseInt(suffix, 16) % 800)).padStart(3, '0')}X`,
          gender: '1',
          birthday: '1990-01-01',
          telephone: `137${String(Number.parseInt(suffix, 16) % 1e7).padStart(7, '0')}${i}`,
          createTime: yearsAgo(age),
        })),
      )
      .returning();
    const session = await candidateTokenOf(t, neverOld!.id);

    const round = await queueDueRetention(t.app.ctx);
    expect(round.plans).toContain(due.id);
    expect(round.plans).not.toContain(keptPlan.id);
    expect(round.accountsJobId).not.toBeNull();
    // Several nodes at once queue each run once.
    const again = await queueDueRetention(t.app.ctx);
    expect(new Set([...round.jobIds, ...again.jobIds]).size).toBe(round.jobIds.length);
    const rows = await jobsEnded(t, round.jobIds);
    expect(rows.every((r) => r.status === '2')).toBe(true);
    // A scheduled job is queued for the built-in administrator.
    expect(rows.every((r) => r.adminId === rows[0]!.adminId)).toBe(true);

    const accounts = await db
      .select()
      .from(candidateUser)
      .where(
        inArray(candidateUser.id, [
          purgedOnly!.candidateId,
          alsoKept!.candidateId,
          recent!.candidateId,
          neverOld!.id,
          neverNew!.id,
        ]),
      );
    const byId = new Map(accounts.map((a) => [a.id, a]));
    const removed = (id: number) => byId.get(id)!.removeTime !== null;
    expect(removed(purgedOnly!.candidateId)).toBe(true);
    expect(removed(neverOld!.id)).toBe(true);
    expect(removed(alsoKept!.candidateId)).toBe(false);
    expect(removed(recent!.candidateId)).toBe(false);
    expect(removed(neverNew!.id)).toBe(false);

    const gone = byId.get(neverOld!.id)!;
    expect(gone.realName).toBe('郑*');
    expect(gone.userName).toBe(`#removed.${gone.id}`);
    expect(gone.state).toBe('1');
    expect(isPseudonym(gone.idCard) && isPseudonym(gone.telephone)).toBe(true);
    expect(gone.idCard).not.toBe(neverOld!.idCard);
    expect(gone.birthday).toBe('1990-01-01');
    // Her session ended, and neither her old name, her phone nor the new name logs in.
    expect((await t.call('GET', '/api/auth/getInfo', { candidateToken: session })).status).toBe(401);
    for (const userName of [neverOld!.userName, neverOld!.telephone, gone.userName]) {
      const login = await t.secure('POST', '/api/auth/login', { userName, password });
      expect([userName, login.status]).not.toEqual([userName, 200]);
    }
    // The console cannot bring it back.
    const enable = await t.call('POST', `/candidate/candidateUser/updateState/${gone.id}`, {
      token,
      body: { state: '0' },
    });
    expect(enable.status).toBe(409);
    // One trail entry for the accounts run, counts only.
    const [entry] = await db
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.event, 'candidateUser.removed'))
      .orderBy(auditTrail.id);
    expect(entry!.detail).toMatchObject({ trigger: 'schedule' });
    expect(JSON.stringify(entry)).not.toContain(neverOld!.idCard);
    // The plan's trail entry counts the account removed with it.
    expect((await trailOf(due.id))[0]!.detail).toMatchObject({ accounts: 1, enrolments: 3 });
  });

  it('records the last login of a candidate', async () => {
    const db = t.database.db;
    const suffix = randomBytes(3).toString('hex');
    const password = 'Login1234!x';
    const [account] = await db
      .insert(candidateUser)
      .values({
        userName: `login_${suffix}`,
        passwordHash: await hashPassword(password),
        realName: '冯七',
        idCard: `11010119920202${String((Number.parseInt(suffix, 16) % 900) + 100)}X`,
        gender: '1',
        birthday: '1992-02-02',
        telephone: `136${String(Number.parseInt(suffix, 16) % 1e8).padStart(8, '0')}`,
        createTime: yearsAgo(5),
      })
      .returning();
    const startedAt = Date.now();
    const login = await t.secure('POST', '/api/auth/login', { userName: account!.userName, password });
    expect(login.status).toBe(200);
    const [row] = await db.select().from(candidateUser).where(eq(candidateUser.id, account!.id));
    expect(row!.lastLoginTime!.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    // Logged in now: not removable, whatever its age.
    const round = await queueDueRetention(t.app.ctx);
    if (round.jobIds.length) await jobsEnded(t, round.jobIds);
    const [still] = await db.select().from(candidateUser).where(eq(candidateUser.id, account!.id));
    expect(still!.removeTime).toBeNull();
  });
});

describe('the keyed hash', () => {
  it('is the same on every node with the same key, another with another key, never the clear value', () => {
    const key = randomBytes(32);
    const node1 = { ticketSigning: Buffer.from(key) };
    const node2 = { ticketSigning: Buffer.from(key.toString('base64'), 'base64') };
    const other = { ticketSigning: randomBytes(32) };
    const id = '52010219900101123x';
    const hash = pseudonymOf(node1, 'idCard', id);
    expect(hash).toMatch(/^#p1\.[\w-]{4}\.[\w-]{43}$/);
    expect(hash.length).toBeLessThanOrEqual(64);
    expect(pseudonymOf(node2, 'idCard', '52010219900101123X')).toBe(hash);
    expect(pseudonymOf(other, 'idCard', id)).not.toBe(hash);
    expect(pseudonymOf(node1, 'phone', id)).not.toBe(hash);
    expect(hash).not.toContain('520102');
    // A hash is never hashed again.
    expect(pseudonymOf(node1, 'idCard', hash)).toBe(hash);
  });

  it('plans keep their period in the plan answer', async () => {
    const [row] = await t.database.db.select().from(recruitPlan).limit(1);
    const answer = await t.call<{ retentionYears: number; purgeTime: string | null }>(
      'GET',
      `/recruit/recruitPlan/${row!.id}`,
      { token },
    );
    expect(answer.body.data.retentionYears).toBe(row!.retentionYears);
    expect(answer.body.data).toHaveProperty('purgeTime');
  });
});
