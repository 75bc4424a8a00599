import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { AdmissionResultDetail, ValidTicketVerification } from '@tegang/domain';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db';
import { admissionResult, admissionTicket } from '../../src/db/schema';
import { resolveDataKeys } from '../../src/lib/data-keys';
import { startNode } from '../../src/start';
import { seal } from '../../src/lib/sealed';
import { signTicketToken, ticketTokenExpiry } from '../../src/lib/ticket-token';
import { peSlot } from '../../src/modules/admission-result/service';
import { enrolment, NANMING } from '../admission-result/fixtures';
import { createTestApp, type TestApp } from '../helpers';
import { withDatabase } from '../setup/global';

/**
 * Keys shared by configuration (README "Several nodes", docs/security.md "Keys of personal data"): with
 * DATABASE_URL or NODE_ENV=production the ticket signing key and the result keys come from the
 * environment or from the files named by their `_FILE` variants, the same on every node, and the start
 * refuses without them; only the single development node makes its own in DATA_DIR/secrets.
 */
const b64 = () => randomBytes(32).toString('base64');
const tmp: string[] = [];
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-shared-keys-'));
  tmp.push(dir);
  return dir;
};
/** A file holding `content`, as `openssl rand -base64 32 > file; chmod 600 file` leaves it. */
const keyFile = (content: string, mode = 0o600) => {
  const file = path.join(folder(), 'key');
  fs.writeFileSync(file, content, { mode });
  fs.chmodSync(file, mode);
  return file;
};
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
};

let a: TestApp;
/** The shared database as both nodes name it. */
let url: string;
afterAll(async () => {
  await a?.close();
  for (const dir of tmp) fs.rmSync(dir, { recursive: true, force: true });
});
beforeAll(async () => {
  a = await createTestApp();
  const { rows } = await a.database.pool.query<{ db: string }>('select current_database() as db');
  url = withDatabase(inject('pgUrl'), rows[0]!.db);
}, 60_000);

describe('a start on a shared database (DATABASE_URL)', () => {
  it('is refused without TICKET_SIGNING_KEY, naming it and how to make one, and makes no key of its own', async () => {
    const dataDir = folder();
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      RESULT_ENCRYPTION_KEYS: `k1:${b64()}`,
      LOG_LEVEL: 'silent',
    });
    const start = buildApp({ config, database: a.database, sms: { send: async () => {} } });
    await expect(start).rejects.toThrow(
      /^Invalid configuration:\n {2}TICKET_SIGNING_KEY: required with DATABASE_URL/,
    );
    const message = await start.catch((e: Error) => e.message);
    expect(message).toContain('openssl rand -base64 32');
    expect(message).toContain('TICKET_SIGNING_KEY_FILE');
    expect(message).not.toMatch(/^ {2}RESULT_ENCRYPTION_KEYS/m); // given: not named
    expect(fs.existsSync(path.join(dataDir, 'secrets'))).toBe(false);
  });

  it('is refused before it migrates or seeds a new database', async () => {
    const name = `keys_${randomBytes(4).toString('hex')}`;
    await a.database.pool.query(`create database ${name}`);
    const database = openDatabase(withDatabase(inject('pgUrl'), name), 2);
    try {
      const config = loadConfig({ DATA_DIR: folder(), DATABASE_URL: withDatabase(inject('pgUrl'), name) });
      await expect(
        startNode({ config, database, sms: { send: async () => {} }, logger: false }),
      ).rejects.toThrow(/^Invalid configuration:\n {2}RESULT_ENCRYPTION_KEYS: required with DATABASE_URL/);
      const { rows } = await database.pool.query<{ n: number }>(
        `select count(*)::int as n from information_schema.tables
          where table_schema not in ('pg_catalog', 'information_schema')`,
      );
      expect(rows[0]!.n).toBe(0);
    } finally {
      await database.close();
      await a.database.pool.query(`drop database ${name}`);
    }
  });

  it('names both keys when neither is set', () => {
    const dataDir = folder();
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url });
    let message = '';
    try {
      resolveDataKeys(config);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message.split('\n').slice(1)).toEqual([
      expect.stringMatching(
        /^ {2}RESULT_ENCRYPTION_KEYS: required with DATABASE_URL.*openssl rand -base64 32/,
      ),
      expect.stringMatching(/^ {2}TICKET_SIGNING_KEY: required with DATABASE_URL.*openssl rand -base64 32/),
    ]);
    expect(fs.existsSync(path.join(dataDir, 'secrets'))).toBe(false);
  });

  it('leaves the embedded development node as it was: its own keys in DATA_DIR/secrets, kept across starts', () => {
    const dataDir = folder();
    const first = resolveDataKeys(loadConfig({ DATA_DIR: dataDir }));
    const file = path.join(dataDir, 'secrets', 'data-keys.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = resolveDataKeys(loadConfig({ DATA_DIR: dataDir }));
    expect(again.ticketSigning.equals(first.ticketSigning)).toBe(true);
  });
});

describe('the _FILE variants', () => {
  it('read the keys from the files at start (trimmed; result keys one a line or comma-separated)', () => {
    const signing = randomBytes(32);
    const [k2, k1] = [randomBytes(32), randomBytes(32)];
    const config = loadConfig({
      TICKET_SIGNING_KEY_FILE: keyFile(`${signing.toString('base64')}\n`),
      RESULT_ENCRYPTION_KEYS_FILE: keyFile(`k2:${k2.toString('base64')}\nk1:${k1.toString('base64')}\n`),
      DATABASE_URL: url,
    });
    expect(config.ticketSigningKey?.equals(signing)).toBe(true);
    expect(config.resultKeys?.map((k) => k.id)).toEqual(['k2', 'k1']);
    expect(config.resultKeys?.[0]!.key.equals(k2)).toBe(true);
    expect(config.resultKeys?.[1]!.key.equals(k1)).toBe(true);
    const keys = resolveDataKeys(config);
    expect(keys.ticketSigning.equals(signing)).toBe(true);
  });

  it('read the object storage keys by the same rule (mode 0600, never shown)', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'tegang-files', S3_ENDPOINT: 'http://127.0.0.1:9000' };
    const config = loadConfig({
      ...s3,
      S3_ACCESS_KEY_ID_FILE: keyFile('tegang-node\n'),
      S3_SECRET_ACCESS_KEY_FILE: keyFile('s3-secret-value\n'),
    });
    expect(config.storage).toMatchObject({
      credentials: { accessKeyId: 'tegang-node', secretAccessKey: 's3-secret-value' },
    });
    const open = keyFile('s3-secret-value', 0o644);
    const message = refusal({ ...s3, S3_ACCESS_KEY_ID: 'tegang-node', S3_SECRET_ACCESS_KEY_FILE: open });
    expect(message).toMatch(
      new RegExp(`^ {2}S3_SECRET_ACCESS_KEY_FILE: ${open} may be read by its group`, 'm'),
    );
    expect(message).not.toContain('s3-secret-value');
  });

  it('refuse the variable and its file together, naming both', () => {
    const message = refusal({ TICKET_SIGNING_KEY: b64(), TICKET_SIGNING_KEY_FILE: keyFile(b64()) });
    expect(message).toMatch(/^ {2}TICKET_SIGNING_KEY_FILE: TICKET_SIGNING_KEY is set too; set one of them$/m);
    expect(
      refusal({ RESULT_ENCRYPTION_KEYS: `k1:${b64()}`, RESULT_ENCRYPTION_KEYS_FILE: keyFile(`k1:${b64()}`) }),
    ).toMatch(/^ {2}RESULT_ENCRYPTION_KEYS_FILE: RESULT_ENCRYPTION_KEYS is set too/m);
  });

  it('refuse a file its group or others may read, a missing file and a bad key, never showing the key', () => {
    const key = b64();
    const open = keyFile(key, 0o644);
    const message = refusal({ TICKET_SIGNING_KEY_FILE: open });
    expect(message).toMatch(
      new RegExp(
        `^ {2}TICKET_SIGNING_KEY_FILE: ${open} may be read by its group or others \\(mode 644\\).*chmod 600`,
        'm',
      ),
    );
    expect(message).not.toContain(key);
    expect(refusal({ RESULT_ENCRYPTION_KEYS_FILE: '/nonexistent/tegang-keys' })).toMatch(
      /^ {2}RESULT_ENCRYPTION_KEYS_FILE: cannot read \/nonexistent\/tegang-keys \(ENOENT\)$/m,
    );
    const short = 'c2hvcnQta2V5LW5vdC0zMi1ieXRlcw==';
    const bad = refusal({ TICKET_SIGNING_KEY_FILE: keyFile(short) });
    expect(bad).toMatch(/^ {2}TICKET_SIGNING_KEY \(read from TICKET_SIGNING_KEY_FILE\): at least 32 bytes/m);
    expect(bad).not.toContain(short);
    expect(refusal({ TICKET_SIGNING_KEY_FILE: keyFile('\n') })).toMatch(
      /^ {2}TICKET_SIGNING_KEY_FILE: .* is empty$/m,
    );
  });
});

/**
 * Two nodes on one database, each with its own DATA_DIR (as two machines have), the keys given to one
 * in variables and to the other in files: what one signs or seals, the other verifies or opens.
 */
describe('two nodes with the same keys on one database', () => {
  const signing = b64();
  const result = `k1:${b64()}`;
  let node1: FastifyInstance;
  let node2: FastifyInstance;
  let db2: Database;
  let admin: string;

  const start = async (env: Record<string, string>, database: Database) => {
    const dataDir = folder();
    const app = await buildApp({
      config: loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        CAPTCHA_ENABLED: 'false',
        LOGIN_RATE_LIMIT: '0',
        CAPTCHA_RATE_LIMIT: '0',
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(dataDir, 'no-web'),
        ...env,
      }),
      database,
      sms: { send: async () => {} },
    });
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    node1 = await start({ TICKET_SIGNING_KEY: signing, RESULT_ENCRYPTION_KEYS: result }, a.database);
    db2 = openDatabase(url, 2);
    node2 = await start(
      {
        TICKET_SIGNING_KEY_FILE: keyFile(`${signing}\n`),
        RESULT_ENCRYPTION_KEYS_FILE: keyFile(`${result}\n`),
      },
      db2,
    );
    admin = await a.adminToken();
  }, 60_000);
  afterAll(async () => {
    await node1?.close();
    await node2?.close();
    await db2?.close();
  });

  it('a QR token signed on one node verifies on the other', async () => {
    const e = await enrolment(a, (await planId()).id, NANMING, '李四');
    const examDate = '2027-07-18';
    const [ticket] = await a.database.db
      .insert(admissionTicket)
      .values({
        planId: (await planId()).id,
        enrollId: e.enrollId,
        admissionNumber: '20275201020100199',
        examDate,
        examTime: '09:00-11:30',
        examPlace: '都匀市第一中学',
        examAddress: '都匀市剑江中路 1 号',
        examRoomNumber: '002',
        seatNumber: '11',
        examinationRoomNotice: '携带身份证',
        status: '1',
      })
      .returning();
    const token = signTicketToken(node1.ctx.dataKeys.ticketSigning, ticket!.id, ticketTokenExpiry(examDate));
    for (const node of [node2, node1]) {
      const res = await node.inject({
        method: 'GET',
        url: `/verify/ticket/${token}`,
        headers: { accept: 'application/json' },
      });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { data: ValidTicketVerification }).data).toMatchObject({
        valid: true,
        name: '李四',
        admissionNumber: '20275201020100199',
      });
    }
    // A token under any other key (another node's own) is no ticket on either.
    const foreign = signTicketToken(randomBytes(32), ticket!.id, ticketTokenExpiry(examDate));
    const res = await node2.inject({ method: 'GET', url: `/verify/ticket/${foreign}` });
    expect(res.statusCode).toBe(404);
  });

  it('a result sealed on one node opens on the other', async () => {
    const plan = await planId();
    const e = await enrolment(a, plan.id, NANMING, '王五');
    const [row] = await a.database.db
      .insert(admissionResult)
      .values({
        planId: plan.id,
        enrollId: e.enrollId,
        physicalExamination: seal(node1.ctx.dataKeys, '合格（两节点）', peSlot(e.enrollId)),
        admissionStatus: '1',
      })
      .returning();
    const res = await node2.inject({
      method: 'GET',
      url: `/candidate/admissionResults/${row!.id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: AdmissionResultDetail }).data.physicalExamination).toBe('合格（两节点）');
  });

  it('share the payload key pair through the database (sys_key_pair)', async () => {
    const key = async (node: FastifyInstance) =>
      (await node.inject({ method: 'GET', url: '/auth/publicKey' })).json() as {
        data: { publicKey: string };
      };
    expect((await key(node2)).data.publicKey).toBe((await key(node1)).data.publicKey);
  });
});

/** The open plan of the seeded test database. */
async function planId(): Promise<{ id: number }> {
  const { rows } = await a.database.pool.query<{ id: number }>(
    "select id from recruit_plan where status = '1' order by id limit 1",
  );
  return rows[0]!;
}
