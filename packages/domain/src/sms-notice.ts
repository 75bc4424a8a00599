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
  /** Failed sends, those still to be tried again included (`retrying`). */
  failed: z.number().int(),
  /** Failed sends due to be tried again (SMS_NOTICE_BACKOFF_SECONDS). */
  retrying: z.number().int(),
  /** Claimed but not confirmed (a node stopped in the middle of the send): never sent again. */
  sending: z.number().int(),
  /**
   * Enrolments the event concerns that have not heard of it yet (the confirmation's count): rejected
   * ones while the enrolment window still lets them correct, distributed tickets while the print
   * window has not ended, results imported.
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

// ---- Retries (docs/decisions.md "SMS notices to candidates") ------------------------------------------------

/**
 * Sends tried per enrolment and event: a failed send (the provider threw) is tried again after
 * SMS_NOTICE_BACKOFF_SECONDS until this many sends were tried, then it stays failed for good.
 */
export const SMS_NOTICE_MAX_ATTEMPTS = 5;

/**
 * The wait after the n-th failed send before the next one (index n − 1), in seconds: 1 min, 5 min,
 * 30 min, 2 h. A provider refusing because of a rate limit (isv.BUSINESS_LIMIT_CONTROL) or a short
 * outage is over by then; a candidate hears of a rejection the same day.
 */
export const SMS_NOTICE_BACKOFF_SECONDS = [60, 300, 1800, 7200] as const;

/**
 * When a notice whose `attempts`-th send failed at `failedAt` is due again, or null when that was
 * the last try (SMS_NOTICE_MAX_ATTEMPTS).
 */
export function smsNoticeNextAttempt(attempts: number, failedAt: Date): Date | null {
  if (attempts >= SMS_NOTICE_MAX_ATTEMPTS) return null;
  const wait =
    SMS_NOTICE_BACKOFF_SECONDS[Math.max(0, Math.min(attempts, SMS_NOTICE_BACKOFF_SECONDS.length) - 1)]!;
  return new Date(failedAt.getTime() + wait * 1000);
}

/** Longest provider error kept with a failed notice (sms_notification.error). */
export const SMS_NOTICE_ERROR_MAX = 200;

/**
 * A provider's error as a failed notice keeps it: every run of 6 or more digits masked (a phone
 * number, a code, an ID number the provider may quote), cut to SMS_NOTICE_ERROR_MAX characters.
 */
export function smsNoticeErrorText(text: string): string {
  const masked = text
    .replace(/\d{6,}/g, (run) => '*'.repeat(run.length))
    .replace(/\s+/g, ' ')
    .trim();
  return masked.length > SMS_NOTICE_ERROR_MAX ? `${masked.slice(0, SMS_NOTICE_ERROR_MAX - 1)}…` : masked;
}

/** A mobile number as lists show it: the first 3 and the last 4 digits (139****1234). */
export function maskPhone(phone: string): string {
  return phone.length < 8 ? '*'.repeat(phone.length) : `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/**
 * The events that turning a plan's switch on catches up: a rejection the candidate can still
 * correct and a ticket she can still print. The results notice is the console's own send.
 */
export const SMS_NOTICE_CATCH_UP_EVENTS = [
  'rejected',
  'ticketReady',
] as const satisfies readonly SmsNoticeEvent[];

/** PUT /recruit/smsNotice/plan/{planId}: what turning the switch on queued (one job for every event). */
export const smsNoticeCatchUpSchema = z.object({
  jobId: z.number().int(),
  /** Candidates the job concerns, all events together. */
  total: z.number().int(),
  /** Per event caught up, the candidates it concerns (events with none are left out). */
  events: z.array(z.object({ event: z.enum(SMS_NOTICE_EVENTS), count: z.number().int() })),
});
export type SmsNoticeCatchUp = z.output<typeof smsNoticeCatchUpSchema>;

/** PUT /recruit/smsNotice/plan/{planId}: the plan's view after the change, and the catch-up queued. */
export const smsNoticeSwitchResultSchema = smsNoticePlanViewSchema.extend({
  /** Null when the switch was turned off, or on with nobody waiting. */
  catchUp: smsNoticeCatchUpSchema.nullable(),
});
export type SmsNoticeSwitchResult = z.output<typeof smsNoticeSwitchResultSchema>;

/** GET /recruit/smsNotice/plan/{planId}/failures: the page and an optional event. */
export const smsNoticeFailureQuerySchema = z.object({
  event: z.enum(SMS_NOTICE_EVENTS).optional(),
});

/** One failed notice of a plan, as the console lists it (never the text sent, never the whole phone). */
export const smsNoticeFailureSchema = z.object({
  id: z.number().int(),
  enrollId: z.number().int(),
  /** The candidate's name as on the enrolment. */
  name: z.string(),
  /** maskPhone of the enrolment's phone. */
  phone: z.string(),
  /** The county applied to (GB/T 2260 name). */
  enrollCounty: z.string(),
  event: z.enum(SMS_NOTICE_EVENTS),
  /** Sends tried, 1 … SMS_NOTICE_MAX_ATTEMPTS. */
  attempts: z.number().int(),
  /** The provider's last error (code and message, digit runs masked); null when none was recorded. */
  error: z.string().nullable(),
  /** When the last send was tried (ISO 8601). */
  lastAttemptTime: z.string().nullable(),
  /** When the next send is due (ISO 8601); null: no more tries. */
  nextAttemptTime: z.string().nullable(),
});
export type SmsNoticeFailure = z.output<typeof smsNoticeFailureSchema>;

// ---- In-site notices of the candidate (GET /api/notice/list) -----------------------------------------------

/**
 * What a candidate's notice list shows, derived from her enrolments whatever the SMS switch says:
 * her application rejected (while it stays rejected), passed, her ticket ready (distributed, inside
 * the print window), her results open (a result imported, from the score-query start).
 */
export const CANDIDATE_NOTICE_KINDS = ['rejected', 'passed', 'ticketReady', 'resultsOpen'] as const;
export type CandidateNoticeKind = (typeof CANDIDATE_NOTICE_KINDS)[number];

/** One notice of GET /api/notice/list. */
export const candidateNoticeSchema = z.object({
  /** Stable per enrolment and kind: `<enrollId>-<kind>`. */
  key: z.string(),
  kind: z.enum(CANDIDATE_NOTICE_KINDS),
  planId: z.number().int(),
  planName: z.string(),
  /** When it happened (ISO 8601): the audit time; the distribution or print start; the results' opening. */
  time: z.string(),
  /** A rejection's reason as the reviewer wrote it for the candidate; else null. */
  reason: z.string().nullable(),
  /**
   * Until when she can act (ISO 8601): a rejection's correction deadline (the plan's enrolment end),
   * the ticket's print end, the score query end; null for a passed audit.
   */
  deadline: z.string().nullable(),
});
export type CandidateNotice = z.output<typeof candidateNoticeSchema>;
