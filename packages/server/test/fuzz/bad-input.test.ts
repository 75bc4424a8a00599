import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateUser, sysDepartment } from '../../src/db/schema';
import type { TestApp } from '../helpers';
import { adminSession } from './fixtures';
import { Clock, createCandidateApp, newPhone } from '../candidate/fixtures';
import {
  applicationFields,
  idCard,
  makeCandidate,
  multipart,
  postApplication,
  openPlanAndDemand,
  photo,
} from '../enroll/fixtures';
import { soundPlan } from '../recruit-plan/fixtures';

/**
 * Phones and ID numbers are trimmed and
 * NFKC-normalised at the schema; NUL bytes, control characters in single-line fields, impossible
 * dates, ids out of the integer range and broken multipart bodies answer 400 naming the field, never 500.
 */
// Real time: the seeded plan's enrolment window is open today; the SMS tests move it by minutes only.
const clock = new Clock(new Date().toISOString());
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createCandidateApp(clock);
  admin = await adminSession(t);
});
afterAll(() => t.close());

type Errors = { errors?: { field: string }[] };
const fieldsOf = (body: { data: unknown }) => ((body.data as Errors)?.errors ?? []).map((e) => e.field);
const fullWidth = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));

describe('phone and ID normalisation (docs/security.md "Input")', () => {
  it('refuses a padded or full-width variant of a phone within the 60 s window, as the same phone', async () => {
    const phone = newPhone();
    const first = await t.call('GET', '/api/getVerificationCode', { query: { telephone: phone } });
    expect(first.status).toBe(200);
    for (const variant of [
      ` ${phone}`,
      `${phone}\u3000`,
      `\u00a0${phone}`,
      fullWidth(phone),
      `\t${phone}\n`,
    ]) {
      clock.advance(1);
      const again = await t.call('GET', '/api/getVerificationCode', { query: { telephone: variant } });
      expect([JSON.stringify(variant), again.status]).toEqual([JSON.stringify(variant), 429]);
    }
    expect(t.sms.filter((m) => m.phone.includes(phone.slice(3)))).toHaveLength(1);
    clock.advance(120);
  });

  it('sends the code to the normalised phone', async () => {
    const phone = newPhone();
    const answer = await t.call('GET', '/api/getVerificationCode', {
      query: { telephone: `\u3000${fullWidth(phone)}\u00a0` },
    });
    expect(answer.status).toBe(200);
    expect(t.sms.at(-1)!.phone).toBe(phone);
    clock.advance(120);
  });

  it('says a padded registered phone is taken (checkTelephone)', async () => {
    const { id } = await makeCandidate(t);
    const [row] = await t.database.db.select().from(candidateUser).where(eq(candidateUser.id, id));
    const phone = row!.telephone;
    expect((await t.call('GET', `/api/checkTelephone/${phone}`)).body.data).toBe(false);
    for (const variant of [` ${phone}`, `${phone}\u3000`, `\u00a0${phone}`, fullWidth(phone)]) {
      const answer = await t.call('GET', `/api/checkTelephone/${encodeURIComponent(variant)}`);
      expect([JSON.stringify(variant), answer.status, answer.body.data]).toEqual([
        JSON.stringify(variant),
        200,
        false,
      ]);
    }
  });

  it('stores a padded phone normalised instead of overflowing the column (500)', async () => {
    const phone = newPhone();
    const answer = await t.call<number>('POST', '/admin/department', {
      token: admin,
      body: { parentId: 1, name: '规范化测试部门', phone: `\u3000\u00a0${phone}\u3000` },
    });
    expect(answer.status).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(sysDepartment)
      .where(eq(sysDepartment.id, answer.body.data));
    expect(row!.phone).toBe(phone);
  });

  it('finds an enrolment by a padded, full-width or lower-case-x ID number or phone filter', async () => {
    // An ID number whose check character is X (sequence from the top, away from the fixtures' own).
    let seq = 999;
    while (!idCard('19980307', String(seq)).endsWith('X')) seq -= 2;
    const candidate = await makeCandidate(t, { idCard: idCard('19980307', String(seq)) });
    const { plan, demand } = await openPlanAndDemand(t);
    const card = candidate.idCard;
    const applied = await postApplication(t, candidate.token, applicationFields(plan.id, card, demand));
    expect(applied.statusCode).toBe(200);
    // The whole number matches, however it is padded or written (docs/decisions.md "One enrolment
    // search"); a prefix does not (test/enroll/filters.test.ts).
    for (const idCard of [`\u3000${fullWidth(card.slice(0, 17))}x`, ` ${card.slice(0, 17)}x\u00a0`]) {
      const answer = await t.call<{ total: number }>('GET', '/candidate/enroll/page', {
        token: admin,
        query: { idCard },
      });
      expect([idCard, answer.status, answer.body.data.total]).toEqual([idCard, 200, 1]);
    }
  });
});

describe('bad input answers 4xx naming the field, never 500 (docs/security.md "Input")', () => {
  it('refuses a NUL byte in a query filter with 400 naming the field', async () => {
    const answer = await t.call('GET', '/candidate/enroll/page', {
      token: admin,
      query: { name: 'a\u0000b' },
    });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)).toEqual(['name']);
  });

  it('refuses a NUL byte in a query field checked by no domain schema (one guard for every route)', async () => {
    const candidate = await makeCandidate(t);
    const answer = await t.call('GET', '/api/recruitPlanData/getRecruitPlanDataRegionByCategory', {
      candidateToken: candidate.token,
      query: { planId: 1, category: 'a\u0000b' },
    });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)).toEqual(['category']);
  });

  it('refuses a NUL byte in a JSON body, a nested field and an encrypted body with 400 naming the field', async () => {
    const dept = await t.call('POST', '/admin/department', {
      token: admin,
      body: { parentId: 1, name: 'x\u0000y' },
    });
    expect(dept.status).toBe(400);
    expect(fieldsOf(dept.body)).toEqual(['name']);
    expect(dept.body.msg).toContain('部门名称');

    const list = await t.call('POST', '/log/operlog/list', {
      token: admin,
      body: { operatorName: '\u0000' },
    });
    expect(list.status).toBe(400);
    expect(fieldsOf(list.body)).toEqual(['operatorName']);

    const errorLog = await t.call('POST', '/admin/errorLog', {
      token: admin,
      body: [{ type: 'e', message: 'boom\u0000' }],
    });
    expect(errorLog.status).toBe(400);
    expect(fieldsOf(errorLog.body)).toEqual(['0.message']);

    const plan = await t.secure('POST', '/recruit/recruitPlan', soundPlan({ company: '教育厅\u0000' }), {
      token: admin,
      lang: 'en',
    });
    expect(plan.status).toBe(400);
    expect(fieldsOf(plan.body)).toEqual(['company']);
  });

  it('refuses CR/LF and other control characters in names with 400 naming the field', async () => {
    for (const name of ['a\r\nb', 'line\nbreak', 'tab\there', 'bell\u0007', 'sep\u2028x']) {
      const answer = await t.call('POST', '/admin/department', { token: admin, body: { parentId: 1, name } });
      expect([JSON.stringify(name), answer.status, fieldsOf(answer.body)]).toEqual([
        JSON.stringify(name),
        400,
        ['name'],
      ]);
    }
    const plan = await t.secure(
      'POST',
      '/recruit/recruitPlan',
      soundPlan({ name: '计划\r\nSet-Cookie: x' }),
      {
        token: admin,
      },
    );
    expect(plan.status).toBe(400);
    expect(fieldsOf(plan.body)).toEqual(['name']);
  });

  it('keeps line breaks where a field is multi-line (plan service centre)', async () => {
    const plan = await t.secure(
      'POST',
      '/recruit/recruitPlan',
      soundPlan({ serviceCenter: '第一行\n第二行' }),
      {
        token: admin,
      },
    );
    expect(plan.status).toBe(200);
  });

  it('refuses impossible dates and years out of range with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ limitBirth: '2020-02-31' }, 'limitBirth'],
      [{ limitBirth: '1990-02-30' }, 'limitBirth'],
      [{ limitBirth: '0000-01-01' }, 'limitBirth'],
      [{ startTime: '+275760-09-13T00:00:00.000Z' }, 'startTime'],
      [{ startTime: '-271821-04-20T00:00:00.000Z' }, 'startTime'],
      [{ endTime: '2030-02-30 10:00:00' }, 'endTime'],
      [{ endTime: '2030-02-29T10:00:00Z' }, 'endTime'],
      [{ endTime: '1' }, 'endTime'],
    ];
    for (const [override, field] of cases) {
      const answer = await t.secure('POST', '/recruit/recruitPlan', soundPlan(override), { token: admin });
      expect([override, answer.status, fieldsOf(answer.body)]).toEqual([override, 400, [field]]);
    }
  });

  it('refuses ids beyond the integer range with 400, not a database error', async () => {
    for (const planId of ['1e30', '2147483648', '99999999999']) {
      const page = await t.call('GET', '/candidate/enroll/page', { token: admin, query: { planId } });
      expect([planId, page.status, fieldsOf(page.body)]).toEqual([planId, 400, ['planId']]);
    }
    const one = await t.call('GET', '/candidate/enroll/2147483648', { token: admin });
    expect(one.status).toBe(400);
    const del = await t.call('DELETE', '/recruit/recruitPlan/deleteByIds', {
      token: admin,
      body: { idList: [2147483648] },
    });
    expect(del.status).toBe(400);
  });

  it('refuses planId=1e30 in a multipart application with 400', async () => {
    const candidate = await makeCandidate(t);
    const { demand } = await openPlanAndDemand(t);
    for (const planId of ['1e30', '2147483648']) {
      const answer = await postApplication(t, candidate.token, {
        ...applicationFields(1, candidate.idCard, demand),
        planId,
      });
      expect([planId, answer.statusCode]).toEqual([planId, 400]);
    }
  });

  it('refuses a NUL byte in a multipart field with 400 naming the field', async () => {
    const candidate = await makeCandidate(t);
    const { plan, demand } = await openPlanAndDemand(t);
    const answer = await postApplication(t, candidate.token, {
      ...applicationFields(plan.id, candidate.idCard, demand),
      major: '汉语\u0000言',
    });
    expect(answer.statusCode).toBe(400);
    expect(fieldsOf(answer.json())).toEqual(['major']);
  });

  it('answers a truncated or malformed multipart body with 400', async () => {
    const candidate = await makeCandidate(t);
    const { plan, demand } = await openPlanAndDemand(t);
    const form = multipart(applicationFields(plan.id, candidate.idCard, demand), { data: await photo() });
    const bodies = [
      form.body.subarray(0, Math.floor(form.body.length / 2)),
      form.body.subarray(0, form.body.length - 10),
      Buffer.from(`--${form.headers['content-type'].split('boundary=')[1]}\r\ngarbage without headers`),
      Buffer.from('not multipart at all'),
    ];
    for (const [i, payload] of bodies.entries()) {
      for (const method of ['POST', 'PUT'] as const) {
        const answer = await t.app.inject({
          method,
          url: '/api/apply',
          headers: { ...form.headers, 'user-authorization': `Bearer ${candidate.token}` },
          payload,
        });
        expect([i, method, answer.statusCode]).toEqual([i, method, 400]);
      }
    }
    const upload = await t.app.inject({
      method: 'POST',
      url: '/file/upload',
      headers: { ...form.headers, authorization: `Bearer ${admin}` },
      payload: form.body.subarray(0, 100),
    });
    expect(upload.statusCode).toBe(400);
  });

  it('answers a broken path escape or an over-long path parameter in the envelope (400), never 500', async () => {
    for (const url of [
      '/api/checkTelephone/%zz',
      '/api/checkTelephone/%E4%B8',
      `/api/checkTelephone/${'1'.repeat(300)}`,
      '/file/view/%',
      '/file/view/website/%E4%B8.png',
    ]) {
      const answer = await t.call('GET', url);
      expect([url, answer.body.code]).toEqual([url, answer.status]);
      expect([
        url,
        url.startsWith('/file/') ? [400, 404].includes(answer.status) : answer.status === 400,
      ]).toEqual([url, true]);
    }
  });
});
