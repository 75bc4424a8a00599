import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { CANDIDATE_STATE, PERMISSIONS } from '@tegang/domain';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db';
import { authSession, candidateUser, sysUser } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import { SESSION_CACHE_MS } from '../../src/lib/session-cache';
import { openSession } from '../../src/lib/sessions';
import { Clock } from '../candidate/fixtures';
import { adminWith } from '../system/fixtures';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Sessions from memory (lib/session-cache.ts): a node answers a checked session from memory for
 * SESSION_CACHE_MS at most; a logout, a disabled account, a password change or a role change through
 * the API takes effect on the next request of this node, and with Redis on every node; a change
 * written past the API is bounded by SESSION_CACHE_MS alone. Entries never cross sessions.
 */

let serial = 0;
/** A candidate account written in the database, with a session opened at `now`. */
async function candidate(t: TestApp, now: Date) {
  serial += 1;
  const suffix = `${serial}${randomBytes(3).toString('hex')}`;
  const [row] = await t.database.db
    .insert(candidateUser)
    .values({
      userName: `sc_${suffix}`,
      passwordHash: await hashPassword('Cand1!pass'),
      realName: `考生${suffix}`,
      idCard: `52010219980307${String(100 + serial).slice(-3)}X`,
      gender: '1',
      birthday: '1998-03-07',
      telephone: `137${String(Date.now() + serial).slice(-8)}`,
    })
    .returning();
  const token = await openSession(
    t.database.db,
    'candidate',
    row!.id,
    { ip: '127.0.0.1', headers: {} } as never,
    now,
  );
  return { id: row!.id, token };
}

const info = (t: TestApp, candidateToken: string) =>
  t.call<{ id: number; realName: string }>('GET', '/api/auth/getInfo', { candidateToken });

describe('one node without Redis', () => {
  const clock = new Clock(new Date().toISOString());
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  it('bounds a change written past the API by SESSION_CACHE_MS', async () => {
    const c = await candidate(t, clock.now());
    expect((await info(t, c.token)).status).toBe(200);
    // Ended straight in the database (as by a node without Redis): nothing tells this node, the
    // cache bound alone applies.
    await t.database.db.delete(authSession).where(eq(authSession.subjectId, c.id));
    expect((await info(t, c.token)).status).toBe(200);
    clock.advance(SESSION_CACHE_MS / 1000);
    expect((await info(t, c.token)).status).toBe(401);
  });

  it('refuses at once after a logout, a disabling and a password change through the API', async () => {
    const admin = await t.adminToken();
    const out = await candidate(t, clock.now());
    expect((await info(t, out.token)).status).toBe(200);
    expect((await t.call('GET', '/api/auth/logout', { candidateToken: out.token })).status).toBe(200);
    expect((await info(t, out.token)).status).toBe(401);

    const disabled = await candidate(t, clock.now());
    expect((await info(t, disabled.token)).status).toBe(200);
    const answer = await t.call('POST', `/candidate/candidateUser/updateState/${disabled.id}`, {
      token: admin,
      body: { state: CANDIDATE_STATE.disabled, reason: '资料不实' },
    });
    expect(answer.status).toBe(200);
    expect((await info(t, disabled.token)).status).toBe(401);

    const user = await adminWith(t, [PERMISSIONS.user.list]);
    expect((await t.call('GET', '/auth/getInfo', { token: user.token })).status).toBe(200);
    const reset = await t.call('PUT', `/system/user/resetPsw/${user.id}`, { token: admin });
    expect(reset.status).toBe(200);
    expect((await t.call('GET', '/auth/getInfo', { token: user.token })).status).toBe(401);
  });

  it('locks and unlocks a cached session at once', async () => {
    const token = await t.adminToken();
    expect((await t.call('POST', '/system/user/list', { token, body: {} })).status).toBe(200);
    expect((await t.secure('POST', '/auth/lock', { password: 'Lock1!pass' }, { token })).status).toBe(200);
    expect((await t.call('POST', '/system/user/list', { token, body: {} })).status).toBe(403);
    const unlock = await t.secure('POST', '/auth/unlock', { password: 'Lock1!pass' }, { token });
    expect(unlock.status).toBe(200);
    expect((await t.call('POST', '/system/user/list', { token, body: {} })).status).toBe(200);
  });

  it('applies a role edit on the next request', async () => {
    const admin = await t.adminToken();
    const user = await adminWith(t, [PERMISSIONS.user.list, PERMISSIONS.dict.list]);
    expect((await t.call('POST', '/system/user/list', { token: user.token, body: {} })).status).toBe(200);
    const saved = await t.call('POST', '/admin/role/updateRoleAuth', {
      token: admin,
      body: { roleId: user.roleId, menuIds: [] },
    });
    expect(saved.status).toBe(200);
    expect((await t.call('POST', '/system/user/list', { token: user.token, body: {} })).status).toBe(403);
  });

  it('never answers one session with another: candidates and regions stay apart', async () => {
    const a = await candidate(t, clock.now());
    const b = await candidate(t, clock.now());
    const nanming = await adminWith(t, [PERMISSIONS.user.list], {
      provinceCode: '520000',
      cityCode: '520100',
      countyCode: '520102',
    });
    const yunyan = await adminWith(t, [PERMISSIONS.user.list], {
      provinceCode: '520000',
      cityCode: '520100',
      countyCode: '520103',
    });
    const names = async (token: string) =>
      (
        await t.call<{ records: { userName: string }[] }>('POST', '/system/user/list', {
          token,
          body: { pageNum: 1, pageSize: 100 },
        })
      ).body.data.records.map((r) => r.userName);
    // Interleaved and in parallel, so that each answer comes while the other session is cached.
    for (let round = 0; round < 3; round++) {
      const [ia, ib, na, nb] = await Promise.all([
        info(t, a.token),
        info(t, b.token),
        names(nanming.token),
        names(yunyan.token),
      ]);
      expect(ia.body.data.id).toBe(a.id);
      expect(ib.body.data.id).toBe(b.id);
      expect(na).toContain(nanming.userName);
      expect(na).not.toContain(yunyan.userName);
      expect(nb).toContain(yunyan.userName);
      expect(nb).not.toContain(nanming.userName);
    }
    // A candidate token is no admin token and the reverse, cached or not.
    expect((await t.call('GET', '/auth/getInfo', { token: a.token })).status).toBe(401);
    expect((await info(t, nanming.token)).status).toBe(401);
  });

  it('still slides the expiry, and refuses a session whose row is gone when it slides', async () => {
    const c = await candidate(t, clock.now());
    const expiry = async () =>
      (await t.database.db.select().from(authSession).where(eq(authSession.subjectId, c.id)))[0]?.expiresAt;
    const before = await expiry();
    clock.advance(61);
    expect((await info(t, c.token)).status).toBe(200);
    expect((await expiry())!.getTime()).toBe(before!.getTime() + 61_000);
    await t.database.db.delete(authSession).where(eq(authSession.subjectId, c.id));
    // Cached, yet the next sliding write finds no row: refused without waiting for the bound.
    clock.advance(61);
    expect((await info(t, c.token)).status).toBe(401);
  });
});

/**
 * Two nodes of one database and one Redis (README "Several nodes"): what one node revokes, the other
 * refuses within about two seconds (in practice as soon as the Redis message arrives).
 */
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('two nodes sharing one database and one Redis', () => {
  let a: TestApp;
  let bDatabase: Database;
  let b: Awaited<ReturnType<typeof buildApp>>;
  const frozen = new Date();
  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL: redisUrl! } });
    // Node b: its own pool on node a's database, its own session cache, the same Redis.
    bDatabase = openDatabase(
      (a.database.pool as unknown as { options: { connectionString: string } }).options.connectionString,
      3,
    );
    b = await buildApp({
      config: loadConfig({
        DATA_DIR: a.filesDir,
        CAPTCHA_ENABLED: 'false',
        LOG_LEVEL: 'silent',
        REDIS_URL: redisUrl!,
        TICKET_SIGNING_KEY: randomBytes(32).toString('base64'),
        RESULT_ENCRYPTION_KEYS: `test:${randomBytes(32).toString('base64')}`,
      }),
      database: bDatabase,
      // Node b's clock stands still: its cache bound never passes, so only the Redis message can
      // make it refuse.
      now: () => frozen,
      logger: false,
      sms: { send: async () => {} },
    });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  const onB = (headers: Record<string, string>, url: string) => b.inject({ method: 'GET', url, headers });
  /** Waits until node b answers 401, for three seconds at most (the bound is two). */
  const bRefuses = (headers: Record<string, string>, url: string) =>
    vi.waitFor(async () => expect((await onB(headers, url)).statusCode).toBe(401), {
      timeout: 3_000,
      interval: 50,
    });

  it('a logout on node a: node b refuses the token', async () => {
    const c = await candidate(a, new Date());
    const headers = { 'user-authorization': `Bearer ${c.token}` };
    expect((await onB(headers, '/api/auth/getInfo')).statusCode).toBe(200);
    expect((await a.call('GET', '/api/auth/logout', { candidateToken: c.token })).status).toBe(200);
    await bRefuses(headers, '/api/auth/getInfo');
  });

  it('a disabled administrator on node a: node b refuses its session', async () => {
    const admin = await a.adminToken();
    const user = await adminWith(a, [PERMISSIONS.user.list]);
    const headers = { authorization: `Bearer ${user.token}` };
    expect((await onB(headers, '/auth/getInfo')).statusCode).toBe(200);
    const off = await a.call('POST', `/system/user/updateState/${user.id}`, { token: admin });
    expect(off.status).toBe(200);
    await bRefuses(headers, '/auth/getInfo');
    const [row] = await a.database.db.select().from(sysUser).where(eq(sysUser.id, user.id));
    expect(row!.state).not.toBe('0');
  });

  it('a role edit on node a: node b refuses the right taken away', async () => {
    const admin = await a.adminToken();
    const user = await adminWith(a, [PERMISSIONS.user.list]);
    const headers = { authorization: `Bearer ${user.token}` };
    const list = () => b.inject({ method: 'POST', url: '/system/user/list', headers, payload: {} });
    expect((await list()).statusCode).toBe(200);
    const saved = await a.call('POST', '/admin/role/updateRoleAuth', {
      token: admin,
      body: { roleId: user.roleId, menuIds: [] },
    });
    expect(saved.status).toBe(200);
    await vi.waitFor(async () => expect((await list()).statusCode).toBe(403), {
      timeout: 3_000,
      interval: 50,
    });
  });
});
