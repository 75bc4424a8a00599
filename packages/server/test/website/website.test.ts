import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@tegang/domain';
import { eq } from 'drizzle-orm';
import type { WebsiteConfig } from '@tegang/domain';
import { recruitPlan, sysWebsiteConfig } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith } from '../recruit-plan/fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t.close());

const URL_GET = '/admin/websiteConfig/getWebsiteConfig';
const sound = (overrides: Record<string, unknown> = {}) => ({
  name: '测试省特岗招聘系统',
  enName: 'Test Province Recruitment',
  showCopyright: '1',
  showLogo: '0',
  copyright: 'Copyright © 2030 测试省教育厅',
  ...overrides,
});

describe('website config (spec §3 Website setting, §5, §7)', () => {
  it('GET is open and answers the defaults while nothing is saved', async () => {
    const answer = await t.call('GET', URL_GET);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      name: '特岗教师招聘管理系统',
      enName: 'Special-Post Teacher Recruitment',
      logo: null,
      indexPic: null,
      showCopyright: '1',
      showLogo: '1',
      copyright: 'Copyright © 2026 特岗教师招聘管理系统',
      customerServicePhone: expect.anything(),
    });
  });

  it("GET carries the open plan's customer-service phone for the login page, null without an open plan", async () => {
    const [plan] = await t.database.db.select().from(recruitPlan).where(eq(recruitPlan.status, '1'));
    expect(plan?.customerServicePhone).toBeTruthy();
    expect((await t.call<WebsiteConfig>('GET', URL_GET)).body.data.customerServicePhone).toBe(
      plan!.customerServicePhone,
    );
    await t.database.db.update(recruitPlan).set({ status: '2' }).where(eq(recruitPlan.id, plan!.id));
    try {
      expect((await t.call<WebsiteConfig>('GET', URL_GET)).body.data.customerServicePhone).toBeNull();
    } finally {
      await t.database.db.update(recruitPlan).set({ status: '1' }).where(eq(recruitPlan.id, plan!.id));
    }
  });

  it('PUT saves one row (a second save updates it) and GET reads it back', async () => {
    const first = await t.call('PUT', '/admin/websiteConfig', { token, body: sound() });
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe('保存成功');
    const logo = '/file/view/website/0b6b7a8e-3f1e-4c1e-9a43-5f2d5a1b2c3d.png';
    const second = await t.call('PUT', '/admin/websiteConfig', {
      token,
      body: sound({ name: '第二次', logo }),
    });
    expect(second.status).toBe(200);
    const answer = await t.call('GET', URL_GET);
    expect(answer.body.data).toEqual({
      name: '第二次',
      enName: 'Test Province Recruitment',
      logo,
      indexPic: null,
      showCopyright: '1',
      showLogo: '0',
      copyright: 'Copyright © 2030 测试省教育厅',
      customerServicePhone: expect.anything(),
    });
    expect(await t.database.db.select().from(sysWebsiteConfig)).toHaveLength(1);
  });

  it('strips tags from the copyright text', async () => {
    await t.call('PUT', '/admin/websiteConfig', {
      token,
      body: sound({ copyright: '<script>alert(1)</script><b>版权</b> © 2030 <img src=x onerror=alert(1)>' }),
    });
    const answer = await t.call<{ copyright: string }>('GET', URL_GET);
    expect(answer.body.data.copyright).toBe('版权 © 2030');
  });

  it('answers 400 with the spec messages and changes nothing', async () => {
    const before = (await t.call('GET', URL_GET)).body.data;
    const noName = await t.call('PUT', '/admin/websiteConfig', { token, body: sound({ name: '' }) });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toContain('请输入系统名称');
    const noEn = await t.call('PUT', '/admin/websiteConfig', { token, body: sound({ enName: undefined }) });
    expect(noEn.status).toBe(400);
    expect(noEn.body.msg).toContain('请输入系统英文名称');
    const en = await t.call('PUT', '/admin/websiteConfig', { token, body: sound({ name: ' ' }), lang: 'en' });
    expect(en.body.msg).toContain('Enter the system name');
    const flag = await t.call('PUT', '/admin/websiteConfig', { token, body: sound({ showLogo: '2' }) });
    expect(flag.status).toBe(400);
    const logo = await t.call('PUT', '/admin/websiteConfig', {
      token,
      body: sound({ logo: 'javascript:alert(1)' }),
    });
    expect(logo.status).toBe(400);
    expect(logo.body.msg).toContain('文件地址无效');
    expect((await t.call('GET', URL_GET)).body.data).toEqual(before);
  });

  it('PUT needs system:website:edit: 401 without a token, 403 without the key', async () => {
    expect((await t.call('PUT', '/admin/websiteConfig', { body: sound() })).status).toBe(401);
    const other = await adminWith(t, [PERMISSIONS.recruitPlan.list]);
    const answer = await t.call('PUT', '/admin/websiteConfig', { token: other, body: sound() });
    expect(answer.status).toBe(403);
    expect(answer.body.msg).toBe('没有访问权限');
  });
});
