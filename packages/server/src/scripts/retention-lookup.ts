import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { and, eq, isNotNull } from 'drizzle-orm';
import { parseIdCard } from '@tegang/domain';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db';
import { enroll, recruitPlan } from '../db/schema';
import { resolveDataKeys, type DataKeys } from '../lib/data-keys';
import { pseudonymOf } from '../modules/retention/pseudonym';
import { embeddedUrl } from './reseal-results';

/**
 * Whether an ID number was a candidate of a plan whose personal data was purged (docs/security.md
 * "Retention"): the purged enrolments keep the keyed hash of their ID number, so the office computes
 * the hash of the number it holds with the installation's key and looks it up. Nobody without the key
 * can go the other way.
 */

/** A purged plan an ID number applied to. */
export interface PurgedPlan {
  planId: number;
  name: string;
  year: string;
}

/** The purged plans whose enrolments carry the keyed hash of `idCard` (oldest plan first). */
export async function purgedPlansOf(
  database: Database,
  keys: DataKeys,
  idCard: string,
): Promise<PurgedPlan[]> {
  return database.db
    .select({ planId: recruitPlan.id, name: recruitPlan.name, year: recruitPlan.year })
    .from(enroll)
    .innerJoin(recruitPlan, eq(recruitPlan.id, enroll.planId))
    .where(and(eq(enroll.idCard, pseudonymOf(keys, 'idCard', idCard)), isNotNull(recruitPlan.purgeTime)))
    .orderBy(recruitPlan.id);
}

/**
 * `npm run retention-lookup -w @tegang/server` (same environment as the nodes: the keys and the
 * database, or beside a running `npm start`): reads ID numbers from standard input, one a line (so
 * that none lands in the shell's history), and prints for each line the purged plans it applied to.
 * The output names the line, never the number.
 */
async function main() {
  const config = loadConfig();
  let url = config.databaseUrl;
  if (!url) {
    try {
      url = embeddedUrl(config.dataDir);
    } catch {
      console.error(
        'retention-lookup: set DATABASE_URL, or run it beside a running `npm start` (embedded database in DATA_DIR/pg)',
      );
      process.exit(1);
    }
  }
  const keys = resolveDataKeys(config, (m) => console.warn(`retention-lookup: ${m}`));
  const database = openDatabase(url, 2);
  try {
    let line = 0;
    for await (const text of readline.createInterface({ input: process.stdin, terminal: false })) {
      line += 1;
      if (!text.trim()) continue;
      const id = parseIdCard(text.trim());
      if (!id) {
        console.log(`line ${line}: not an ID number (GB 11643)`);
        continue;
      }
      const plans = await purgedPlansOf(database, keys, id.normalized);
      console.log(
        `line ${line}: ${plans.length ? plans.map((p) => `plan ${p.planId} ${p.year} ${p.name}`).join('; ') : 'in no purged plan'}`,
      );
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: Error) => {
    console.error(`retention-lookup: ${error.message}`);
    process.exit(1);
  });
}
