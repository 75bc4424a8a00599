import DysmsapiExport, * as $Dysmsapi from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import * as tencentSms from 'tencentcloud-sdk-nodejs-sms';
import { AppError } from '../lib/errors';
import type { SmsSettings } from './sms-config';

/**
 * SMS providers (DESIGN "SMS"): `console` writes the message to the server log on one line
 * with the phone number and the code (development); `aliyun` and `tencent` send the code through the
 * official SDKs with the template of the purpose (settings in sms-config.ts). A provider that fails
 * throws SmsSendError (500 'sms.sendFailed') after logging the provider's error code and message,
 * never the code sent; issueSmsCode then drops the stored code so that the candidate may ask again.
 */
/**
 * One message to send. A verification code: `purpose` is an SmsPurpose, `code` the code, `text` the
 * whole message (console only). A notice to a candidate (modules/sms-notice): `code` is '', `purpose`
 * 'notice.<event>', `template` the provider's template id of the event and `params` its variables in
 * order (name, plan, time); `text` is what the console provider writes.
 */
export interface SmsMessage {
  phone: string;
  code: string;
  purpose: string;
  text: string;
  template?: string;
  params?: Record<string, string>;
}
/** What a provider answers for an accepted message: its message id (Aliyun BizId, Tencent SerialNo). */
export interface SmsReceipt {
  messageId?: string;
}
/** Sends one message; resolves when the provider accepted it, throws (SmsSendError) when not. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<SmsReceipt | void>;
}

/** The log the providers write to (pino's methods with a message string). */
export interface SmsLog {
  info(line: string): void;
  warn(obj: object, line: string): void;
}

/**
 * The Aliyun client class. The package is CommonJS with `exports.default = Client`: Node's ESM loader
 * (tsx at `npm start`) hands the whole exports object as the default import, a bundler (Vitest) the class.
 */
const Dysmsapi: typeof DysmsapiExport =
  (DysmsapiExport as unknown as { default?: typeof DysmsapiExport }).default ?? DysmsapiExport;

/** A provider refused or could not be reached: a 500 saying 'the SMS could not be sent'. */
export class SmsSendError extends AppError {
  constructor(
    readonly provider: string,
    /** The provider's error code (isv.BUSINESS_LIMIT_CONTROL, LimitExceeded.PhoneNumberDailyLimit, …). */
    readonly providerCode: string,
    readonly providerMessage: string,
  ) {
    super(500, 'sms.sendFailed');
    this.message = `${provider} SMS was not sent: ${providerCode}: ${providerMessage}`;
  }
}

/** Timeouts of a provider call: a slow provider fails the request rather than holding it. */
const CONNECT_TIMEOUT_MS = 5_000;
const READ_TIMEOUT_MS = 10_000;

/** The log line of the console provider: the warning that codes go to the log, at start. */
export const CONSOLE_SMS_WARNING =
  'SMS_PROVIDER=console: SMS codes are NOT sent; each code is written to this log. Set SMS_PROVIDER=aliyun or tencent in production.';

/** The development provider: one log line `[sms] phone=… code=… purpose=…` per message. */
export function consoleSms(log: (line: string) => void = (line) => console.log(line)): SmsProvider {
  return {
    async send({ phone, code, purpose, text, template }) {
      // A notice has no code: its text is the message (it carries no secret).
      if (template !== undefined) log(`[sms] phone=${phone} purpose=${purpose} text=${text}`);
      else log(`[sms] phone=${phone} code=${code} purpose=${purpose}`);
    },
  };
}

/** Options of the cloud providers that do not come from the environment (tests: a local server). */
export interface CloudSmsOptions {
  /** `https` (default) or, for a test server on 127.0.0.1, `http`. */
  protocol?: 'https' | 'http';
}

const templateOf = (settings: { templates: Record<string, string> }, purpose: string): string => {
  const template = settings.templates[purpose];
  if (!template) throw new Error(`no SMS template for the purpose ${purpose}`);
  return template;
};

/**
 * Fails with SmsSendError after logging what the provider said. The SDKs' messages may quote the
 * request (Aliyun's network errors print the whole URL with PhoneNumbers and TemplateParam): query
 * strings are cut and the phone number and the code masked, so neither reaches the log.
 */
function fail(
  log: SmsLog,
  sent: SmsMessage,
  provider: string,
  code: string,
  rawMessage: unknown,
  requestId?: string,
): never {
  const message = String(rawMessage ?? '')
    .replace(/(https?:\/\/[^\s?]*)\?\S*/g, '$1?…')
    .split(sent.phone)
    .join('***')
    .split(sent.code || sent.phone)
    .join('***')
    .split('\n')[0]!
    .slice(0, 300);
  log.warn(
    { sms: { provider, purpose: sent.purpose, providerCode: code, message, requestId } },
    'SMS not sent',
  );
  throw new SmsSendError(provider, code, message);
}

/**
 * Aliyun SMS (dysmsapi 2017-05-25 SendSms): PhoneNumbers = the phone, SignName, TemplateCode = the
 * template of the purpose, TemplateParam = {"code": "<code>"}. Success is Code "OK"; any other code,
 * an HTTP error or a network error throws SmsSendError.
 */
export function aliyunSms(
  settings: Extract<SmsSettings, { provider: 'aliyun' }>,
  log: SmsLog,
  options: CloudSmsOptions = {},
): SmsProvider {
  const client = new Dysmsapi(
    new $OpenApiUtil.Config({
      accessKeyId: settings.accessKeyId,
      accessKeySecret: settings.accessKeySecret,
      regionId: settings.region,
      endpoint: settings.endpoint,
      protocol: options.protocol ?? 'https',
      connectTimeout: CONNECT_TIMEOUT_MS,
      readTimeout: READ_TIMEOUT_MS,
    }),
  );
  return {
    async send(sent) {
      const { phone, code, purpose, template, params } = sent;
      const request = new $Dysmsapi.SendSmsRequest({
        phoneNumbers: phone,
        signName: settings.signName,
        templateCode: template ?? templateOf(settings, purpose),
        templateParam: JSON.stringify(template !== undefined ? (params ?? {}) : { code }),
      });
      let body: $Dysmsapi.SendSmsResponseBody | undefined;
      try {
        body = (await client.sendSms(request)).body;
      } catch (error) {
        const e = error as { code?: unknown; message?: unknown; data?: { RequestId?: string } };
        const providerCode = typeof e.code === 'string' && e.code ? e.code : 'RequestFailed';
        return fail(log, sent, 'aliyun', providerCode, e.message, e.data?.RequestId);
      }
      if (body?.code !== 'OK')
        fail(log, sent, 'aliyun', body?.code ?? 'NoCode', body?.message, body?.requestId);
      return { messageId: body.bizId ?? undefined };
    },
  };
}

/**
 * Tencent Cloud SMS (sms 2021-01-11 SendSms): PhoneNumberSet = ["+86<phone>"], SmsSdkAppId,
 * SignName, TemplateId = the template of the purpose, TemplateParamSet = ["<code>"]. Success is
 * SendStatusSet[0].Code "Ok"; any other code, an API error or a network error throws SmsSendError.
 */
export function tencentSmsProvider(
  settings: Extract<SmsSettings, { provider: 'tencent' }>,
  log: SmsLog,
  options: CloudSmsOptions = {},
): SmsProvider {
  const client = new tencentSms.sms.v20210111.Client({
    credential: { secretId: settings.secretId, secretKey: settings.secretKey },
    region: settings.region,
    profile: {
      httpProfile: {
        endpoint: settings.endpoint,
        protocol: `${options.protocol ?? 'https'}://`,
        reqTimeout: Math.ceil(READ_TIMEOUT_MS / 1000),
      },
    },
  });
  return {
    async send(sent) {
      const { phone, code, purpose, template, params } = sent;
      let status: { Code?: string; Message?: string; SerialNo?: string } | undefined;
      let requestId: string | undefined;
      try {
        const answer = await client.SendSms({
          PhoneNumberSet: [phone.startsWith('+') ? phone : `+86${phone}`],
          SmsSdkAppId: settings.sdkAppId,
          SignName: settings.signName,
          TemplateId: template ?? templateOf(settings, purpose),
          TemplateParamSet: template !== undefined ? Object.values(params ?? {}) : [code],
        });
        status = answer.SendStatusSet?.[0];
        requestId = answer.RequestId;
      } catch (error) {
        const e = error as { code?: unknown; message?: unknown; requestId?: string };
        const providerCode = typeof e.code === 'string' && e.code ? e.code : 'RequestFailed';
        return fail(log, sent, 'tencent', providerCode, e.message, e.requestId);
      }
      if (status?.Code !== 'Ok')
        fail(log, sent, 'tencent', status?.Code ?? 'NoStatus', status?.Message, requestId);
      return { messageId: status.SerialNo ?? undefined };
    },
  };
}

/**
 * The provider of `settings` (config.sms): console, Aliyun or Tencent Cloud. The console provider
 * logs CONSOLE_SMS_WARNING once here, at start, so that nobody runs production with codes in the log.
 */
export function createSmsProvider(settings: SmsSettings, log: SmsLog): SmsProvider {
  switch (settings.provider) {
    case 'aliyun':
      return aliyunSms(settings, log);
    case 'tencent':
      return tencentSmsProvider(settings, log);
    default:
      log.warn({ smsProvider: 'console' }, CONSOLE_SMS_WARNING);
      return consoleSms((line) => log.info(line));
  }
}
