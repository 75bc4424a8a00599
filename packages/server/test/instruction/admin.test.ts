import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PERMISSIONS, type FieldError, type Instruction, type Page } from '@tegang/domain';
import { instruction } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { makeAdmin, makeCandidate, openPlanAndDemand } from '../enroll/fixtures';
import { adminWith, createPlan } from '../recruit-plan/fixtures';

/**
 * Instructions in the back office (spec §7 "Instructions", §3, §5): CRUD through the encrypted
 * routes, the '{label}不能为空' rules, 403 without the key, one notice per plan and type (409), the
 * sanitising of the HTML, and the candidate's enrolment notice reading what was saved.
 */
const URL = '/recruit/instruction';
type Errors = { errors: FieldError[] };

let t: TestApp;
let token: string;
let planId: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await makeAdmin(t, {});
  planId = await createPlan(t, token, { name: '须知测试计划' });
});
afterAll(() => t.close());

/** Every instruction row, for "nothing changed" checks. */
const snapshot = () => t.database.db.select().from(instruction).orderBy(instruction.id);

const create = (body: Record<string, unknown>, as = token) =>
  t.secure<number>('POST', URL, body, { token: as });
const read = (id: number) => t.call<Instruction>('GET', `${URL}/${id}`, { token });

describe('CRUD of instructions', () => {
  it('creates, reads, lists with filters, updates and deletes an instruction', async () => {
    const created = await create({ planId, type: '2', context: '<p>考试须知<strong>正文</strong></p>' });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('保存成功');
    const id = created.body.data;
    expect(typeof id).toBe('number');

    const one = await read(id);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      id,
      planId,
      planName: '须知测试计划',
      type: '2',
      context: '<p>考试须知<strong>正文</strong></p>',
    });

    const page = await t.call<Page<Instruction>>('GET', `${URL}/page`, {
      token,
      query: { current: 1, size: 10, planId, type: '2' },
    });
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.records[0]).toMatchObject({ id, planName: '须知测试计划', type: '2' });
    const otherType = await t.call<Page<Instruction>>('GET', `${URL}/page`, {
      token,
      query: { planId, type: '3' },
    });
    expect(otherType.body.data.total).toBe(0);
    const all = await t.call<Page<Instruction>>('GET', `${URL}/page`, {
      token,
      query: { planId: '', type: '' },
    });
    expect(all.body.data.total).toBeGreaterThanOrEqual(2); // the seeded notice and this one

    const updated = await t.secure<number>(
      'PUT',
      URL,
      { id, planId, type: '3', context: '<p>准考证须知</p>' },
      { token },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.msg).toBe('保存成功');
    expect((await read(id)).body.data).toMatchObject({ type: '3', context: '<p>准考证须知</p>' });

    const removed = await t.call('DELETE', `${URL}/${id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body.msg).toBe('删除成功');
    expect((await read(id)).status).toBe(404);
    expect((await t.call('DELETE', `${URL}/${id}`, { token })).status).toBe(404);
  });

  it('deletes by ids all or nothing', async () => {
    const a = (await create({ planId, type: '2', context: '<p>a</p>' })).body.data;
    const b = (await create({ planId, type: '3', context: '<p>b</p>' })).body.data;
    const before = await snapshot();
    const missing = await t.call('DELETE', `${URL}/deleteByIds`, { token, body: { idList: [a, 999999] } });
    expect(missing.status).toBe(404);
    expect(await snapshot()).toEqual(before);
    const ok = await t.call('DELETE', `${URL}/deleteByIds`, { token, body: { idList: [a, b] } });
    expect(ok.status).toBe(200);
    expect(ok.body.msg).toBe('删除成功');
    expect((await read(a)).status).toBe(404);
    expect((await read(b)).status).toBe(404);
  });

  it('lists the type options in zh and en', async () => {
    const zh = await t.call('GET', `${URL}/getInstructionType`, { token });
    expect(zh.body.data).toEqual([
      { value: '1', label: '报名须知' },
      { value: '2', label: '考试须知' },
      { value: '3', label: '准考证须知' },
    ]);
    const en = await t.call('GET', `${URL}/getInstructionType`, { token, lang: 'en' });
    expect(en.body.data).toEqual([
      { value: '1', label: 'Enrolment notice' },
      { value: '2', label: 'Exam notice' },
      { value: '3', label: 'Admission ticket notice' },
    ]);
  });

  it('refuses a plain (unencrypted) body with 400', async () => {
    const before = await snapshot();
    const answer = await t.call('POST', URL, { token, body: { planId, type: '2', context: '<p>x</p>' } });
    expect(answer.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad inputs: 400 naming the field, nothing changed', () => {
  const sound = () => ({ planId, type: '2', context: '<p>内容</p>' });
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['plan missing', { planId: undefined }, 'planId', '招聘计划不能为空'],
    ['plan not an id', { planId: 'abc' }, 'planId', '招聘计划'],
    ['plan unknown', { planId: 999999 }, 'planId', '招聘计划不存在'],
    ['type missing', { type: undefined }, 'type', '须知类型不能为空'],
    ['type empty', { type: '' }, 'type', '须知类型不能为空'],
    ['type unknown', { type: '9' }, 'type', '须知类型的取值无效'],
    ['content missing', { context: undefined }, 'context', '须知内容不能为空'],
    ['content blank', { context: '   ' }, 'context', '须知内容不能为空'],
    [
      'content only a script',
      { context: '<script>alert(1)</script>' },
      'context',
      '须知内容去除不安全的内容后为空',
    ],
    [
      'content only empty paragraphs',
      { context: '<p><br></p><p> </p>' },
      'context',
      '须知内容去除不安全的内容后为空',
    ],
    [
      'content over 100 KB',
      { context: `<p>${'字'.repeat(35_000)}</p>` },
      'context',
      '须知内容不能超过100 KB',
    ],
  ];

  it.each(cases)('refuses %s on create', async (_name, change, field, msg) => {
    const before = await snapshot();
    const answer = await create({ ...sound(), ...change });
    expect(answer.status).toBe(400);
    const errors = (answer.body.data as unknown as Errors).errors;
    expect(errors[0]!.field).toBe(field);
    expect(answer.body.msg).toContain(msg);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the same on update, and an unknown id with 404', async () => {
    const id = (await create(sound())).body.data;
    const before = await snapshot();
    for (const [, change, field] of cases) {
      const answer = await t.secure<Errors>('PUT', URL, { id, ...sound(), ...change }, { token });
      expect([field, answer.status]).toEqual([field, 400]);
      expect(answer.body.data.errors[0]!.field).toBe(field);
    }
    const missingId = await t.secure<Errors>('PUT', URL, sound(), { token });
    expect(missingId.status).toBe(400);
    expect(missingId.body.data.errors[0]!.field).toBe('id');
    expect((await t.secure('PUT', URL, { id: 999999, ...sound() }, { token })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
    await t.call('DELETE', `${URL}/${id}`, { token });
  });

  it('answers in English with the English label', async () => {
    const answer = await t.secure('POST', URL, { planId, context: '<p>x</p>' }, { token, lang: 'en' });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toContain('Instruction type cannot be empty');
  });

  it('refuses bad paging and ids', async () => {
    expect((await t.call('GET', `${URL}/page`, { token, query: { size: 7 } })).status).toBe(400);
    expect((await t.call('GET', `${URL}/page`, { token, query: { planId: 'x' } })).status).toBe(400);
    expect((await t.call('GET', `${URL}/0`, { token })).status).toBe(400);
    expect((await t.call('DELETE', `${URL}/deleteByIds`, { token, body: { idList: [] } })).status).toBe(400);
  });
});

describe('access', () => {
  it('answers 403 to an administrator without the key, and nothing changes', async () => {
    const id = (await create({ planId, type: '2', context: '<p>x</p>' })).body.data;
    const listOnly = await adminWith(t, [PERMISSIONS.instruction.list]);
    const before = await snapshot();
    const calls: [string, string, unknown][] = [
      ['POST', URL, { planId, type: '3', context: '<p>y</p>' }],
      ['PUT', URL, { id, planId, type: '2', context: '<p>y</p>' }],
    ];
    for (const [method, url, body] of calls)
      expect((await t.secure(method, url, body, { token: listOnly })).status).toBe(403);
    expect((await t.call('GET', `${URL}/${id}`, { token: listOnly })).status).toBe(403);
    expect((await t.call('DELETE', `${URL}/${id}`, { token: listOnly })).status).toBe(403);
    expect(
      (await t.call('DELETE', `${URL}/deleteByIds`, { token: listOnly, body: { idList: [id] } })).status,
    ).toBe(403);
    expect((await t.call('GET', `${URL}/page`, { token: listOnly })).status).toBe(200);
    const none = await adminWith(t, []);
    expect((await t.call('GET', `${URL}/page`, { token: none })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
    await t.call('DELETE', `${URL}/${id}`, { token });
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', `${URL}/page`)).status).toBe(401);
    expect((await t.call('GET', `${URL}/getInstructionType`)).status).toBe(401);
  });
});

describe('one instruction per plan and type', () => {
  it('answers 409 with a clear message for a second notice of a type, on create and on update', async () => {
    const first = (await create({ planId, type: '1', context: '<p>报名须知一</p>' })).body.data;
    const before = await snapshot();
    const second = await create({ planId, type: '1', context: '<p>报名须知二</p>' });
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('招聘计划“须知测试计划”已有报名须知，请修改原有的须知');
    const en = await t.secure('POST', URL, { planId, type: '1', context: '<p>x</p>' }, { token, lang: 'en' });
    expect(en.body.msg).toBe(
      'The recruit plan "须知测试计划" already has its Enrolment notice; edit that one instead',
    );
    expect(await snapshot()).toEqual(before);

    const exam = (await create({ planId, type: '2', context: '<p>考试须知</p>' })).body.data;
    const clash = await t.secure('PUT', URL, { id: exam, planId, type: '1', context: '<p>x</p>' }, { token });
    expect(clash.status).toBe(409);
    // Saving a notice with its own type again is not a clash.
    const same = await t.secure(
      'PUT',
      URL,
      { id: first, planId, type: '1', context: '<p>改</p>' },
      { token },
    );
    expect(same.status).toBe(200);
    // Another plan may have its own notice of the type.
    const other = await createPlan(t, token, { name: '另一计划' });
    expect((await create({ planId: other, type: '1', context: '<p>x</p>' })).status).toBe(200);
    await t.call('DELETE', `${URL}/deleteByIds`, { token, body: { idList: [first, exam] } });
  });

  it('lets only one of two concurrent saves of the same plan and type through', async () => {
    const plan = await createPlan(t, token, { name: '并发计划' });
    const answers = await Promise.all(
      [1, 2, 3].map((n) => create({ planId: plan, type: '3', context: `<p>${n}</p>` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const rows = await t.database.db.select().from(instruction).where(eq(instruction.planId, plan));
    expect(rows).toHaveLength(1);
  });
});

describe('sanitising', () => {
  it('removes scripts, event handlers and javascript: links and keeps the allowed markup', async () => {
    const dirty = [
      '<h2 style="color:red">标题</h2>',
      '<p onclick="steal()">段落<script>alert(1)</script><img src=x onerror="alert(2)"></p>',
      '<p><b>b</b><strong>strong</strong><em>em</em><i>i</i><u>u</u><s>s</s><br></p>',
      '<h3>h3</h3><h4>h4</h4><h1>h1</h1>',
      '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote>',
      '<a href="javascript:alert(3)">坏链接</a>',
      '<a href="https://example.org/a" onmouseover="x()">好链接</a>',
      '<a href="mailto:hr@example.org">邮件</a>',
      '<iframe src="https://evil.example"></iframe><style>p{}</style>',
    ].join('');
    const id = (await create({ planId, type: '3', context: dirty })).body.data;
    const html = (await read(id)).body.data.context;
    expect(html).not.toMatch(/script|onerror|onclick|onmouseover|javascript:|iframe|style|<img|alert/i);
    expect(html).toContain('<h2>标题</h2>');
    expect(html).toContain('<p>段落</p>');
    expect(html).toContain('<p><b>b</b><strong>strong</strong><em>em</em><i>i</i><u>u</u><s>s</s><br /></p>');
    expect(html).toContain('<h3>h3</h3><h4>h4</h4>h1');
    expect(html).toContain('<ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote>');
    expect(html).toContain('<a>坏链接</a>');
    expect(html).toContain(
      '<a href="https://example.org/a" rel="noopener noreferrer" target="_blank">好链接</a>',
    );
    expect(html).toContain(
      '<a href="mailto:hr@example.org" rel="noopener noreferrer" target="_blank">邮件</a>',
    );
    await t.call('DELETE', `${URL}/${id}`, { token });
  });
});

describe("the candidate's enrolment notice", () => {
  it('returns the notice saved in the back office, sanitised', async () => {
    const { plan } = await openPlanAndDemand(t);
    const page = await t.call<Page<Instruction>>('GET', `${URL}/page`, {
      token,
      query: { planId: plan.id, type: '1' },
    });
    expect(page.body.data.total).toBe(1); // the seeded notice
    const seeded = page.body.data.records[0]!;
    const saved = await t.secure(
      'PUT',
      URL,
      {
        id: seeded.id,
        planId: plan.id,
        type: '1',
        context: '<p>新的报名须知<img src=x onerror=alert(1)></p>',
      },
      { token },
    );
    expect(saved.status).toBe(200);
    const candidate = await makeCandidate(t);
    const notice = await t.call<{ context: string }>('GET', `/api/instruction/getEnrollNotice/${plan.id}`, {
      candidateToken: candidate.token,
    });
    expect(notice.status).toBe(200);
    expect(notice.body.data.context).toBe('<p>新的报名须知</p>');

    // An exam notice of the plan is not the enrolment notice.
    const exam = (await create({ planId: plan.id, type: '2', context: '<p>考试须知</p>' })).body.data;
    const still = await t.call<{ context: string }>('GET', `/api/instruction/getEnrollNotice/${plan.id}`, {
      candidateToken: candidate.token,
    });
    expect(still.body.data.context).toBe('<p>新的报名须知</p>');
    await t.call('DELETE', `${URL}/${exam}`, { token });

    // Deleted, the plan has no notice any more.
    await t.call('DELETE', `${URL}/${seeded.id}`, { token });
    const gone = await t.call('GET', `/api/instruction/getEnrollNotice/${plan.id}`, {
      candidateToken: candidate.token,
    });
    expect(gone.status).toBe(404);
  });
});
