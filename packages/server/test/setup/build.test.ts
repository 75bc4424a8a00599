import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { Piscina } from 'piscina';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { ReadMessage } from '../../src/imports/read-worker';
import { withDatabase } from './global';

// The production start runs the built server (docs/decisions.md "Production start: a built server"):
// the build must succeed, its worker entries must load without tsx, and its main.js must start.
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const outName = `.dist-test-${randomBytes(4).toString('hex')}`;
const outdir = path.join(serverDir, outName);
const built = (name: string) => pathToFileURL(path.join(outdir, `${name}.js`));

let child: ChildProcess | undefined;
let database: string | undefined;
let dataDir: string | undefined;

beforeAll(async () => {
  await promisify(execFile)(process.execPath, ['scripts/build.mjs', outName], { cwd: serverDir });
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
  }
  if (database) {
    const admin = new pg.Client({ connectionString: inject('pgUrl') });
    await admin.connect();
    await admin.query(`drop database if exists ${database}`);
    await admin.end();
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(outdir, { recursive: true, force: true });
});

describe('the built server', () => {
  it('reads a workbook in its read worker, loaded as plain JavaScript', async () => {
    const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-build-read-'));
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Sheet1').addRows([
      ['a', 'b'],
      ['x', 2],
    ]);
    const data = new Uint8Array(await book.xlsx.writeBuffer());
    const worker = new Worker(built('read-worker'), { workerData: { tegangRead: { data, tmpDir } } });
    const rows: [number, string[]][] = [];
    try {
      const last = await new Promise<ReadMessage>((resolve, reject) => {
        worker.on('error', reject);
        worker.on('message', (message: ReadMessage) => {
          if (message.t !== 'rows') return resolve(message);
          rows.push(...message.rows);
          worker.postMessage('next'); // a credit for the next batch
        });
      });
      expect(last.t).toBe('end');
      expect(rows).toEqual([
        [1, ['', 'a', 'b']], // by column number: column A is 1
        [2, ['', 'x', '2']],
      ]);
    } finally {
      await worker.terminate();
      fs.rmSync(tmpDir, { recursive: true, force: true });
    }
  });

  it('renders a ticket PDF in its ticket worker, loaded without a loader', async () => {
    const pool = new Piscina({
      filename: built('admission-ticket-worker').href,
      execArgv: [],
      maxThreads: 1,
    });
    try {
      const pdf: Uint8Array = await pool.run({
        planYear: '2027',
        planName: '测试计划',
        name: '张三',
        idCard: '520102200001011234',
        admissionNumber: 'A0001',
        enrollCounty: '南明区',
        academicSession: '小学',
        subject: '语文',
        examDate: '2027-06-01',
        examTime: '09:00-11:00',
        examPlace: '第一中学',
        examAddress: '贵阳市',
        examRoomNumber: '01',
        seatNumber: '12',
        examinationRoomNotice: '准时入场',
        photo: null,
        verifyUrl: 'https://example.org/verify/ticket/x',
      });
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    } finally {
      await pool.destroy();
    }
  });

  it('hashes and verifies a password in its password worker, loaded without a loader', async () => {
    const pool = new Piscina({ filename: built('password-worker').href, execArgv: [], maxThreads: 1 });
    try {
      const stored: string = await pool.run({ op: 'hash', password: 'Right-pass-1' });
      expect(stored).toMatch(/^\$argon2id\$/);
      expect(await pool.run({ op: 'verify', stored, password: 'Right-pass-1' })).toBe(true);
      expect(await pool.run({ op: 'verify', stored, password: 'wrong' })).toBe(false);
    } finally {
      await pool.destroy();
    }
  });

  it('starts main.js on a new database (migrations and seed found from dist) and answers /health', async () => {
    const pgUrl = inject('pgUrl');
    database = `tegang_build_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-build-'));
    child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: withDatabase(pgUrl, database),
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        TICKET_SIGNING_KEY: randomBytes(32).toString('base64'),
        RESULT_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const port = await new Promise<number>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk;
        const running = /Tegang is running: .*localhost:(\d+)/.exec(output);
        if (running) resolve(Number(running[1]));
      };
      child!.stdout!.on('data', read);
      child!.stderr!.on('data', read);
      child!.once('exit', (code) => reject(new Error(`main.js exited with ${code}:\n${output}`)));
    });
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
    expect(output).not.toMatch(/did not start/);
  }, 25_000);
});
