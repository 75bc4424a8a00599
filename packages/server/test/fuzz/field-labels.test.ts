import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

/**
 * A 400 names the field in the caller's language (docs/security.md "Input"), never by a raw message
 * key: a search date, an item of a list ("所选记录第 1 项"), a field of a list item, the whole body.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t.close());

const bad = async (method: string, url: string, body: unknown, lang: 'zh' | 'en' = 'zh') => {
  const answer = await t.call<{ errors: { field: string; label: string }[] }>(method, url, {
    token,
    body,
    lang,
  });
  expect(answer.status, `${method} ${url}`).toBe(400);
  expect(answer.body.msg).not.toMatch(/field\./);
  for (const e of answer.body.data.errors) expect(e.label).not.toMatch(/field\./);
  return answer.body;
};

describe('translated field names in every 400', () => {
  it('a search date of the operation log reads 开始时间 / Start time', async () => {
    const zh = await bad('POST', '/log/operlog/list', { current: 1, size: 10, beginTime: 'soon' });
    expect(zh.msg).toContain('开始时间');
    const en = await bad('POST', '/log/operlog/list', { current: 1, size: 10, beginTime: 'soon' }, 'en');
    expect(en.msg).toContain('Start time');
  });

  it('an item of a list reads as the list and its position', async () => {
    const zh = await bad('DELETE', '/candidate/enroll/deleteByIds', { idList: ['x'] });
    expect(zh.msg).toContain('所选记录第 1 项');
    const en = await bad('DELETE', '/candidate/enroll/deleteByIds', { idList: [1, 'x'] }, 'en');
    expect(en.msg.toLowerCase()).toContain('item 2 of');
  });

  it('a body that is not an object names the request body', async () => {
    const zh = await bad('DELETE', '/candidate/enroll/deleteByIds', ['x']);
    expect(zh.msg).toContain('请求内容');
  });
});
