import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENROLL_DICT_FIELDS, type ValidTicketVerification } from '@tegang/domain';
import { admissionTicket, enroll, sysDictItem } from '../../src/db/schema';
import {
  signTicketToken,
  signTicketTokenV1,
  ticketTokenExpiry,
  verifyTicketToken,
} from '../../src/lib/ticket-token';
import { verifyUrl } from '../../src/modules/admission-ticket/pdf-service';
import { prefersJson } from '../../src/lib/accept';
import { createTestApp, type TestApp } from '../helpers';
import { applyToOpenPlan } from '../enroll/fixtures';

/**
 * GET /verify/ticket/{token} and the QR token (docs/security.md "The verify page"): only a valid
 * ticket shows the candidate; tokens expire after the exam day plus a margin; limits per token and IP.
 */
let t: TestApp;
let key: Buffer;
let ticketId: number;
let idCard: string;
/** 报考学段 and 报考学科 of the ticket's enrolment as the dictionary labels them: [zh, en]. */
let period: [string, string];
let subject: [string, string];
/** The app's clock (ctx.now); null: the real time. */
let clock: Date | null = null;
const EXAM_DATE = '2027-07-18';
/** The token printed on the ticket (v2, expiring with its exam date). */
const tokenOf = (id: number) => signTicketToken(key, id, ticketTokenExpiry(EXAM_DATE));

beforeAll(async () => {
  // Limits off here (many checks of one token); 'is limited per token…' runs its own app with the defaults.
  t = await createTestApp({
    now: () => clock ?? new Date(),
    env: { VERIFY_RATE_LIMIT: '0', VERIFY_IP_RATE_LIMIT: '0' },
  });
  key = t.app.ctx.dataKeys.ticketSigning;
  const applied = await applyToOpenPlan(t, { name: '<b>王&小明</b>' });
  const [row] = await t.database.db.select().from(enroll).where(eq(enroll.id, applied.id));
  idCard = row!.idCard;
  const label = async (type: string, value: string): Promise<[string, string]> => {
    const [item] = await t.database.db
      .select()
      .from(sysDictItem)
      .where(and(eq(sysDictItem.dictType, type), eq(sysDictItem.value, value)));
    return [item!.label, item!.labelEn ?? item!.label];
  };
  period = await label(ENROLL_DICT_FIELDS.academicSession, row!.academicSession);
  subject = await label(ENROLL_DICT_FIELDS.subject, row!.subject);
  const [ticket] = await t.database.db
    .insert(admissionTicket)
    .values({
      planId: applied.ctx.plan.id,
      enrollId: applied.id,
      admissionNumber: '20275201020100107',
      examDate: EXAM_DATE,
      examTime: '14:00-16:30',
      examPlace: '都匀市第二中学',
      examAddress: '都匀市剑江中路 18 号',
      examRoomNumber: '001',
      seatNumber: '07',
      examinationRoomNotice: '携带身份证',
      status: '1',
    })
    .returning();
  ticketId = ticket!.id;
}, 60_000);

afterAll(() => t?.close());

const get = (token: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8') =>
  t.app.inject({ method: 'GET', url: `/verify/ticket/${token}`, headers: { accept } });

/** What a page or JSON answer must not show for a ticket that is not valid. */
const personal = () => [
  '王',
  '小明',
  '20275201020100107',
  '都匀市第二中学',
  EXAM_DATE,
  '14:00-16:30',
  idCard,
];

describe('the QR token', () => {
  it('carries the ticket id and its expiry under the MAC, and is refused when forged, altered or malformed', () => {
    const expiry = ticketTokenExpiry(EXAM_DATE);
    const token = tokenOf(ticketId);
    expect(token).toMatch(/^v2\.[\w-]+\.\d+\.[\w-]{22}$/);
    expect(verifyTicketToken(key, token)).toEqual({ id: ticketId, expiresAt: expiry });
    expect(token).not.toContain(idCard);
    const [, id, exp, mac] = token.split('.') as [string, string, string, string];
    expect(Buffer.from(id, 'base64url').toString()).toBe(String(ticketId));
    expect(Number(exp)).toBe(expiry.getTime() / 1000);
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (const bad of [
      signTicketToken(randomBytes(32), ticketId, expiry), // another key
      `v2.${id}.${exp}.${flip(mac)}`, // altered MAC
      `v2.${id}.${Number(exp) + 86_400 * 365}.${mac}`, // a later expiry under the old MAC
      `v2.${Buffer.from(String(ticketId + 1)).toString('base64url')}.${exp}.${mac}`, // another ticket
      `v1.${id}.${mac}`, // the v2 MAC as a v1 token
      `v3.${id}.${exp}.${mac}`,
      `v2.${id}.0${exp}.${mac}`,
      `v2.${id}.${exp}.${mac}x`,
      `v2.${id}=.${exp}.${mac}`,
      `v2.${Buffer.from('0' + ticketId).toString('base64url')}.${exp}.${mac}`,
      'v2...',
      '',
      'x'.repeat(500),
    ])
      expect(verifyTicketToken(key, bad)).toBeNull();
    expect(() => signTicketToken(key, 0, expiry)).toThrow();
  });

  it('expires at the end of the exam day in Asia/Shanghai plus 7 days; the QR code carries that expiry', () => {
    expect(ticketTokenExpiry('2027-07-18').toISOString()).toBe('2027-07-25T16:00:00.000Z');
    expect(() => ticketTokenExpiry('2027-7-18')).toThrow(RangeError);
    const url = verifyUrl(t.app.ctx, 'https://tegang.example.gov.cn', { id: ticketId, examDate: EXAM_DATE });
    expect(url).toBe(`https://tegang.example.gov.cn/verify/ticket/${tokenOf(ticketId)}`);
  });

  it('still reads v1 tokens of tickets printed before, without an expiry of their own', () => {
    const v1 = signTicketTokenV1(key, ticketId);
    expect(verifyTicketToken(key, v1)).toEqual({ id: ticketId, expiresAt: null });
    expect(verifyTicketToken(key, signTicketTokenV1(randomBytes(32), ticketId))).toBeNull();
  });

  it('negotiates JSON only when Accept ranks it above HTML', () => {
    expect(prefersJson(undefined)).toBe(false);
    expect(prefersJson('*/*')).toBe(false);
    expect(prefersJson('application/json')).toBe(true);
    expect(prefersJson('application/json, text/plain, */*')).toBe(true);
    expect(prefersJson('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(false);
    expect(prefersJson('text/html;q=0.5, application/json')).toBe(true);
  });
});

describe('GET /verify/ticket/{token}', () => {
  it('shows a distributed ticket as valid on a page for phones: escaped, no script, no ID number', async () => {
    const res = await get(tokenOf(ticketId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain('img-src data:');
    expect(res.body).toContain('name="viewport"');
    expect(res.body).toContain('有效准考证');
    expect(res.body).toContain('&lt;b&gt;王&amp;小明&lt;/b&gt;');
    expect(res.body).not.toContain('<b>王');
    for (const s of ['20275201020100107', '都匀市第二中学', '001', '07', EXAM_DATE, '14:00-16:30'])
      expect(res.body).toContain(s);
    // what the proctor checks the paper and the room against: 报考学段 and 报考学科
    expect(res.body).toContain(
      `<dt>报考学段</dt><dd>${period[0]}</dd><dt>报考学科</dt><dd>${subject[0]}</dd>`,
    );
    expect(res.body).toMatch(/<img class="photo" src="data:image\/jpeg;base64,[A-Za-z0-9+/=]+"/);
    expect(res.body).not.toContain(idCard);
    expect(res.body).not.toMatch(/<script/i);
  });

  it('answers TicketVerification as JSON when asked, without the ID number', async () => {
    const res = await get(tokenOf(ticketId), 'application/json');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { code: number; data: ValidTicketVerification };
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      valid: true,
      state: 'valid',
      name: '<b>王&小明</b>',
      admissionNumber: '20275201020100107',
      examPlace: '都匀市第二中学',
      examRoomNumber: '001',
      seatNumber: '07',
      examDate: EXAM_DATE,
      examTime: '14:00-16:30',
      status: '1',
      academicSession: period[0],
      subject: subject[0],
    });
    expect(body.data.photo).toMatch(/^data:image\/jpeg;base64,/);
    expect(res.body).not.toContain(idCard);
    // the labels in the reader's language
    const en = await t.app.inject({
      method: 'GET',
      url: `/verify/ticket/${tokenOf(ticketId)}`,
      headers: { accept: 'application/json', 'accept-language': 'en' },
    });
    expect(en.json().data).toMatchObject({ academicSession: period[1], subject: subject[1] });
  });

  it('answers a cancelled (not distributed) ticket "无效" with nothing of the candidate', async () => {
    await t.database.db.update(admissionTicket).set({ status: '0' }).where(eq(admissionTicket.id, ticketId));
    try {
      for (const token of [tokenOf(ticketId), signTicketTokenV1(key, ticketId)]) {
        const page = await get(token);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('准考证无效');
        expect(page.body).not.toContain('有效准考证<');
        expect(page.body).not.toMatch(/<img|<dl/);
        for (const s of personal()) expect(page.body).not.toContain(s);
        const json = await get(token, 'application/json');
        expect(json.json().data).toEqual({ valid: false, state: 'invalid' });
        for (const s of [...personal(), 'photo', 'seatNumber', 'subject']) expect(json.body).not.toContain(s);
      }
    } finally {
      await t.database.db
        .update(admissionTicket)
        .set({ status: '1' })
        .where(eq(admissionTicket.id, ticketId));
    }
  });

  it('answers "已过期" without personal data after the exam day plus 7 days, for v2 and printed v1 tokens', async () => {
    const lastSecond = new Date('2027-07-25T23:59:59+08:00');
    const past = new Date('2027-07-26T00:00:01+08:00');
    try {
      clock = lastSecond;
      expect((await get(tokenOf(ticketId), 'application/json')).json().data).toMatchObject({ valid: true });
      expect((await get(signTicketTokenV1(key, ticketId), 'application/json')).json().data.valid).toBe(true);
      clock = past;
      for (const token of [tokenOf(ticketId), signTicketTokenV1(key, ticketId)]) {
        const page = await get(token);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('准考证已过期或无效');
        expect(page.body).not.toMatch(/<img|<dl/);
        for (const s of personal()) expect(page.body).not.toContain(s);
        const json = await get(token, 'application/json');
        expect(json.json().data).toEqual({ valid: false, state: 'expired' });
      }
      // A token whose own expiry has passed, although the ticket's exam date would still allow it.
      clock = null;
      const lapsed = signTicketToken(key, ticketId, new Date(Date.now() - 1000));
      expect((await get(lapsed, 'application/json')).json().data).toEqual({ valid: false, state: 'expired' });
      const en = await t.app.inject({
        method: 'GET',
        url: `/verify/ticket/${lapsed}`,
        headers: { 'accept-language': 'en' },
      });
      expect(en.body).toContain('Expired or not valid');
    } finally {
      clock = null;
    }
  });

  it('answers 404 (page or JSON, never a 500) for a forged, altered, unknown or malformed token', async () => {
    const good = tokenOf(ticketId);
    const [, id, exp, mac] = good.split('.') as [string, string, string, string];
    const bad = [
      signTicketToken(randomBytes(32), ticketId, ticketTokenExpiry(EXAM_DATE)),
      `v2.${id}.${exp}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `v2.${id}.${Number(exp) + 3600}.${mac}`, // expiry moved, MAC kept
      tokenOf(987654321), // well signed, no such ticket
      'v1.%e4%b8%ad.abc',
      encodeURIComponent('<script>alert(1)</script>'),
      'x'.repeat(90),
    ];
    for (const token of bad) {
      const page = await get(token);
      expect(page.statusCode, token).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('未找到该准考证');
      expect(page.body).not.toContain('<script>alert');
      const json = await get(token, 'application/json');
      expect(json.statusCode).toBe(404);
      expect(json.json()).toMatchObject({ code: 404, data: null });
    }
    // Stopped before the route by the project-wide guards: a NUL byte (rule.control), a path parameter
    // over Fastify's maxParamLength, bad percent-encoding. A 400 in the envelope, never a 500.
    for (const token of ['v1.%00.x', 'x'.repeat(2000), '%E0%A4%A']) {
      const res = await get(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toMatchObject({ code: 400 });
    }
    const en = await t.app.inject({
      method: 'GET',
      url: `/verify/ticket/${bad[0]}`,
      headers: { accept: 'application/json', 'accept-language': 'en' },
    });
    expect(en.json().msg).toMatch(/^No such admission ticket/);
  });

  it('is limited to 20 checks a minute per token and 600 per IP, so a hall of proctors behind one NAT gets through', async () => {
    const limited = await createTestApp({ env: { CAPTCHA_RATE_LIMIT: '3' } });
    const call = (token: string, ip: string) =>
      limited.app.inject({ method: 'GET', url: `/verify/ticket/${token}`, remoteAddress: ip });
    try {
      const token = signTicketToken(limited.app.ctx.dataKeys.ticketSigning, 1, ticketTokenExpiry(EXAM_DATE));
      // One token, checked from many addresses: 20 answers, then 429 for the minute.
      const codes: number[] = [];
      for (let i = 0; i < 21; i++) codes.push((await call(token, `10.0.0.${i + 1}`)).statusCode);
      expect(codes).toEqual([...Array<number>(20).fill(404), 429]);
      const over = await call(token, '10.0.1.1');
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
      expect(over.json()).toMatchObject({ code: 429 });
      // One carrier address, many tickets: 600 answers (not CAPTCHA_RATE_LIMIT's 3), then 429; others go on.
      const nat = '100.64.0.1';
      const natCodes = new Map<number, number>();
      for (let i = 0; i < 601; i++) {
        const status = (await call(`v2.x.${1_000_000 + i}.y`, nat)).statusCode;
        natCodes.set(status, (natCodes.get(status) ?? 0) + 1);
      }
      expect(Object.fromEntries(natCodes)).toEqual({ 404: 600, 429: 1 });
      expect((await call('v2.x.999.y', '100.64.0.2')).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
