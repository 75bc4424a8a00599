import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import {
  aliyunSms,
  CONSOLE_SMS_WARNING,
  createSmsProvider,
  SmsSendError,
  tencentSmsProvider,
  type SmsLog,
} from '../../src/integrations/sms';
import type { SmsSettings } from '../../src/integrations/sms-config';
import { createTestApp } from '../helpers';

/**
 * The Aliyun and Tencent Cloud providers send the phone, the template of the purpose
 * and the code through the official SDKs; a provider error is a clear failure (SmsSendError, 500
 * 'sms.sendFailed'); the configuration names every missing variable; `console` warns at start.
 * The clouds are played by a local HTTP server on 127.0.0.1: no test reaches another host.
 */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
let server: http.Server;
let port: number;
const seen: Seen[] = [];
let reply: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

const templates = {
  register: 'TPL_REG',
  forgetPassword: 'TPL_PSW',
  forgetUserName: 'TPL_NAME',
  editUserInfo: 'TPL_PHONE',
};
const message = (purpose: keyof typeof templates) => ({
  phone: '13912345678',
  code: '482916',
  purpose,
  text: '…',
});
function captureLog() {
  const lines: string[] = [];
  const log: SmsLog = {
    info: (line) => void lines.push(line),
    warn: (obj, line) => void lines.push(`${line} ${JSON.stringify(obj)}`),
  };
  return { lines, log };
}
/** Every parameter the server received, from the query string and a form or JSON body. */
function paramsOf(s: Seen): Record<string, unknown> {
  const url = new URL(s.url, 'http://x');
  const out: Record<string, unknown> = Object.fromEntries(url.searchParams);
  if ((s.headers['content-type'] ?? '').includes('json')) Object.assign(out, JSON.parse(s.body || '{}'));
  else Object.assign(out, Object.fromEntries(new URLSearchParams(s.body)));
  return out;
}

describe('Aliyun SMS', () => {
  const settings = (): Extract<SmsSettings, { provider: 'aliyun' }> => ({
    provider: 'aliyun',
    accessKeyId: 'LTAI-test-id',
    accessKeySecret: 'test-secret',
    region: 'cn-hangzhou',
    endpoint: `127.0.0.1:${port}`,
    signName: '特岗教师招聘',
    templates,
  });

  it('sends the phone, the template of the purpose, the code and the sign name', async () => {
    reply = { status: 200, body: { Code: 'OK', Message: 'OK', BizId: '1', RequestId: 'r1' } };
    const { log } = captureLog();
    await aliyunSms(settings(), log, { protocol: 'http' }).send(message('forgetPassword'));
    expect(seen).toHaveLength(1);
    const params = paramsOf(seen[0]!);
    expect(seen[0]!.headers['x-acs-action']).toBe('SendSms');
    expect(params).toMatchObject({
      PhoneNumbers: '13912345678',
      SignName: '特岗教师招聘',
      TemplateCode: 'TPL_PSW',
    });
    expect(JSON.parse(String(params.TemplateParam))).toEqual({ code: '482916' });
    // Signed with the access key, never carrying the secret.
    expect(JSON.stringify(seen[0])).toContain('LTAI-test-id');
    expect(JSON.stringify(seen[0])).not.toContain('test-secret');
  });

  it('turns a refusal into SmsSendError and logs the provider code, not the SMS code', async () => {
    reply = {
      status: 200,
      body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5', RequestId: 'r2' },
    };
    const { lines, log } = captureLog();
    const failure = await aliyunSms(settings(), log, { protocol: 'http' })
      .send(message('register'))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SmsSendError);
    expect(failure).toMatchObject({
      code: 500,
      key: 'sms.sendFailed',
      providerCode: 'isv.BUSINESS_LIMIT_CONTROL',
    });
    expect(lines.join('\n')).toContain('isv.BUSINESS_LIMIT_CONTROL');
    expect(lines.join('\n')).not.toContain('482916');
    expect(lines.join('\n')).not.toContain('13912345678');
  });

  it('keeps the phone and the code out of a network failure', async () => {
    // A port nobody listens on: the SDK's message names the whole request URL with its query.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { lines, log } = captureLog();
    const failure = await aliyunSms({ ...settings(), endpoint: `127.0.0.1:${deadPort}` }, log, {
      protocol: 'http',
    })
      .send(message('register'))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SmsSendError);
    const text = `${lines.join('\n')}\n${(failure as Error).message}`;
    expect(text).toContain('ECONNREFUSED');
    expect(text).not.toContain('482916');
    expect(text).not.toContain('13912345678');
  });

  it('turns an HTTP error into SmsSendError', async () => {
    reply = {
      status: 400,
      body: {
        Code: 'InvalidAccessKeyId.NotFound',
        Message: 'Specified access key is not found.',
        RequestId: 'r3',
      },
    };
    const failure = await aliyunSms(settings(), captureLog().log, { protocol: 'http' })
      .send(message('register'))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SmsSendError);
    expect((failure as SmsSendError).providerCode).toContain('InvalidAccessKeyId.NotFound');
  });
});

describe('Tencent Cloud SMS', () => {
  const settings = (): Extract<SmsSettings, { provider: 'tencent' }> => ({
    provider: 'tencent',
    secretId: 'AKID-test-id',
    secretKey: 'test-key',
    sdkAppId: '1400000001',
    region: 'ap-guangzhou',
    endpoint: `127.0.0.1:${port}`,
    signName: '特岗教师招聘',
    templates,
  });

  it('sends the phone, the template of the purpose, the code, the app id and the sign name', async () => {
    reply = {
      status: 200,
      body: {
        Response: {
          SendStatusSet: [
            { SerialNo: 's', PhoneNumber: '+8613912345678', Code: 'Ok', Message: 'send success' },
          ],
          RequestId: 'r1',
        },
      },
    };
    await tencentSmsProvider(settings(), captureLog().log, { protocol: 'http' }).send(
      message('editUserInfo'),
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers['x-tc-action']).toBe('SendSms');
    expect(paramsOf(seen[0]!)).toMatchObject({
      PhoneNumberSet: ['+8613912345678'],
      SmsSdkAppId: '1400000001',
      SignName: '特岗教师招聘',
      TemplateId: 'TPL_PHONE',
      TemplateParamSet: ['482916'],
    });
    expect(JSON.stringify(seen[0])).not.toContain('test-key');
  });

  it('turns a refused send into SmsSendError', async () => {
    reply = {
      status: 200,
      body: {
        Response: {
          SendStatusSet: [
            {
              PhoneNumber: '+8613912345678',
              Code: 'LimitExceeded.PhoneNumberDailyLimit',
              Message: 'daily limit',
            },
          ],
          RequestId: 'r2',
        },
      },
    };
    const failure = await tencentSmsProvider(settings(), captureLog().log, { protocol: 'http' })
      .send(message('register'))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SmsSendError);
    expect(failure).toMatchObject({
      key: 'sms.sendFailed',
      providerCode: 'LimitExceeded.PhoneNumberDailyLimit',
    });
  });

  it('answers a code request with a clear 500 when the provider refuses, and lets the candidate ask again', async () => {
    const t = await createTestApp({
      smsProvider: tencentSmsProvider(settings(), captureLog().log, { protocol: 'http' }),
    });
    try {
      reply = {
        status: 200,
        body: { Response: { Error: { Code: 'InternalError.Timeout', Message: 'timeout' }, RequestId: 'r4' } },
      };
      const refused = await t.call('GET', '/api/getVerificationCode', {
        query: { telephone: '13912345670' },
      });
      expect(refused.status).toBe(500);
      expect(refused.body.msg).toBe('短信发送失败，请稍后再试');
      reply = {
        status: 200,
        body: { Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success' }], RequestId: 'r5' } },
      };
      const sent = await t.call('GET', '/api/getVerificationCode', { query: { telephone: '13912345670' } });
      expect(sent.status).toBe(200);
      expect(paramsOf(seen.at(-1)!)).toMatchObject({
        PhoneNumberSet: ['+8613912345670'],
        TemplateId: 'TPL_REG',
      });
    } finally {
      await t.close();
    }
  });

  it('turns an API error into SmsSendError', async () => {
    reply = {
      status: 200,
      body: {
        Response: { Error: { Code: 'AuthFailure.SecretIdNotFound', Message: 'no such id' }, RequestId: 'r3' },
      },
    };
    const failure = await tencentSmsProvider(settings(), captureLog().log, { protocol: 'http' })
      .send(message('register'))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SmsSendError);
    expect((failure as SmsSendError).providerCode).toBe('AuthFailure.SecretIdNotFound');
  });
});

describe('SMS configuration', () => {
  const base = { DATA_DIR: '/tmp/tegang-sms-config' };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
      return '';
    } catch (e) {
      return (e as Error).message;
    }
  };

  it('keeps console as the default', () => {
    expect(loadConfig(base).sms).toEqual({ provider: 'console' });
  });

  it('names every missing variable of Aliyun', () => {
    const text = problems({ SMS_PROVIDER: 'aliyun', SMS_TEMPLATE_REGISTER: 'SMS_1' });
    for (const v of [
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'SMS_SIGN_NAME',
      'SMS_TEMPLATE_FORGET_PASSWORD',
      'SMS_TEMPLATE_FORGET_USER_NAME',
      'SMS_TEMPLATE_EDIT_PHONE',
    ])
      expect(text).toContain(`${v}: required when SMS_PROVIDER=aliyun`);
    expect(text).not.toContain('SMS_TEMPLATE_REGISTER');
  });

  it('names every missing variable of Tencent Cloud and a bad app id or endpoint', () => {
    const text = problems({
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SDK_APP_ID: 'app-1',
      TENCENT_SMS_ENDPOINT: 'https://sms.tencentcloudapi.com/',
    });
    for (const v of [
      'TENCENT_SMS_SECRET_ID',
      'TENCENT_SMS_SECRET_KEY',
      'SMS_SIGN_NAME',
      'SMS_TEMPLATE_REGISTER',
    ])
      expect(text).toContain(`${v}: required when SMS_PROVIDER=tencent`);
    expect(text).toContain('TENCENT_SMS_SDK_APP_ID: the SmsSdkAppId, digits only');
    expect(text).toContain('TENCENT_SMS_ENDPOINT: a host name');
  });

  it('refuses an unknown provider', () => {
    expect(problems({ SMS_PROVIDER: 'twilio' })).toContain('SMS_PROVIDER');
  });

  it('reads a complete Tencent Cloud set-up with its defaults', () => {
    const config = loadConfig({
      ...base,
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'id',
      TENCENT_SMS_SECRET_KEY: 'key',
      TENCENT_SMS_SDK_APP_ID: '1400000001',
      SMS_SIGN_NAME: '特岗',
      SMS_TEMPLATE_REGISTER: '1',
      SMS_TEMPLATE_FORGET_PASSWORD: '2',
      SMS_TEMPLATE_FORGET_USER_NAME: '3',
      SMS_TEMPLATE_EDIT_PHONE: '4',
    });
    expect(config.sms).toMatchObject({
      provider: 'tencent',
      region: 'ap-guangzhou',
      endpoint: 'sms.tencentcloudapi.com',
      templates: { register: '1', forgetPassword: '2', forgetUserName: '3', editUserInfo: '4' },
    });
  });

  it('warns at start that the console provider writes codes to the log', async () => {
    const { lines, log } = captureLog();
    const provider = createSmsProvider({ provider: 'console' }, log);
    expect(lines[0]).toContain(CONSOLE_SMS_WARNING);
    await provider.send(message('register'));
    expect(lines[1]).toBe('[sms] phone=13912345678 code=482916 purpose=register');
  });
});
