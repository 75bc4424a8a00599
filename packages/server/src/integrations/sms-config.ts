import type { SmsPurpose } from '@tegang/domain';

/**
 * SMS settings from the environment (README "Configuration", .env.example), read by loadConfig:
 *
 * - `SMS_PROVIDER`: `console` (default; codes go to the server log), `aliyun` or `tencent`;
 * - both clouds: `SMS_SIGN_NAME` (the approved signature, e.g. 特岗教师招聘) and one approved template
 *   per purpose: `SMS_TEMPLATE_REGISTER`, `SMS_TEMPLATE_FORGET_PASSWORD`,
 *   `SMS_TEMPLATE_FORGET_USER_NAME`, `SMS_TEMPLATE_EDIT_PHONE` (the new phone of user info);
 * - Aliyun (dysmsapi 2017-05-25 SendSms): `ALIYUN_SMS_ACCESS_KEY_ID`, `ALIYUN_SMS_ACCESS_KEY_SECRET`,
 *   optional `ALIYUN_SMS_REGION` (cn-hangzhou) and `ALIYUN_SMS_ENDPOINT` (dysmsapi.aliyuncs.com);
 *   a template has the one variable `${code}`;
 * - Tencent Cloud (sms 2021-01-11 SendSms): `TENCENT_SMS_SECRET_ID`, `TENCENT_SMS_SECRET_KEY`,
 *   `TENCENT_SMS_SDK_APP_ID` (the SmsSdkAppId, digits), optional `TENCENT_SMS_REGION` (ap-guangzhou)
 *   and `TENCENT_SMS_ENDPOINT` (sms.tencentcloudapi.com); a template has the one variable `{1}`.
 *
 * Endpoints are host names (an optional `:port`), always reached over HTTPS.
 */
/** The SMS provider and what it needs (config.sms). */
export type SmsSettings =
  | { provider: 'console' }
  | ({ provider: 'aliyun' } & CloudSmsSettings & {
        accessKeyId: string;
        accessKeySecret: string;
        region: string;
        endpoint: string;
      })
  | ({ provider: 'tencent' } & CloudSmsSettings & {
        secretId: string;
        secretKey: string;
        sdkAppId: string;
        region: string;
        endpoint: string;
      });

/** What both clouds need: the signature and the template of each purpose. */
export interface CloudSmsSettings {
  signName: string;
  /** The provider's template id for each purpose. */
  templates: Record<SmsPurpose, string>;
}

/** The values of SMS_PROVIDER. */
export const SMS_PROVIDERS = ['console', 'aliyun', 'tencent'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/** The variable naming the template of each purpose. */
export const SMS_TEMPLATE_VARIABLES: Record<SmsPurpose, string> = {
  register: 'SMS_TEMPLATE_REGISTER',
  forgetPassword: 'SMS_TEMPLATE_FORGET_PASSWORD',
  forgetUserName: 'SMS_TEMPLATE_FORGET_USER_NAME',
  editUserInfo: 'SMS_TEMPLATE_EDIT_PHONE',
};

const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$/;

/** One problem of the SMS settings, as config.ts reports it: `  VARIABLE: message`. */
export interface SmsConfigIssue {
  variable: string;
  message: string;
}

/**
 * The SMS settings of `env` for `provider` (already checked to be one of SMS_PROVIDERS), or the list
 * of problems: every required variable that is missing or blank is named, with the provider that
 * needs it; a malformed endpoint or app id is named with the expected form.
 */
export function readSmsSettings(
  provider: SmsProviderName,
  env: NodeJS.ProcessEnv,
): { settings: SmsSettings; issues: [] } | { settings: null; issues: SmsConfigIssue[] } {
  if (provider === 'console') return { settings: { provider }, issues: [] };
  const issues: SmsConfigIssue[] = [];
  const need = (variable: string): string => {
    const value = env[variable]?.trim();
    if (!value) issues.push({ variable, message: `required when SMS_PROVIDER=${provider}` });
    return value ?? '';
  };
  const optional = (variable: string, def: string) => env[variable]?.trim() || def;
  const host = (variable: string, def: string) => {
    const value = optional(variable, def);
    if (!HOST.test(value))
      issues.push({ variable, message: 'a host name such as sms.example.com (no scheme, no path)' });
    return value;
  };
  const common: CloudSmsSettings = {
    signName: need('SMS_SIGN_NAME'),
    templates: Object.fromEntries(
      Object.entries(SMS_TEMPLATE_VARIABLES).map(([purpose, variable]) => [purpose, need(variable)]),
    ) as Record<SmsPurpose, string>,
  };
  let settings: SmsSettings;
  if (provider === 'aliyun') {
    settings = {
      provider,
      ...common,
      accessKeyId: need('ALIYUN_SMS_ACCESS_KEY_ID'),
      accessKeySecret: need('ALIYUN_SMS_ACCESS_KEY_SECRET'),
      region: optional('ALIYUN_SMS_REGION', 'cn-hangzhou'),
      endpoint: host('ALIYUN_SMS_ENDPOINT', 'dysmsapi.aliyuncs.com'),
    };
  } else {
    const sdkAppId = need('TENCENT_SMS_SDK_APP_ID');
    if (sdkAppId && !/^\d+$/.test(sdkAppId))
      issues.push({ variable: 'TENCENT_SMS_SDK_APP_ID', message: 'the SmsSdkAppId, digits only' });
    settings = {
      provider,
      ...common,
      secretId: need('TENCENT_SMS_SECRET_ID'),
      secretKey: need('TENCENT_SMS_SECRET_KEY'),
      sdkAppId,
      region: optional('TENCENT_SMS_REGION', 'ap-guangzhou'),
      endpoint: host('TENCENT_SMS_ENDPOINT', 'sms.tencentcloudapi.com'),
    };
  }
  return issues.length ? { settings: null, issues } : { settings, issues: [] };
}
