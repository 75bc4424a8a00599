import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CST_OFFSET_MS,
  SMS_CODE_TTL_S,
  SMS_DAILY_CAP_PER_IP,
  SMS_DAILY_CAP_PER_PHONE,
  SMS_MAX_ATTEMPTS,
  SMS_RESEND_S,
  cstDate,
  translate,
  type Lang,
  type MessageKey,
  type SmsPurpose,
  type SmsSendStatus,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import { AppError, ValidationError } from '../../lib/errors';

/**
 * SMS verification codes of the candidate account (spec §7 "Candidate auth and account"):
 * - a code is 6 random digits, valid SMS_CODE_TTL_S (5 min), one per purpose and phone; a new one
 *   replaces the old;
 * - one send per phone per SMS_RESEND_S (60 s), whatever the purpose (429 'sms.tooFrequent');
 * - at most SMS_DAILY_CAP_PER_PHONE sends per phone and SMS_DAILY_CAP_PER_IP per client IP per
 *   China Standard Time day (429 'sms.dailyCap');
 * - every check of a code counts: after SMS_MAX_ATTEMPTS the code is void ('sms.code.voided'), so a
 *   code allows at most five guesses, and a right code whose call then fails for another reason
 *   (a taken user name) may be used again within those five; a call that succeeds consumes it.
 *
 * Everything lives in the shared key-value store (Redis when several nodes run). Only a salted
 * HMAC of the code is kept: with a million possible codes that keeps a code from being read off the
 * store, while the expiry and the attempt limit are what stop guessing. Times are read from
 * `ctx.now` (the store's own expiry only collects garbage), so they follow the app's clock.
 */

interface StoredCode {
  /** salt (hex) */
  s: string;
  /** HMAC-SHA-256(salt, purpose:phone:code), hex */
  h: string;
  /** expiry, epoch ms */
  exp: number;
}

const DAY_S = 86_400;
const keyOf = {
  code: (purpose: SmsPurpose, phone: string) => `sms:code:${purpose}:${phone}`,
  tries: (purpose: SmsPurpose, phone: string) => `sms:tries:${purpose}:${phone}`,
  resend: (phone: string) => `sms:resend:${phone}`,
  dayPhone: (day: string, phone: string) => `sms:day:${day}:phone:${phone}`,
  dayIp: (day: string, ip: string) => `sms:day:${day}:ip:${ip}`,
};

const digest = (salt: string, purpose: SmsPurpose, phone: string, code: string) =>
  createHmac('sha256', Buffer.from(salt, 'hex')).update(`${purpose}:${phone}:${code}`).digest();

function parseStored(raw: string | null): StoredCode | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as StoredCode;
    return typeof value.s === 'string' && typeof value.h === 'string' && typeof value.exp === 'number'
      ? value
      : null;
  } catch {
    return null;
  }
}

/** A 400 that names one field, as the schema validation answers it. */
export function fieldError(lang: Lang, field: string, key: MessageKey): ValidationError {
  const label = `field.${field}`;
  return new ValidationError([{ field, label: translate(lang, label), message: translate(lang, key) }]);
}

/** Seconds until the next China Standard Time midnight (when the daily caps start again). */
function secondsToCstMidnight(nowMs: number): number {
  const local = nowMs + CST_OFFSET_MS;
  return Math.ceil((DAY_S * 1000 - (local % (DAY_S * 1000))) / 1000);
}

export interface IssueRequest {
  purpose: SmsPurpose;
  phone: string;
  ip: string;
  lang: Lang;
  /**
   * False: apply every limit as if sending, but store and send nothing (a recovery code asked for an
   * unregistered phone answers exactly like a sent one, so that accounts cannot be enumerated).
   */
  deliver: boolean;
}

/** Issues (and sends) a code under the limits above. Throws 429 AppErrors. */
export async function issueSmsCode(ctx: AppContext, req: IssueRequest): Promise<void> {
  const { kv } = ctx;
  const now = ctx.now().getTime();
  const resendKey = keyOf.resend(req.phone);

  if (!(await kv.setNx(resendKey, String(now), SMS_RESEND_S))) {
    const sentAt = Number(await kv.get(resendKey));
    const wait = Math.ceil((sentAt + SMS_RESEND_S * 1000 - now) / 1000);
    if (Number.isFinite(wait) && wait > 0) throw new AppError(429, 'sms.tooFrequent', { seconds: wait });
    // The store has not dropped the key yet but its time is up by our clock.
    await kv.set(resendKey, String(now), SMS_RESEND_S);
  }

  const day = cstDate(now);
  const overCap =
    (await kv.incr(keyOf.dayPhone(day, req.phone), 2 * DAY_S)) > SMS_DAILY_CAP_PER_PHONE ||
    (await kv.incr(keyOf.dayIp(day, req.ip), 2 * DAY_S)) > SMS_DAILY_CAP_PER_IP;
  if (overCap) {
    await kv.del(resendKey); // nothing was sent: the next ask hears about the cap, not the 60 s
    throw new AppError(429, 'sms.dailyCap');
  }
  if (!req.deliver) return;

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  const stored: StoredCode = {
    s: salt,
    h: digest(salt, req.purpose, req.phone, code).toString('hex'),
    exp: now + SMS_CODE_TTL_S * 1000,
  };
  const codeKey = keyOf.code(req.purpose, req.phone);
  await kv.set(codeKey, JSON.stringify(stored), SMS_CODE_TTL_S);
  await kv.del(keyOf.tries(req.purpose, req.phone));
  try {
    await ctx.sms.send({
      phone: req.phone,
      code,
      purpose: req.purpose,
      text: translate(req.lang, 'sms.message', { code }),
    });
  } catch (err) {
    await kv.del(codeKey);
    await kv.del(resendKey);
    throw err;
  }
}

/**
 * Whether a code may be sent to `phone` from `ip` now as far as the limits go (any purpose): the
 * daily caps (reason 'dailyCap', waitSeconds to midnight China time), then the 60 s resend gap
 * ('tooFrequent', the seconds left).
 */
export async function smsSendStatus(ctx: AppContext, phone: string, ip: string): Promise<SmsSendStatus> {
  const now = ctx.now().getTime();
  const day = cstDate(now);
  const [phoneCount, ipCount] = await Promise.all([
    ctx.kv.get(keyOf.dayPhone(day, phone)),
    ctx.kv.get(keyOf.dayIp(day, ip)),
  ]);
  if (Number(phoneCount) >= SMS_DAILY_CAP_PER_PHONE || Number(ipCount) >= SMS_DAILY_CAP_PER_IP)
    return { canSend: false, waitSeconds: secondsToCstMidnight(now), reason: 'dailyCap' };
  const sentAt = await ctx.kv.get(keyOf.resend(phone));
  const wait = sentAt ? Math.ceil((Number(sentAt) + SMS_RESEND_S * 1000 - now) / 1000) : 0;
  return wait > 0
    ? { canSend: false, waitSeconds: wait, reason: 'tooFrequent' }
    : { canSend: true, waitSeconds: 0, reason: null };
}

/**
 * Checks `code` for `purpose` and `phone`. Throws a 400 naming the field `code` ('sms.code.wrong' for
 * a wrong, expired or never-sent code, 'sms.code.voided' once the attempts are used up). On success
 * returns the function that consumes the code: call it when the call's work has been done.
 */
export async function verifySmsCode(
  ctx: AppContext,
  lang: Lang,
  purpose: SmsPurpose,
  phone: string,
  code: string,
): Promise<() => Promise<void>> {
  const codeKey = keyOf.code(purpose, phone);
  const triesKey = keyOf.tries(purpose, phone);
  const stored = parseStored(await ctx.kv.get(codeKey));
  if (!stored || stored.exp <= ctx.now().getTime()) throw fieldError(lang, 'code', 'sms.code.wrong');
  // Counted before comparing, so that parallel guesses cannot get past the limit.
  const tries = await ctx.kv.incr(triesKey, SMS_CODE_TTL_S);
  if (tries > SMS_MAX_ATTEMPTS) throw fieldError(lang, 'code', 'sms.code.voided');
  const expected = Buffer.from(stored.h, 'hex');
  const actual = digest(stored.s, purpose, phone, code);
  const right = expected.length === actual.length && timingSafeEqual(actual, expected);
  if (!right)
    throw fieldError(lang, 'code', tries >= SMS_MAX_ATTEMPTS ? 'sms.code.voided' : 'sms.code.wrong');
  return async () => {
    await ctx.kv.del(codeKey);
    await ctx.kv.del(triesKey);
  };
}
