import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { admissionResult } from '../../src/db/schema';
import {
  aliyunSms,
  consoleSms,
  SmsSendError,
  tencentSmsProvider,
  type SmsLog,
} from '../../src/integrations/sms';
import type { SmsMessage } from '../../src/integrations/sms';
import { createTestApp } from '../helpers';
import { insertApplicants, insertPlan } from '../admission-ticket/fixtures';

/**
 * A notice goes through the cloud providers with the event's template id and its variables (name,
 * plan, time) and comes back with the provider's message id; the console provider writes its text.
 * Without a template id a cloud provider sends nothing and the job says why. The clouds are played by
 * a local HTTP server on 127.0.0.1.
 */
let server: http.Server;
let port: number;
const seen: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let reply: unknown = {};
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ url: req.url!, headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => void (seen.length = 0));

const templates = { register: 'R', forgetPassword: 'P', forgetUserName: 'N', editUserInfo: 'E' };
const notice: SmsMessage = {
  phone: '13912345678',
  code: '',
  purpose: 'notice.resultsOpen',
  text: '张三您好，2030年特岗成绩已开放查询',
  template: 'SMS_900',
  params: { name: '张三', plan: '2030年特岗', time: '2030-08-01 18:00' },
};
const lines: string[] = [];
const log: SmsLog = {
  info: (line) => void lines.push(line),
  warn: (obj, line) => void lines.push(`${line} ${JSON.stringify(obj)}`),
};
const paramsOf = (s: (typeof seen)[number]) => {
  const out: Record<string, unknown> = Object.fromEntries(new URL(s.url, 'http://x').searchParams);
  if ((s.headers['content-type'] ?? '').includes('json')) Object.assign(out, JSON.parse(s.body || '{}'));
  else Object.assign(out, Object.fromEntries(new URLSearchParams(s.body)));
  return out;
};

describe('notices through the providers', () => {
  it('Aliyun: the event template with name, plan and time; the BizId comes back', async () => {
    reply = { Code: 'OK', Message: 'OK', BizId: '900^1', RequestId: 'r' };
    const provider = aliyunSms(
      {
        provider: 'aliyun',
        accessKeyId: 'id',
        accessKeySecret: 'secret',
        region: 'cn-hangzhou',
        endpoint: `127.0.0.1:${port}`,
        signName: '特岗教师招聘',
        templates,
      },
      log,
      { protocol: 'http' },
    );
    expect(await provider.send(notice)).toEqual({ messageId: '900^1' });
    const params = paramsOf(seen[0]!);
    expect(params).toMatchObject({ PhoneNumbers: '13912345678', TemplateCode: 'SMS_900' });
    expect(JSON.parse(String(params.TemplateParam))).toEqual(notice.params);
  });

  it('Tencent Cloud: the event template with the variables in order; the SerialNo comes back', async () => {
    reply = {
      Response: { SendStatusSet: [{ SerialNo: 'sn-1', Code: 'Ok', Message: 'ok' }], RequestId: 'r' },
    };
    const provider = tencentSmsProvider(
      {
        provider: 'tencent',
        secretId: 'id',
        secretKey: 'key',
        sdkAppId: '1400000001',
        region: 'ap-guangzhou',
        endpoint: `127.0.0.1:${port}`,
        signName: '特岗教师招聘',
        templates,
      },
      log,
      { protocol: 'http' },
    );
    expect(await provider.send(notice)).toEqual({ messageId: 'sn-1' });
    expect(paramsOf(seen[0]!)).toMatchObject({
      TemplateId: 'SMS_900',
      TemplateParamSet: ['张三', '2030年特岗', '2030-08-01 18:00'],
    });
  });

  it('a refused notice is SmsSendError and its log line keeps the provider message readable', async () => {
    reply = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit reached', RequestId: 'r' };
    lines.length = 0;
    const provider = aliyunSms(
      {
        provider: 'aliyun',
        accessKeyId: 'id',
        accessKeySecret: 'secret',
        region: 'cn-hangzhou',
        endpoint: `127.0.0.1:${port}`,
        signName: '特岗教师招聘',
        templates,
      },
      log,
      { protocol: 'http' },
    );
    await expect(provider.send(notice)).rejects.toBeInstanceOf(SmsSendError);
    expect(lines.join('\n')).toContain('limit reached');
  });

  it('console: one line with the text and no code', async () => {
    const out: string[] = [];
    await consoleSms((l) => out.push(l)).send({ ...notice, template: '' });
    expect(out).toEqual([`[sms] phone=13912345678 purpose=notice.resultsOpen text=${notice.text}`]);
  });

  it('a cloud provider without the event template id sends nothing and the job says why', async () => {
    const sent: SmsMessage[] = [];
    const t = await createTestApp({
      env: {
        SMS_PROVIDER: 'aliyun',
        SMS_SIGN_NAME: '特岗教师招聘',
        SMS_TEMPLATE_REGISTER: 'R',
        SMS_TEMPLATE_FORGET_PASSWORD: 'P',
        SMS_TEMPLATE_FORGET_USER_NAME: 'N',
        SMS_TEMPLATE_EDIT_PHONE: 'E',
        ALIYUN_SMS_ACCESS_KEY_ID: 'id',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      },
      smsProvider: { send: async (m) => void sent.push(m) },
    });
    try {
      const token = await t.adminToken();
      const plan = await insertPlan(t, { smsNotify: '1' });
      const people = await insertApplicants(t, plan.id, [{}, {}]);
      await t.database.db
        .insert(admissionResult)
        .values(people.map((p) => ({ planId: plan.id, enrollId: p.id })));
      const queued = await t.call<{ jobId: number }>('POST', `/recruit/smsNotice/plan/${plan.id}/send`, {
        token,
        body: { event: 'resultsOpen' },
      });
      expect(queued.status).toBe(200);
      let view: { status: string; message: string } = { status: '0', message: '' };
      for (let i = 0; i < 300 && !['2', '4'].includes(view.status); i++) {
        await new Promise((r) => setTimeout(r, 100));
        view = (
          await t.call<typeof view>('GET', `/recruit/smsNotice/job/${queued.body.data.jobId}`, { token })
        ).body.data;
      }
      expect(view.status).toBe('4');
      expect(view.message).toContain('短信模板“成绩已可查询”未设置模板编号');
      expect(sent).toHaveLength(0);
      const rows = await t.database.db.execute(sql`select count(*)::int as n from sms_notification`);
      expect((rows.rows[0] as { n: number }).n).toBe(0);

      // With the template id saved, the same press reaches both.
      await t.call('PUT', '/recruit/smsNotice/templates', {
        token,
        body: { templates: [{ event: 'resultsOpen', templateCode: 'SMS_900', text: '{plan}成绩已出' }] },
      });
      const again = await t.call<{ jobId: number; total: number }>(
        'POST',
        `/recruit/smsNotice/plan/${plan.id}/send`,
        { token, body: { event: 'resultsOpen' } },
      );
      expect(again.body.data.total).toBe(2);
      for (let i = 0; i < 300 && sent.length < 2; i++) await new Promise((r) => setTimeout(r, 100));
      expect(sent.map((m) => m.template)).toEqual(['SMS_900', 'SMS_900']);
    } finally {
      await t.close();
    }
  });
});
