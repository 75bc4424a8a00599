import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import jsQR from 'jsqr';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { migrateDatabase, openDatabase, type Database } from '../../src/db';
import { admissionResult, admissionTicket, recruitPlan } from '../../src/db/schema';
import { seal } from '../../src/lib/sealed';
import { peSlot } from '../../src/modules/admission-result/service';
import { generatePassword, seedAdmin, seedDemoPlan, seedReferenceData } from '../../src/db/seed';
import type { TestApp } from '../helpers';
import { withDatabase } from '../setup/global';
import { applyToOpenPlan } from '../enroll/fixtures';

/**
 * Backup and restore (docs/operations.md): an installation with a candidate's application (photo) and
 * a distributed ticket is backed up with scripts/backup.sh, restored with scripts/restore.sh into a
 * new database and a new files folder, and a node started there with the same keys serves the
 * candidate the form and the ticket, both with the photo, verifies the ticket's QR code and opens the
 * candidate's sealed physical examination result.
 *
 * pg_dump cannot dump a server newer than itself, so this runs on the machine's PostgreSQL whose major
 * version matches the client's (TEST_BACKUP_PG_URL, default postgres@127.0.0.1:5432), not on the
 * embedded one of the other server tests.
 */
const run = promisify(execFile);
const PG_URL = process.env.TEST_BACKUP_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCRIPTS = path.resolve(import.meta.dirname, '../../scripts');

/** Why the test cannot run here (no server, or a pg_dump of another major version), else null. */
async function unusable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    const server = Math.floor(Number(rows[0]!.v) / 10000);
    const { stdout } = await run('pg_dump', ['--version']);
    const clientMajor = Number(/(\d+)\.\d+/.exec(stdout)?.[1]);
    return server === clientMajor ? null : `PostgreSQL ${server} at ${PG_URL}, pg_dump ${clientMajor}`;
  } catch (e) {
    return `no PostgreSQL with a matching pg_dump at ${PG_URL}: ${(e as Error).message}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const skipReason = await unusable();
if (skipReason) console.warn(`backup-restore skipped: ${skipReason}`);
const test = skipReason ? it.skip : it;

/** The keys kept apart from the backup and given to both installations (README "Several nodes"). */
const KEYS = {
  TICKET_SIGNING_KEY: randomBytes(32).toString('base64'),
  RESULT_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
};
const tag = randomBytes(4).toString('hex');
const PHYSICAL = '体检合格：血压 118/76';
const SOURCE_DB = `tegang_backup_src_${tag}`;
const TARGET_DB = `tegang_backup_dst_${tag}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-backup-'));
const opened: { app: FastifyInstance; database: Database }[] = [];

/** A node on database `name` with its own DATA_DIR `dir`. */
async function node(name: string, dir: string) {
  const database = openDatabase(withDatabase(PG_URL, name), 5);
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: withDatabase(PG_URL, name),
    CAPTCHA_ENABLED: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dir, 'no-web'),
    ...KEYS,
  });
  const app = await buildApp({ config, database, logger: false, sms: { send: async () => undefined } });
  await app.ready();
  opened.push({ app, database });
  return { app, database };
}

/** A script of scripts/ with DATABASE_URL of `db` and DATA_DIR `dir`; rejects on a non-zero exit. */
const script = (name: string, args: string[], db: string, dir: string) =>
  run('bash', [path.join(SCRIPTS, name), ...args], {
    env: { ...process.env, DATABASE_URL: withDatabase(PG_URL, db), DATA_DIR: dir, STORAGE: 'local' },
  });

const asCandidate = (token: string) => ({ 'user-authorization': `Bearer ${token}` });

/** Number of images in a PDF (pdfimages -list, after its two header lines). */
async function images(pdf: Buffer, name: string) {
  const file = path.join(work, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  return (await run('pdfimages', ['-list', file])).stdout.split('\n').slice(2).filter(Boolean).length;
}

/** The QR code of page 1 of a PDF (150 dpi), or null. */
async function qrOf(pdf: Buffer, name: string) {
  const file = path.join(work, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  await run('pdftoppm', [
    '-png',
    '-r',
    '150',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    path.join(work, name),
  ]);
  const { data, info } = await sharp(path.join(work, `${name}.png`))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return (
    jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ??
    null
  );
}

/** The candidate's download of the form (`kind` enroll) or ticket through its single-use link. */
async function download(app: FastifyInstance, kind: 'enroll' | 'admissionTicket', id: number, token: string) {
  const link = await app.inject({
    method: 'GET',
    url: `/api/${kind}/downloadToken/${id}`,
    headers: asCandidate(token),
  });
  expect(link.statusCode, link.body).toBe(200);
  const pdf = await app.inject({ method: 'GET', url: link.json().data.url });
  expect(pdf.statusCode, pdf.body).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  return pdf.rawPayload;
}

let source: { app: FastifyInstance; database: Database };
let enrollId: number;
let ticketId: number;
let candidateToken: string;
let ticketPdf: Buffer;

beforeAll(async () => {
  if (skipReason) return;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${SOURCE_DB}`);
  await admin.query(`create database ${TARGET_DB}`);
  await admin.end();
  // Migrated and seeded as a first start does (test/setup/global.ts).
  const setup = openDatabase(withDatabase(PG_URL, SOURCE_DB), 2);
  await migrateDatabase(setup.db);
  await setup.db.transaction(async (tx) => {
    await seedReferenceData(tx);
    await seedAdmin(tx, generatePassword());
    await seedDemoPlan(tx, new Date());
  });
  await setup.close();

  source = await node(SOURCE_DB, path.join(work, 'source'));
  const applied = await applyToOpenPlan(source as TestApp, { name: '韦晓梅' });
  enrollId = applied.id;
  candidateToken = applied.candidate.token;
  await source.database.db
    .update(recruitPlan)
    .set({
      ticketPrintStartTime: new Date(Date.now() - 3600_000),
      ticketPrintEndTime: new Date(Date.now() + 86400_000),
      scoreQueryStartTime: new Date(Date.now() - 3600_000),
    })
    .where(eq(recruitPlan.id, applied.ctx.plan.id));
  const [ticket] = await source.database.db
    .insert(admissionTicket)
    .values({
      planId: applied.ctx.plan.id,
      enrollId,
      admissionNumber: `20265201020${tag.slice(0, 6).replace(/\D/g, '7').padEnd(6, '7')}`,
      examDate: '2030-07-18', // ahead: a ticket verifies until its exam day plus 7 days
      examTime: '09:00-11:30',
      examPlace: '贵阳市第一中学',
      examAddress: '贵阳市南明区中华南路 1 号',
      examRoomNumber: '001',
      seatNumber: '01',
      examinationRoomNotice: '考生须持准考证和身份证入场。',
      status: '1', // distributed
    })
    .returning({ id: admissionTicket.id });
  ticketId = ticket!.id;
  // A result whose physical examination is sealed with the source's RESULT_ENCRYPTION_KEYS.
  await source.database.db.insert(admissionResult).values({
    planId: applied.ctx.plan.id,
    enrollId,
    admissionStatus: '1',
    physicalExamination: seal(source.app.ctx.dataKeys, PHYSICAL, peSlot(enrollId)),
  });
  // The ticket rendered and stored on the source (its QR signed there); the form is left to the
  // restored node, which must render it from the restored photo file.
  ticketPdf = await download(source.app, 'admissionTicket', ticketId, candidateToken);
}, 60_000);

afterAll(async () => {
  for (const { app, database } of opened.reverse()) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
  }
  if (!skipReason) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    for (const db of [SOURCE_DB, TARGET_DB]) await admin.query(`drop database if exists ${db} with (force)`);
    await admin.end();
  }
  fs.rmSync(work, { recursive: true, force: true });
});

describe('backup.sh and restore.sh', () => {
  test('restore into a new database and folder: the candidate gets form and ticket with photo, the QR verifies', async () => {
    const backups = path.join(work, 'backups');
    const made = await script('backup.sh', [backups], SOURCE_DB, path.join(work, 'source'));
    const dump = /database: (.+\.dump)/.exec(made.stdout)?.[1];
    const files = /files: (.+\.tar\.gz)/.exec(made.stdout)?.[1];
    expect(dump && fs.statSync(dump).size).toBeGreaterThan(0);
    expect(files && fs.statSync(files).size).toBeGreaterThan(0);

    // A database with tables is not overwritten without --force.
    const refused = await script('restore.sh', [dump!, files!], SOURCE_DB, path.join(work, 'elsewhere')).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('pass --force');

    // The source is gone: its node stopped, its database dropped, its files removed.
    const src = opened.pop()!;
    await src.app.close();
    await src.database.close();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database ${SOURCE_DB} with (force)`);
    await admin.end();
    fs.rmSync(path.join(work, 'source'), { recursive: true, force: true });

    const target = path.join(work, 'restored');
    await script('restore.sh', [dump!, files!], TARGET_DB, target);
    const restored = await node(TARGET_DB, target);

    // The candidate's own session and application are there (only the restored database has them).
    const mine = await restored.app.inject({
      method: 'GET',
      url: `/api/enroll/getEnrollByPlanId/${(await restored.database.db.select().from(recruitPlan).where(eq(recruitPlan.status, '1')))[0]!.id}`,
      headers: asCandidate(candidateToken),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id: enrollId, name: '韦晓梅' });
    const picture = await restored.app.inject({
      method: 'GET',
      url: mine.json().data.pictureUrl,
      headers: asCandidate(candidateToken),
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.length).toBeGreaterThan(100);

    // The form, rendered now from the restored photo file, holds the photo.
    const form = await download(restored.app, 'enroll', enrollId, candidateToken);
    expect(await images(form, 'form')).toBe(1);

    // The ticket is the stored copy from the restored files, photo and QR included.
    const ticket = await download(restored.app, 'admissionTicket', ticketId, candidateToken);
    expect(ticket.equals(ticketPdf)).toBe(true);
    expect(await images(ticket, 'ticket')).toBeGreaterThanOrEqual(1);
    const qr = await qrOf(ticket, 'ticket');
    expect(qr).toMatch(/\/verify\/ticket\/v2\.[\w.-]+$/);

    // Its QR, signed by the source node, verifies on the restored one (same key): valid, with the photo.
    const verified = await restored.app.inject({
      method: 'GET',
      url: new URL(qr!).pathname,
      headers: { accept: 'application/json' },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({
      valid: true,
      state: 'valid',
      name: '韦晓梅',
      examRoomNumber: '001',
    });
    expect(verified.json().data.photo).toMatch(/^data:image\/jpeg;base64,/);

    // The sealed physical examination opens with the same keys: the candidate reads it in clear.
    const result = await restored.app.inject({
      method: 'GET',
      url: `/api/admissionResults/getAdmissionResultsByPlanId/${mine.json().data.planId}`,
      headers: asCandidate(candidateToken),
    });
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().data.physicalExamination).toBe(PHYSICAL);

    // The migrations' journal came along, so the next start applies nothing twice.
    const { rows } = await restored.database.pool.query(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(rows[0].n).toBe(
      fs.readdirSync(path.resolve(import.meta.dirname, '../../drizzle')).filter((f) => f.endsWith('.sql'))
        .length,
    );
  }, 60_000);
});
