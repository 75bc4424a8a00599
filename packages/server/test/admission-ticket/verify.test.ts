import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketVerification } from '@tegang/domain';
import { admissionTicket, enroll } from '../../src/db/schema';
import { signTicketToken, verifyTicketToken } from '../../src/lib/ticket-token';
import { prefersJson } from '../../src/modules/verify/routes';
import { createTestApp, type TestApp } from '../helpers';
import { applyToOpenPlan } from '../enroll/fixtures';

/** GET /verify/ticket/{token} and the QR token (issue 9, helper B). */
let t: TestApp;
let key: Buffer;
let ticketId: number;
let idCard: string;

beforeAll(async () => {
  t = await createTestApp();
  key = t.app.ctx.dataKeys.ticketSigning;
  const applied = await applyToOpenPlan(t, { name: '<b>王&小明</b>' });
  const [row] = await t.database.db.select().from(enroll).where(eq(enroll.id, applied.id));
  idCard = row!.idCard;
  const [ticket] = await t.database.db
    .insert(admissionTicket)
    .values({
      planId: applied.ctx.plan.id,
      enrollId: applied.id,
      admissionNumber: '20275201020100107',
      examDate: '2027-07-18',
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

describe('the QR token', () => {
  it('carries the ticket id only and is refused when forged, altered or malformed', () => {
    const token = signTicketToken(key, ticketId);
    expect(token).toMatch(/^v1\.[\w-]+\.[\w-]{22}$/);
    expect(verifyTicketToken(key, token)).toBe(ticketId);
    expect(token).not.toContain(idCard);
    const [, id, mac] = token.split('.') as [string, string, string];
    expect(Buffer.from(id, 'base64url').toString()).toBe(String(ticketId));
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (const bad of [
      signTicketToken(randomBytes(32), ticketId), // another key
      `v1.${id}.${flip(mac)}`, // altered MAC
      `v1.${Buffer.from(String(ticketId + 1)).toString('base64url')}.${mac}`, // another ticket, old MAC
      `v2.${id}.${mac}`,
      `v1.${id}.${mac}x`,
      `v1.${id}=.${mac}`,
      `v1.${Buffer.from('0' + ticketId).toString('base64url')}.${mac}`,
      'v1..',
      '',
      'x'.repeat(500),
    ])
      expect(verifyTicketToken(key, bad)).toBeNull();
    expect(() => signTicketToken(key, 0)).toThrow();
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
    const res = await get(signTicketToken(key, ticketId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain('img-src data:');
    expect(res.body).toContain('name="viewport"');
    expect(res.body).toContain('有效准考证');
    expect(res.body).toContain('&lt;b&gt;王&amp;小明&lt;/b&gt;');
    expect(res.body).not.toContain('<b>王');
    for (const s of ['20275201020100107', '都匀市第二中学', '001', '07', '2027-07-18', '14:00-16:30'])
      expect(res.body).toContain(s);
    expect(res.body).toMatch(/<img class="photo" src="data:image\/jpeg;base64,[A-Za-z0-9+/=]+"/);
    expect(res.body).not.toContain(idCard);
    expect(res.body).not.toMatch(/<script/i);
  });

  it('answers TicketVerification as JSON when asked, without the ID number', async () => {
    const res = await get(signTicketToken(key, ticketId), 'application/json');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { code: number; data: TicketVerification };
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      valid: true,
      name: '<b>王&小明</b>',
      admissionNumber: '20275201020100107',
      examPlace: '都匀市第二中学',
      examRoomNumber: '001',
      seatNumber: '07',
      examDate: '2027-07-18',
      examTime: '14:00-16:30',
      status: '1',
    });
    expect(body.data.photo).toMatch(/^data:image\/jpeg;base64,/);
    expect(res.body).not.toContain(idCard);
  });

  it('shows a cancelled (not distributed) ticket as not valid', async () => {
    await t.database.db.update(admissionTicket).set({ status: '0' }).where(eq(admissionTicket.id, ticketId));
    const page = await get(signTicketToken(key, ticketId));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('准考证无效');
    expect(page.body).not.toContain('有效准考证<');
    const json = await get(signTicketToken(key, ticketId), 'application/json');
    expect(json.json().data).toMatchObject({ valid: false, status: '0' });
    await t.database.db.update(admissionTicket).set({ status: '1' }).where(eq(admissionTicket.id, ticketId));
  });

  it('answers 404 (page or JSON, never a 500) for a forged, altered, unknown or malformed token', async () => {
    const good = signTicketToken(key, ticketId);
    const [, id, mac] = good.split('.') as [string, string, string];
    const bad = [
      signTicketToken(randomBytes(32), ticketId),
      `v1.${id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      signTicketToken(key, 987654321), // well signed, no such ticket
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

  it('is limited per IP like the other open routes', async () => {
    const limited = await createTestApp({ env: { CAPTCHA_RATE_LIMIT: '3' } });
    try {
      const token = signTicketToken(limited.app.ctx.dataKeys.ticketSigning, 1);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await limited.app.inject({ method: 'GET', url: `/verify/ticket/${token}` })).statusCode);
      expect(codes).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
