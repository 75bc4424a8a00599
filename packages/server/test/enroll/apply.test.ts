import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { and } from 'drizzle-orm';
import { candidateUser, enroll, recruitPlan, recruitPlanData } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { applicationFields, idCard, makeCandidate, multipart, openPlanAndDemand, photo } from './fixtures';

let t: TestApp;
let ctx: Awaited<ReturnType<typeof openPlanAndDemand>>;
beforeAll(async () => {
  t = await createTestApp();
  ctx = await openPlanAndDemand(t);
});
afterAll(() => t.close());

const apply = async (
  token: string,
  fields: Record<string, string>,
  file?: { data: Buffer; name?: string; type?: string },
  method = 'POST',
  lang = 'zh',
) => {
  const { body, headers } = multipart(fields, file);
  const raw = await t.app.inject({
    method: method as 'POST',
    url: '/api/apply',
    payload: body,
    headers: { ...headers, 'user-authorization': `Bearer ${token}`, 'accept-language': lang },
  });
  return { status: raw.statusCode, body: raw.json() as { code: number; msg: string; data: any } };
};
const countEnrolls = async () => (await t.database.db.select({ id: enroll.id }).from(enroll)).length;
const filesIn = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.jpg') || f.endsWith('.pdf'))
    : [];

describe('checkCanCandidate (spec §3 check-candidate response)', () => {
  it('says the demo plan is open today', async () => {
    const c = await makeCandidate(t);
    const answer = await t.call<{ canCandidate: boolean; planId: number; limitBirth: string }>(
      'GET',
      '/api/recruitPlan/checkCanCandidate',
      { candidateToken: c.token },
    );
    expect(answer.body.data).toMatchObject({
      canCandidate: true,
      planId: ctx.plan.id,
      limitBirth: ctx.plan.limitBirth,
    });
  });
  it('needs a candidate token: an admin token is 401', async () => {
    expect(
      (await t.call('GET', '/api/recruitPlan/checkCanCandidate', { token: await t.adminToken() })).status,
    ).toBe(401);
    expect(
      (await t.call('GET', '/api/recruitPlan/checkCanCandidate', { candidateToken: await t.adminToken() }))
        .status,
    ).toBe(401);
  });
});

describe('the cascade offers only choices with demand', () => {
  it('walks education → category → county → learning period → subject', async () => {
    const c = await makeCandidate(t);
    const q = { candidateToken: c.token };
    const cats = await t.call<{ value: string; label: string }[]>(
      'GET',
      `/api/recruitPlanData/getCategoryByEducation/${ctx.education}`,
      { ...q, query: { planId: ctx.plan.id } },
    );
    expect(cats.body.data.map((x) => x.value)).toContain('01');
    expect(cats.body.data.find((x) => x.value === '01')?.label).toBeTruthy();
    const regions = await t.call<{ code: string; level: number; children: { code: string }[] }[]>(
      'GET',
      '/api/recruitPlanData/getRecruitPlanDataRegionByCategory',
      { ...q, query: { planId: ctx.plan.id, category: '01' } },
    );
    const city = regions.body.data.find((r) => r.code === ctx.demand.cityCode)!;
    expect(city.level).toBe(2);
    expect(city.children.map((x) => x.code)).toContain(ctx.demand.countyCode);
    const periods = await t.call<{ value: string }[]>(
      'GET',
      '/api/recruitPlanData/getRecruitPlanDataLearningPeriodByRegion',
      { ...q, query: { planId: ctx.plan.id, category: '01', countyCode: ctx.demand.countyCode } },
    );
    expect(periods.body.data.map((x) => x.value)).toContain(ctx.demand.learningPeriod);
    const subjects = await t.call<{ value: string; demandNumber: number }[]>(
      'GET',
      '/api/recruitPlanData/getRecruitPlanDataSubjectByLearningPeriod',
      {
        ...q,
        query: {
          planId: ctx.plan.id,
          category: '01',
          countyCode: ctx.demand.countyCode,
          learningPeriod: ctx.demand.learningPeriod,
        },
      },
    );
    expect(subjects.body.data).toContainEqual(
      expect.objectContaining({ value: ctx.demand.subject, demandNumber: ctx.demand.demandNumber }),
    );
  });
  it('offers no category to an education the mapping does not list', async () => {
    const c = await makeCandidate(t);
    const cats = await t.call<unknown[]>('GET', '/api/recruitPlanData/getCategoryByEducation/99', {
      candidateToken: c.token,
      query: { planId: ctx.plan.id },
    });
    expect(cats.body.data).toEqual([]);
  });
});

describe('POST /api/apply', () => {
  it('applies with a photo, answers the flag, reads back, and refuses a second application with 409', async () => {
    const c = await makeCandidate(t);
    const fields = applicationFields(ctx.plan.id, c.idCard, ctx.demand, ctx.education);
    const first = await apply(c.token, fields, { data: await photo() });
    expect(first.status, first.body.msg).toBe(200);
    expect((await t.call('GET', `/api/apply/${ctx.plan.id}`, { candidateToken: c.token })).body.data).toBe(
      '1',
    );
    const mine = await t.call<any>('GET', `/api/enroll/getEnrollByPlanId/${ctx.plan.id}`, {
      candidateToken: c.token,
    });
    expect(mine.body.data).toMatchObject({
      name: '张三',
      idCard: c.idCard,
      birthday: '1998-03-07',
      gender: '1',
      countyCode: ctx.demand.countyCode,
      createStatus: '0',
      pdfDownloadNum: 0,
    });
    expect(mine.body.data.enrollCounty).toBeTruthy();
    expect(mine.body.data.pictureUrl).toMatch(
      new RegExp(`^/api/enroll/photo/${mine.body.data.id}/[\\w-]{22}\\.jpg$`),
    );
    const picture = await t.app.inject({
      method: 'GET',
      url: mine.body.data.pictureUrl,
      headers: { 'user-authorization': `Bearer ${c.token}` },
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const second = await apply(c.token, fields, { data: await photo() });
    expect(second.status).toBe(409);
    expect(second.body.msg).toContain('不能重复报名');
  });

  it('refuses an ID number that already applied to the plan from another account with 409', async () => {
    const first = await makeCandidate(t);
    const fields = applicationFields(ctx.plan.id, first.idCard, ctx.demand, ctx.education);
    expect((await apply(first.token, fields, { data: await photo() })).status).toBe(200);
    // The first account's ID number corrected by an administrator after it applied: the number is free
    // for a new account, and its enrolment still holds it.
    await t.database.db
      .update(candidateUser)
      .set({ idCard: idCard('19980307', '999') })
      .where(eq(candidateUser.id, first.id));
    const second = await makeCandidate(t, { idCard: first.idCard });
    const before = await countEnrolls();
    const answer = await apply(second.token, fields, { data: await photo() });
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe('该身份证号已报名本次招聘计划');
    expect(await countEnrolls()).toBe(before);
  });

  it('lets the candidate edit while the window is open (photo optional)', async () => {
    const c = await makeCandidate(t);
    const fields = applicationFields(ctx.plan.id, c.idCard, ctx.demand, ctx.education);
    expect((await apply(c.token, fields, { data: await photo() })).status).toBe(200);
    const edited = await apply(c.token, { ...fields, address: '贵州省安顺市西秀区新地址' }, undefined, 'PUT');
    expect(edited.status, edited.body.msg).toBe(200);
    const mine = await t.call<any>('GET', `/api/enroll/getEnrollByPlanId/${ctx.plan.id}`, {
      candidateToken: c.token,
    });
    expect(mine.body.data.address).toBe('贵州省安顺市西秀区新地址');
    // no new photo: the same one, at the same address
    expect(mine.body.data.pictureUrl).toMatch(/^\/api\/enroll\/photo\//);
  });

  it.each([
    ['a bad phone', { phone: '12345' }, 'phone', '手机号码长度不是11位'],
    ['a missing phone', { phone: '' }, 'phone', '请输入手机号'],
    ['no subject', { subject: '' }, 'subject', '请选择报考学科'],
    ['no county', { countyCode: '' }, 'countyCode', '请选择报考县'],
    ['no plan type', { planType: '' }, 'planType', '请选择报考计划类别'],
    [
      'a missing certificate type when one is held',
      { teacherCertificationType: '' },
      'teacherCertificationType',
      '教师资格证类型不能为空',
    ],
    ['an unknown nation code', { nation: '77' }, 'nation', '民族的取值无效'],
    ['a subject not in the dictionary', { subject: '99' }, 'subject', '报考学科的取值无效'],
    [
      'an education the category does not take',
      { education: '41' },
      'planType',
      '您的学历不能报考所选计划类别',
    ],
  ])('answers 400 naming the field for %s, writing nothing', async (_name, change, field, message) => {
    const c = await makeCandidate(t);
    const before = await countEnrolls();
    const filesBefore = filesIn(t.filesDir).length;
    const answer = await apply(
      c.token,
      { ...applicationFields(ctx.plan.id, c.idCard, ctx.demand, ctx.education), ...change },
      { data: await photo() },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data.errors).toContainEqual(expect.objectContaining({ field, message }));
    expect(answer.body.msg).toContain(message);
    expect(await countEnrolls()).toBe(before);
    expect(filesIn(t.filesDir).length).toBe(filesBefore);
  });

  it('refuses an ID number other than the registered one, and one born before limitBirth', async () => {
    const c = await makeCandidate(t);
    const other = await apply(
      c.token,
      applicationFields(ctx.plan.id, idCard('19990101', '555'), ctx.demand, ctx.education),
      { data: await photo() },
    );
    expect(other.status).toBe(400);
    expect(other.body.data.errors[0]).toMatchObject({
      field: 'idCard',
      message: '报名身份证号须与注册身份证号一致',
    });
    const old = await makeCandidate(t, { idCard: idCard('19800101', '777') });
    const tooOld = await apply(
      old.token,
      applicationFields(ctx.plan.id, old.idCard, ctx.demand, ctx.education),
      { data: await photo() },
      'POST',
      'en',
    );
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.msg).toContain(`born on or after ${ctx.plan.limitBirth}`);
  });

  it('checks the photo by its content and size, leaving no file behind', async () => {
    const c = await makeCandidate(t);
    const fields = applicationFields(ctx.plan.id, c.idCard, ctx.demand, ctx.education);
    const filesBefore = filesIn(t.filesDir).length;
    const noPhoto = await apply(c.token, fields);
    expect(noPhoto.body.msg).toBe('请上传本人近期免冠照片');
    const fake = await apply(c.token, fields, {
      data: Buffer.from('%PDF-1.4 not an image'),
      name: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(fake.status).toBe(400);
    expect(fake.body.msg).toBe('照片只能是 JPG 或 PNG 格式');
    expect(fake.body.data.errors).toEqual([
      { field: 'updateImg', label: '照片', message: '照片只能是 JPG 或 PNG 格式' },
    ]);
    const small = await apply(c.token, fields, { data: await photo(100, 120) });
    expect(small.body.msg).toContain('照片尺寸太小');
    const big = await apply(c.token, fields, {
      data: Buffer.concat([await photo(), Buffer.alloc(2 * 1024 * 1024)]),
    });
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe('照片大小不能超过2M');
    expect(filesIn(t.filesDir).length).toBe(filesBefore);
  });

  it('is closed outside the enrolment window, saying when it opens', async () => {
    const c = await makeCandidate(t);
    const later = new Date(Date.now() + 5 * 86400_000);
    await t.database.db
      .update(recruitPlan)
      .set({ enrollStartTime: later })
      .where(eq(recruitPlan.id, ctx.plan.id));
    try {
      const check = await t.call<{ canCandidate: boolean; message: string }>(
        'GET',
        '/api/recruitPlan/checkCanCandidate',
        { candidateToken: c.token },
      );
      expect(check.body.data.canCandidate).toBe(false);
      expect(check.body.data.message).toMatch(/^网上报名尚未开始，将于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 开始$/);
      const answer = await apply(
        c.token,
        applicationFields(ctx.plan.id, c.idCard, ctx.demand, ctx.education),
        { data: await photo() },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toContain('网上报名尚未开始');
    } finally {
      await t.database.db
        .update(recruitPlan)
        .set({ enrollStartTime: ctx.plan.enrollStartTime })
        .where(eq(recruitPlan.id, ctx.plan.id));
    }
  });

  describe('a plan changed between the check and the insert', () => {
    /** Runs `change` on the plan while the application's photo is being stored (after its checks). */
    const applyWhile = async (change: () => Promise<unknown>) => {
      const c = await makeCandidate(t);
      const storage = t.app.ctx.storage;
      const put = storage.put;
      storage.put = async (key, data) => {
        await change();
        return put.call(storage, key, data);
      };
      try {
        const answer = await apply(
          c.token,
          applicationFields(ctx.plan.id, c.idCard, ctx.demand, ctx.education),
          {
            data: await photo(),
          },
        );
        const [row] = await t.database.db.select().from(enroll).where(eq(enroll.candidateId, c.id));
        return { answer, row };
      } finally {
        storage.put = put;
        await t.database.db
          .update(recruitPlan)
          .set({ enrollEndTime: ctx.plan.enrollEndTime, customerServicePhone: ctx.plan.customerServicePhone })
          .where(eq(recruitPlan.id, ctx.plan.id));
      }
    };

    it('refuses the application when enrolment was closed meanwhile, keeping no photo', async () => {
      const filesBefore = filesIn(t.filesDir).length;
      const { answer, row } = await applyWhile(() =>
        t.database.db
          .update(recruitPlan)
          .set({ enrollEndTime: new Date(Date.now() - 60_000) })
          .where(eq(recruitPlan.id, ctx.plan.id)),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toMatch(/^网上报名已于 .+ 结束$/);
      expect(row).toBeUndefined();
      expect(filesIn(t.filesDir).length).toBe(filesBefore);
    });

    it('takes the application when the plan was edited meanwhile but is still open', async () => {
      const { answer, row } = await applyWhile(() =>
        t.database.db
          .update(recruitPlan)
          .set({ customerServicePhone: '0851-88888888' })
          .where(eq(recruitPlan.id, ctx.plan.id)),
      );
      expect(answer.status, answer.body.msg).toBe(200);
      expect(row).toMatchObject({ id: answer.body.data.id, planId: ctx.plan.id });
    });
  });
});

it('answers 400 on the subject for a dictionary subject the county has no demand for', async () => {
  const taken = new Set(
    (
      await t.database.db
        .select({ subject: recruitPlanData.subject })
        .from(recruitPlanData)
        .where(
          and(
            eq(recruitPlanData.planId, ctx.plan.id),
            eq(recruitPlanData.countyCode, ctx.demand.countyCode),
            eq(recruitPlanData.learningPeriod, ctx.demand.learningPeriod),
            eq(recruitPlanData.category, ctx.demand.category),
          ),
        )
    ).map((r) => r.subject),
  );
  const free = [
    '01',
    '02',
    '03',
    '04',
    '05',
    '06',
    '07',
    '08',
    '09',
    '10',
    '11',
    '12',
    '13',
    '14',
    '15',
    '16',
    '17',
    '18',
  ].find((s) => !taken.has(s))!;
  const c = await makeCandidate(t);
  const answer = await apply(
    c.token,
    {
      ...applicationFields(ctx.plan.id, c.idCard, ctx.demand, ctx.education),
      subject: free,
      teacherCertificationSubject: free,
    },
    { data: await photo() },
  );
  expect(answer.status).toBe(400);
  expect(answer.body.data.errors).toEqual([
    expect.objectContaining({ field: 'subject', message: '所选报考县、学段和学科没有招聘需求，请重新选择' }),
  ]);
});

describe('the enrolment form PDF', () => {
  it('downloads through a single-use token, holds the name and ID number, and counts the download', async () => {
    const c = await makeCandidate(t);
    const applied = await apply(
      c.token,
      applicationFields(ctx.plan.id, c.idCard, ctx.demand, ctx.education),
      { data: await photo() },
    );
    const id = applied.body.data.id as number;
    const link = await t.call<{ url: string }>('GET', `/api/enroll/downloadToken/${id}`, {
      candidateToken: c.token,
    });
    expect(link.body.data.url).toMatch(new RegExp(`^/api/enroll/downloadEnrollFile/${id}\\?token=`));
    const pdf = await t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain('attachment');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-')), 'form.pdf');
    fs.writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('张三');
    expect(text).toContain(c.idCard);
    expect(text).toContain('报名表');
    expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    const again = await t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(again.statusCode).toBe(400);
    const mine = await t.call<any>('GET', `/api/enroll/getEnrollByPlanId/${ctx.plan.id}`, {
      candidateToken: c.token,
    });
    expect(mine.body.data).toMatchObject({ pdfDownloadNum: 1, isDownload: '1', createStatus: '1' });
  });

  it('gives no link to another candidate’s enrolment', async () => {
    const owner = await makeCandidate(t);
    const applied = await apply(
      owner.token,
      applicationFields(ctx.plan.id, owner.idCard, ctx.demand, ctx.education),
      { data: await photo() },
    );
    const thief = await makeCandidate(t);
    const answer = await t.call('GET', `/api/enroll/downloadToken/${applied.body.data.id}`, {
      candidateToken: thief.token,
    });
    expect(answer.status).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/enroll/downloadEnrollFile/${applied.body.data.id}?token=guess`,
        })
      ).statusCode,
    ).toBe(400);
  });
});
