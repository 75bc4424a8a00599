import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig } from '../../src/config';
import { openDatabase, START_LOCK, withStartLock, type Database } from '../../src/db';
import { startNode, type StartedNode } from '../../src/start';
import { withDatabase } from '../setup/global';

/**
 * Several nodes started in the same second on one database (docs/decisions.md "One start lock"):
 * each runs the whole start of src/main.ts up to listen (startNode: migrations, seed, menu sync, the
 * app, pg-boss's schema and queues) on its own pool and DATA_DIR, all at once. Every node comes up;
 * the schema is migrated once, the seed made once, the menu not doubled. The same for an upgrade: a
 * database two migrations behind, started by three nodes at once.
 */

const pgUrl = inject('pgUrl');
const made: string[] = [];
const dirs: string[] = [];

/** Runs `work` on a client of `url` (default: the server's maintenance database). */
async function admin<T>(work: (client: pg.Client) => Promise<T>, url = pgUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new empty database (dropped with the others of this run at the end). */
async function emptyDatabase(): Promise<string> {
  const name = `${inject('templateDb')}_start_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  made.push(name);
  return withDatabase(pgUrl, name);
}

interface Node {
  database: Database;
  started: PromiseSettledResult<StartedNode>;
}

/** `n` nodes, each with its own pool and DATA_DIR, started at the same moment on `url`. */
async function startTogether(url: string, n: number): Promise<Node[]> {
  const nodes = Array.from({ length: n }, () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-node-'));
    dirs.push(dataDir);
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Start-Together-1',
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    return { config, database: openDatabase(url, 5) };
  });
  const results = await Promise.allSettled(nodes.map((n) => startNode({ ...n, logger: false })));
  return nodes.map((n, i) => ({ database: n.database, started: results[i]! }));
}

async function stopAll(nodes: Node[]) {
  for (const node of nodes) {
    if (node.started.status === 'fulfilled') await node.started.value.app.close();
    await node.database.close();
  }
}

const failures = (nodes: Node[]) =>
  nodes.flatMap((n) => (n.started.status === 'rejected' ? [String(n.started.reason)] : []));

async function counts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (q: string) => Number((await client.query(q)).rows[0].n);
    return {
      migrations: await one('select count(*) as n from drizzle.__drizzle_migrations'),
      admins: await one(`select count(*) as n from sys_user where user_name = 'admin'`),
      menus: await one('select count(*) as n from sys_menu'),
      duplicateMenus: await one(
        `select count(*) as n from (select pid, name, path, permission from sys_menu
           group by pid, name, path, permission having count(*) > 1) d`,
      ),
      markers: await one('select count(*) as n from seed_marker'),
      plans: await one('select count(*) as n from recruit_plan'),
      keyPairs: await one('select count(*) as n from sys_key_pair'),
      queues: await one('select count(*) as n from pgboss.queue'),
    };
  } finally {
    await client.end();
  }
}

/** Sessions holding or waiting for the start lock on the database of `url`. */
const startLocksHeld = (url: string) =>
  admin(async (c) => {
    const { rows } = await c.query(
      `select count(*)::int as n from pg_locks
        where locktype = 'advisory' and objid = $1
          and database = (select oid from pg_database where datname = $2)`,
      [START_LOCK, new URL(url).pathname.slice(1)],
    );
    return rows[0].n as number;
  });

const JOURNAL = path.resolve(new URL('../../drizzle/meta/_journal.json', import.meta.url).pathname);
const MIGRATION_COUNT = (JSON.parse(fs.readFileSync(JOURNAL, 'utf8')) as { entries: unknown[] }).entries
  .length;

afterAll(async () => {
  await admin(async (c) => {
    for (const name of made) await c.query(`drop database if exists ${name} with (force)`);
  });
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('nodes started together', () => {
  it('four nodes on a new empty database all come up; migrated, seeded and synced once', async () => {
    const url = await emptyDatabase();
    const nodes = await startTogether(url, 4);
    try {
      expect(failures(nodes)).toEqual([]);
      const seeded = nodes.filter((n) => n.started.status === 'fulfilled' && n.started.value.seed.seeded);
      expect(seeded).toHaveLength(1);
      // Every node answers on the one database.
      for (const node of nodes) {
        const { app } = (node.started as PromiseFulfilledResult<StartedNode>).value;
        const ready = await app.inject({ method: 'GET', url: '/ready' });
        expect(ready.statusCode).toBe(200);
      }
    } finally {
      await stopAll(nodes);
    }
    const after = await counts(url);
    expect(await startLocksHeld(url)).toBe(0);
    expect(after.migrations).toBe(MIGRATION_COUNT);
    expect(after.admins).toBe(1);
    expect(after.markers).toBe(1);
    expect(after.plans).toBe(1);
    expect(after.keyPairs).toBe(1);
    expect(after.duplicateMenus).toBe(0);
    expect(after.queues).toBeGreaterThan(0);

    // A later start of one node finds everything done: nothing added.
    const [again] = await startTogether(url, 1);
    try {
      expect(failures([again!])).toEqual([]);
      const { seed } = (again!.started as PromiseFulfilledResult<StartedNode>).value;
      expect(seed.seeded).toBe(false);
      expect(seed.screensAdded).toEqual([]);
    } finally {
      await stopAll([again!]);
    }
    expect(await counts(url)).toEqual(after);
  });

  it('three nodes upgrading a database three migrations behind all come up; each migration runs once', async () => {
    const url = await emptyDatabase();
    const [first] = await startTogether(url, 1);
    await stopAll([first!]);
    expect(failures([first!])).toEqual([]);
    const before = await counts(url);
    // The database as a release before the last three left it: no selection tables (0013); no
    // 报名序号, retention, last-login or notice-retry columns, ID numbers and phones at their old
    // widths, SMS notices off by default (0012); the comparison rows' ID numbers in a B-tree (0011);
    // the three journal rows removed.
    await admin(
      (db) =>
        db.query(`
          drop table selection_entry, selection_publication, interview_notice, exam_score, selection_rule;
          drop index enroll_plan_serial_uq;
          drop index sms_notification_retry_idx;
          drop table enroll_serial;
          alter table enroll drop column serial_no;
          alter table sms_notification drop column attempts, drop column next_attempt_time, drop column error;
          alter table recruit_plan drop column retention_years, drop column purge_time;
          alter table recruit_plan alter column sms_notify set default '0';
          alter table candidate_user drop column last_login_time, drop column remove_time;
          alter table candidate_user alter column id_card type varchar(18), alter column telephone type varchar(11);
          alter table enroll alter column id_card type varchar(18), alter column phone type varchar(11);
          alter table enroll_compare alter column id_card type varchar(18);
          drop index enroll_compare_id_card_idx;
          create index enroll_compare_id_card_idx on enroll_compare (id_card);
          delete from drizzle.__drizzle_migrations
           where id in (select id from drizzle.__drizzle_migrations order by id desc limit 3);`),
      url,
    );
    expect((await counts(url)).migrations).toBe(MIGRATION_COUNT - 3);

    const nodes = await startTogether(url, 3);
    try {
      expect(failures(nodes)).toEqual([]);
    } finally {
      await stopAll(nodes);
    }
    const after = await counts(url);
    expect(after).toEqual(before);
    // the ID numbers are in a hash index again, wide enough for keyed hashes, and the new tables are there
    const { rows } = await admin(
      (db) =>
        db.query(`select
          (select am.amname from pg_class c join pg_am am on am.oid = c.relam
            where c.relname = 'enroll_compare_id_card_idx') as "idCardIndex",
          (select character_maximum_length from information_schema.columns
            where table_name = 'enroll' and column_name = 'id_card') as "idCardWidth",
          (select count(*)::int from information_schema.columns
            where table_name = 'enroll' and column_name = 'serial_no') as "serialNo",
          (select column_default from information_schema.columns
            where table_name = 'recruit_plan' and column_name = 'sms_notify') as "smsDefault",
          (select count(*)::int from information_schema.tables
            where table_name in ('enroll_serial', 'selection_rule', 'exam_score', 'interview_notice',
              'selection_publication', 'selection_entry')) as tables`),
      url,
    );
    expect(rows).toEqual([
      { idCardIndex: 'hash', idCardWidth: 64, serialNo: 1, smsDefault: "'1'::bpchar", tables: 6 },
    ]);
  });

  it('a start that fails lets go of the lock: the node waiting behind it comes up', async () => {
    const url = await emptyDatabase();
    const broken = openDatabase(url, 2);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const failing = withStartLock(broken.pool, async () => {
      await held;
      throw new Error('preparation failed');
    });
    await new Promise((r) => setTimeout(r, 200)); // the failing start holds the lock
    const waiting = startTogether(url, 1);
    release();
    await expect(failing).rejects.toThrow('preparation failed');
    const [node] = await waiting;
    try {
      expect(failures([node!])).toEqual([]);
    } finally {
      await stopAll([node!]);
      await broken.close();
    }
    expect(await startLocksHeld(url)).toBe(0);
  });
});
