import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type EducationPlan, type Page } from '@tegang/domain';
import { categoryEducation } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith } from '../recruit-plan/fixtures';

/** Category–education mapping (spec §3, §5, §7 "/recruit/educationPlan"). */

const URL = '/recruit/educationPlan';
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  // The seed maps all three categories; free category 03 for the create tests.
  await t.database.db.delete(categoryEducation).where(eq(categoryEducation.category, '03'));
});
afterAll(() => t.close());

const rows = () => t.database.db.select().from(categoryEducation).orderBy(categoryEducation.id);

describe('GET /recruit/educationPlan/page', () => {
  it('pages the seeded mappings and filters by category', async () => {
    const all = await t.call<Page<EducationPlan>>('GET', `${URL}/page`, { token });
    expect(all.status).toBe(200);
    expect(all.body.data.records.map((r) => r.category)).toEqual(['01', '02']);
    expect(all.body.data).toMatchObject({ total: 2, current: 1, size: 10 });
    const one = await t.call<Page<EducationPlan>>('GET', `${URL}/page`, { token, query: { category: '02' } });
    expect(one.body.data.records).toHaveLength(1);
    expect(one.body.data.records[0]!.education).toContain('31');
  });
});

describe('POST, PUT, DELETE /recruit/educationPlan', () => {
  it('creates, updates and deletes a mapping', async () => {
    const created = await t.call<number>('POST', URL, {
      token,
      body: { category: '03', education: ['21', '31'] },
    });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('保存成功');
    const id = created.body.data;
    const updated = await t.call<number>('PUT', URL, {
      token,
      body: { id, category: '03', education: ['11', '14', '14'] },
    });
    expect(updated.status).toBe(200);
    const [row] = await t.database.db.select().from(categoryEducation).where(eq(categoryEducation.id, id));
    expect(row!.education).toEqual(['11', '14']);
    const removed = await t.call('DELETE', `${URL}/${id}`, { token });
    expect(removed.status).toBe(200);
    expect((await t.call('DELETE', `${URL}/${id}`, { token })).status).toBe(404);
    expect(
      (await t.call('PUT', URL, { token, body: { id, category: '03', education: ['21'] } })).status,
    ).toBe(404);
  });

  it('answers 409 with a clear message for a category that already has a mapping', async () => {
    const before = await rows();
    const dup = await t.call('POST', URL, { token, body: { category: '01', education: ['21'] } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('普通岗位');
    const en = await t.call('POST', URL, { token, lang: 'en', body: { category: '01', education: ['21'] } });
    expect(en.body.msg).toContain('General post');
    const second = before.find((r) => r.category === '02')!;
    const moved = await t.call('PUT', URL, {
      token,
      body: { id: second.id, category: '01', education: ['21'] },
    });
    expect(moved.status).toBe(409);
    expect(await rows()).toEqual(before);
  });

  it('refuses bad inputs with 400 naming the field and changes nothing', async () => {
    const before = await rows();
    const cases: [unknown, string, string][] = [
      [{ education: ['21'] }, 'category', '计划类别不能为空'],
      [{ category: '', education: ['21'] }, 'category', '计划类别不能为空'],
      [{ category: '99', education: ['21'] }, 'category', '计划类别的取值无效'],
      [{ category: '03' }, 'education', '学历不能为空'],
      [{ category: '03', education: [] }, 'education', '学历不能为空'],
      [{ category: '03', education: ['99'] }, 'education', '学历的取值无效'],
      [{ category: '03', education: [21] }, 'education', '学历的取值无效'],
      [{ category: '03', education: 'abc' }, 'education', ''],
    ];
    for (const [body, field, msg] of cases) {
      const answer = await t.call<{ errors: { field: string }[] }>('POST', URL, { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(
        answer.body.data.errors.map((e) => e.field),
        JSON.stringify(body),
      ).toEqual([field]);
      if (msg) expect(answer.body.msg).toBe(msg);
    }
    const badId = await t.call('PUT', URL, { token, body: { id: 'x', category: '03', education: ['21'] } });
    expect(badId.status).toBe(400);
    expect((await t.call('DELETE', `${URL}/abc`, { token })).status).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it('answers 403 without the keys', async () => {
    const none = await adminWith(t, []);
    const [first] = await rows();
    const calls: [string, string, unknown][] = [
      ['GET', `${URL}/page`, undefined],
      ['POST', URL, { category: '03', education: ['21'] }],
      ['PUT', URL, { id: first!.id, category: first!.category, education: ['21'] }],
      ['DELETE', `${URL}/${first!.id}`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const answer = await t.call(method, url, { token: none, body });
      expect(answer.status, `${method} ${url}`).toBe(403);
    }
    const reader = await adminWith(t, [PERMISSIONS.educationPlan.list]);
    expect((await t.call('GET', `${URL}/page`, { token: reader })).status).toBe(200);
    expect((await t.call('POST', URL, { token: reader, body: calls[1]![2] })).status).toBe(403);
    expect(await rows()).toHaveLength(2);
  });
});
