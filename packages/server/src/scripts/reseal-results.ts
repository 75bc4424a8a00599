import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db';
import { admissionResult } from '../db/schema';
import { resolveDataKeys, type DataKeys } from '../lib/data-keys';
import { needsReseal, seal, unseal } from '../lib/sealed';
import { peSlot } from '../modules/admission-result/service';

/**
 * Key rotation, step 3, and the move to row-bound values and to another suite (docs/security.md "Keys
 * of personal data", "National algorithms"): re-seals every physical examination result that is not in
 * the form a new value takes — another key than the current one (the first of
 * RESULT_ENCRYPTION_KEYS), the old column-only 'v1.…', or the other CRYPTO_SUITE — under the current
 * key and suite, bound to its row (service.ts peSlot), in batches of `batch` rows by id. A row changed
 * meanwhile (by an import) is left alone: its new value is already current. Safe to run again; a value
 * that does not open (its key is not configured any more, or it was altered or copied from another
 * row) is counted as failed (and named by id), never overwritten.
 *
 * Returns {resealed, failed, current}; `failed` lists the ids that could not be opened.
 */
export async function resealResults(
  database: Database,
  keys: DataKeys,
  batch = 500,
): Promise<{ resealed: number; failed: number[]; current: string }> {
  const current = keys.result[0]!.id;
  let after = 0;
  let resealed = 0;
  const failed: number[] = [];
  for (;;) {
    const rows = await database.db
      .select({
        id: admissionResult.id,
        enrollId: admissionResult.enrollId,
        sealed: admissionResult.physicalExamination,
      })
      .from(admissionResult)
      .where(and(isNotNull(admissionResult.physicalExamination), gt(admissionResult.id, after)))
      .orderBy(asc(admissionResult.id))
      .limit(batch);
    if (!rows.length) break;
    after = rows[rows.length - 1]!.id;
    for (const row of rows) {
      if (!needsReseal(keys, row.sealed!)) continue;
      let clear: string;
      try {
        clear = unseal(keys, row.sealed!, peSlot(row.enrollId));
      } catch {
        failed.push(row.id);
        continue;
      }
      const updated = await database.db
        .update(admissionResult)
        .set({ physicalExamination: seal(keys, clear, peSlot(row.enrollId)) })
        .where(and(eq(admissionResult.id, row.id), eq(admissionResult.physicalExamination, row.sealed!)))
        .returning({ id: admissionResult.id });
      resealed += updated.length;
    }
  }
  return { resealed, failed, current };
}

/**
 * The database of a running `npm start` without DATABASE_URL: the embedded cluster in DATA_DIR/pg (its
 * pinned port and the password kept beside it). The server must be running (it owns the cluster).
 */
export function embeddedUrl(dataDir: string): string {
  const conf = fs.readFileSync(path.join(dataDir, 'pg', 'postgresql.conf'), 'utf8');
  const port = /^port = (\d+)\s*# set by Tegang/m.exec(conf)?.[1];
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  if (!port) throw new Error('no pinned port in DATA_DIR/pg/postgresql.conf');
  return `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
}

/** `npm run reseal-results -w @tegang/server` (or `npx tsx src/scripts/reseal-results.ts`). */
async function main() {
  const config = loadConfig();
  let url = config.databaseUrl;
  if (!url) {
    try {
      url = embeddedUrl(config.dataDir);
    } catch {
      console.error(
        'reseal-results: set DATABASE_URL, or run it beside a running `npm start` (embedded database in DATA_DIR/pg)',
      );
      process.exit(1);
    }
  }
  const keys = resolveDataKeys(config, (m) => console.warn(`reseal-results: ${m}`));
  const database = openDatabase(url, 2);
  try {
    const { resealed, failed, current } = await resealResults(database, keys);
    console.log(
      `reseal-results: ${resealed} value(s) re-sealed under key "${current}" (suite ${keys.suite ?? 'standard'}, bound to their row)`,
    );
    if (failed.length) {
      console.error(
        `reseal-results: ${failed.length} value(s) could not be opened with the configured keys (admission_result ids ${failed
          .slice(0, 20)
          .join(', ')}${failed.length > 20 ? ', …' : ''}); keep their old key in RESULT_ENCRYPTION_KEYS`,
      );
      process.exitCode = 2;
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: Error) => {
    console.error(`reseal-results: ${error.message}`);
    process.exit(1);
  });
}
