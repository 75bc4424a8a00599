import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Tx } from '../db';

/**
 * Bulk rows for an import's `write` through PostgreSQL's COPY FROM STDIN in text format
 * (docs/decisions.md "Imports"): PostgreSQL parses tab-separated text far more cheaply than a JSON
 * document unpacked by json_to_recordset, and the rows go in on the transaction's own connection, so
 * they commit or roll back with it.
 */

/** Characters that COPY's text format escapes. */
const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One field of a COPY text row: `null`/undefined as \N, anything else as its text with backslash,
 * tab, newline and carriage return escaped (COPY text format).
 */
export function copyField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : text;
}

/** The node-postgres client under a Drizzle transaction (its session's connection). */
function clientOf(tx: Tx): pg.ClientBase {
  const client = (tx as unknown as { _: { session: { client?: pg.ClientBase } } })._.session.client;
  if (!client || typeof client.query !== 'function')
    throw new Error('no PostgreSQL client under the transaction');
  return client;
}

/**
 * Runs `COPY <target> FROM STDIN` on the connection of `tx` with `text` (rows in COPY text format, each
 * ended by '\n', fields built with {@link copyField}); resolves once PostgreSQL has stored the rows,
 * rejects with its error (the transaction is then aborted, as after any failed statement).
 */
export async function copyRows(tx: Tx, target: string, text: string): Promise<void> {
  const stream = clientOf(tx).query(copyFrom(`COPY ${target} FROM STDIN`));
  await new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.once('finish', resolve);
    stream.end(text);
  });
}
