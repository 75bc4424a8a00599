import { z } from 'zod';
import { jobProgressSchema } from './jobs';

/**
 * SMS notices to candidates (docs/decisions.md "SMS notices to candidates"): a rejection with its
 * correction deadline (the plan's enrolment end), the admission ticket being ready (distributed),
 * results being open. Each event has one template in the settings (sms_notice_template): the
 * provider's approved template id for Aliyun / Tencent Cloud, and the text the console provider
 * writes. A plan sends only while its switch (recruit_plan.sms_notify) is on; an enrolment hears of
 * an event at most once.
 */
export const SMS_NOTICE_EVENTS = ['rejected', 'ticketReady', 'resultsOpen'] as const;
export type SmsNoticeEvent = (typeof SMS_NOTICE_EVENTS)[number];

/**
 * The variables of every template, in this order: Aliyun templates name them `${name}`, `${plan}`,
 * `${time}`; Tencent Cloud templates number them `{1}`, `{2}`, `{3}`; the console text uses `{name}`,
 * `{plan}`, `{time}`. `time` is the rejection's correction deadline (enrolment end), the ticket's
 * print end, or the score query end, as "YYYY-MM-DD HH:mm" China Standard Time. The reviewer's reason
 * is never a variable: the candidate reads it on the site.
 */
export const SMS_NOTICE_VARIABLES = ['name', 'plan', 'time'] as const;

/** The zh text of each event while none is saved. */
export const SMS_NOTICE_DEFAULT_TEXTS: Record<SmsNoticeEvent, string> = {
  rejected: '{name}您好，您报名的{plan}资格审核未通过，请于{time}前登录报名系统查看原因，修改后重新提交。',
  ticketReady: '{name}您好，{plan}准考证已可下载，请于{time}前登录报名系统下载并打印。',
  resultsOpen: '{name}您好，{plan}成绩已开放查询（截至{time}），请登录报名系统查看。',
};

/** The console text of a notice: `text` with `{name}`, `{plan}`, `{time}` filled in. */
export function smsNoticeText(text: string, params: Record<(typeof SMS_NOTICE_VARIABLES)[number], string>) {
  return text.replace(
    /\{(name|plan|time)\}/g,
    (_, key: (typeof SMS_NOTICE_VARIABLES)[number]) => params[key],
  );
}

/** One event's template as the settings answer and save it. */
export const smsNoticeTemplateSchema = z.object({
  event: z.enum(SMS_NOTICE_EVENTS),
  /** The provider's template id (Aliyun SMS_123…, Tencent digits); null while none is set. */
  templateCode: z.string().nullable(),
  /** The console provider's text (at most 300 characters). */
  text: z.string(),
});
export type SmsNoticeTemplate = z.output<typeof smsNoticeTemplateSchema>;

/** PUT /recruit/smsNotice/templates: every event's template. */
export const smsNoticeTemplatesSchema = z.object({
  templates: z
    .array(
      z.object({
        event: z.enum(SMS_NOTICE_EVENTS),
        templateCode: z
          .string()
          .trim()
          .max(64)
          .regex(/^[A-Za-z0-9_-]*$/)
          .nullish()
          .transform((v) => v || null),
        text: z.string().trim().min(1).max(300),
      }),
    )
    .min(1)
    .max(SMS_NOTICE_EVENTS.length),
});
export type SmsNoticeTemplatesInput = z.infer<typeof smsNoticeTemplatesSchema>;

/** PUT /recruit/smsNotice/plan/{planId}: the plan's switch. */
export const smsNoticeSwitchSchema = z.object({ enabled: z.boolean() });

/** POST /recruit/smsNotice/plan/{planId}/send: notify the plan's pending candidates of `event`. */
export const smsNoticeSendSchema = z.object({ event: z.enum(SMS_NOTICE_EVENTS) });

/** Status of a notice (sms_notification.status). */
export const SMS_NOTICE_STATUS = { sending: '0', sent: '1', failed: '2' } as const;

/** One event's counts in a plan (inside the caller's region). */
export const smsNoticeCountSchema = z.object({
  event: z.enum(SMS_NOTICE_EVENTS),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Claimed but not confirmed (a node stopped in the middle of the send): never sent again. */
  sending: z.number().int(),
  /**
   * Enrolments the event concerns that have not heard of it yet (the confirmation's count): rejected
   * ones while the enrolment window still lets them correct, distributed tickets, results imported.
   */
  pending: z.number().int(),
});
export type SmsNoticeCount = z.output<typeof smsNoticeCountSchema>;

/** GET /recruit/smsNotice/plan/{planId}: the switch, the counts, and who the results notice would reach. */
export const smsNoticePlanViewSchema = z.object({
  planId: z.number().int(),
  enabled: z.boolean(),
  counts: z.array(smsNoticeCountSchema),
  /** The newest notice job of the plan, for the progress bar (null when none). */
  lastJobId: z.number().int().nullable(),
});
export type SmsNoticePlanView = z.output<typeof smsNoticePlanViewSchema>;

/** POST /recruit/smsNotice/plan/{planId}/send: the queued job and how many candidates it concerns. */
export const smsNoticeQueuedSchema = z.object({ jobId: z.number().int(), total: z.number().int() });
export type SmsNoticeQueued = z.output<typeof smsNoticeQueuedSchema>;

/** GET /recruit/smsNotice/job/{jobId}: a notice job's progress. */
export const smsNoticeJobViewSchema = jobProgressSchema.extend({
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  message: z.string(),
});
export type SmsNoticeJobView = z.output<typeof smsNoticeJobViewSchema>;
