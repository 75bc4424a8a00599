import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArrangementInput } from '@tegang/domain';
import {
  admissionTicket,
  categoryEducation,
  instruction,
  recruitPlan,
  recruitPlanData,
  sysDictItem,
  sysDictType,
  ticketArrangement,
} from '../../src/db/schema';
import { createTestApp, type Answer, type TestApp } from '../helpers';
import { makeAdmin } from '../enroll/fixtures';
import { demoPlanId, soundPlan } from '../recruit-plan/fixtures';

/**
 * Province-wide objects belong to the province (docs/security.md "Province-wide objects"): a city or
 * county office holding every key cannot change instructions, plans, the category–education mapping,
 * dictionaries or the arrangement (nor read the arrangement settings, which hold every county's
 * sites); a province account of another province cannot change this province's plan; the province's
 * own account still can. What an attacker observes: 403 naming the object, and no row changed.
 */
let t: TestApp;
let admin: string;
let planId: number;
let draftId: number;
let noticeId: number;
let mappingId: number;
let dictTypeId: number;
let dictItemId: number;

const GUIZHOU = { provinceCode: '520000' };
const CITY = { provinceCode: '520000', cityCode: '520100' };
const COUNTY = { provinceCode: '520000', cityCode: '520100', countyCode: '520102' };
const PHISHING = '<p>报名请先登录 <a href="https://tegang-gz.example.com/login">省特岗报名系统</a></p>';
const TICKETS = '/candidate/admissionTicket';

/** County B's sites and notice, as the province saved them. */
const settingsOf = (id: number): ArrangementInput => ({
  planId: id,
  roomSize: 30,
  examDate: '2031-07-04',
  examTime: '09:00-11:30',
  examinationRoomNotice: '请携带身份证和准考证到六盘水一中',
  sites: [{ code: '02', name: '六盘水一中', address: '六盘水市钟山区2号', regionCode: '520200' }],
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  planId = await demoPlanId(t);
  const db = t.database.db;
  const [notice] = await db.select().from(instruction).where(eq(instruction.planId, planId));
  noticeId = notice!.id;
  const draft = await t.secure<number>('POST', '/recruit/recruitPlan', soundPlan(), { token: admin });
  draftId = draft.body.data;
  await db.insert(recruitPlanData).values({
    planId: draftId,
    provinceCode: '520000',
    cityCode: '520100',
    countyCode: '520102',
    category: '01',
    learningPeriod: '02',
    subject: '01',
    demandNumber: 3,
  });
  const [mapping] = await db.select().from(categoryEducation).where(eq(categoryEducation.category, '01'));
  mappingId = mapping!.id;
  const type = await t.call<number>('POST', '/admin/dictType', {
    token: admin,
    body: { name: '省级字典', type: 'province_dict', isSystem: '0' },
  });
  dictTypeId = type.body.data;
  const item = await t.call<number>('POST', '/admin/dictItem', {
    token: admin,
    body: { dictType: 'province_dict', label: '甲', value: 'a' },
  });
  dictItemId = item.body.data;
  await db.insert(ticketArrangement).values({ planId, settings: { ...settingsOf(planId) } });
});
afterAll(async () => t?.close());

/** Every row the writes below could touch. */
async function snapshot() {
  const db = t.database.db;
  return {
    plans: await db.select().from(recruitPlan).orderBy(recruitPlan.id),
    instructions: await db.select().from(instruction).orderBy(instruction.id),
    mappings: await db.select().from(categoryEducation).orderBy(categoryEducation.id),
    dictTypes: await db.select().from(sysDictType).orderBy(sysDictType.id),
    dictItems: await db.select().from(sysDictItem).orderBy(sysDictItem.id),
    arrangements: await db.select().from(ticketArrangement),
    tickets: await db.select().from(admissionTicket),
  };
}

type Write = [object: string, label: string, send: (token: string) => Promise<Answer<unknown>>];

/** Each write route of the province-wide objects, with a body that the province itself may send. */
function writes(): Write[] {
  const call = (method: string, url: string, body?: unknown) => (token: string) =>
    t.call(method, url, { token, body });
  const secure = (method: string, url: string, body: unknown) => (token: string) =>
    t.secure(method, url, body, { token });
  const notice = { id: noticeId, planId, type: '1', context: PHISHING };
  return [
    [
      '报名须知等说明',
      'instruction add',
      secure('POST', '/recruit/instruction', { ...notice, id: undefined, type: '2' }),
    ],
    ['报名须知等说明', 'instruction edit', secure('PUT', '/recruit/instruction', notice)],
    [
      '报名须知等说明',
      'instruction deleteByIds',
      call('DELETE', '/recruit/instruction/deleteByIds', { idList: [noticeId] }),
    ],
    ['报名须知等说明', 'instruction delete', call('DELETE', `/recruit/instruction/${noticeId}`)],
    ['招聘计划', 'plan add', secure('POST', '/recruit/recruitPlan', soundPlan({ name: '县里的计划' }))],
    [
      '招聘计划',
      'plan edit',
      secure('PUT', '/recruit/recruitPlan', soundPlan({ id: draftId, name: '改过的计划' })),
    ],
    ['招聘计划', 'plan status', call('POST', `/recruit/recruitPlan/updateStatus/${planId}/2`)],
    [
      '招聘计划',
      'plan deleteByIds',
      call('DELETE', '/recruit/recruitPlan/deleteByIds', { idList: [draftId] }),
    ],
    ['招聘计划', 'plan delete', call('DELETE', `/recruit/recruitPlan/${draftId}`)],
    [
      '类别与学历对应关系',
      'mapping add',
      call('POST', '/recruit/educationPlan', { category: '03', education: ['21'] }),
    ],
    [
      '类别与学历对应关系',
      'mapping edit',
      call('PUT', '/recruit/educationPlan', { id: mappingId, category: '01', education: ['21'] }),
    ],
    ['类别与学历对应关系', 'mapping delete', call('DELETE', `/recruit/educationPlan/${mappingId}`)],
    [
      '字典',
      'dict type add',
      call('POST', '/admin/dictType', { name: '县字典', type: 'county_dict', isSystem: '0' }),
    ],
    [
      '字典',
      'dict type edit',
      call('PUT', '/admin/dictType', { id: dictTypeId, name: '改', type: 'province_dict', isSystem: '0' }),
    ],
    [
      '字典',
      'dict type deleteByIds',
      call('DELETE', '/admin/dictType/deleteByIds', { idList: [dictTypeId] }),
    ],
    ['字典', 'dict type delete', call('DELETE', `/admin/dictType/${dictTypeId}`)],
    [
      '字典',
      'dict item add',
      call('POST', '/admin/dictItem', { dictType: 'province_dict', label: '乙', value: 'b' }),
    ],
    [
      '字典',
      'dict item edit',
      call('PUT', '/admin/dictItem', { id: dictItemId, dictType: 'province_dict', label: '改', value: 'a' }),
    ],
    [
      '字典',
      'dict item deleteByIds',
      call('DELETE', '/admin/dictItem/deleteByIds', { idList: [dictItemId] }),
    ],
    ['字典', 'dict item delete', call('DELETE', `/admin/dictItem/${dictItemId}`)],
    ['考场编排及其设置', 'arrangement settings read', call('GET', `${TICKETS}/arrange/${planId}`)],
    [
      '考场编排及其设置',
      'arrangement preview',
      call('POST', `${TICKETS}/arrange/preview`, settingsOf(planId)),
    ],
    ['考场编排及其设置', 'arrangement save', call('POST', `${TICKETS}/arrange`, settingsOf(planId))],
  ];
}

describe.each([
  ['a county office', COUNTY],
  ['a city office', CITY],
])('%s holding every key', (_who, scope) => {
  it('gets 403 naming the object on every write, and no row changes', async () => {
    const token = await makeAdmin(t, scope);
    const before = await snapshot();
    for (const [object, label, send] of writes()) {
      const answer = await send(token);
      expect([label, answer.status, answer.body.msg]).toEqual([label, 403, `仅省级账号可以修改${object}`]);
      expect(JSON.stringify(answer.body.data ?? null)).not.toContain('六盘水一中');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is told why in English too', async () => {
    const token = await makeAdmin(t, scope);
    const answer = await t.call('PUT', '/recruit/educationPlan', {
      token,
      lang: 'en',
      body: { id: mappingId, category: '01', education: ['21'] },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.msg).toBe('Only a province-level account can change the category–education mapping');
  });
});

describe('a province account of another province', () => {
  it("cannot change this province's plan, its notice or its arrangement", async () => {
    const token = await makeAdmin(t, { provinceCode: '110000' });
    const before = await snapshot();
    const plan = await t.secure('PUT', '/recruit/recruitPlan', soundPlan({ id: draftId, name: '外省改的' }), {
      token,
    });
    expect([plan.status, plan.body.msg]).toEqual([403, '仅所属省份的省级账号可以修改该招聘计划']);
    const status = await t.call('POST', `/recruit/recruitPlan/updateStatus/${planId}/2`, { token });
    expect(status.status).toBe(403);
    const notice = await t.secure(
      'PUT',
      '/recruit/instruction',
      { id: noticeId, planId, type: '1', context: PHISHING },
      { token },
    );
    expect([notice.status, notice.body.msg]).toEqual([403, '仅所属省份的省级账号可以修改该报名须知等说明']);
    const read = await t.call('GET', `${TICKETS}/arrange/${planId}`, { token });
    expect(read.status).toBe(403);
    expect(JSON.stringify(read.body)).not.toContain('六盘水一中');
    expect(await snapshot()).toEqual(before);
  });
});

describe("the province's own account", () => {
  it('still changes every province-wide object', async () => {
    const token = await makeAdmin(t, GUIZHOU);
    const plan = await t.secure('PUT', '/recruit/recruitPlan', soundPlan({ id: draftId, name: '省里改的' }), {
      token,
    });
    expect(plan.status).toBe(200);
    const [row] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.id, draftId));
    expect(row!.name).toBe('省里改的');
    const notice = await t.secure(
      'PUT',
      '/recruit/instruction',
      { id: noticeId, planId, type: '1', context: '<p>省级发布的报名须知</p>' },
      { token },
    );
    expect(notice.status).toBe(200);
    const mapping = await t.call('PUT', '/recruit/educationPlan', {
      token,
      body: { id: mappingId, category: '01', education: ['21', '31'] },
    });
    expect(mapping.status).toBe(200);
    const item = await t.call('POST', '/admin/dictItem', {
      token,
      body: { dictType: 'province_dict', label: '丙', value: 'c' },
    });
    expect(item.status).toBe(200);
    const settings = await t.call<ArrangementInput>('GET', `${TICKETS}/arrange/${planId}`, { token });
    expect(settings.status).toBe(200);
    expect(settings.body.data.sites[0]!.name).toBe('六盘水一中');
    const preview = await t.call('POST', `${TICKETS}/arrange/preview`, { token, body: settingsOf(planId) });
    expect(preview.status).toBe(200);
  });
});
