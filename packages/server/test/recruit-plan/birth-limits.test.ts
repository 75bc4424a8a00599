import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldError } from '@tegang/domain';
import { createTestApp, type TestApp } from '../helpers';
import { createPlan, PLAN_URL, readPlan, soundPlan } from './fixtures';

/** Age limits per education on the plan (birthLimits: education code → YYYY-MM-DD). */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t.close());

type Errors = { errors: FieldError[] };

describe('birthLimits of a plan', () => {
  it('saves and reads back the per-education limits ({} when none are sent)', async () => {
    const id = await createPlan(t, token, { birthLimits: { '14': '1991-01-01', '11': '1990-06-30' } });
    expect((await readPlan(t, token, id)).body.data.birthLimits).toEqual({
      '14': '1991-01-01',
      '11': '1990-06-30',
    });
    const plain = await createPlan(t, token);
    expect((await readPlan(t, token, plain)).body.data.birthLimits).toEqual({});
    const update = await t.secure(
      'PUT',
      PLAN_URL,
      { ...soundPlan({ birthLimits: { '21': '1995-01-01' } }), id },
      {
        token,
      },
    );
    expect(update.status).toBe(200);
    expect((await readPlan(t, token, id)).body.data.birthLimits).toEqual({ '21': '1995-01-01' });
  });

  it.each([
    ['an education code not in the dictionary', { '99': '1991-01-01' }, '“99”不是学历字典中的值'],
    ['a malformed education code', { '1 4': '1991-01-01' }, '“1 4”不是学历字典中的值'],
    ['a date that does not exist', { '14': '1991-02-30' }, '“1991-02-30”不是有效日期'],
    ['a date that is not a date', { '14': 'soon' }, '不是有效日期'],
    ['a date in the future', { '14': '2099-01-01' }, '不能晚于今天'],
  ])('refuses %s with 400 naming the field', async (_name, birthLimits, message) => {
    const answer = await t.secure<Errors>('POST', PLAN_URL, soundPlan({ birthLimits }), { token });
    expect(answer.status).toBe(400);
    expect(answer.body.data.errors[0]).toMatchObject({ field: 'birthLimits', label: '分学历出生日期限制' });
    expect(answer.body.msg).toContain('分学历出生日期限制');
    expect(answer.body.msg).toContain(message);
  });

  it('answers the error in English', async () => {
    const answer = await t.secure<Errors>(
      'POST',
      PLAN_URL,
      soundPlan({ birthLimits: { '99': '1991-01-01' } }),
      {
        token,
        lang: 'en',
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toContain('Birth date limits by education');
    expect(answer.body.msg).toContain('"99"');
  });
});
