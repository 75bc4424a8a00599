import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import pg from 'pg';
import * as prettier from 'prettier';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase } from '../db';
import { startEmbeddedPostgres, type EmbeddedDb } from '../db/embedded';

/**
 * `npm run gen:api` (DESIGN "The contract"): the web client's types generated from the server's
 * OpenAPI document, so that a server change that breaks the web fails the web's type check. The
 * generated file is checked in; test/openapi/schema-fresh.test.ts fails when it is stale.
 */

/** The checked-in file the web imports (`import type { paths } from './schema'`). */
export const API_TYPES_FILE = fileURLToPath(new URL('../../../web/src/api/schema.d.ts', import.meta.url));

const HEADER = `/**
 * The server's OpenAPI document as TypeScript types (openapi-typescript). Generated: do not edit.
 * After changing a route's schema run \`npm run gen:api\`; a server test fails while this file is stale.
 */
`;

/**
 * The text of API_TYPES_FILE for a built app (`app.ready()` done): openapi-typescript over
 * `app.swagger()`, formatted by the repository's prettier settings so that `prettier --check` passes.
 */
export async function apiTypes(app: FastifyInstance): Promise<string> {
  const document = app.swagger() as Parameters<typeof openapiTS>[0];
  const ast = await openapiTS(document, { alphabetize: true });
  const options = (await prettier.resolveConfig(API_TYPES_FILE)) ?? {};
  return prettier.format(HEADER + astToString(ast), { ...options, filepath: API_TYPES_FILE });
}

/**
 * Builds the app without listening on a throwaway database (buildApp reads its key ring from the
 * database): a new database on DATABASE_URL's server when set, else an embedded PostgreSQL in a
 * temporary folder (never the one under DATA_DIR, which a running server may use); both are removed
 * after. Writes API_TYPES_FILE.
 */
async function main(): Promise<void> {
  let embedded: EmbeddedDb | null = null;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-openapi-'));
  let url = process.env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(path.join(tmp, 'pg'));
    url = embedded.url;
  }
  const name = `tegang_openapi_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openDatabase(target.toString(), 2);
  try {
    await migrateDatabase(database.db);
    const config = loadConfig({
      DATA_DIR: tmp,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(tmp, 'no-web'),
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    fs.writeFileSync(API_TYPES_FILE, await apiTypes(app));
    await app.close();
    console.log(`wrote ${path.relative(process.cwd(), API_TYPES_FILE)}`);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
    await embedded?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
