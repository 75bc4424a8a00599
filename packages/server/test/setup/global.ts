import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../src/db';
import { startEmbeddedPostgres, type EmbeddedDb } from '../../src/db/embedded';
import { generatePassword, seedAdmin, seedDemoPlan, seedReferenceData } from '../../src/db/seed';

/**
 * One real PostgreSQL for the server tests (DESIGN "Tests"): DATABASE_URL when set, else an embedded
 * one in a temporary folder. A template database is migrated and seeded once; every test file then
 * gets its own copy (CREATE DATABASE … TEMPLATE), so files run in parallel without sharing rows.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    templateDb: string;
    adminPassword: string;
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedDb | null = null;
  let tmp: string | null = null;
  let url = process.env.DATABASE_URL;
  if (!url) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-test-'));
    embedded = await startEmbeddedPostgres(path.join(tmp, 'pg'));
    url = embedded.url;
  }
  const template = `tegang_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const adminPassword = generatePassword();
  const database = openDatabase(withDatabase(url, template), 2);
  await migrateDatabase(database.db);
  await database.db.transaction(async (tx) => {
    await seedReferenceData(tx);
    await seedAdmin(tx, adminPassword);
    await seedDemoPlan(tx, new Date());
  });
  await database.close();
  project.provide('pgUrl', url);
  project.provide('templateDb', template);
  project.provide('adminPassword', adminPassword);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`${template}_%`, template],
    );
    for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
    await admin.end();
    if (embedded) await embedded.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  };
}
