import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_QUEUE } from '../../src/modules/admission-ticket/pdf-service';
import { createTestApp, type TestApp } from '../helpers';

/**
 * GET /metrics (README "Metrics", docs/security.md "Metrics"): Prometheus text with the request
 * histogram by route pattern and status, the pool, the job queues, PDF renders, imports and login
 * failures; open to loopback, to METRICS_ALLOW and to the METRICS_TOKEN bearer, refused to anyone else.
 */
const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
const lines: { msg?: string; req?: { url?: string } }[] = [];
beforeAll(async () => {
  t = await createTestApp({
    env: { METRICS_TOKEN: TOKEN, METRICS_ALLOW: '10.0.0.0/8, 192.0.2.7', LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
  });
});
afterAll(() => t?.close());

const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

describe('/metrics', () => {
  it('gives loopback the metrics after a few requests, labelled by route pattern, never the raw URL', async () => {
    for (let i = 0; i < 3; i++) await t.call('GET', '/admin/websiteConfig/getWebsiteConfig');
    await t.call('GET', '/api/nothing-here/secret-4711');
    const wrong = await t.secure('POST', '/auth/login', { userName: 'admin', password: 'Wrong-password-1' });
    expect(wrong.status).toBe(400);

    const answer = await scrape('127.0.0.1');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    expect(text).toMatch(
      /^tegang_http_request_duration_seconds_count\{method="GET",route="\/admin\/websiteConfig\/getWebsiteConfig",status_code="200"\} 3$/m,
    );
    expect(text).toMatch(
      /^tegang_http_request_duration_seconds_bucket\{.*route="unmatched",status_code="404"/m,
    );
    expect(text).not.toContain('secret-4711');
    expect(text).toMatch(/^tegang_db_pool_connections\{state="total"\} \d+$/m);
    expect(text).toMatch(/^tegang_db_pool_connections\{state="waiting"\} 0$/m);
    expect(text).toMatch(/^tegang_login_failures_total\{login="admin",reason="auth.login.failed"\} [1-9]/m);
    for (const name of [
      'tegang_job_queue_depth',
      'tegang_job_duration_seconds',
      'tegang_pdf_render_seconds',
      'tegang_imports_total',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text).toContain(`# TYPE ${name} `);
    // As quiet in the log as /health: no request line for a scrape.
    expect(lines.some((l) => l.req?.url === '/metrics')).toBe(false);
  });

  it('refuses another address, and loopback relaying someone else', async () => {
    for (const address of ['203.0.113.9', '11.0.0.1', '::ffff:203.0.113.9']) {
      const answer = await scrape(address);
      expect([address, answer.statusCode]).toEqual([address, 403]);
      expect(answer.body).not.toContain('tegang_');
    }
    const relayed = await scrape('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
    expect(relayed.statusCode).toBe(403);
  });

  it('lets in METRICS_ALLOW addresses and the METRICS_TOKEN bearer, not a wrong token', async () => {
    expect((await scrape('10.20.30.40')).statusCode).toBe(200);
    expect((await scrape('192.0.2.7')).statusCode).toBe(200);
    expect((await scrape('::ffff:10.1.1.1')).statusCode).toBe(200);
    const withToken = await scrape('203.0.113.9', { authorization: `Bearer ${TOKEN}` });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('tegang_http_request_duration_seconds');
    const wrong = await scrape('203.0.113.9', { authorization: `Bearer ${TOKEN}x` });
    expect(wrong.statusCode).toBe(403);
  });

  it('times the jobs this node runs and counts the queued ones of the cluster', async () => {
    // A real job through pg-boss (a ticket job whose row does not exist: it ends at once).
    await t.app.ctx.jobs.send(TICKET_QUEUE, { jobId: 999_999_999 });
    const ran = new RegExp(
      `^tegang_job_duration_seconds_count\\{queue="${TICKET_QUEUE}",outcome="ok"\\} 1$`,
      'm',
    );
    let text = '';
    for (let i = 0; i < 50 && !ran.test(text); i++) {
      await new Promise((r) => setTimeout(r, 200));
      text = (await scrape('127.0.0.1')).body;
    }
    expect(text).toMatch(ran);
    // Two jobs due in an hour wait in the queue (as jobs of a busy node would).
    await t.database.pool.query(
      `insert into pgboss.job (name, data, start_after) select $1, '{}', now() + interval '1 hour' from generate_series(1, 2)`,
      [TICKET_QUEUE],
    );
    const queued = new RegExp(`^tegang_job_queue_depth\\{queue="${TICKET_QUEUE}",state="created"\\} 2$`, 'm');
    for (let i = 0; i < 40 && !queued.test(text); i++) {
      await new Promise((r) => setTimeout(r, 250)); // the depths are reused for 5 s
      text = (await scrape('127.0.0.1')).body;
    }
    expect(text).toMatch(queued);
  }, 30_000);

  it('stops the start on a METRICS_ALLOW entry that is not an address, naming it', async () => {
    await expect(createTestApp({ env: { METRICS_ALLOW: '10.0.0.0/8,intranet' } })).rejects.toThrow(
      /METRICS_ALLOW: "intranet"/,
    );
  });
});
