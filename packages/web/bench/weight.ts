/**
 * `npm run bench:weight`: the weight and time to interactive of the first pages (docs/benchmarks.md
 * "First page weight"). Builds nothing: it measures the build in packages/web/dist (or WEB_DIST), served
 * by the server started as in production (scripts/start.mjs: the built server when it is fresh, its
 * precompressed .br/.gz assets through @fastify/static), on a fresh database (a new database on
 * DATABASE_URL, else the embedded PostgreSQL in a temporary DATA_DIR).
 *
 * Pages: the candidate login (/web/login), the console login (/login) and the console's first screen
 * (/wel/index with a session: the shell, the menu, the welcome card). Each is loaded in a new browser
 * context (an empty HTTP cache, as a first visit) in Debian's Chromium (e2e/browser.ts flags), without
 * throttling and with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate, rate 4); no network
 * throttling (the server is local), RUNS times each (default 3), the median printed (and the fastest
 * TTI: on a machine shared with other work, the run least disturbed by it).
 *
 * Printed per page and CPU rate:
 * - transferred KB: the sum of encodedDataLength of every response until TTI (CDP
 *   Network.loadingFinished: compressed bodies plus headers, as the browser received them; brotli, as
 *   Chromium asks for `br`), and of the JavaScript responses alone;
 * - decoded JS KB: the JavaScript the browser parsed (Network.dataReceived dataLength);
 * - requests: how many responses;
 * - main thread ms: the renderer's main-thread task time until TTI (CDP Performance.getMetrics
 *   TaskDuration, read 500 ms after TTI), the work the page made the CPU do, less sensitive than TTI
 *   to other processes on a shared machine;
 * - TTI ms, defined as: from navigation start, the later of (a) the first frame in which the page's
 *   ready element is in the DOM (the login form's submit button; the console's welcome card) and
 *   (b) the end of the last long task (≥ 50 ms, PerformanceObserver 'longtask') followed by a quiet
 *   window of 500 ms without long tasks. This is Lighthouse's TTI without its network-quiet rule
 *   (every request here is local) and with a 500 ms window instead of 5 s.
 *
 * Environment: WEB_DIST (default packages/web/dist), RUNS (default 3), PAGES (a comma list of web,
 * login, console; default all), DATABASE_URL (optional), CHROMIUM_PATH (default /usr/bin/chromium),
 * WEIGHT_JSON (a file for the medians as JSON), SHOTS (a folder: screenshots of /web/login at 375 and
 * 1440 px, in zh, in en, and with the empty form submitted, and of /web/register in en, to compare the
 * look of two builds).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Browser, BrowserContext } from 'playwright-core';
import { desktop, launch, phone } from '../e2e/browser';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'packages/web/dist'));
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const QUIET_MS = 500;

interface Server {
  baseUrl: string;
  adminPassword: string;
  stop(): Promise<void>;
}

/** Starts `node scripts/start.mjs` on a free port and a fresh database; resolves once it listens. */
async function startServer(): Promise<Server> {
  if (!fs.existsSync(path.join(webDist, 'web', 'index.html')))
    throw new Error(`${webDist} has no build: run \`npm run build\` first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-weight-'));
  let databaseUrl: string | undefined;
  let dropDb = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `tegang_weight_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST: webDist,
    // The login pages without their captcha image request, as the e2e suite runs them.
    CAPTCHA_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    // Made for this run, as every node of a shared database needs them (README "Several nodes").
    TICKET_SIGNING_KEY: randomBytes(32).toString('base64'),
    RESULT_ENCRYPTION_KEYS: `weight:${randomBytes(32).toString('base64')}`,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const started = new Promise<{ port: string; password: string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const port = /candidates http:\/\/localhost:(\d+)\//.exec(out)?.[1];
      const password = /has the password\s+(\S+)/.exec(out)?.[1];
      if (port && password) resolve({ port, password });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${out}`)));
  });
  const { port, password } = await started;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    adminPassword: password,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
      await dropDb();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Sample {
  transferred: number;
  transferredJs: number;
  decodedJs: number;
  requests: number;
  tti: number;
  /** Main-thread task time until TTI, ms (CDP Performance.getMetrics TaskDuration). */
  busy: number;
}

/**
 * In the page, before any script: records long tasks and the first frame in which the ready selector
 * matches, so that the TTI above is read from the page's own clock (performance.now(), 0 = navigation).
 * A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
 */
const probe = (ready: string) => `
  window.__longTaskEnds = [];
  window.__readyAt = null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTaskEnds.push(e.startTime + e.duration);
  }).observe({ type: 'longtask', buffered: true });
  requestAnimationFrame(function check() {
    if (document.querySelector(${JSON.stringify(ready)})) window.__readyAt = performance.now();
    else requestAnimationFrame(check);
  });`;

/** One cold load of `url` in a new context at CPU `rate`; the numbers of the header comment. */
async function measure(context: BrowserContext, url: string, ready: string, rate: number): Promise<Sample> {
  const page = await context.newPage();
  await page.addInitScript(probe(ready));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const types = new Map<string, string>();
  const sample: Sample = { transferred: 0, transferredJs: 0, decodedJs: 0, requests: 0, tti: 0, busy: 0 };
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.dataReceived', (e) => {
    if (types.get(e.requestId) === 'Script') sample.decodedJs += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    sample.requests += 1;
    sample.transferred += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') sample.transferredJs += e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(
    () => (window as unknown as { __readyAt: number | null }).__readyAt !== null,
    null,
    {
      timeout: 60_000,
    },
  );
  // Wait for a 500 ms window without a long task after the ready frame (the page's own clock).
  for (;;) {
    const { now, readyAt, lastEnd } = await page.evaluate(() => {
      const w = window as unknown as { __longTaskEnds: number[]; __readyAt: number };
      return { now: performance.now(), readyAt: w.__readyAt, lastEnd: Math.max(0, ...w.__longTaskEnds) };
    });
    if (now - Math.max(readyAt, lastEnd) >= QUIET_MS) {
      sample.tti = Math.max(readyAt, lastEnd);
      break;
    }
    await page.waitForTimeout(100);
  }
  const { metrics } = await cdp.send('Performance.getMetrics');
  sample.busy = 1000 * (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0);
  await cdp.detach();
  await page.close();
  return sample;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Logs into the console once (no throttling) and keeps the session (localStorage) for its first screen. */
async function consoleSession(browser: Browser, server: Server) {
  const context = await desktop(browser, server.baseUrl);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(server.adminPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/wel/index');
  // The seeded admin may be asked for a new password first: the session is what matters here.
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * Screenshots of /web/login (375 px phone, 1440 px desktop): zh, zh with the empty form submitted, a
 * wrong password's toast, en; then /web/register (en).
 */
async function loginShots(browser: Browser, server: Server, dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  for (const [width, context] of [
    [375, () => phone(browser, server.baseUrl)],
    [
      1440,
      () =>
        browser.newContext({
          baseURL: server.baseUrl,
          viewport: { width: 1440, height: 900 },
          locale: 'zh-CN',
        }),
    ],
  ] as const) {
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto('/web/login');
    await page.getByTestId('login-submit').waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(dir, `login-${width}-zh.png`), fullPage: true });
    await page.getByTestId('login-submit').click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(dir, `login-${width}-zh-errors.png`), fullPage: true });
    // A wrong password: the server's answer as a toast (antd's message, loaded at the first toast).
    await page.locator('#userName').fill('nobody');
    await page.locator('#password').fill('Wrong-password-1');
    await page.getByTestId('login-submit').click();
    await page.locator('.ant-message-notice').first().waitFor();
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(dir, `login-${width}-zh-failed.png`), fullPage: true });
    await page.getByTestId('lang-switch').click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(dir, `login-${width}-en.png`), fullPage: true });
    // The other open pages share the frame and the card.
    await page.goto('/web/register');
    await page.getByTestId('register-submit').waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(dir, `register-${width}-en.png`), fullPage: true });
    await ctx.close();
  }
}

async function main() {
  const server = await startServer();
  const browser = await launch();
  try {
    const session = await consoleSession(browser, server);
    const all = [
      {
        key: 'web',
        name: 'candidate /web/login (375 px)',
        url: '/web/login',
        ready: '[data-testid="login-submit"]',
        context: () => phone(browser, server.baseUrl),
      },
      {
        key: 'login',
        name: 'console /login (1366 px)',
        url: '/login',
        ready: '[data-testid="login-submit"]',
        context: () => desktop(browser, server.baseUrl),
      },
      {
        key: 'console',
        name: 'console first screen /wel/index',
        url: '/wel/index',
        ready: '[data-testid="home-welcome"]',
        context: () =>
          browser.newContext({
            baseURL: server.baseUrl,
            viewport: { width: 1366, height: 900 },
            locale: 'zh-CN',
            storageState: session,
          }),
      },
    ];
    const only = process.env.PAGES?.split(',');
    const pages = all.filter((p) => !only || only.includes(p.key));
    console.log(`web build: ${path.relative(root, webDist) || webDist} · ${RUNS} runs each, median`);
    console.log(
      'page | CPU | transferred KB | of it JS KB | decoded JS KB | requests | TTI ms | fastest TTI ms | main thread ms',
    );
    const results = [];
    for (const p of pages)
      for (const rate of [1, 4]) {
        const samples: Sample[] = [];
        for (let i = 0; i < RUNS; i++) {
          const context = await p.context();
          samples.push(await measure(context, p.url, p.ready, rate));
          await context.close();
        }
        const row = {
          page: p.name,
          cpu: `${rate}×`,
          transferredKB: +(median(samples.map((s) => s.transferred)) / 1024).toFixed(1),
          transferredJsKB: +(median(samples.map((s) => s.transferredJs)) / 1024).toFixed(1),
          decodedJsKB: +(median(samples.map((s) => s.decodedJs)) / 1024).toFixed(1),
          requests: median(samples.map((s) => s.requests)),
          ttiMs: Math.round(median(samples.map((s) => s.tti))),
          ttiMinMs: Math.round(Math.min(...samples.map((s) => s.tti))),
          busyMs: Math.round(median(samples.map((s) => s.busy))),
        };
        results.push(row);
        console.log(Object.values(row).join(' | '));
      }
    if (process.env.WEIGHT_JSON) fs.writeFileSync(process.env.WEIGHT_JSON, JSON.stringify(results, null, 2));
    if (process.env.SHOTS) await loginShots(browser, server, process.env.SHOTS);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
